import { sql, type Kysely } from 'kysely';

// Frozen in time: no application imports.
// A bulk send stores its messages before any has a contact (the worker links them), so the
// conversation index only needs the rows that have one: every query on it filters contact_id, and
// storing 10,000 recipients no longer writes 10,000 entries of null into it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('sms_messages_contact_idx').execute();
  await db.schema.createIndex('sms_messages_contact_idx').on('sms_messages').columns(['organization_id', 'contact_id', 'created_at desc']).where(sql.ref('contact_id'), 'is not', null).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('sms_messages_contact_idx').execute();
  await db.schema.createIndex('sms_messages_contact_idx').on('sms_messages').columns(['organization_id', 'contact_id', 'created_at desc']).execute();
}
