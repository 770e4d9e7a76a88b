import { sql, type Kysely } from 'kysely';

// Frozen in time: no application imports.
// The per-domain campaign throttle (CAMPAIGN_DOMAIN_RATE, docs/decisions/047) becomes a sliding
// 60-second window: each dispatch run writes one row per recipient domain it handed messages to
// (how many, and when, by the database's clock), and a run may hand over only what keeps the sum of
// the last 60 seconds at most N. The calendar minutes (2026_12_03_400) let up to 2N through across
// a minute boundary; their table goes. Rows older than a minute are dropped by the runs.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('campaign_domain_minutes').execute();
  await db.schema
    .createTable('campaign_domain_sends')
    .addColumn('organization_id', 'uuid', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('domain', 'text', (c) => c.notNull())
    .addColumn('handed_at', 'timestamptz', (c) => c.notNull())
    .addColumn('handed', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('campaign_domain_sends_window_idx').on('campaign_domain_sends').columns(['organization_id', 'domain', 'handed_at']).execute();
  const ownRow = `organization_id = nullif(current_setting('app.organization_id', true), '')::uuid`;
  await sql.raw(`alter table campaign_domain_sends enable row level security`).execute(db);
  await sql.raw(`alter table campaign_domain_sends force row level security`).execute(db);
  await sql.raw(`create policy organization_isolation on campaign_domain_sends to switchboard_tenant using (${ownRow}) with check (${ownRow})`).execute(db);
  await sql.raw(`create policy system_access on campaign_domain_sends to current_user using (true) with check (true)`).execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('campaign_domain_sends').execute();
  await db.schema
    .createTable('campaign_domain_minutes')
    .addColumn('organization_id', 'uuid', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('domain', 'text', (c) => c.notNull())
    .addColumn('minute', 'timestamptz', (c) => c.notNull())
    .addColumn('handed', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('campaign_domain_minutes_pkey', ['organization_id', 'domain', 'minute'])
    .execute();
  const ownRow = `organization_id = nullif(current_setting('app.organization_id', true), '')::uuid`;
  await sql.raw(`alter table campaign_domain_minutes enable row level security`).execute(db);
  await sql.raw(`alter table campaign_domain_minutes force row level security`).execute(db);
  await sql.raw(`create policy organization_isolation on campaign_domain_minutes to switchboard_tenant using (${ownRow}) with check (${ownRow})`).execute(db);
  await sql.raw(`create policy system_access on campaign_domain_minutes to current_user using (true) with check (true)`).execute(db);
}
