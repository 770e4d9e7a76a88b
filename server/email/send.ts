import { sql, type Selectable } from 'kysely';
import type { z } from 'zod';
import type { EmailMessagesTable } from '../db/schema';
import { scoped } from '../db/scoped';
import { DomainError, fieldError, unknownRecord } from '../errors';
import type { OrgContext } from '../kernel/context';
import { ownerOnlyFilter } from '../organizations/members';
import type { Db } from '../db';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { renderTemplate } from '../templates/variables';
import { decodePageCursor, encodePageCursor } from './paging';
import type { ZEmailIdInput, ZListEmailsInput, ZPreviewEmailInput } from './schema';
import { requireEmailTemplate, type TemplateRow } from './templates';
import { htmlToText } from './plain-text';

export type Draft = z.output<typeof ZPreviewEmailInput>;
type Recipient = { address: string; name: string | null; contactId: string | null; values: Record<string, string> };

/** What a contact gives a template: its fields under the names people write ({{firstName}}, {{company}}…), and its custom fields by key. */
export function contactValues(contact: {
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
  company_name: string | null;
  job_title: string | null;
  custom_fields: Record<string, string | number | null>;
}): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(contact.custom_fields ?? {})) if (value !== null && value !== '') values[key] = String(value);
  const name = `${contact.first_name} ${contact.last_name}`.trim();
  Object.assign(values, {
    firstName: contact.first_name,
    lastName: contact.last_name,
    name,
    fullName: name,
    email: contact.email ?? '',
    phone: contact.phone ?? '',
    company: contact.company_name ?? '',
    companyName: contact.company_name ?? '',
    jobTitle: contact.job_title ?? '',
  });
  return values;
}

const CONTACT_COLUMNS = ['id', 'first_name', 'last_name', 'email', 'other_emails', 'phone', 'company_name', 'job_title', 'custom_fields', 'dnc_email', 'created_at'] as const;

export type ResolvedRecipient = Recipient & { doNotEmail: boolean };

/**
 * The contacts the recipients name, as two subqueries of one select (recipientsFrom reads them
 * back): those of the contact ids, with their owner (for the owner-only rule), and those holding
 * the addresses, oldest first. One array parameter each, not one per recipient.
 */
export function recipientReads(db: Db, organizationId: string, tos: Draft['to'][]) {
  const contactIds = [...new Set(tos.flatMap((to) => ('contactId' in to ? [to.contactId] : [])))];
  const addresses = [...new Set(tos.flatMap((to) => ('address' in to ? [to.address] : [])))];
  const contacts = () => scoped(db, organizationId).selectFrom('contacts').select(CONTACT_COLUMNS);
  return {
    contactIds,
    addresses,
    byId: jsonArrayFrom(
      contacts()
        .select('owner_id')
        .where('contacts.id', '=', sql<string>`any(${contactIds}::uuid[])`),
    ),
    byAddress: jsonArrayFrom(
      contacts()
        .where((eb) => eb.or([eb(sql`lower(contacts.email)`, '=', sql`any(${addresses}::text[])`), eb(sql`contacts.other_emails`, '&&', sql`${addresses}::text[]`)]))
        .orderBy('created_at')
        .orderBy('id'),
    ),
  };
}

export type ContactRead = ContactRow & { owner_id?: string | null };

/**
 * Who each e-mail goes to, from what recipientReads read. A contact id: that contact (visible to
 * the caller: `ownerOnly`, ownerOnlyFilter's answer) and its address. An address: the oldest
 * contact of the organization holding it, if any — an unknown address creates no contact. A
 * recipient that cannot be e-mailed is its error (naming `to`).
 */
export function recipientsFrom(tos: Draft['to'][], byIdRows: ContactRead[], holders: ContactRead[], ownerOnly: string | null): (ResolvedRecipient | DomainError)[] {
  const byId = new Map<string, ContactRow>();
  for (const contact of byIdRows) if (!ownerOnly || contact.owner_id === ownerOnly) byId.set(contact.id, contact);
  const byAddress = new Map<string, ContactRow>();
  // The oldest holder of each address wins: the rows come oldest first.
  for (const contact of holders) {
    for (const address of [contact.email?.toLowerCase(), ...contact.other_emails]) if (address && !byAddress.has(address)) byAddress.set(address, contact);
  }
  return tos.map((to): ResolvedRecipient | DomainError => {
    if ('contactId' in to) {
      const contact = byId.get(to.contactId);
      if (!contact) return unknownRecord('to', 'is not a known contact');
      if (!contact.email) return fieldError('to', 'names a contact with no e-mail address');
      return { address: contact.email.toLowerCase(), name: nameOf(contact), contactId: contact.id, values: contactValues(contact), doNotEmail: contact.dnc_email };
    }
    const contact = byAddress.get(to.address);
    if (!contact) return { address: to.address, name: null, contactId: null, values: { email: to.address }, doNotEmail: false };
    return { address: to.address, name: nameOf(contact), contactId: contact.id, values: { ...contactValues(contact), email: to.address }, doNotEmail: contact.dnc_email };
  });
}

/** recipientsFrom over recipientReads in one query (the compose dialog's preview). */
export async function resolveRecipients(ctx: OrgContext, tos: Draft['to'][]): Promise<(ResolvedRecipient | DomainError)[]> {
  const reads = recipientReads(ctx.db, ctx.organizationId, tos);
  const row = await ctx.db.selectNoFrom([reads.byId.as('by_id'), reads.byAddress.as('by_address')]).executeTakeFirstOrThrow();
  return recipientsFrom(tos, row.by_id, row.by_address, await ownerOnlyFilter(ctx.db, ctx.auth));
}

type ContactRow = Parameters<typeof contactValues>[0] & { id: string; other_emails: string[]; dnc_email: boolean };
const nameOf = (contact: ContactRow) => `${contact.first_name} ${contact.last_name}`.trim() || null;

async function resolveRecipient(ctx: OrgContext, to: Draft['to']): Promise<ResolvedRecipient> {
  const [recipient] = await resolveRecipients(ctx, [to]);
  if (recipient instanceof DomainError) throw recipient;
  return recipient!;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** A plain-text body as HTML: escaped, blank lines between paragraphs, single line breaks kept. */
function textToHtml(text: string): string {
  return text
    .trim()
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
}

/**
 * The draft filled in for its recipient: the template's subject and body where the draft gives
 * none, then every {{variable}} from the given values first and the contact's second (HTML gets
 * them escaped). `missing`: the names with no value and no fallback, in order of first use.
 */
export function fillDraft(draft: Draft, recipient: Recipient, template: TemplateRow | null) {
  const subjectSource = draft.subject || template?.subject || '';
  const textSource = draft.text?.trim() ? draft.text : draft.html?.trim() ? null : (template?.body ?? '');
  const values = { ...recipient.values, ...draft.variables };
  const subject = renderTemplate(subjectSource, values);
  const text = textSource === null ? null : renderTemplate(textSource, values);
  // The values escaped for HTML (the fallbacks, written in the HTML itself, as they are).
  const html = draft.html?.trim() ? renderTemplate(draft.html, Object.fromEntries(Object.entries(values).map(([k, v]) => [k, escapeHtml(v)]))) : null;
  const missing = [...new Set([...subject.missing, ...(text?.missing ?? []), ...(html?.missing ?? [])])];
  const plain = text ? text.text : htmlToText(html!.text);
  return { template, subject: subject.text.replace(/\s+/g, ' ').trim(), text: plain, html: html ? html.text : textToHtml(plain), missing };
}

/** The compose dialog's preview: what a send would e-mail, with the variables still to fill. */
export async function previewEmail(ctx: OrgContext, draft: Draft) {
  const recipient = await resolveRecipient(ctx, draft.to);
  const template = draft.templateId ? await requireEmailTemplate(ctx, draft.templateId, 'templateId') : null;
  const filled = fillDraft(draft, recipient, template);
  return { subject: filled.subject, text: filled.text, missing: filled.missing };
}

// ——— Reading ———

const SUMMARY_COLUMNS = ['id', 'direction', 'kind', 'status', 'contact_id', 'from_address', 'to_address', 'subject', 'template_id', 'error', 'created_at', 'sent_at', 'delivered_at'] as const;

function toSummary(row: Pick<Selectable<EmailMessagesTable>, (typeof SUMMARY_COLUMNS)[number]>) {
  return {
    id: row.id,
    direction: row.direction,
    kind: row.kind,
    status: row.status,
    contactId: row.contact_id,
    from: row.from_address,
    to: row.to_address,
    subject: row.subject,
    templateId: row.template_id,
    error: row.error,
    createdAt: row.created_at.toISOString(),
    sentAt: row.sent_at?.toISOString() ?? null,
    deliveredAt: row.delivered_at?.toISOString() ?? null,
  };
}

/** The organization's e-mails (a contact's, with `contactId`), newest first, a page at a time. */
export async function listEmails(ctx: Pick<OrgContext, 'db' | 'organizationId'>, input: z.output<typeof ZListEmailsInput>) {
  let query = scoped(ctx.db, ctx.organizationId).selectFrom('email_messages').select(SUMMARY_COLUMNS);
  if (input.contactId) query = query.where('contact_id', '=', input.contactId);
  if (input.cursor) {
    const after = decodePageCursor(input.cursor);
    query = query.where((eb) => eb.or([eb('created_at', '<', after.createdAt), eb.and([eb('created_at', '=', after.createdAt), eb('id', '<', after.id)])]));
  }
  const rows = await query
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(input.limit + 1)
    .execute();
  const page = rows.slice(0, input.limit);
  return { items: page.map(toSummary), nextCursor: rows.length > input.limit ? encodePageCursor(page.at(-1)!) : null };
}

const mailbox = (address: string, name: string | null) => (name ? `${name} <${address}>` : address);

/** The message's headers as sent: the addressing ones built from its columns, then those stored with it (List-Unsubscribe…). */
function headersOf(
  row: Pick<Selectable<EmailMessagesTable>, 'from_address' | 'from_name' | 'to_address' | 'to_name' | 'reply_to' | 'subject' | 'message_id' | 'in_reply_to' | 'references' | 'headers'>,
) {
  return {
    From: mailbox(row.from_address, row.from_name),
    To: mailbox(row.to_address, row.to_name),
    ...(row.reply_to ? { 'Reply-To': row.reply_to } : {}),
    Subject: row.subject,
    'Message-ID': row.message_id,
    ...(row.in_reply_to ? { 'In-Reply-To': row.in_reply_to } : {}),
    ...(row.references.length > 0 ? { References: row.references.join(' ') } : {}),
    ...row.headers,
  };
}

/** One e-mail with its text, HTML, headers and events, oldest event first. */
export async function getEmail(ctx: Pick<OrgContext, 'db' | 'organizationId'>, { id }: z.output<typeof ZEmailIdInput>) {
  const row = await scoped(ctx.db, ctx.organizationId)
    .selectFrom('email_messages')
    .select([...SUMMARY_COLUMNS, 'text', 'html', 'message_id', 'attempts', 'from_name', 'to_name', 'reply_to', 'in_reply_to', 'references', 'headers'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new DomainError('NOT_FOUND', 'E-mail not found');
  const events = await scoped(ctx.db, ctx.organizationId)
    .selectFrom('email_events')
    .select(['type', 'detail', 'created_at'])
    .where('email_message_id', '=', id)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return {
    ...toSummary(row),
    text: row.text,
    html: row.html,
    messageId: row.message_id,
    attempts: row.attempts,
    headers: headersOf(row),
    events: events.map((e) => ({ type: e.type, detail: e.detail, createdAt: e.created_at.toISOString() })),
  };
}
