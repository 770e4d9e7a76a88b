import { sql, type Kysely } from 'kysely';

// Frozen in time: no application imports.
// Idempotency keys of /api/v1 POSTs (issue #19): one row per organization, caller (an API key or a
// member's session) and key, holding the request's hash and, once answered, the response to replay.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('organization_id', 'uuid', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('caller', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    // Null while the first request runs; then its status, body and the headers worth replaying.
    .addColumn('status', 'integer')
    .addColumn('response_body', 'text')
    .addColumn('response_headers', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('idempotency_keys_pkey', ['organization_id', 'caller', 'key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_expiry_idx').on('idempotency_keys').columns(['organization_id', 'created_at']).execute();

  // Row-level policies, as 2026_11_25_950 gives every organization table.
  const ownRow = `organization_id = nullif(current_setting('app.organization_id', true), '')::uuid`;
  await sql.raw(`alter table idempotency_keys enable row level security`).execute(db);
  await sql.raw(`alter table idempotency_keys force row level security`).execute(db);
  await sql.raw(`create policy organization_isolation on idempotency_keys to switchboard_tenant using (${ownRow}) with check (${ownRow})`).execute(db);
  await sql.raw(`create policy system_access on idempotency_keys to current_user using (true) with check (true)`).execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on the schema as it was
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').execute();
}
