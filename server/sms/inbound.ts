import { sql } from 'kysely';
import { recordActivity } from '../activities/service';
import { findOrCreateContactByPhone } from '../contacts/service';
import type { Db } from '../db';
import { scoped } from '../db/scoped';
import type { AppDeps } from '../deps';
import { publishEvent } from '../events/publish';
import { registry } from '../kernel/registry';
import { normalizePhone } from '../phone';
import { siteOwnerOrganization } from '../organizations/site-owner';
import { advanceStatus, statusFromProvider } from './delivery';
import { smsOrganization } from './repo';
import { smsEncoding } from './schema';
import { readableProviderError } from './twilio';

/** Carrier keywords (matched as the whole message, any case). */
export const OPT_OUT_KEYWORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT'] as const;
export const OPT_IN_KEYWORDS = ['START', 'YES', 'UNSTOP'] as const;
export const HELP_KEYWORDS = ['HELP', 'INFO'] as const;

function keywordOf(body: string): 'opt_out' | 'opt_in' | 'help' | null {
  const word = body.trim().toUpperCase();
  if ((OPT_OUT_KEYWORDS as readonly string[]).includes(word)) return 'opt_out';
  if ((OPT_IN_KEYWORDS as readonly string[]).includes(word)) return 'opt_in';
  if ((HELP_KEYWORDS as readonly string[]).includes(word)) return 'help';
  return null;
}

/**
 * The organization an inbound message belongs to: the one that last texted that number (the
 * sender is shared by the deployment), else the site owner. A message to an organization's own
 * Twilio account (`within`: the organizations using that account) stays among them, else the first.
 */
async function organizationFor(deps: AppDeps, from: string, within: string[] | null): Promise<string> {
  let query = deps.database.db.selectFrom('sms_messages').select('organization_id').where('to_number', '=', from).where('direction', '=', 'outbound');
  if (within) query = query.where('organization_id', 'in', within);
  const last = await query.orderBy('created_at', 'desc').limit(1).executeTakeFirst();
  return last?.organization_id ?? within?.[0] ?? (await siteOwnerOrganization(deps.database.db, deps.config)).id;
}

/**
 * The contact a reply is filed under. A number several contacts share answers the conversation
 * it continues: the contact of the latest outbound message to that number whose contact still holds
 * it; otherwise (no such message) the oldest contact with the number, or a new one.
 */
async function inboundContact(trx: Db, organizationId: string, from: string): Promise<string> {
  const latest = await scoped(trx, organizationId)
    .selectFrom('sms_messages')
    .innerJoin('contacts', (join) => join.onRef('contacts.id', '=', 'sms_messages.contact_id').on('contacts.organization_id', '=', organizationId))
    .select('sms_messages.contact_id')
    .where('sms_messages.direction', '=', 'outbound')
    .where('sms_messages.to_number', '=', from)
    .where(sql<boolean>`(contacts.phone = ${from} or ${from} = any(contacts.other_phones))`)
    .orderBy('sms_messages.created_at', 'desc')
    .orderBy('sms_messages.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (latest?.contact_id) return latest.contact_id;
  return (await findOrCreateContactByPhone(trx, organizationId, from, { via: 'sms' })).contact.id;
}

export type InboundParams = { MessageSid?: string; From?: string; To?: string; Body?: string };

/**
 * Stores an inbound message once per MessageSid, links it to its contact (created by phone when
 * none exists), applies STOP/START keywords to the contact's SMS do-not-contact flag, and raises
 * sms_received. Returns the HELP answer to reply with, if any.
 */
export async function receiveInbound(deps: AppDeps, params: InboundParams, within: string[] | null = null): Promise<{ reply: string | null; duplicate: boolean }> {
  const sid = params.MessageSid?.trim();
  const rawFrom = params.From?.trim();
  if (!sid || !rawFrom) return { reply: null, duplicate: false };
  const phone = normalizePhone(rawFrom);
  const from = phone.ok ? phone.e164 : rawFrom;
  const body = params.Body ?? '';
  const organizationId = await organizationFor(deps, from, within);
  const { encoding, segments } = smsEncoding(body);
  // Found by a system lookup, the organization is then the one the message is written for (decision 024).
  const organizationDb = deps.database.forOrganization(organizationId);

  return organizationDb.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('sms_messages')
      .values({
        organization_id: organizationId,
        direction: 'inbound',
        purpose: 'inbound',
        from_number: from,
        to_number: params.To?.trim() || '',
        body,
        encoding,
        segments: Math.max(segments, 1),
        status: 'received',
        provider_sid: sid,
      })
      .onConflict((oc) => oc.column('provider_sid').where('provider_sid', 'is not', null).doNothing())
      .returning('id')
      .executeTakeFirst();
    // Twilio retries a webhook it could not confirm: the same MessageSid is handled once.
    if (!inserted) return { reply: null, duplicate: true };

    const contact = phone.ok ? { id: await inboundContact(trx, organizationId, from) } : null;
    if (contact) await scoped(trx, organizationId).updateTable('sms_messages').set({ contact_id: contact.id }).where('id', '=', inserted.id).execute();
    await recordActivity(trx, { organizationId, contactId: contact?.id ?? null, type: 'sms_in', actorUserId: null, payload: { messageId: inserted.id, from, body } });
    // A reply from an unreadable number has no contact, and no thread in the inbox (it stays in the SMS log).
    if (contact) await registry().touchConversation(trx, { organizationId, channel: 'sms', contactId: contact.id, phone: from, direction: 'inbound', preview: body });

    const keyword = keywordOf(body);
    if (contact && (keyword === 'opt_out' || keyword === 'opt_in')) await setSmsOptOut(trx, organizationId, contact.id, keyword === 'opt_out', from);
    await publishEvent(trx, { organizationId, type: 'sms_received', actorUserId: null, payload: { messageId: inserted.id, contactId: contact?.id ?? null, from, body: body.slice(0, 500) } });
    const reply = keyword === 'help' ? (await smsOrganization(trx, organizationId)).sms.helpText : null;
    return { reply, duplicate: false };
  });
}

async function setSmsOptOut(trx: Db, organizationId: string, contactId: string, optedOut: boolean, from: string): Promise<void> {
  const changed = await scoped(trx, organizationId)
    .updateTable('contacts')
    .set({ dnc_sms: optedOut, updated_at: new Date() })
    .where('id', '=', contactId)
    .where('dnc_sms', '=', !optedOut)
    .executeTakeFirst();
  if (Number(changed.numUpdatedRows) > 0) {
    await recordActivity(trx, { organizationId, contactId, type: optedOut ? 'sms_opt_out' : 'sms_opt_in', actorUserId: null, payload: { from } });
  }
}

export type StatusParams = { MessageSid?: string; MessageStatus?: string; ErrorCode?: string; ErrorMessage?: string };

/**
 * A delivery report. Found by our message id (in the callback URL, so a report that outruns our
 * own write after the send still lands) or by MessageSid; it only ever moves a message forward.
 * Signed with an organization's own account (`within`), it reaches that organization's messages only.
 */
export async function receiveStatus(deps: AppDeps, messageId: string | null, params: StatusParams, within: string[] | null = null): Promise<void> {
  const sid = params.MessageSid?.trim();
  const status = statusFromProvider(params.MessageStatus?.trim() ?? '');
  if (!sid || !status) return;
  const db = deps.database.db;
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  let query = db
    .selectFrom('sms_messages')
    .select(['id', 'organization_id', 'provider_sid'])
    .where((eb) => (messageId && UUID.test(messageId) ? eb.or([eb('id', '=', messageId), eb('provider_sid', '=', sid)]) : eb('provider_sid', '=', sid)))
    .where('direction', '=', 'outbound');
  if (within) query = query.where('organization_id', 'in', within);
  const row = await query.executeTakeFirst();
  // A report for another message than the one the URL names is ignored.
  if (!row || (row.provider_sid && row.provider_sid !== sid)) return;
  const failed = status === 'failed' || status === 'undelivered';
  const errorCode = failed && params.ErrorCode ? params.ErrorCode : undefined;
  await advanceStatus(deps.database.forOrganization(row.organization_id), { id: row.id, organizationId: row.organization_id }, status, {
    sid,
    ...(errorCode ? { errorCode, errorMessage: readableProviderError(errorCode, params.ErrorMessage ?? `Carrier error ${errorCode}`) } : {}),
  });
}
