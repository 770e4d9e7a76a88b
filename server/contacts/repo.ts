import { sql, type Expression, type RawBuilder, type Selectable, type SqlBool } from 'kysely';
import type { Db } from '../db';
import type { Attribution, ContactsTable } from '../db/schema';
import type { SortKey } from '../db/keyset';
import { escapeLike } from '../db/like';
import { scoped } from '../db/scoped';
import { DomainError } from '../errors';
import type { TContactSort } from './schema';

export type ContactRow = Selectable<ContactsTable>;
export type ContactRowWithOwner = ContactRow & { owner_name: string | null; owner_email: string | null };

/** The name a contact is shown by: its name, else its e-mail, else its phone (the names may be null from an outer join). */
export function displayName(row: { first_name: string | null; last_name: string | null; email?: string | null; phone?: string | null }): string {
  return `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim() || row.email || row.phone || 'Unnamed contact';
}

/** A contact as every door answers it. */
export function toContact(row: ContactRowWithOwner | ContactRow) {
  const owner = 'owner_name' in row && row.owner_id && row.owner_name !== null ? { id: row.owner_id, name: row.owner_name, email: row.owner_email } : null;
  return {
    id: row.id,
    name: displayName(row),
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    otherEmails: row.other_emails,
    phone: row.phone,
    otherPhones: row.other_phones,
    companyName: row.company_name,
    jobTitle: row.job_title,
    lifecycleStage: row.lifecycle_stage,
    source: row.source,
    tags: row.tags,
    ownerId: row.owner_id,
    owner,
    leadScore: row.lead_score,
    doNotContact: { sms: row.dnc_sms, email: row.dnc_email, calls: row.dnc_calls },
    firstAttribution: row.first_attribution as Attribution | null,
    latestAttribution: row.latest_attribution as Attribution | null,
    customFields: (row.custom_fields ?? {}) as Record<string, string | number>,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}
export type ContactDto = ReturnType<typeof toContact>;

/** Contacts of the organization, limited to the caller's own when owner-only visibility applies. */
export function contactsOf(db: Db, organizationId: string, ownerOnly: string | null) {
  const query = scoped(db, organizationId).selectFrom('contacts');
  return ownerOnly ? query.where('contacts.owner_id', '=', ownerOnly) : query;
}

/** Loads contacts by id (visible to the caller), locked for update when inside a transaction. */
export async function loadContacts(db: Db, organizationId: string, ownerOnly: string | null, ids: string[], options: { lock?: boolean } = {}): Promise<ContactRow[]> {
  if (ids.length === 0) return [];
  let query = contactsOf(db, organizationId, ownerOnly).selectAll('contacts').where('contacts.id', 'in', ids);
  if (options.lock) query = query.forUpdate();
  return query.execute();
}

export async function loadContact(db: Db, organizationId: string, ownerOnly: string | null, id: string, options: { lock?: boolean } = {}): Promise<ContactRow> {
  const [row] = await loadContacts(db, organizationId, ownerOnly, [id], options);
  if (!row) throw new DomainError('NOT_FOUND', 'Contact not found');
  return row;
}

export type FilterValues = {
  q?: string | undefined;
  tag?: string | undefined;
  ownerId?: string | undefined;
  lifecycleStage?: string | undefined;
  source?: string | undefined;
  createdFrom?: string | undefined;
  createdTo?: string | undefined;
  doNotContact?: 'sms' | 'email' | 'calls' | 'any' | 'none' | undefined;
};

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** The SQL conditions of a contacts filter (all must hold). `timeZone` reads date-only bounds as days there. */
export function filterConditions(filter: FilterValues, timeZone: string): Expression<SqlBool>[] {
  const conditions: Expression<SqlBool>[] = [];
  const q = filter.q?.trim().toLowerCase();
  if (q) conditions.push(searchCondition(q));
  if (filter.tag) conditions.push(sql<SqlBool>`contacts.tags @> array[${filter.tag}]::text[]`);
  if (filter.ownerId === 'none') conditions.push(sql<SqlBool>`contacts.owner_id is null`);
  else if (filter.ownerId) conditions.push(sql<SqlBool>`contacts.owner_id = ${filter.ownerId}`);
  if (filter.lifecycleStage) conditions.push(sql<SqlBool>`contacts.lifecycle_stage = ${filter.lifecycleStage}`);
  if (filter.source) conditions.push(sql<SqlBool>`lower(contacts.source) = ${filter.source.toLowerCase()}`);
  if (filter.createdFrom) {
    conditions.push(
      DATE_ONLY.test(filter.createdFrom)
        ? sql<SqlBool>`contacts.created_at >= (cast(${filter.createdFrom} as date)::timestamp at time zone ${timeZone})`
        : sql<SqlBool>`contacts.created_at >= cast(${filter.createdFrom} as timestamptz)`,
    );
  }
  if (filter.createdTo) {
    // A date-only upper bound includes that whole day.
    conditions.push(
      DATE_ONLY.test(filter.createdTo)
        ? sql<SqlBool>`contacts.created_at < ((cast(${filter.createdTo} as date) + 1)::timestamp at time zone ${timeZone})`
        : sql<SqlBool>`contacts.created_at <= cast(${filter.createdTo} as timestamptz)`,
    );
  }
  switch (filter.doNotContact) {
    case 'sms':
      conditions.push(sql<SqlBool>`contacts.dnc_sms`);
      break;
    case 'email':
      conditions.push(sql<SqlBool>`contacts.dnc_email`);
      break;
    case 'calls':
      conditions.push(sql<SqlBool>`contacts.dnc_calls`);
      break;
    case 'any':
      conditions.push(sql<SqlBool>`(contacts.dnc_sms or contacts.dnc_email or contacts.dnc_calls)`);
      break;
    case 'none':
      conditions.push(sql<SqlBool>`not (contacts.dnc_sms or contacts.dnc_email or contacts.dnc_calls)`);
      break;
    default:
      break;
  }
  return conditions;
}

/** A word with a local part and an @: the start of an e-mail address. */
const ADDRESS_START = /^[^@]+@[^@]*$/;

/**
 * Search by name, e-mail, phone or company. Words of three characters or more match anywhere
 * (search_text, trigram-indexed); shorter ones match the start of the e-mail, phone or a name
 * (prefix indexes). A word shaped like an e-mail address (name@…) matches the e-mails starting
 * with it (the e-mail index): a whole address has dozens of common trigrams (".com", "exa"…) and
 * a trigram search reads them all (docs/decisions/014-contacts-queries-at-scale.md). A phone typed
 * with spaces, dashes or brackets matches by its digits.
 * Prefixes are ranges on the lower-case columns (docs/decisions/026-rls-cost.md).
 */
function searchCondition(q: string): Expression<SqlBool> {
  const containing = (term: string) => sql<SqlBool>`contacts.search_text like ${`%${escapeLike(term)}%`}`;
  const digits = q.replace(/\D/g, '');
  if (/^[+\d\s().-]+$/.test(q) && digits.length >= 3) return containing(digits);
  const words = q.split(/\s+/).filter(Boolean);
  const parts = words.map((word) => {
    if (ADDRESS_START.test(word)) return startsWith(sql`contacts.email_lower`, word);
    if (word.length >= 3) return containing(word);
    const names = [sql`contacts.first_name_lower`, sql`contacts.last_name_lower`, sql`contacts.email_lower`, sql`contacts.company_name_lower`].map((column) => startsWith(column, word));
    return sql<SqlBool>`(${sql.join([...names, startsWith(sql`contacts.phone`, `+${word}`)], sql` or `)})`;
  });
  return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
}

/**
 * The values starting with `prefix`, as a range of `text_pattern_ops` comparisons (byte order, which
 * for UTF-8 is code point order): unlike LIKE, these are leakproof, so they stay index conditions
 * under a row-level policy. The range ends before the prefix with its last character's successor.
 */
function startsWith(column: RawBuilder<unknown>, prefix: string): Expression<SqlBool> {
  const chars = [...prefix];
  const last = chars.pop()!.codePointAt(0)!;
  // The successor skips the surrogates, which no text holds; the last code point has none, and LIKE bounds the range.
  const next = last === 0xd7ff ? 0xe000 : last + 1;
  if (next > 0x10ffff) return sql<SqlBool>`(${column} ~>=~ ${prefix} and ${column} like ${`${escapeLike(prefix)}%`})`;
  return sql<SqlBool>`(${column} ~>=~ ${prefix} and ${column} ~<~ ${chars.join('') + String.fromCodePoint(next)})`;
}

export function and(conditions: Expression<SqlBool>[]): Expression<SqlBool> {
  return conditions.length === 0 ? sql<SqlBool>`true` : sql<SqlBool>`(${sql.join(conditions, sql` and `)})`;
}

// ——— Sorting and keyset paging ———

/**
 * The ordered keys of a sort, ending with the id so the order is total. Contacts without a name
 * (or company) come after the others whatever the direction.
 */
export function sortKeys(sort: TContactSort, dir: 'asc' | 'desc'): SortKey[] {
  const id: SortKey = { expr: sql`contacts.id`, type: 'uuid', dir };
  switch (sort) {
    case 'created':
      return [{ expr: sql`contacts.created_at`, type: 'timestamptz', dir }, id];
    case 'updated':
      return [{ expr: sql`contacts.updated_at`, type: 'timestamptz', dir }, id];
    case 'leadScore':
      return [{ expr: sql`contacts.lead_score`, type: 'integer', dir }, id];
    case 'name':
      return [
        { expr: sql`(contacts.first_name = '' and contacts.last_name = '')`, type: 'boolean', dir: 'asc' },
        { expr: sql`lower(contacts.first_name)`, type: 'text', dir },
        { expr: sql`lower(contacts.last_name)`, type: 'text', dir },
        id,
      ];
    case 'company':
      return [{ expr: sql`(coalesce(contacts.company_name, '') = '')`, type: 'boolean', dir: 'asc' }, { expr: sql`lower(coalesce(contacts.company_name, ''))`, type: 'text', dir }, id];
  }
}
