import { sql, type Kysely } from 'kysely';

// Frozen in time: no application imports.
// A campaign's report counts unsubscribes, complaints and replies from the rare rows that record
// them, not by probing each recipient's message (a 100,000-recipient report took minutes): these
// partial indexes hold only those rows — feedback events, and inbound messages by thread.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index email_events_feedback_idx on email_events (organization_id, email_message_id) where type in ('unsubscribed', 'complained')`.execute(db);
  await sql`create index email_messages_inbound_thread_idx on email_messages (organization_id, thread_id) where direction = 'inbound'`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on the schema as it was
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index email_messages_inbound_thread_idx`.execute(db);
  await sql`drop index email_events_feedback_idx`.execute(db);
}
