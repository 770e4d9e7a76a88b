import { sql, type Kysely } from 'kysely';

// Frozen in time: no application imports.
// Static lists (issue #18): a named set of contacts, filled by a CSV import or by a selection in the
// contacts list, that a campaign's audience can name (a `list` condition). Both tables are the
// organization's, behind its row-level wall.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('campaign_lists')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index campaign_lists_name_key on campaign_lists (organization_id, lower(name))`.execute(db);
  await db.schema
    .createTable('campaign_list_members')
    .addColumn('organization_id', 'uuid', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('list_id', 'uuid', (c) => c.notNull().references('campaign_lists.id').onDelete('cascade'))
    .addColumn('contact_id', 'uuid', (c) => c.notNull().references('contacts.id').onDelete('cascade'))
    .addColumn('added_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('campaign_list_members_pkey', ['list_id', 'contact_id'])
    .execute();
  await db.schema.createIndex('campaign_list_members_contact_idx').on('campaign_list_members').columns(['contact_id']).execute();
  const ownRow = `organization_id = nullif(current_setting('app.organization_id', true), '')::uuid`;
  for (const table of ['campaign_lists', 'campaign_list_members']) {
    await sql.raw(`alter table ${table} enable row level security`).execute(db);
    await sql.raw(`alter table ${table} force row level security`).execute(db);
    await sql.raw(`create policy organization_isolation on ${table} to switchboard_tenant using (${ownRow}) with check (${ownRow})`).execute(db);
    await sql.raw(`create policy system_access on ${table} to current_user using (true) with check (true)`).execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('campaign_list_members').execute();
  await db.schema.dropTable('campaign_lists').execute();
}
