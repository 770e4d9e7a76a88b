import { sql, type Kysely } from 'kysely';

// Frozen in time: no application imports.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  // One row per request a rate limit let through (server/rate-limit): counted and written under an
  // advisory lock on (bucket, key), so concurrent requests cannot all pass one check. A row stops
  // counting at expires_at and is pruned after it.
  await db.schema
    .createTable('rate_limit_hits')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('bucket', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_limit_hits_key_idx').on('rate_limit_hits').columns(['bucket', 'key', 'expires_at']).execute();
  await db.schema.createIndex('rate_limit_hits_expires_idx').on('rate_limit_hits').column('expires_at').execute();

  // The leads' own attempts table is replaced by rate_limit_hits.
  await db.schema.dropTable('lead_attempts').execute();

  // Browsers a user has signed in from (OWASP device cookies): id is the SHA-256 of the cookie's token.
  await db.schema
    .createTable('trusted_devices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('trusted_devices_user_idx').on('trusted_devices').column('user_id').execute();

  // A sign-in attempt made with a trusted device cookie counts against that device, not the account.
  await db.schema.alterTable('login_attempts').addColumn('device_id', 'text').execute();
  await db.schema.createIndex('login_attempts_device_idx').on('login_attempts').columns(['device_id', 'created_at']).where(sql.ref('device_id'), 'is not', null).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('login_attempts_device_idx').execute();
  await db.schema.alterTable('login_attempts').dropColumn('device_id').execute();
  await db.schema.dropTable('trusted_devices').execute();
  await db.schema
    .createTable('lead_attempts')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('lead_attempts_ip_idx').on('lead_attempts').columns(['ip', 'created_at']).execute();
  await db.schema.createIndex('lead_attempts_created_idx').on('lead_attempts').column('created_at').execute();
  await db.schema.dropTable('rate_limit_hits').execute();
}
