import { sql, type Kysely } from 'kysely';

// Frozen in time: no application imports.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  const orgId = (c: any) => c.notNull().references('organizations.id').onDelete('cascade'); // eslint-disable-line @typescript-eslint/no-explicit-any

  // One bulk request: its recipients are sms_messages rows with its id.
  await db.schema
    .createTable('sms_batches')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', orgId)
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('recipient_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('accepted_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rejected_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('sms_batches_org_idx').on('sms_batches').columns(['organization_id', 'created_at desc']).execute();

  // Every message in and out; outbound rows are the durable record the send jobs work from.
  await db.schema
    .createTable('sms_messages')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', orgId)
    .addColumn('direction', 'text', (c) => c.notNull().check(sql`direction in ('outbound', 'inbound')`))
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('single', 'template', 'bulk', 'inbound')`))
    .addColumn('contact_id', 'uuid', (c) => c.references('contacts.id').onDelete('set null'))
    .addColumn('from_number', 'text')
    .addColumn('to_number', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('encoding', 'text', (c) => c.notNull().check(sql`encoding in ('GSM-7', 'UCS-2')`))
    .addColumn('segments', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('accepted', 'queued', 'sending', 'sent', 'delivered', 'undelivered', 'failed', 'refused', 'received')`))
    .addColumn('provider_sid', 'text')
    .addColumn('error_code', 'text')
    .addColumn('error_message', 'text')
    .addColumn('batch_id', 'uuid', (c) => c.references('sms_batches.id').onDelete('set null'))
    .addColumn('template_id', 'uuid')
    .addColumn('idempotency_key', 'text')
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('send_after', 'timestamptz')
    .addColumn('sending_at', 'timestamptz')
    .addColumn('sent_at', 'timestamptz')
    .addColumn('delivered_at', 'timestamptz')
    .addColumn('failed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // Webhooks are idempotent by MessageSid; a retried request with the same key stores one message.
  await db.schema.createIndex('sms_messages_sid_key').on('sms_messages').column('provider_sid').unique().where(sql.ref('provider_sid'), 'is not', null).execute();
  await db.schema.createIndex('sms_messages_idempotency_key').on('sms_messages').columns(['organization_id', 'idempotency_key']).unique().where(sql.ref('idempotency_key'), 'is not', null).execute();
  await db.schema.createIndex('sms_messages_org_created_idx').on('sms_messages').columns(['organization_id', 'created_at desc']).execute();
  await db.schema.createIndex('sms_messages_contact_idx').on('sms_messages').columns(['organization_id', 'contact_id', 'created_at desc']).execute();
  await db.schema.createIndex('sms_messages_to_idx').on('sms_messages').columns(['to_number', 'created_at desc']).execute();
  await db.schema.createIndex('sms_messages_batch_idx').on('sms_messages').columns(['batch_id', 'status']).execute();

  await db.schema
    .createTable('sms_templates')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', orgId)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('variables', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('sms_templates_org_name_key').on('sms_templates').columns(['organization_id', 'name']).unique().execute();

  // The next free send slot of each sender (a number or messaging service): every worker process
  // reserves its slot here, so the per-sender rate holds across processes.
  await db.schema
    .createTable('sms_sender_slots')
    .addColumn('sender', 'text', (c) => c.primaryKey())
    .addColumn('next_slot_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['sms_sender_slots', 'sms_templates', 'sms_messages', 'sms_batches']) await db.schema.dropTable(table).execute();
}
