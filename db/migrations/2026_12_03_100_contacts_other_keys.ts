import { sql, type Kysely } from 'kysely';

// Frozen in time: no application imports.
// A contact is found by an e-mail or phone it holds as its primary or as another one (contact
// upserts of /api/v1, lead capture, SMS). The primary ones had btree indexes; the other ones were
// read row by row, so every upsert batch of 100 walked the organization's contacts. GIN indexes on
// the arrays answer `other_emails && $keys` (the tenant views let any operator be an index condition,
// decision 033); the planner ORs them with the primary ones' indexes.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index contacts_other_emails_idx on contacts using gin (other_emails)`.execute(db);
  await sql`create index contacts_other_phones_idx on contacts using gin (other_phones)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on the schema as it was
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index contacts_other_phones_idx`.execute(db);
  await sql`drop index contacts_other_emails_idx`.execute(db);
}
