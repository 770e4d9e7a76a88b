import type { Kysely } from 'kysely';

// Frozen in time: no application imports.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  // Token buckets (server/rate-limit/token-bucket.ts), one row per limited thing ('api:key:<id>',
  // 'api:org:<id>'): the tokens left when last refilled. Refilled and taken under the row's lock, so
  // concurrent requests in any number of processes cannot spend one token twice.
  await db.schema
    .createTable('rate_buckets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('tokens', 'float8', (c) => c.notNull())
    .addColumn('refilled_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_buckets').execute();
}
