import { sql, type Kysely } from 'kysely';

// Frozen in time: no application imports.
const RESOURCES = ['contacts', 'deals', 'tasks', 'appointments'];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  // The deleted-records feed for integrators' sync (issue #19): one row per contact, deal, task or
  // appointment deleted, however it went (one, in bulk, merged, or by a cascade), written by a trigger
  // in the deleting transaction. Read in (txid, id) order below the oldest running transaction, like
  // the events outbox, so a reader's cursor never passes a row that commits later. Kept 90 days: each
  // deleting statement also drops its organization's older rows (one index range). No foreign key: an
  // organization's deletion cascades to its records and fires these triggers, which then write nothing.
  await db.schema
    .createTable('deleted_records')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('txid', 'bigint', (c) => c.notNull().defaultTo(sql`(pg_current_xact_id()::text::bigint)`))
    .addColumn('organization_id', 'uuid', (c) => c.notNull())
    .addColumn('resource', 'text', (c) => c.notNull().check(sql.raw(`resource in (${RESOURCES.map((r) => `'${r}'`).join(', ')})`)))
    .addColumn('record_id', 'uuid', (c) => c.notNull())
    .addColumn('deleted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('deleted_records_feed_idx').on('deleted_records').columns(['organization_id', 'txid', 'id']).execute();
  await db.schema.createIndex('deleted_records_age_idx').on('deleted_records').columns(['organization_id', 'deleted_at']).execute();

  await sql`
    create function record_deletions() returns trigger language plpgsql as $$
    begin
      insert into deleted_records (organization_id, resource, record_id)
      select organization_id, tg_table_name, id from gone
      -- not when the organization itself is being deleted (its records go with it)
      where exists (select 1 from organizations where organizations.id = gone.organization_id);
      delete from deleted_records
      where organization_id in (select distinct organization_id from gone) and deleted_at < now() - interval '90 days';
      return null;
    end $$
  `.execute(db);
  for (const table of RESOURCES) {
    await sql.raw(`create trigger ${table}_deleted_records after delete on ${table} referencing old table as gone for each statement execute function record_deletions()`).execute(db);
  }

  const ownRow = `organization_id = nullif(current_setting('app.organization_id', true), '')::uuid`;
  await sql.raw(`alter table deleted_records enable row level security`).execute(db);
  await sql.raw(`alter table deleted_records force row level security`).execute(db);
  await sql.raw(`create policy organization_isolation on deleted_records to switchboard_tenant using (${ownRow}) with check (${ownRow})`).execute(db);
  await sql.raw(`create policy system_access on deleted_records to current_user using (true) with check (true)`).execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of RESOURCES) await sql.raw(`drop trigger ${table}_deleted_records on ${table}`).execute(db);
  await sql`drop function record_deletions()`.execute(db);
  await db.schema.dropTable('deleted_records').execute();
}
