import { sql, type Selectable } from 'kysely';
import type { Db } from '../db';
import type { SmsMessagesTable, SmsStatus } from '../db/schema';
import { scoped } from '../db/scoped';
import { holdsAnyOf } from '../contacts/held-keys';
import { parseSettings } from '../organizations/settings';
import type { TSmsSettings } from './schema';
import { defaultHelpText } from './templates';

export type SmsMessageRow = Selectable<SmsMessagesTable>;

/**
 * Status order of an outbound message. A status callback or a late write only ever moves a message
 * forward: delivered stays delivered when a 'sent' callback arrives after it.
 */
export const STATUS_RANK: Record<SmsStatus, number> = {
  accepted: 0,
  queued: 1,
  sending: 2,
  sent: 3,
  delivered: 4,
  undelivered: 4,
  failed: 4,
  refused: 4,
  received: 4,
};

/** The statuses a message may still leave for `next`. */
export function statusesBelow(next: SmsStatus): SmsStatus[] {
  return (Object.keys(STATUS_RANK) as SmsStatus[]).filter((s) => STATUS_RANK[s] < STATUS_RANK[next]);
}

export function toMessage(row: SmsMessageRow) {
  return {
    id: row.id,
    direction: row.direction,
    purpose: row.purpose,
    contactId: row.contact_id,
    from: row.from_number,
    to: row.to_number,
    body: row.body,
    encoding: row.encoding,
    segments: row.segments,
    status: row.status,
    providerSid: row.provider_sid,
    errorCode: row.error_code,
    errorMessage: row.error_message,
    batchId: row.batch_id,
    templateId: row.template_id,
    sendAfter: row.send_after?.toISOString() ?? null,
    sentAt: row.sent_at?.toISOString() ?? null,
    deliveredAt: row.delivered_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
  };
}
export type SmsMessage = ReturnType<typeof toMessage>;

/** Which of these E.164 numbers belong to a contact who opted out of SMS (primary or other phone). */
export async function optedOutNumbers(db: Db, organizationId: string, numbers: string[]): Promise<Set<string>> {
  if (numbers.length === 0) return new Set();
  const rows = await scoped(db, organizationId)
    .selectFrom('contacts')
    .select(['contacts.phone', 'contacts.other_phones'])
    .where('contacts.dnc_sms', '=', true)
    .where(holdsAnyOf('phone', numbers))
    .execute();
  const wanted = new Set(numbers);
  const found = new Set<string>();
  for (const row of rows) for (const phone of [row.phone, ...row.other_phones]) if (phone && wanted.has(phone)) found.add(phone);
  return found;
}

/** The organization's name, country, time zone and SMS settings (organizations.settings.sms). */
export async function smsOrganization(db: Db, organizationId: string) {
  const org = await db.selectFrom('organizations').select(['name', 'settings']).where('id', '=', organizationId).executeTakeFirstOrThrow();
  const settings = parseSettings(org.settings, organizationId);
  return {
    name: org.name,
    country: settings.country,
    timezone: settings.timezone,
    templatesSeeded: settings.smsTemplatesSeeded,
    sms: { quietHours: settings.sms.quietHours, helpText: settings.sms.helpText ?? defaultHelpText(org.name) } satisfies TSmsSettings,
  };
}

/** What every message of one acceptance shares. */
export type OutboundShared = Pick<SmsMessagesTable, 'purpose' | 'body' | 'encoding' | 'segments'> & {
  from_number: string | null;
  batch_id: string | null;
  template_id: string | null;
  created_by: string | null;
};

/** What differs per recipient; the id is chosen by the caller, so it is known before the insert. */
export type OutboundRecipient = {
  id: string;
  to_number: string;
  status: SmsStatus;
  contact_id: string | null;
  error_message: string | null;
  idempotency_key: string | null;
  send_after: Date | null;
  failed_at: Date | null;
};

/**
 * Stores the outbound messages of one acceptance in ONE statement: the per-recipient fields travel
 * as one JSON parameter (jsonb_to_recordset), the shared ones once — a 10,000-row multi-row VALUES
 * would bind 180,000 parameters. A row whose idempotency key was stored before is skipped (a
 * retried request queues nothing new); the ids of the rows stored are returned.
 */
export async function insertOutboundMessages(trx: Db, organizationId: string, shared: OutboundShared, recipients: OutboundRecipient[]): Promise<Set<string>> {
  if (recipients.length === 0) return new Set();
  const json = JSON.stringify(recipients.map((r) => ({ ...r, send_after: r.send_after?.toISOString() ?? null, failed_at: r.failed_at?.toISOString() ?? null })));
  const { rows } = await sql<{ id: string }>`
    insert into sms_messages (id, organization_id, direction, purpose, body, encoding, segments, from_number, batch_id, template_id, created_by,
                              to_number, status, contact_id, error_message, idempotency_key, send_after, failed_at)
    select r.id, ${organizationId}::uuid, 'outbound', ${shared.purpose}, ${shared.body}, ${shared.encoding}, ${shared.segments}::int, ${shared.from_number}::text,
           ${shared.batch_id}::uuid, ${shared.template_id}::uuid, ${shared.created_by}::uuid,
           r.to_number, r.status, r.contact_id, r.error_message, r.idempotency_key, r.send_after, r.failed_at
    from jsonb_to_recordset(${json}::jsonb)
      as r(id uuid, to_number text, status text, contact_id uuid, error_message text, idempotency_key text, send_after timestamptz, failed_at timestamptz)
    on conflict (organization_id, idempotency_key) where idempotency_key is not null do nothing
    returning id
  `.execute(trx);
  return new Set(rows.map((row) => row.id));
}
