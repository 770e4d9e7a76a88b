import { sql, type Kysely } from 'kysely';

// Frozen in time: no application imports.
// Notification e-mails (issue #16): each member's choice per kind (off / immediately / daily digest),
// the per-recipient work the event consumer stores, and each member's next digest.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  const kind = sql`kind in ('contact_created', 'deal_won', 'automation_completed', 'assigned')`;
  await db.schema
    .createTable('notification_email_preferences')
    .addColumn('organization_id', 'uuid', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(kind))
    .addColumn('mode', 'text', (c) => c.notNull().check(sql`mode in ('off', 'immediate', 'digest')`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('notification_email_preferences_pkey', ['organization_id', 'user_id', 'kind'])
    .execute();

  await db.schema
    .createTable('notification_email_items')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('event_id', 'bigint', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(kind))
    .addColumn('delivery', 'text', (c) => c.notNull().check(sql`delivery in ('immediate', 'digest')`))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('link', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // The e-mail that carried it (its own, or the digest's); set once, in the transaction that queued it.
    .addColumn('sent_at', 'timestamptz')
    .addColumn('email_message_id', 'uuid', (c) => c.references('email_messages.id').onDelete('set null'))
    // A digest item the member no longer wants by digest time (preference changed, membership ended).
    .addColumn('dropped_at', 'timestamptz')
    .execute();
  // One item per event, member and kind: a replayed event adds nothing and e-mails nobody twice.
  await db.schema.createIndex('notification_email_items_event_key').unique().on('notification_email_items').columns(['organization_id', 'user_id', 'event_id', 'kind']).execute();
  await db.schema
    .createIndex('notification_email_items_pending_idx')
    .on('notification_email_items')
    .columns(['organization_id', 'user_id', 'created_at'])
    .where(sql.raw<boolean>(`delivery = 'digest' and sent_at is null and dropped_at is null`))
    .execute();

  await db.schema
    .createTable('notification_digest_schedules')
    .addColumn('organization_id', 'uuid', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('due_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_digest_schedules_pkey', ['organization_id', 'user_id'])
    .execute();

  // Row-level policies, as 2026_11_25_950 gives every organization table.
  const ownRow = `organization_id = nullif(current_setting('app.organization_id', true), '')::uuid`;
  for (const table of ['notification_email_preferences', 'notification_email_items', 'notification_digest_schedules']) {
    await sql.raw(`alter table ${table} enable row level security`).execute(db);
    await sql.raw(`alter table ${table} force row level security`).execute(db);
    await sql.raw(`create policy organization_isolation on ${table} to switchboard_tenant using (${ownRow}) with check (${ownRow})`).execute(db);
    await sql.raw(`create policy system_access on ${table} to current_user using (true) with check (true)`).execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('notification_digest_schedules').execute();
  await db.schema.dropTable('notification_email_items').execute();
  await db.schema.dropTable('notification_email_preferences').execute();
}
