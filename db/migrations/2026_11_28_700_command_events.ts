import { sql, type Kysely } from 'kysely';

// Frozen in time: no application imports.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  // Commands (issue #21): each command a member ran from the palette or the Voice Command Center (their
  // history, the latest 10 on screen) and each voice on/off, with the spec's analytics value
  // (voice toggle 0, command spoken 100, manual command 50).
  await db.schema
    .createTable('command_events')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('event', 'text', (c) => c.notNull().check(sql`event in ('voice_toggle', 'command_spoken', 'command_manual')`))
    .addColumn('value', 'integer', (c) => c.notNull())
    // A command's: what was said or typed, the door, the intent, what was done and where it is.
    .addColumn('utterance', 'text')
    .addColumn('source', 'text')
    .addColumn('intent', 'text')
    .addColumn('summary', 'text')
    .addColumn('link', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('command_events_user_idx').on('command_events').columns(['organization_id', 'user_id', 'created_at desc']).execute();

  // Row-level policies, as 2026_11_25_950 gives every organization table.
  const ownRow = `organization_id = nullif(current_setting('app.organization_id', true), '')::uuid`;
  await sql.raw(`alter table command_events enable row level security`).execute(db);
  await sql.raw(`alter table command_events force row level security`).execute(db);
  await sql.raw(`create policy organization_isolation on command_events to switchboard_tenant using (${ownRow}) with check (${ownRow})`).execute(db);
  await sql.raw(`create policy system_access on command_events to current_user using (true) with check (true)`).execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('command_events').execute();
}
