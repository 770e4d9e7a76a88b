import { sql, type Kysely } from 'kysely';

// Frozen in time: no application imports.
// What became of each Stripe event received: applied ('processed'), or answered 200 and left alone
// ('ignored', with the reason: e.g. a subscription that is not ours — another product on the same
// Stripe account, a deleted test object). Events recorded before were all processed.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('stripe_events')
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .defaultTo('processed')
        .check(sql`status in ('processed', 'ignored')`),
    )
    .addColumn('ignored_reason', 'text')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('stripe_events').dropColumn('ignored_reason').dropColumn('status').execute();
}
