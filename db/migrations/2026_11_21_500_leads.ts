import { sql, type Kysely } from 'kysely';

// Frozen in time: no application imports.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  // Every accepted public form submission, with its full payload, for the Forms view and forwarding.
  await db.schema
    .createTable('form_submissions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('contact_id', 'uuid', (c) => c.references('contacts.id').onDelete('set null'))
    .addColumn('form_id', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('lead_magnet', 'text')
    .addColumn('page', 'text')
    .addColumn('referrer', 'text')
    .addColumn('tags', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('payload', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('contact_created', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('form_submissions_org_form_idx').on('form_submissions').columns(['organization_id', 'form_id', 'created_at desc']).execute();
  await db.schema.createIndex('form_submissions_org_email_idx').on('form_submissions').columns(['organization_id', 'email', 'form_id', 'created_at desc']).execute();
  await db.schema.createIndex('form_submissions_contact_idx').on('form_submissions').column('contact_id').execute();

  // One row per submission forwarded to an outside tool (Kit): its state, attempts and last error.
  await db.schema
    .createTable('integration_deliveries')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('submission_id', 'uuid', (c) => c.notNull().references('form_submissions.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'retrying', 'delivered', 'failed')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('external_id', 'text')
    .addColumn('last_attempt_at', 'timestamptz')
    .addColumn('delivered_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('integration_deliveries_org_idx').on('integration_deliveries').columns(['organization_id', 'created_at desc']).execute();
  await db.schema.createIndex('integration_deliveries_submission_idx').on('integration_deliveries').columns(['submission_id', 'provider']).unique().execute();

  // Public submissions per client address, for the per-IP rate limit shared by every server process.
  await db.schema
    .createTable('lead_attempts')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('lead_attempts_ip_idx').on('lead_attempts').columns(['ip', 'created_at']).execute();
  await db.schema.createIndex('lead_attempts_created_idx').on('lead_attempts').column('created_at').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['lead_attempts', 'integration_deliveries', 'form_submissions']) await db.schema.dropTable(table).execute();
}
