import { z } from 'zod';
import type { EmailKind, EmailStatus, SuppressionReason } from '../db/schema';
import { ZEmailAddress } from '../input/schema';
import { infiniteDirection, ZAnswerInstant } from '../records/schema';

/**
 * The e-mail domain's shared names and rules, for the server doors and the client (this module is
 * pure: zod and plain functions only).
 */

export type { EmailKind, EmailStatus, SuppressionReason };
export { ZEmailAddress };
// The Settings → E-mail form belongs to the organization's settings (organizations/settings.ts reads it).
export { ZUpdateEmailSettingsInput, type TUpdateEmailSettingsInput } from '../organizations/email-settings';
// Organization e-mail templates share the SMS template engine.
export { renderTemplate, templateVariables } from '../templates/variables';

/** Every member of a union, each once: a list that misses one does not type-check. */
const every =
  <T extends string>() =>
  <const L extends readonly T[]>(list: L & ([T] extends [L[number]] ? unknown : never)): L =>
    list;

/** account: the product's own (invites, password reset…); one_to_one: from a member to a contact; marketing: campaigns. */
export const EMAIL_KINDS = every<EmailKind>()(['account', 'one_to_one', 'marketing']);
/** received: an inbound message. */
export const EMAIL_STATUSES = every<EmailStatus>()(['queued', 'sending', 'sent', 'delivered', 'bounced', 'failed', 'suppressed', 'received']);
export const SUPPRESSION_REASONS = every<SuppressionReason>()(['unsubscribed', 'hard_bounce', 'complaint', 'manual']);

/** Kinds an organization's suppression list stops (account e-mails go to unsubscribed users, never to hard-bounced addresses). */
export const SUPPRESSIBLE_KINDS: readonly EmailKind[] = ['one_to_one', 'marketing'];

export const ZEmailKind = z.enum(EMAIL_KINDS, { error: `must be one of ${EMAIL_KINDS.join(', ')}` });
export const ZEmailStatus = z.enum(EMAIL_STATUSES, { error: `must be one of ${EMAIL_STATUSES.join(', ')}` });
export const ZSuppressionReason = z.enum(SUPPRESSION_REASONS, { error: `must be one of ${SUPPRESSION_REASONS.join(', ')}` });

// ——— One-to-one e-mail and the organization's templates (the send part of #16) ———

export const EMAIL_SEND_LIMITS = { address: 254, subject: 998, text: 100_000, html: 500_000, variable: 1000, variables: 50, idempotencyKey: 200, page: 100 } as const;
export const EMAIL_TEMPLATE_LIMITS = { name: 100, subject: 998, body: 100_000 } as const;

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `to`: a contact id (the e-mail goes to its address) or an e-mail address (matched to its contact when one has it). */
const ZRecipient = z
  .string({ error: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(EMAIL_SEND_LIMITS.address, `must be at most ${EMAIL_SEND_LIMITS.address} characters`)
  .transform((value, ctx): { contactId: string } | { address: string } => {
    if (UUID_PATTERN.test(value)) return { contactId: value.toLowerCase() };
    const address = ZEmailAddress.safeParse(value);
    if (address.success) return { address: address.data };
    ctx.addIssue({ code: 'custom', message: 'must be an e-mail address or a contact id' });
    return z.NEVER;
  });

const ZVariableValues = z
  .record(
    z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be a variable name'),
    z.string({ error: 'must be text' }).max(EMAIL_SEND_LIMITS.variable, `must be at most ${EMAIL_SEND_LIMITS.variable} characters`),
    {
      error: 'must be an object of variable values',
    },
  )
  .refine((values) => Object.keys(values).length <= EMAIL_SEND_LIMITS.variables, `must have at most ${EMAIL_SEND_LIMITS.variables} variables`);

const emailDraftFields = {
  to: ZRecipient,
  subject: z.string({ error: 'must be text' }).trim().max(EMAIL_SEND_LIMITS.subject, `must be at most ${EMAIL_SEND_LIMITS.subject} characters`).optional(),
  text: z.string({ error: 'must be text' }).max(EMAIL_SEND_LIMITS.text, `must be at most ${EMAIL_SEND_LIMITS.text} characters`).optional(),
  html: z.string({ error: 'must be text' }).max(EMAIL_SEND_LIMITS.html, `must be at most ${EMAIL_SEND_LIMITS.html} characters`).optional(),
  templateId: z.uuid({ error: 'must be a template id' }).optional(),
  variables: ZVariableValues.default({}),
};

/**
 * One e-mail to one person. `subject` and `text`/`html` may hold {{variables}} and fallbacks
 * (`{{firstName|there}}`), filled from the contact and then from `variables`; with `templateId`,
 * the template's subject and body stand in for those not given.
 */
export const ZSendEmailInput = z
  .strictObject({
    ...emailDraftFields,
    idempotencyKey: z.string().trim().min(1, 'must not be empty').max(EMAIL_SEND_LIMITS.idempotencyKey, `must be at most ${EMAIL_SEND_LIMITS.idempotencyKey} characters`).optional(),
  })
  .superRefine((input, ctx) => {
    if (input.templateId) return;
    if (!input.subject) ctx.addIssue({ code: 'custom', path: ['subject'], message: 'is required' });
    if (!input.text?.trim() && !input.html?.trim()) ctx.addIssue({ code: 'custom', path: ['text'], message: 'is required (or html, or a templateId)' });
  });
export type TSendEmailInput = z.input<typeof ZSendEmailInput>;

/** The most e-mails one POST /api/v1/emails/batch carries. */
export const EMAIL_BATCH_MAX = 100;

/**
 * Up to EMAIL_BATCH_MAX e-mails, each of ZSendEmailInput's shape. The items are checked one by one
 * by the service (a bad item is refused in its own result), so here they are only counted.
 */
export const ZSendEmailBatchInput = z.strictObject({
  emails: z
    .array(z.unknown(), { error: 'must be an array of e-mails' })
    .min(1, 'must hold at least one e-mail')
    .max(EMAIL_BATCH_MAX, `must hold at most ${EMAIL_BATCH_MAX} e-mails (send more in several batches)`),
});

/** The compose dialog's live preview: the same draft, filled in as a send would fill it, nothing sent. */
export const ZPreviewEmailInput = z.strictObject(emailDraftFields);

export const ZEmailIdInput = z.strictObject({ id: z.uuid({ error: 'must be an e-mail id' }) });

export const ZListEmailsInput = z.strictObject({
  ...infiniteDirection,
  contactId: z.uuid({ error: 'must be a contact id' }).optional(),
  cursor: z.string().max(200, 'is not a valid cursor').optional(),
  limit: z.number().int().min(1, 'must be at least 1').max(EMAIL_SEND_LIMITS.page, `must be at most ${EMAIL_SEND_LIMITS.page}`).default(50),
});

const templateFields = {
  name: z.string({ error: 'is required' }).trim().min(1, 'is required').max(EMAIL_TEMPLATE_LIMITS.name, `must be at most ${EMAIL_TEMPLATE_LIMITS.name} characters`),
  subject: z.string({ error: 'is required' }).trim().min(1, 'is required').max(EMAIL_TEMPLATE_LIMITS.subject, `must be at most ${EMAIL_TEMPLATE_LIMITS.subject} characters`),
  body: z.string({ error: 'is required' }).trim().min(1, 'is required').max(EMAIL_TEMPLATE_LIMITS.body, `must be at most ${EMAIL_TEMPLATE_LIMITS.body} characters`),
};
export const ZCreateEmailTemplateInput = z.strictObject(templateFields);
export const ZUpdateEmailTemplateInput = z.strictObject({
  id: z.uuid({ error: 'must be a template id' }),
  name: templateFields.name.optional(),
  subject: templateFields.subject.optional(),
  body: templateFields.body.optional(),
});
export const ZEmailTemplateIdInput = z.strictObject({ id: z.uuid({ error: 'must be a template id' }) });

// Records answered to integrators (/api/v1/emails) and the app.
export const ZEmailTemplateRecord = z.strictObject({
  id: z.uuid(),
  name: z.string(),
  subject: z.string(),
  body: z.string(),
  variables: z.array(z.string()),
  createdAt: ZAnswerInstant,
  updatedAt: ZAnswerInstant,
});
export const ZEmailAccepted = z.strictObject({ id: z.uuid(), status: ZEmailStatus });
/** A batch item's refusal: the status the single door would answer, and its message and issues naming `emails.<index>.<field>`. */
export const ZEmailBatchItemError = z.strictObject({
  status: z.number().int(),
  message: z.string(),
  issues: z.array(z.strictObject({ path: z.string(), message: z.string() })).optional(),
});
export const ZEmailBatchAccepted = z.strictObject({
  results: z.array(z.union([z.strictObject({ index: z.number().int(), id: z.uuid(), status: ZEmailStatus }), z.strictObject({ index: z.number().int(), error: ZEmailBatchItemError })])),
});
export const ZEmailPreview = z.strictObject({ subject: z.string(), text: z.string(), missing: z.array(z.string()) });
const emailSummaryFields = {
  id: z.uuid(),
  direction: z.enum(['outbound', 'inbound']),
  kind: ZEmailKind,
  status: ZEmailStatus,
  contactId: z.uuid().nullable(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  templateId: z.uuid().nullable(),
  error: z.string().nullable(),
  createdAt: ZAnswerInstant,
  sentAt: ZAnswerInstant.nullable(),
  deliveredAt: ZAnswerInstant.nullable(),
};
export const ZEmailSummary = z.strictObject(emailSummaryFields);
export const ZEmailPage = z.strictObject({ items: z.array(ZEmailSummary), nextCursor: z.string().nullable() });
export const ZEmailEventRecord = z.strictObject({ type: z.string(), detail: z.string().nullable(), createdAt: ZAnswerInstant });
export const ZEmailRecord = z.strictObject({
  ...emailSummaryFields,
  text: z.string(),
  html: z.string(),
  messageId: z.string(),
  attempts: z.number().int(),
  headers: z.record(z.string(), z.string()).meta({ description: 'The headers as sent: From, To, Reply-To, Subject, Message-ID, In-Reply-To, References, List-Unsubscribe…' }),
  events: z.array(ZEmailEventRecord),
});

// ——— Compliance: the suppression list, unsubscribe links, Settings → E-mail ———

/** Where a message's unsubscribe link points (the List-Unsubscribe header's HTTPS URL and the footer's link are PUBLIC_URL + this). */
export const UNSUBSCRIBE_API_PATH = (token: string) => `/api/email/unsubscribe/${encodeURIComponent(token)}`;
/** The page the link opens in a browser. */
export const UNSUBSCRIBE_PAGE_PATH = (token: string) => `/unsubscribe/${encodeURIComponent(token)}`;

const ZSuppressionFilters = {
  search: z.string().trim().max(254, 'must be at most 254 characters').optional(),
  reason: ZSuppressionReason.optional(),
};
export const ZListSuppressionsInput = z.strictObject({
  ...infiniteDirection,
  ...ZSuppressionFilters,
  cursor: z.string().max(200, 'is not a valid cursor').optional(),
  limit: z.number().int().min(1, 'must be at least 1').max(200, 'must be at most 200').default(50),
});
export const ZExportSuppressionsQuery = z.strictObject(ZSuppressionFilters);
export const ZAddSuppressionInput = z.strictObject({
  address: ZEmailAddress,
  note: z.string().trim().max(500, 'must be at most 500 characters').optional(),
});
export const ZSuppressionIdInput = z.strictObject({ id: z.uuid('must be a suppression id') });

/** A message's token as it appears in its unsubscribe link. */
export const ZUnsubscribeTokenInput = z.strictObject({ token: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/, 'is not a valid unsubscribe link') });
/** RFC 8058: the one-click POST's body, a form with this one field. */
export const ZOneClickUnsubscribeBody = z.object({ 'List-Unsubscribe': z.literal('One-Click', 'must be One-Click (RFC 8058)') });
/** What the unsubscribe page shows: `blocked` is a suppression the recipient cannot lift (a bounce, a complaint, an admin's block). */
export const ZUnsubscribeState = z.strictObject({
  organizationName: z.string(),
  address: z.string(),
  status: z.enum(['subscribed', 'unsubscribed', 'blocked']),
});
export type TUnsubscribeState = z.infer<typeof ZUnsubscribeState>;

/** The largest inbound message, raw MIME with its attachments (the webhook's body limit and the SMTP listener's SIZE): what the big mailbox providers accept. */
export const INBOUND_EMAIL_MAX_BYTES = 25 * 1024 * 1024;
/** The signed inbound door's header: `sha256=<hex HMAC-SHA256 of the body with EMAIL_INBOUND_SECRET>`. */
export const INBOUND_SIGNATURE_HEADER = 'X-Switchboard-Signature';
/** What became of an inbound message: a reply stored in its thread, a bounce or unsubscribe applied, an automatic answer ignored, or nothing of ours. */
export const INBOUND_OUTCOMES = ['threaded', 'bounce', 'complaint', 'unsubscribed', 'ignored', 'unmatched'] as const;
export type TInboundOutcome = (typeof INBOUND_OUTCOMES)[number];
/** The inbound door's JSON form (providers' raw modes). */
export const ZInboundEmailJson = z.object({ raw: z.string({ error: 'must be the raw MIME message as a string' }).min(1, 'must not be empty') });
export const ZInboundEmailAnswer = z.object({
  outcome: z.enum(INBOUND_OUTCOMES),
  /** The stored reply, or the message bounced, complained about or unsubscribed from. */
  messageId: z.uuid().optional(),
});
