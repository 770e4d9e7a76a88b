import { sql, type Kysely } from 'kysely';

// Frozen in time: no application imports.
const EVENT_TYPES = ['queued', 'sending', 'sent', 'delivered', 'bounced', 'failed', 'suppressed', 'retry', 'opened', 'unsubscribed', 'received'];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  // Campaign e-mails handed to the send queue per recipient domain and calendar minute (issue #18's
  // per-domain throttle, CAMPAIGN_DOMAIN_RATE): taken under the row's lock by each dispatch run, so
  // two campaigns of one organization share one allowance. Rows older than an hour are dropped by the runs.
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

  // A feedback-loop report (ARF, RFC 5965) read by the inbound doors: the message's 'complained' event.
  await sql.raw(`alter table email_events drop constraint email_events_type_check`).execute(db);
  await sql.raw(`alter table email_events add constraint email_events_type_check check (type in (${[...EVENT_TYPES, 'complained'].map((t) => `'${t}'`).join(', ')}))`).execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from email_events where type = 'complained'`.execute(db);
  await sql.raw(`alter table email_events drop constraint email_events_type_check`).execute(db);
  await sql.raw(`alter table email_events add constraint email_events_type_check check (type in (${EVENT_TYPES.map((t) => `'${t}'`).join(', ')}))`).execute(db);
  await db.schema.dropTable('campaign_domain_minutes').execute();
}
