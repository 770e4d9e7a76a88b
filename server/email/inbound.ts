import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { recordActivity } from '../activities/service';
import type { Db } from '../db';
import { scoped } from '../db/scoped';
import type { AppDeps } from '../deps';
import { fieldError } from '../errors';
import { publishEvent } from '../events/publish';
import { registry } from '../kernel/registry';
import { parseInboundEmail, proseBounce, type DeliveryStatus, type FeedbackReport, type InboundEmail } from './inbound-parse';
import { recordEmailEvent } from './outbox';
import type { TInboundOutcome } from './schema';
import { suppressAddress } from './suppressions';
import { unsubscribeByMail } from './unsubscribe';

export type InboundResult = { outcome: TInboundOutcome; messageId?: string };

/** Envelope facts a raw message does not carry: the SMTP listener's RCPT TO addresses. */
export type InboundEnvelope = { recipients?: string[] };

/**
 * The most of a message's text and HTML kept (characters each): what a person writes fits many
 * times over; the rest of a 25 MB message is attachments and quoted history, which are not stored.
 */
const STORED_BODY_CHARS = 1_000_000;

const MESSAGE_COLUMNS = ['id', 'organization_id', 'direction', 'kind', 'status', 'contact_id', 'thread_id', 'to_address', 'from_address', 'message_id'] as const;
type KnownMessage = {
  id: string;
  organization_id: string | null;
  direction: 'outbound' | 'inbound';
  kind: string;
  status: string;
  contact_id: string | null;
  thread_id: string | null;
  to_address: string;
  from_address: string;
  message_id: string;
};

/** System lookups: the organization is found from the message itself (decision 024), then written for. */
async function messageByToken(deps: AppDeps, token: string | null): Promise<KnownMessage | undefined> {
  if (!token) return undefined;
  // Tokens are lower-case hex; some relays change the case of a local part.
  return deps.database.db.selectFrom('email_messages').select(MESSAGE_COLUMNS).where('token', '=', token.toLowerCase()).where('direction', '=', 'outbound').executeTakeFirst();
}

/** The first of these Message-IDs that names a message of ours, in the order given. */
async function messageByIds(deps: AppDeps, ids: (string | null)[]): Promise<KnownMessage | undefined> {
  const candidates = [...new Set(ids.filter((id): id is string => id !== null))].slice(0, 50);
  if (candidates.length === 0) return undefined;
  const rows = await deps.database.db.selectFrom('email_messages').select(MESSAGE_COLUMNS).where('message_id', 'in', candidates).execute();
  return candidates.map((id) => rows.find((row) => row.message_id === id)).find((row) => row !== undefined);
}

const organizationDb = (deps: AppDeps, organizationId: string | null): Db => (organizationId ? deps.database.forOrganization(organizationId) : deps.database.db);

/**
 * Takes one raw inbound message (the webhook's body or what the SMTP listener received) and does
 * what it is: a mailto unsubscribe, a bounce (VERP return path or a delivery-status report), an
 * automatic answer (ignored, not stored), or a reply threaded to the message it answers. Mail that
 * matches none of our messages is logged and dropped.
 */
export async function receiveInboundEmail(deps: AppDeps, raw: Buffer | string, envelope: InboundEnvelope = {}): Promise<InboundResult> {
  const email = await parseInboundEmail(raw, envelope.recipients).catch((error: unknown) => {
    // mailparser refuses little (a header block over 1 MB, too many parts): the sender's fault, not ours.
    throw fieldError('body', `must be a MIME message (${error instanceof Error ? error.message : String(error)})`);
  });
  if (email.tokens.unsubscribe) return receiveUnsubscribe(deps, email, email.tokens.unsubscribe);
  if (email.feedback) return receiveComplaint(deps, email, email.feedback);
  if (email.dsn || email.tokens.bounce) return receiveBounce(deps, email);
  if (email.isAutoReply) return ignored(deps, email, 'automatic answer');
  return receiveReply(deps, email);
}

function ignored(deps: AppDeps, email: InboundEmail, why: string): InboundResult {
  deps.logger.info({ from: email.from?.address, to: email.to, messageId: email.messageId, why }, 'inbound e-mail ignored');
  return { outcome: 'ignored' };
}

function unmatched(deps: AppDeps, email: InboundEmail, why: string): InboundResult {
  deps.logger.info({ from: email.from?.address, to: email.to, messageId: email.messageId, inReplyTo: email.inReplyTo, why }, 'inbound e-mail unmatched');
  return { outcome: 'unmatched' };
}

/** List-Unsubscribe's mailto (local+u.<token>@…): the message's recipient goes on its organization's list. */
async function receiveUnsubscribe(deps: AppDeps, email: InboundEmail, token: string): Promise<InboundResult> {
  // Tokens are lower-case hex; some relays change the case of a local part.
  const unsubscribed = await unsubscribeByMail(deps, token.toLowerCase());
  return unsubscribed ? { outcome: 'unsubscribed', messageId: unsubscribed.messageId } : unmatched(deps, email, 'unknown unsubscribe token');
}

/**
 * A feedback-loop report (ARF): the recipient marked the message as spam. Named by the reported
 * copy's Message-ID (else the VERP token, for loops that answer the return path): the message gets
 * its 'complained' event once and the address goes on the organization's list (a complaint, which
 * the recipient cannot lift by resubscribing). A "not-spam" report, or one of an account e-mail
 * (no organization list), changes nothing.
 */
async function receiveComplaint(deps: AppDeps, email: InboundEmail, report: FeedbackReport): Promise<InboundResult> {
  if (report.feedbackType === 'not-spam') return ignored(deps, email, 'feedback report: not-spam');
  const message = (await messageByIds(deps, [report.originalMessageId])) ?? (await messageByToken(deps, email.tokens.bounce));
  if (!message || message.direction !== 'outbound') return unmatched(deps, email, 'complaint about an unknown message');
  const { organization_id: organizationId } = message;
  if (!organizationId) return ignored(deps, email, 'complaint about an account e-mail');
  await deps.database
    .forOrganization(organizationId)
    .transaction()
    .execute(async (trx) => {
      const known = await scoped(trx, organizationId).selectFrom('email_events').select('id').where('email_message_id', '=', message.id).where('type', '=', 'complained').executeTakeFirst();
      if (!known) await recordEmailEvent(trx, { id: message.id, organizationId, contactId: message.contact_id }, 'complained', `Marked as spam (${report.feedbackType ?? 'abuse'} report)`);
      await suppressAddress(trx, organizationId, message.to_address, 'complaint', message.id);
    });
  return { outcome: 'complaint', messageId: message.id };
}

const BOUNCEABLE: readonly string[] = ['sending', 'sent', 'delivered', 'bounced'];

const describe = (report: DeliveryStatus) => `${report.severity === 'hard' ? 'Hard' : 'Soft'} bounce${report.status ? ` ${report.status}` : ''}${report.diagnostic ? `: ${report.diagnostic}` : ''}`;

/**
 * A bounce names its message by the VERP return path's token, else by the report's
 * Original-Message-ID / original headers. A permanent failure marks the message bounced and
 * suppresses the address (the organization's list; the global list for account mail); a transient
 * one marks it bounced only; a delay is noted on the message, which the remote server still tries.
 */
async function receiveBounce(deps: AppDeps, email: InboundEmail): Promise<InboundResult> {
  // Vacation responders answer the return path too (RFC 3834): without a report, an automatic answer is no bounce.
  if (!email.dsn && email.isAutoReply) return ignored(deps, email, 'automatic answer to the return path');
  const report = email.dsn ?? proseBounce(email.text);
  if (!report.severity) return ignored(deps, email, `delivery report: ${report.action ?? 'no action'}`);
  const message = (await messageByToken(deps, email.tokens.bounce)) ?? (await messageByIds(deps, [report.originalMessageId]));
  if (!message || message.direction !== 'outbound') return unmatched(deps, email, 'bounce of an unknown message');
  const { organization_id: organizationId } = message;
  const ref = { id: message.id, organizationId, contactId: message.contact_id };
  const detail = describe(report);

  await organizationDb(deps, organizationId)
    .transaction()
    .execute(async (trx) => {
      if (report.action === 'delayed') {
        await recordEmailEvent(trx, ref, 'retry', `Delayed by the receiving server${report.status ? ` ${report.status}` : ''}${report.diagnostic ? `: ${report.diagnostic}` : ''}`);
        return;
      }
      if (message.status !== 'bounced' && BOUNCEABLE.includes(message.status)) {
        const messages = organizationId ? scoped(trx, organizationId).updateTable('email_messages') : trx.updateTable('email_messages').where('organization_id', 'is', null);
        await messages.set({ status: 'bounced', error: detail, updated_at: new Date() }).where('id', '=', message.id).execute();
        await recordEmailEvent(trx, ref, 'bounced', detail, 'bounced');
      }
      if (report.severity !== 'hard') return;
      if (organizationId) await suppressAddress(trx, organizationId, message.to_address, 'hard_bounce', message.id);
      if (message.kind === 'account') {
        await trx
          .insertInto('email_bounced_addresses')
          .values({ address: message.to_address, detail })
          .onConflict((oc) => oc.column('address').doUpdateSet({ bounced_at: new Date(), detail }))
          .execute();
      }
    });
  return { outcome: 'bounce', messageId: message.id };
}

/** The organization's contact with this address (primary or other), the oldest first. */
async function contactByAddress(trx: Db, organizationId: string, address: string): Promise<string | null> {
  const contact = await scoped(trx, organizationId)
    .selectFrom('contacts')
    .select('id')
    .where((eb) => eb.or([eb(sql`lower(contacts.email)`, '=', address), eb(sql`${address}`, '=', sql`any(contacts.other_emails)`)]))
    .orderBy('created_at')
    .limit(1)
    .executeTakeFirst();
  return contact?.id ?? null;
}

/**
 * A reply, threaded by In-Reply-To / References to any message of ours, else by the reply
 * token of the plus-addressed Reply-To: stored in that message's organization, thread and contact
 * (else the organization's contact with the sender's address), on the contact's timeline, and
 * announced by `email_received`.
 */
async function receiveReply(deps: AppDeps, email: InboundEmail): Promise<InboundResult> {
  // In-Reply-To first, then References from the newest back, then the Reply-To token.
  const answered = (await messageByIds(deps, [email.inReplyTo, ...[...email.references].reverse()])) ?? (await messageByToken(deps, email.tokens.reply));
  if (!answered?.organization_id) return unmatched(deps, email, answered ? 'reply to an account e-mail' : 'no known message');
  if (!email.from) return unmatched(deps, email, 'no sender');
  const organizationId = answered.organization_id;
  const from = email.from;
  // Message-IDs are unique across organizations (a system lookup): the same message delivered again is
  // stored once; a missing id, or one another message already holds, is replaced by ours.
  const holder = email.messageId
    ? await deps.database.db.selectFrom('email_messages').select(['id', 'organization_id', 'direction']).where('message_id', '=', email.messageId).executeTakeFirst()
    : undefined;
  if (holder?.direction === 'inbound' && holder.organization_id === organizationId) return { outcome: 'threaded', messageId: holder.id };
  const messageId = email.messageId && !holder ? email.messageId : `<${randomUUID()}@inbound.switchboard>`;

  return deps.database
    .forOrganization(organizationId)
    .transaction()
    .execute(async (trx) => {
      const db = scoped(trx, organizationId);
      const threadId = answered.thread_id ?? answered.id;
      // The first message of a thread is its id; saying so on the row keeps `thread_id = …` the whole thread.
      if (!answered.thread_id) await db.updateTable('email_messages').set({ thread_id: threadId }).where('id', '=', answered.id).execute();
      const contactId = answered.contact_id ?? (await contactByAddress(trx, organizationId, from.address));
      const { id } = await db
        .insertInto('email_messages', {
          direction: 'inbound',
          kind: 'one_to_one',
          status: 'received',
          contact_id: contactId,
          from_address: from.address,
          from_name: from.name ?? '',
          to_address: email.to[0] ?? answered.from_address,
          subject: email.subject,
          html: (email.html ?? '').slice(0, STORED_BODY_CHARS),
          text: email.text.slice(0, STORED_BODY_CHARS),
          message_id: messageId,
          in_reply_to: email.inReplyTo,
          references: email.references.slice(-100),
          thread_id: threadId,
          token: randomBytes(12).toString('hex'),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await recordEmailEvent(trx, { id, organizationId, contactId }, 'received', null);
      await recordActivity(trx, {
        organizationId,
        contactId,
        type: 'email_in',
        actorUserId: null,
        payload: { messageId: id, from: from.address, subject: email.subject, body: email.text.slice(0, 500) },
      });
      await registry().touchConversation(trx, { organizationId, channel: 'email', threadId, contactId, direction: 'inbound', preview: email.text || email.subject });
      await publishEvent(trx, { organizationId, type: 'email_received', actorUserId: null, payload: { id, contactId, threadId, from: from.address, subject: email.subject } });
      return { outcome: 'threaded' as const, messageId: id };
    });
}
