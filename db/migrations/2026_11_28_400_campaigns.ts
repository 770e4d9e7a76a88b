import { sql, type Kysely } from 'kysely';

// Frozen in time: no application imports.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  // Campaigns (issue #18): a broadcast on one channel to an audience evaluated when it sends.
  await db.schema
    .createTable('campaigns')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('email', 'sms')`))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('draft')
        .check(sql`status in ('draft', 'scheduled', 'sending', 'paused', 'sent', 'cancelled')`),
    )
    .addColumn('audience', 'jsonb', (c) => c.notNull())
    .addColumn('email_subject', 'text')
    .addColumn('email_content', 'jsonb')
    .addColumn('sms_body', 'text')
    .addColumn('ab_test', 'jsonb')
    .addColumn('ab_winner', 'text', (c) => c.check(sql`ab_winner in ('a', 'b')`))
    .addColumn('scheduled_at', 'timestamptz')
    .addColumn('recipient_local_time', 'text')
    // Signs the campaign's click links (HMAC); never leaves the server.
    .addColumn('tracking_key', 'text', (c) => c.notNull())
    .addColumn('started_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('campaigns_org_idx').on('campaigns').columns(['organization_id', 'created_at desc']).execute();

  // The campaign's outbox: one row per recipient and channel, claimed once by the sending job.
  await db.schema
    .createTable('campaign_recipients')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('campaign_id', 'uuid', (c) => c.notNull().references('campaigns.id').onDelete('cascade'))
    .addColumn('contact_id', 'uuid', (c) => c.references('contacts.id').onDelete('set null'))
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('email', 'sms')`))
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('time_zone', 'text')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'queued', 'sent', 'delivered', 'bounced', 'failed', 'suppressed', 'skipped', 'cancelled')`),
    )
    .addColumn('variant', 'text', (c) => c.check(sql`variant in ('a', 'b')`))
    // The rest of an A/B test's audience waits for the winner.
    .addColumn('held', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('due_at', 'timestamptz', (c) => c.notNull())
    .addColumn('email_message_id', 'uuid', (c) => c.references('email_messages.id').onDelete('set null'))
    .addColumn('sms_message_id', 'uuid', (c) => c.references('sms_messages.id').onDelete('set null'))
    .addColumn('error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('campaign_recipients_unique', ['campaign_id', 'address', 'channel'])
    .execute();
  await db.schema.createIndex('campaign_recipients_due_idx').on('campaign_recipients').columns(['campaign_id', 'status', 'due_at']).execute();
  await db.schema.createIndex('campaign_recipients_contact_idx').on('campaign_recipients').columns(['organization_id', 'contact_id']).execute();
  await db.schema.createIndex('campaign_recipients_email_idx').on('campaign_recipients').column('email_message_id').execute();
  await db.schema.createIndex('campaign_recipients_sms_idx').on('campaign_recipients').column('sms_message_id').execute();

  // Opens and clicks of the tracking pixel and signed links; machine opens kept apart.
  await db.schema
    .createTable('campaign_events')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('campaign_id', 'uuid', (c) => c.notNull().references('campaigns.id').onDelete('cascade'))
    .addColumn('recipient_id', 'uuid', (c) => c.notNull().references('campaign_recipients.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('open', 'click')`))
    .addColumn('machine', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('url', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('campaign_events_campaign_idx').on('campaign_events').columns(['campaign_id', 'type', 'recipient_id']).execute();
  await db.schema.createIndex('campaign_events_recipient_idx').on('campaign_events').columns(['recipient_id', 'created_at']).execute();

  // Row-level policies, as 2026_11_25_950 gives every organization table.
  const ownRow = `organization_id = nullif(current_setting('app.organization_id', true), '')::uuid`;
  for (const table of ['campaigns', 'campaign_recipients', 'campaign_events']) {
    await sql.raw(`alter table ${table} enable row level security`).execute(db);
    await sql.raw(`alter table ${table} force row level security`).execute(db);
    await sql.raw(`create policy organization_isolation on ${table} to switchboard_tenant using (${ownRow}) with check (${ownRow})`).execute(db);
    await sql.raw(`create policy system_access on ${table} to current_user using (true) with check (true)`).execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['campaign_events', 'campaign_recipients', 'campaigns']) {
    await db.schema.dropTable(table).execute();
  }
}
