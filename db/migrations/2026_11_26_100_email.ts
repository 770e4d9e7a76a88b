import { sql, type Kysely } from 'kysely';

// Frozen in time: no application imports.

/** The organization tables of this migration, under the row-level policies of decision 024 (2026_11_25_950). */
const ORGANIZATION_TABLES = ['email_messages', 'email_events', 'email_suppressions', 'email_templates'];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  const orgId = (c: any) => c.notNull().references('organizations.id').onDelete('cascade'); // eslint-disable-line @typescript-eslint/no-explicit-any
  // Account e-mails not tied to an organization (a password reset) have none: system rows.
  const optionalOrgId = (c: any) => c.references('organizations.id').onDelete('cascade'); // eslint-disable-line @typescript-eslint/no-explicit-any

  // Every e-mail in and out; outbound rows are the durable record the email.send jobs work from.
  await db.schema
    .createTable('email_messages')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', optionalOrgId)
    .addColumn('direction', 'text', (c) => c.notNull().check(sql`direction in ('outbound', 'inbound')`))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('account', 'one_to_one', 'marketing')`))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('queued', 'sending', 'sent', 'delivered', 'bounced', 'failed', 'suppressed', 'received')`))
    .addColumn('contact_id', 'uuid', (c) => c.references('contacts.id').onDelete('set null'))
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('from_address', 'text', (c) => c.notNull())
    .addColumn('from_name', 'text', (c) => c.notNull())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('to_name', 'text')
    .addColumn('reply_to', 'text')
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('html', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('message_id', 'text', (c) => c.notNull().unique())
    .addColumn('in_reply_to', 'text')
    .addColumn('references', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('thread_id', 'uuid')
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('template_id', 'uuid')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('provider_response', 'text')
    .addColumn('error', 'text')
    .addColumn('headers', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('sent_at', 'timestamptz')
    .addColumn('delivered_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('email_messages_org_created_idx').on('email_messages').columns(['organization_id', 'created_at desc']).execute();
  await db.schema.createIndex('email_messages_contact_idx').on('email_messages').columns(['organization_id', 'contact_id', 'created_at']).execute();
  await db.schema.createIndex('email_messages_thread_idx').on('email_messages').column('thread_id').execute();

  // Each step of a message's life (the outbox's timeline, GET /api/v1/emails/{id}).
  await db.schema
    .createTable('email_events')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', optionalOrgId)
    .addColumn('email_message_id', 'uuid', (c) => c.notNull().references('email_messages.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('queued', 'sending', 'sent', 'delivered', 'bounced', 'failed', 'suppressed', 'retry', 'opened', 'unsubscribed', 'received')`))
    .addColumn('detail', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('email_events_message_idx').on('email_events').columns(['email_message_id', 'created_at']).execute();

  // The organization's suppression list: checked by every marketing and one-to-one send.
  await db.schema
    .createTable('email_suppressions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', orgId)
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull().check(sql`reason in ('unsubscribed', 'hard_bounce', 'complaint', 'manual')`))
    .addColumn('source_message_id', 'uuid', (c) => c.references('email_messages.id').onDelete('set null'))
    .addColumn('note', 'text')
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('email_suppressions_org_address_key').on('email_suppressions').columns(['organization_id', 'address']).unique().execute();

  // Addresses that hard-bounced anywhere: account e-mails (which ignore an organization's list) never go to them.
  await db.schema
    .createTable('email_bounced_addresses')
    .addColumn('address', 'text', (c) => c.primaryKey())
    .addColumn('bounced_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('detail', 'text')
    .execute();

  await db.schema
    .createTable('email_templates')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', orgId)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('email_templates_org_name_key').on('email_templates').columns(['organization_id', 'name']).unique().execute();

  // As 2026_11_25_950: rows with no organization match no tenant's policy (system rows).
  const ownRow = `organization_id = nullif(current_setting('app.organization_id', true), '')::uuid`;
  for (const table of ORGANIZATION_TABLES) {
    await sql.raw(`alter table ${table} enable row level security`).execute(db);
    await sql.raw(`alter table ${table} force row level security`).execute(db);
    await sql.raw(`create policy organization_isolation on ${table} to switchboard_tenant using (${ownRow}) with check (${ownRow})`).execute(db);
    await sql.raw(`create policy system_access on ${table} to current_user using (true) with check (true)`).execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['email_templates', 'email_bounced_addresses', 'email_suppressions', 'email_events', 'email_messages']) await db.schema.dropTable(table).execute();
}
