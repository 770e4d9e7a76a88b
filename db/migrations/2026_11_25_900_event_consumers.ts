import { sql, type Kysely } from 'kysely';

// Frozen in time: no application imports.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  // The transaction that wrote each event: a consumer reads events in (txid, id) order and only
  // below the oldest transaction still running, so an event whose id was taken before a later
  // one's but committed after it is never skipped (ids alone do not say commit order).
  await sql`alter table events add column txid bigint not null default (pg_current_xact_id()::text::bigint)`.execute(db);
  await db.schema.createIndex('events_txid_idx').on('events').columns(['txid', 'id']).execute();

  // One row per durable consumer: where it stands in the outbox and which process holds it.
  await db.schema
    .createTable('event_consumers')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('last_txid', 'bigint', (c) => c.notNull())
    .addColumn('last_event_id', 'bigint', (c) => c.notNull())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // Events a consumer could not handle yet: 'retrying' (with its next attempt), 'waiting' behind an
  // earlier event of the same organization, or 'parked' after its last attempt (for a person to see).
  await db.schema
    .createTable('event_deliveries')
    .addColumn('consumer', 'text', (c) => c.notNull().references('event_consumers.name').onDelete('cascade'))
    .addColumn('event_id', 'bigint', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('organization_id', 'uuid', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('retrying', 'waiting', 'parked')`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('event_deliveries_pk', ['consumer', 'event_id'])
    .execute();
  await db.schema.createIndex('event_deliveries_org_idx').on('event_deliveries').columns(['consumer', 'organization_id', 'event_id']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('event_deliveries').execute();
  await db.schema.dropTable('event_consumers').execute();
  await db.schema.dropIndex('events_txid_idx').execute();
  await sql`alter table events drop column txid`.execute(db);
}
