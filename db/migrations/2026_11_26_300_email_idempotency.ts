import { sql, type Kysely } from 'kysely';

// Frozen in time: no application imports.
// A one-to-one send may carry an idempotency key (an integrator retrying POST /api/v1/emails): the
// second request answers the first one's message instead of e-mailing twice.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('email_messages').addColumn('idempotency_key', 'text').execute();
  await db.schema
    .createIndex('email_messages_idempotency_key')
    .on('email_messages')
    .columns(['organization_id', 'idempotency_key'])
    .unique()
    .where(sql.ref('idempotency_key'), 'is not', null)
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('email_messages_idempotency_key').execute();
  await db.schema.alterTable('email_messages').dropColumn('idempotency_key').execute();
}
