import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db';
import { scoped } from '../db/scoped';

/**
 * A condition on `contacts`: the contact holds one of these lower-cased e-mails or E.164 phones, as
 * its primary or as another. One pass over the organization's contacts whatever the number of keys:
 * probing the arrays' GIN indexes key by key is faster only while the planner's statistics know how
 * many contacts the organization has, and a bulk load outruns them (then it compared every key with
 * every contact).
 */
export function holdsAnyOf(kind: 'email' | 'phone', keys: readonly string[]): RawBuilder<boolean> {
  return kind === 'email'
    ? sql<boolean>`(contacts.email_lower = any(${keys}::text[]) or contacts.other_emails && ${keys}::text[])`
    : sql<boolean>`(contacts.phone = any(${keys}::text[]) or contacts.other_phones && ${keys}::text[])`;
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
