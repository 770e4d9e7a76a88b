import { sql, type Kysely } from 'kysely';

// Frozen in time: no application imports.

/**
 * Contact search under the row-level policies (docs/decisions/026-rls-cost.md). Under a policy,
 * Postgres lets a condition be an index condition only if all its functions are LEAKPROOF, and
 * `lower()`, LIKE and pg_trgm's operators are not: searching read every contact of the organization.
 *
 * Prefixes: stored lower-case copies of the names, e-mail and company, indexed like the `lower(…)`
 * expressions they replace, so a prefix is a range of leakproof comparisons (`~>=~`, `~<~`) on a column.
 *
 * Words matched anywhere (trigrams): no leakproof operator exists, so the search reads the ids from
 * a view with its owner's rights — the role that migrates, whose `system_access` policy is `true` (a
 * superuser bypasses the policies anyway) — where the planner may use the trigram index again, or
 * walk the page's order and check each row, whichever costs less. The wall holds in the view: to the
 * tenant role it shows only the organization its transaction set (`app.organization_id`), none when
 * unset; to the system (row-level security off), every organization, as the table does.
 */
const LOWER_CASE_COPIES = [
  { column: 'first_name_lower', of: 'lower(first_name)', index: 'contacts_org_first_name_idx' },
  { column: 'last_name_lower', of: 'lower(last_name)', index: 'contacts_org_last_name_idx' },
  { column: 'email_lower', of: 'lower(email)', index: 'contacts_org_email_idx' },
  { column: 'company_name_lower', of: "lower(coalesce(company_name, ''))", index: 'contacts_org_company_idx' },
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  for (const { column, of, index } of LOWER_CASE_COPIES) {
    await sql.raw(`alter table contacts add column ${column} text generated always as (${of}) stored`).execute(db);
    await sql.raw(`drop index ${index}`).execute(db);
    await sql.raw(`create index ${index} on contacts (organization_id, ${column} text_pattern_ops)`).execute(db);
  }
  // The new columns have no statistics until analysed: without them the planner guesses a prefix matches many rows.
  await sql`analyze contacts`.execute(db);

  // Not security_invoker (read with its owner's rights) and not security_barrier (the planner may
  // run the search's LIKE first, through the trigram index); the WHERE is the policy's own condition
  // for the tenant role.
  await sql`
    create view contact_search_texts as
      select id, search_text from contacts
      where organization_id = nullif(current_setting('app.organization_id', true), '')::uuid or current_setting('role') <> 'switchboard_tenant'`.execute(db);
  await sql`grant select on contact_search_texts to switchboard_tenant`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop view contact_search_texts`.execute(db);
  for (const { column, of, index } of LOWER_CASE_COPIES) {
    await sql.raw(`drop index ${index}`).execute(db);
    await sql.raw(`create index ${index} on contacts (organization_id, ${of} text_pattern_ops)`).execute(db);
    await sql.raw(`alter table contacts drop column ${column}`).execute(db);
  }
}
