import { sql, type Kysely } from 'kysely';

// Frozen in time: no application imports.
// Before this change the sandbox provider queued its delivery reports at the end of a send run, so a
// worker killed mid-run left messages 'sent' forever (docs/decisions/018). Reports now commit with
// their sends, and a sandbox batch is done only when no message is left 'sent'; the messages stranded
// earlier are delivered here, as the sandbox would have 2 s after sending them. Sandbox messages go
// out from its fictional number (+1 555-555-0100, reserved for fiction), never a real sender.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    update sms_messages
    set status = 'delivered', delivered_at = coalesce(sent_at, updated_at) + interval '2 seconds', updated_at = now()
    where direction = 'outbound' and status = 'sent' and from_number = '+15555550100'
  `.execute(db);
}

// Nothing to undo: the messages were delivered in the sandbox's terms.
export async function down(): Promise<void> {}
