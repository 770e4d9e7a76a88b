import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db';
import type { SmsPurpose, SmsStatus } from '../db/schema';
import { scoped } from '../db/scoped';
import { contactsWithPhone, findOrCreateContactByPhone, findOrCreateContactIdsByPhone } from '../contacts/service';
import { requireContact } from '../contacts/lookup';
import { ownerOnlyFilter } from '../organizations/members';
import type { z } from 'zod';
import { DomainError, fieldError, validationError } from '../errors';
import { actorIdOf, type OrgContext } from '../kernel/context';
import { registry } from '../kernel/registry';
import { normalizePhone, type PhoneResult } from '../phone';
import { insertOutboundMessages, optedOutNumbers, smsOrganization, toMessage, type OutboundRecipient } from './repo';
import { updateSettings } from '../organizations/settings';
import { quietHoursReleaser } from './quiet-hours';
import {
  BULK_MAX_RECIPIENTS,
  BULK_TOO_MANY_RECIPIENTS,
  OPTED_OUT_MESSAGE,
  ZSendSmsInput,
  type ZBulkSendSmsInput,
  type ZCreateSmsTemplateInput,
  type ZSendContactSmsInput,
  type ZListSmsMessagesInput,
  type ZSendTemplateSmsInput,
  type ZSmsBatchIdInput,
  type ZSmsConversationInput,
  type ZSmsStatisticsInput,
  type ZSmsTemplateIdInput,
  type ZUpdateSmsSettingsInput,
  type ZUpdateSmsTemplateInput,
  recipientLines,
  renderTemplate,
  sharedNumberMessage,
  smsEncoding,
  templateVariables,
} from './schema';
import { DEFAULT_SMS_TEMPLATES } from './templates';
import { SEND_JOB, sendChunkSize, senderRate, type SendJobData } from './send-job';
import { smsProvider } from './twilio';

// ——— Accepting messages ———

export type RecipientOutcome = { to: string; status: 'queued' | 'accepted' | 'invalid' | 'refused'; error?: string; messageId?: string };

type Acceptance = {
  purpose: Exclude<SmsPurpose, 'inbound'>;
  body: string;
  templateId?: string;
  /** Bulk requests are held by quiet hours; one-to-one sends are not. */
  honourQuietHours: boolean;
  idempotencyKey?: string;
  batch?: boolean;
  /** A batch's numbers that no contact holds become contacts (else they are sent to unlinked). */
  addUnknownAsContacts?: boolean;
  /** A one-to-one message sent from a contact's page or conversation: filed under that contact. */
  contactId?: string;
  /** A batch's entries that came from contacts (a segment), by the entry as given: each message is filed under its contact. */
  contactOf?: Map<string, string>;
};

/**
 * The contact a one-to-one message is filed under: the one it was sent from (the number must be
 * one of its own), else the only contact holding the number (created when none does). A number
 * several contacts share is refused with 409, naming them, until the sender says whose it is.
 */
async function recipientContact(trx: Db, ctx: OrgContext, e164: string, contactId: string | undefined): Promise<string> {
  if (contactId) {
    const contact = await scoped(trx, ctx.organizationId).selectFrom('contacts').select(['id', 'phone', 'other_phones']).where('id', '=', contactId).executeTakeFirst();
    if (!contact) throw new DomainError('NOT_FOUND', 'Contact not found');
    if (contact.phone !== e164 && !contact.other_phones.includes(e164)) {
      const message = `${e164} is not a phone number of this contact`;
      throw fieldError('to', message);
    }
    return contact.id;
  }
  const holders = await contactsWithPhone(trx, ctx.organizationId, e164);
  if (holders.length > 1) {
    throw new DomainError('CONFLICT', sharedNumberMessage(e164, holders), {
      issues: [{ path: 'contactId', message: 'is required: the number belongs to several contacts' }],
      details: { candidates: holders },
    });
  }
  if (holders.length === 1) return holders[0]!.id;
  return (await findOrCreateContactByPhone(trx, ctx.organizationId, e164, { actorUserId: actorIdOf(ctx), via: 'sms' })).contact.id;
}

/**
 * The one path every outbound message takes before a worker sends it: numbers normalized to E.164
 * in the organization's country, duplicates dropped, invalid and opted-out recipients reported one
 * by one (opted-out ones are kept as refused messages), quiet hours applied, and the messages and
 * their send jobs written in ONE transaction. The caller is answered once they are stored and queued.
 */
async function acceptMessages(ctx: OrgContext, rawRecipients: string[], options: Acceptance) {
  const org = await smsOrganization(ctx.db, ctx.organizationId);
  const provider = smsProvider(ctx.deps.config);
  const now = new Date();
  const release = quietHoursReleaser(options.honourQuietHours ? org.sms.quietHours : null, org.timezone, now);
  const { encoding, segments } = smsEncoding(options.body);

  const outcomes: RecipientOutcome[] = [];
  const valid = new Map<string, { outcome: RecipientOutcome; country: string | undefined }>();
  // A pasted list repeats numbers: each distinct entry is parsed once (libphonenumber is most of this loop's time).
  const parsed = new Map<string, PhoneResult>();
  const segmentContact = new Map<string, string>();
  for (const raw of rawRecipients) {
    let phone = parsed.get(raw);
    if (!phone) parsed.set(raw, (phone = normalizePhone(raw, org.country)));
    if (!phone.ok) {
      outcomes.push({ to: raw, status: 'invalid', error: `Invalid phone number: ${phone.reason}` });
      continue;
    }
    const knownContact = options.contactOf?.get(raw);
    if (knownContact && !segmentContact.has(phone.e164)) segmentContact.set(phone.e164, knownContact);
    if (valid.has(phone.e164)) continue;
    const outcome: RecipientOutcome = { to: phone.e164, status: 'queued' };
    valid.set(phone.e164, { outcome, country: phone.country });
    outcomes.push(outcome);
  }

  const result = await ctx.db.transaction().execute(async (trx) => {
    const optedOut = await optedOutNumbers(trx, ctx.organizationId, [...valid.keys()]);
    // Asked to, a batch makes contacts of its unknown numbers now; otherwise the worker links the known ones.
    const created = options.addUnknownAsContacts
      ? (
          await findOrCreateContactIdsByPhone(
            trx,
            ctx.organizationId,
            [...valid.keys()].filter((e164) => !optedOut.has(e164)),
            { actorUserId: actorIdOf(ctx), via: 'sms' },
          )
        ).ids
      : new Map<string, string>();
    const recipients: OutboundRecipient[] = [];
    for (const [e164, { outcome, country }] of valid) {
      const refused = optedOut.has(e164);
      // A one-to-one message joins its contact's conversation at once; bulk recipients are linked by the worker.
      const contactId = options.batch ? (segmentContact.get(e164) ?? created.get(e164) ?? null) : options.contactId || !refused ? await recipientContact(trx, ctx, e164, options.contactId) : null;
      const sendAfter = refused ? null : release(country);
      outcome.status = refused ? 'refused' : sendAfter ? 'accepted' : 'queued';
      if (refused) outcome.error = OPTED_OUT_MESSAGE;
      recipients.push({
        id: randomUUID(),
        to_number: e164,
        status: outcome.status as SmsStatus,
        contact_id: contactId,
        error_message: refused ? OPTED_OUT_MESSAGE : null,
        idempotency_key: options.idempotencyKey ? (options.batch ? `${options.idempotencyKey}:${e164}` : options.idempotencyKey) : null,
        send_after: sendAfter,
        failed_at: refused ? now : null,
      });
    }
    const accepted = outcomes.filter((o) => o.status === 'queued' || o.status === 'accepted').length;
    const batch = options.batch
      ? await scoped(trx, ctx.organizationId)
          .insertInto('sms_batches', { created_by: actorIdOf(ctx), body: options.body, recipient_count: outcomes.length, accepted_count: accepted, rejected_count: outcomes.length - accepted })
          .returning('id')
          .executeTakeFirstOrThrow()
      : null;
    const inserted = await insertOutboundMessages(
      trx,
      ctx.organizationId,
      {
        purpose: options.purpose,
        body: options.body,
        encoding,
        segments,
        from_number: provider.sender.startsWith('+') ? provider.sender : null,
        batch_id: batch?.id ?? null,
        template_id: options.templateId ?? null,
        created_by: actorIdOf(ctx),
      },
      recipients,
    );
    // A one-to-one message is a conversation's (the inbox's SMS thread); a bulk send opens none.
    for (const recipient of recipients) {
      if (!options.batch && inserted.has(recipient.id) && recipient.contact_id) {
        const touch = { organizationId: ctx.organizationId, channel: 'sms', contactId: recipient.contact_id, phone: recipient.to_number, direction: 'outbound', preview: options.body } as const;
        await registry().touchConversation(trx, touch);
      }
    }
    const stored = new Map<string, string>();
    // The messages to send, by the moment they may go (quiet hours release each country at its own time).
    const byStart = new Map<number, { startAfter: Date | null; ids: string[] }>();
    for (const recipient of recipients) {
      if (!inserted.has(recipient.id)) continue;
      stored.set(recipient.to_number, recipient.id);
      if (recipient.status === 'refused') continue;
      const key = recipient.send_after?.getTime() ?? 0;
      const group = byStart.get(key) ?? { startAfter: recipient.send_after, ids: [] };
      group.ids.push(recipient.id);
      byStart.set(key, group);
    }
    const chunk = sendChunkSize(senderRate(ctx.deps, provider));
    const jobs: { data: SendJobData; startAfter?: Date }[] = [];
    for (const { startAfter, ids } of byStart.values()) {
      for (let i = 0; i < ids.length; i += chunk) {
        jobs.push({ data: { organizationId: ctx.organizationId, messageIds: ids.slice(i, i + chunk) }, ...(startAfter ? { startAfter } : {}) });
      }
    }
    await ctx.deps.jobs.sendMany(SEND_JOB, jobs, { db: trx });
    return { batchId: batch?.id ?? null, stored, accepted };
  });

  for (const outcome of outcomes) {
    const id = result.stored.get(outcome.to);
    if (id) outcome.messageId = id;
  }
  return { outcomes, batchId: result.batchId, accepted: result.accepted };
}

/** The outcome of a one-recipient acceptance as the message, or the error the caller sees. */
async function acceptOne(ctx: OrgContext, to: string, options: Acceptance): Promise<{ messageId: string; status: SmsStatus }> {
  const { outcomes } = await acceptMessages(ctx, [to], options);
  const outcome = outcomes[0]!;
  if (outcome.status === 'invalid') throw fieldError('to', outcome.error!);
  if (outcome.status === 'refused') throw new DomainError('FORBIDDEN', OPTED_OUT_MESSAGE);
  if (outcome.messageId) return { messageId: outcome.messageId, status: outcome.status };
  // Stored before under the same idempotency key: the first request's message.
  const existing = await scoped(ctx.db, ctx.organizationId).selectFrom('sms_messages').select(['id', 'status']).where('idempotency_key', '=', options.idempotencyKey!).executeTakeFirstOrThrow();
  return { messageId: existing.id, status: existing.status };
}

export async function sendSms(ctx: OrgContext, input: z.output<typeof ZSendSmsInput>) {
  return acceptOne(ctx, input.to, {
    purpose: 'single',
    body: input.message,
    honourQuietHours: false,
    ...(input.idempotencyKey ? { idempotencyKey: input.idempotencyKey } : {}),
    ...(input.contactId ? { contactId: input.contactId } : {}),
  });
}

/** An SMS to a contact's own number: a contact the caller may see, with a phone; opt-outs refuse it like any send. */
export async function sendSmsToContact(ctx: OrgContext, input: z.output<typeof ZSendContactSmsInput>) {
  const contact = await requireContact(ctx.db, ctx.organizationId, input.contactId, await ownerOnlyFilter(ctx.db, ctx.auth));
  if (!contact.phone) throw new DomainError('CONFLICT', 'contactId: the contact has no phone number', { issues: [{ path: 'contactId', message: 'has no phone number' }] });
  const sent = await sendSms(ctx, { to: contact.phone, message: input.message, contactId: contact.id, ...(input.idempotencyKey ? { idempotencyKey: input.idempotencyKey } : {}) });
  return { ...sent, to: contact.phone };
}

/**
 * A message an automation sends to one contact (server/automations): opt-outs refuse it like any
 * send, and, unlike a person's one-to-one message, quiet hours hold it like a bulk send.
 */
export async function sendAutomatedSms(ctx: OrgContext, input: { to: string; message: string; contactId: string; idempotencyKey: string }) {
  return acceptOne(ctx, input.to, { purpose: 'single', body: input.message, honourQuietHours: true, idempotencyKey: input.idempotencyKey, contactId: input.contactId });
}

export async function bulkSendSms(ctx: OrgContext, input: z.output<typeof ZBulkSendSmsInput>) {
  return bulkSendSmsWith(ctx, input, []);
}

/**
 * A bulk send to pasted numbers and to contacts already chosen (a campaign segment, resolved by
 * server/campaigns): one batch through the same path (opt-outs, quiet hours, the sender's rate),
 * each contact's message filed under that contact. `field` names the input the contacts came from.
 */
export async function bulkSendSmsToContacts(
  ctx: OrgContext,
  input: { recipients: string[]; message: string; idempotencyKey?: string | undefined; addUnknownAsContacts: boolean },
  contacts: { id: string; phone: string }[],
  field: string,
) {
  if (contacts.length === 0 && input.recipients.flatMap(recipientLines).length === 0) throw fieldError(field, 'reaches no contact with a phone number who has not opted out');
  return bulkSendSmsWith(ctx, input, contacts, field);
}

async function bulkSendSmsWith(
  ctx: OrgContext,
  input: { recipients: string[]; message: string; idempotencyKey?: string | undefined; addUnknownAsContacts: boolean },
  contacts: { id: string; phone: string }[],
  field = 'recipients',
) {
  // Spec §5: one number per entry, trimmed, empty ones dropped (a pasted block may hold several lines).
  const pasted = input.recipients.flatMap(recipientLines);
  const recipients = [...pasted, ...contacts.map((c) => c.phone)];
  if (recipients.length === 0) throw fieldError('recipients', 'must contain at least one phone number');
  // Every entry counts, repeated ones too (each gets a line in the answer).
  if (recipients.length > BULK_MAX_RECIPIENTS) {
    throw fieldError(pasted.length > BULK_MAX_RECIPIENTS ? 'recipients' : field, BULK_TOO_MANY_RECIPIENTS);
  }
  const { outcomes, batchId, accepted } = await acceptMessages(ctx, recipients, {
    purpose: 'bulk',
    body: input.message,
    honourQuietHours: true,
    batch: true,
    addUnknownAsContacts: input.addUnknownAsContacts,
    ...(contacts.length > 0 ? { contactOf: new Map(contacts.map((c) => [c.phone, c.id])) } : {}),
    ...(input.idempotencyKey ? { idempotencyKey: input.idempotencyKey } : {}),
  });
  return {
    successful: accepted,
    failed: outcomes.length - accepted,
    batchId: batchId!,
    results: outcomes.map((o) => ({ to: o.to, status: o.status, ...(o.error ? { error: o.error } : {}), ...(o.messageId ? { messageId: o.messageId } : {}) })),
  };
}

export async function sendTemplateSms(ctx: OrgContext, input: z.output<typeof ZSendTemplateSmsInput>) {
  const template = await requireTemplate(ctx, input.templateId);
  const { text, missing } = renderTemplate(template.message, input.variables);
  if (missing.length > 0) {
    const issues = missing.map((name) => ({ path: `variables.${name}`, message: 'is required by the template' }));
    throw new DomainError('VALIDATION', `variables.${missing[0]!}: is required by the template`, { issues });
  }
  // The filled-in text obeys the rules of a message typed by hand (its length).
  const rendered = ZSendSmsInput.shape.message.safeParse(text);
  if (!rendered.success) throw validationError(rendered.error);
  return acceptOne(ctx, input.to, {
    purpose: 'template',
    body: rendered.data,
    templateId: template.id,
    honourQuietHours: false,
    ...(input.idempotencyKey ? { idempotencyKey: input.idempotencyKey } : {}),
    ...(input.contactId ? { contactId: input.contactId } : {}),
  });
}

// ——— Templates ———

const templateNotFound = () => new DomainError('NOT_FOUND', 'Template not found');

function toTemplate(row: { id: string; name: string; category: string; message: string; variables: string[] }) {
  return { id: row.id, name: row.name, category: row.category, message: row.message, variables: row.variables };
}

async function requireTemplate(ctx: Pick<OrgContext, 'db' | 'organizationId'>, id: string) {
  const row = await scoped(ctx.db, ctx.organizationId).selectFrom('sms_templates').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw templateNotFound();
  return row;
}

/** Seeds the default templates the first time an organization looks at its templates. */
async function seedTemplates(ctx: Pick<OrgContext, 'db' | 'organizationId'>): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    let seeded = false;
    await updateSettings(trx, ctx.organizationId, (current) => {
      seeded = current.smsTemplatesSeeded;
      return { smsTemplatesSeeded: true };
    });
    if (seeded) return;
    await scoped(trx, ctx.organizationId)
      .insertInto(
        'sms_templates',
        DEFAULT_SMS_TEMPLATES.map((t) => ({ ...t, variables: templateVariables(t.message) })),
      )
      .onConflict((oc) => oc.columns(['organization_id', 'name']).doNothing())
      .execute();
  });
}

export async function listTemplates(ctx: Pick<OrgContext, 'db' | 'organizationId'>) {
  const org = await smsOrganization(ctx.db, ctx.organizationId);
  if (!org.templatesSeeded) await seedTemplates(ctx);
  const rows = await scoped(ctx.db, ctx.organizationId).selectFrom('sms_templates').selectAll().orderBy('name').orderBy('id').execute();
  return rows.map(toTemplate);
}

export async function getTemplate(ctx: Pick<OrgContext, 'db' | 'organizationId'>, { id }: z.output<typeof ZSmsTemplateIdInput>) {
  return toTemplate(await requireTemplate(ctx, id));
}

const duplicateName = () => new DomainError('CONFLICT', 'name: a template with this name already exists', { issues: [{ path: 'name', message: 'a template with this name already exists' }] });

async function assertNameFree(db: Db, organizationId: string, name: string, exceptId?: string) {
  let query = scoped(db, organizationId)
    .selectFrom('sms_templates')
    .select('id')
    .where(sql<boolean>`lower(name) = lower(${name})`);
  if (exceptId) query = query.where('id', '!=', exceptId);
  if (await query.executeTakeFirst()) throw duplicateName();
}

export async function createTemplate(ctx: Pick<OrgContext, 'db' | 'organizationId'>, input: z.output<typeof ZCreateSmsTemplateInput>) {
  return ctx.db.transaction().execute(async (trx) => {
    await assertNameFree(trx, ctx.organizationId, input.name);
    const row = await scoped(trx, ctx.organizationId)
      .insertInto('sms_templates', { ...input, variables: templateVariables(input.message) })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toTemplate(row);
  });
}

export async function updateTemplate(ctx: Pick<OrgContext, 'db' | 'organizationId'>, { id, ...changes }: z.output<typeof ZUpdateSmsTemplateInput>) {
  return ctx.db.transaction().execute(async (trx) => {
    const current = await requireTemplate({ db: trx, organizationId: ctx.organizationId }, id);
    if (changes.name !== undefined) await assertNameFree(trx, ctx.organizationId, changes.name, id);
    const message = changes.message ?? current.message;
    const row = await scoped(trx, ctx.organizationId)
      .updateTable('sms_templates')
      .set({ ...changes, variables: templateVariables(message), updated_at: new Date() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toTemplate(row);
  });
}

export async function deleteTemplate(ctx: Pick<OrgContext, 'db' | 'organizationId'>, { id }: z.output<typeof ZSmsTemplateIdInput>) {
  const deleted = await scoped(ctx.db, ctx.organizationId).deleteFrom('sms_templates').where('id', '=', id).executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) throw templateNotFound();
  return { id };
}

// ——— Account and settings ———

export async function smsAccount(ctx: Pick<OrgContext, 'deps'>) {
  const provider = smsProvider(ctx.deps.config);
  try {
    const account = await provider.account();
    return { account: { status: account.status, friendlyName: account.friendlyName, mode: account.mode }, phoneNumbers: account.phoneNumbers };
  } catch (error) {
    throw new DomainError('BAD_GATEWAY', `The SMS provider could not be reached: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

export async function smsSettings(ctx: Pick<OrgContext, 'db' | 'organizationId'>) {
  return (await smsOrganization(ctx.db, ctx.organizationId)).sms;
}

export async function updateSmsSettings(ctx: Pick<OrgContext, 'db' | 'organizationId'>, input: z.output<typeof ZUpdateSmsSettingsInput>) {
  await ctx.db.transaction().execute((trx) => updateSettings(trx, ctx.organizationId, { sms: input }));
  return smsSettings(ctx);
}

// ——— Reading messages ———

export async function listMessages(ctx: Pick<OrgContext, 'db' | 'organizationId'>, input: z.output<typeof ZListSmsMessagesInput>) {
  let query = scoped(ctx.db, ctx.organizationId).selectFrom('sms_messages').selectAll();
  if (input.direction) query = query.where('direction', '=', input.direction);
  if (input.status) query = query.where('status', '=', input.status);
  if (input.batchId) query = query.where('batch_id', '=', input.batchId);
  if (input.before) query = query.where('created_at', '<', new Date(input.before));
  const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(input.limit).execute();
  return rows.map(toMessage);
}

/** The newest message of each contact's conversation, newest conversation first. */
export async function listConversations(ctx: Pick<OrgContext, 'db' | 'organizationId'>) {
  const { rows } = await sql<{ contact_id: string; body: string; direction: string; status: string; created_at: Date; first_name: string; last_name: string; phone: string | null; inbound: number }>`
    select latest.contact_id, latest.body, latest.direction, latest.status, latest.created_at,
           contacts.first_name, contacts.last_name, contacts.phone, latest.inbound::int as inbound
    from (
      select distinct on (m.contact_id) m.contact_id, m.body, m.direction, m.status, m.created_at,
             count(*) filter (where m.direction = 'inbound') over (partition by m.contact_id) as inbound
      from sms_messages m
      where m.organization_id = ${ctx.organizationId} and m.contact_id is not null
      order by m.contact_id, m.created_at desc
    ) latest
    join contacts on contacts.id = latest.contact_id and contacts.organization_id = ${ctx.organizationId}
    order by latest.created_at desc
    limit 100
  `.execute(ctx.db);
  return rows.map((r) => ({
    contactId: r.contact_id,
    name: `${r.first_name} ${r.last_name}`.trim() || r.phone || 'Unknown contact',
    phone: r.phone,
    lastMessage: { body: r.body, direction: r.direction as 'inbound' | 'outbound', status: r.status as SmsStatus, createdAt: new Date(r.created_at).toISOString() },
    inboundCount: Number(r.inbound),
  }));
}

export async function conversation(ctx: Pick<OrgContext, 'db' | 'organizationId'>, input: z.output<typeof ZSmsConversationInput>) {
  const contact = await scoped(ctx.db, ctx.organizationId).selectFrom('contacts').select(['id', 'first_name', 'last_name', 'phone', 'dnc_sms']).where('id', '=', input.contactId).executeTakeFirst();
  if (!contact) throw new DomainError('NOT_FOUND', 'Contact not found');
  let query = scoped(ctx.db, ctx.organizationId).selectFrom('sms_messages').selectAll().where('contact_id', '=', contact.id);
  if (input.before) query = query.where('created_at', '<', new Date(input.before));
  const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(input.limit).execute();
  return {
    contact: { id: contact.id, name: `${contact.first_name} ${contact.last_name}`.trim() || contact.phone || 'Unknown contact', phone: contact.phone, optedOut: contact.dnc_sms },
    // Oldest first, as a conversation reads.
    messages: rows.reverse().map(toMessage),
  };
}

export async function batchProgress(ctx: Pick<OrgContext, 'db' | 'organizationId' | 'deps'>, { batchId }: z.output<typeof ZSmsBatchIdInput>) {
  const batch = await scoped(ctx.db, ctx.organizationId).selectFrom('sms_batches').selectAll().where('id', '=', batchId).executeTakeFirst();
  if (!batch) throw new DomainError('NOT_FOUND', 'Batch not found');
  const rows = await scoped(ctx.db, ctx.organizationId)
    .selectFrom('sms_messages')
    .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
    .where('batch_id', '=', batchId)
    .groupBy('status')
    .execute();
  const count = (...statuses: SmsStatus[]) => rows.filter((r) => statuses.includes(r.status)).reduce((sum, r) => sum + Number(r.count), 0);
  const queued = count('accepted', 'queued', 'sending');
  // The sandbox reports every message it sent as delivered (its report job commits with the send),
  // so there 'sent' is not an end state. Twilio's receipts may never come for some carriers: with
  // Twilio a batch is done once every message has left our queue.
  const awaitingReport = smsProvider(ctx.deps.config).mode === 'sandbox' ? count('sent') : 0;
  return {
    id: batch.id,
    total: batch.recipient_count,
    accepted: batch.accepted_count,
    rejected: batch.rejected_count,
    queued,
    sent: count('sent'),
    delivered: count('delivered'),
    failed: count('failed', 'undelivered'),
    refused: count('refused'),
    // Every message is in an end state (with Twilio: has left our queue; its delivery receipts may still come).
    done: queued === 0 && awaitingReport === 0,
    createdAt: batch.created_at.toISOString(),
  };
}

/** Analytics tab: real figures per day in the organization's time zone, and their totals. */
export async function smsStatistics(ctx: Pick<OrgContext, 'db' | 'organizationId'>, { days }: z.output<typeof ZSmsStatisticsInput>) {
  const org = await smsOrganization(ctx.db, ctx.organizationId);
  const since = new Date(Date.now() - days * 86_400_000);
  const { rows } = await sql<{ day: string; sent: number; delivered: number; failed: number; replies: number; opt_outs: number }>`
    with messages as (
      select to_char(created_at at time zone ${org.timezone}, 'YYYY-MM-DD') as day,
        count(*) filter (where direction = 'outbound' and sent_at is not null)::int as sent,
        count(*) filter (where direction = 'outbound' and status = 'delivered')::int as delivered,
        count(*) filter (where direction = 'outbound' and status in ('failed', 'undelivered'))::int as failed,
        count(*) filter (where direction = 'inbound')::int as replies
      from sms_messages
      where organization_id = ${ctx.organizationId} and created_at >= ${since}
      group by 1
    ), opt_outs as (
      select to_char(created_at at time zone ${org.timezone}, 'YYYY-MM-DD') as day, count(*)::int as opt_outs
      from activities
      where organization_id = ${ctx.organizationId} and type = 'sms_opt_out' and created_at >= ${since}
      group by 1
    )
    select coalesce(m.day, o.day) as day, coalesce(m.sent, 0) as sent, coalesce(m.delivered, 0) as delivered,
           coalesce(m.failed, 0) as failed, coalesce(m.replies, 0) as replies, coalesce(o.opt_outs, 0) as opt_outs
    from messages m full join opt_outs o on o.day = m.day
    order by 1
  `.execute(ctx.db);
  const byDay = rows.map((r) => ({ day: r.day, sent: Number(r.sent), delivered: Number(r.delivered), failed: Number(r.failed), replies: Number(r.replies), optOuts: Number(r.opt_outs) }));
  const sum = (key: 'sent' | 'delivered' | 'failed' | 'replies' | 'optOuts') => byDay.reduce((total, d) => total + d[key], 0);
  const totals = { sent: sum('sent'), delivered: sum('delivered'), failed: sum('failed'), replies: sum('replies'), optOuts: sum('optOuts') };
  return { days, timeZone: org.timezone, totals: { ...totals, deliveryRate: totals.sent > 0 ? totals.delivered / totals.sent : null }, byDay };
}
