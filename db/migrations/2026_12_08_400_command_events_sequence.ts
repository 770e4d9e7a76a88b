import { sql, type Kysely } from 'kysely';

// Frozen in time: no application imports.
// A member's history is newest first; two commands run within one tick of the database's clock
// (PGlite's is a millisecond) had equal created_at and fell back on their random ids, so they
// could show in either order. The insertion order breaks the tie.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table command_events add column sequence bigserial`.execute(db);
  await sql`drop index command_events_user_idx`.execute(db);
  await sql`create index command_events_user_idx on command_events (organization_id, user_id, created_at desc, sequence desc)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index command_events_user_idx`.execute(db);
  await sql`create index command_events_user_idx on command_events (organization_id, user_id, created_at desc)`.execute(db);
  await sql`alter table command_events drop column sequence`.execute(db);
}
