import { sql, type Kysely } from 'kysely';

// Frozen in time: no application imports.
// The other e-mails and phones are nearly always empty. On the whole table, their GIN indexes are
// costed by the planner as if an overlap with a batch's 100 keys matched about 40 % of the rows (no
// element statistics exist for arrays that are nearly all empty), so it read every contact of the
// organization instead of OR-ing them with the primary keys' btree indexes: O(N) per upsert batch.
// Indexing only the non-empty arrays makes that arm cost what it reads; the lookup's condition
// (server/contacts/held-keys.ts) names the same `<> '{}'` predicate so the planner may use them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop index contacts_other_emails_idx`.execute(db);
  await sql`drop index contacts_other_phones_idx`.execute(db);
  await sql`create index contacts_other_emails_idx on contacts using gin (other_emails) where other_emails <> '{}'`.execute(db);
  await sql`create index contacts_other_phones_idx on contacts using gin (other_phones) where other_phones <> '{}'`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on the schema as it was
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index contacts_other_phones_idx`.execute(db);
  await sql`drop index contacts_other_emails_idx`.execute(db);
  await sql`create index contacts_other_emails_idx on contacts using gin (other_emails)`.execute(db);
  await sql`create index contacts_other_phones_idx on contacts using gin (other_phones)`.execute(db);
}
