import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db';
import { scoped } from '../db/scoped';

/**
 * A condition on `contacts`: the contact holds one of these lower-cased e-mails or E.164 phones, as
 * its primary or as another. The primary keys' btree indexes and the arrays' GIN indexes, which hold
 * only the non-empty arrays, answer it together (a bitmap OR) whatever the number of keys; the
 * `<> '{}'` guard is those indexes' own predicate, without which the planner may not use them
 * (migration 2026_12_08_100 says why they are partial).
 */
export function holdsAnyOf(kind: 'email' | 'phone', keys: readonly string[]): RawBuilder<boolean> {
  return kind === 'email'
    ? sql<boolean>`(contacts.email_lower = any(${keys}::text[]) or (contacts.other_emails <> '{}' and contacts.other_emails && ${keys}::text[]))`
    : sql<boolean>`(contacts.phone = any(${keys}::text[]) or (contacts.other_phones <> '{}' and contacts.other_phones && ${keys}::text[]))`;
}

/**
 * The contact each of these lower-cased e-mails or E.164 phones belongs to (primary or other; the
 * oldest contact when several hold it). Keys no contact holds are absent.
 */
export async function contactIdsByKey(db: Db, organizationId: string, kind: 'email' | 'phone', keys: readonly string[]): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  if (keys.length === 0) return ids;
  const wanted = new Set(keys);
  const rows = await scoped(db, organizationId)
    .selectFrom('contacts')
    .select(['contacts.id', 'contacts.email_lower', 'contacts.other_emails', 'contacts.phone', 'contacts.other_phones'])
    .where(holdsAnyOf(kind, [...wanted]))
    .orderBy('contacts.created_at')
    .orderBy('contacts.id')
    .execute();
  for (const row of rows) {
    const held = kind === 'email' ? [row.email_lower, ...row.other_emails] : [row.phone, ...row.other_phones];
    for (const key of held) if (key && wanted.has(key) && !ids.has(key)) ids.set(key, row.id);
  }
  return ids;
}
