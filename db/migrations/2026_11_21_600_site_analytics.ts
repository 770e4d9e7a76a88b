import { sql, type Kysely } from 'kysely';

// Frozen in time: no application imports.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  // First-party web analytics of the public site: page views and named events, owned by the site owner organization.
  await db.schema
    .createTable('site_analytics_events')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('organization_id', 'uuid', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('visitor_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('params', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('value', 'numeric(14, 2)')
    .addColumn('currency', 'text')
    .addColumn('referrer', 'text')
    .addColumn('occurred_at', 'timestamptz', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('site_analytics_events_org_time_idx').on('site_analytics_events').columns(['organization_id', 'occurred_at']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('site_analytics_events').execute();
}
