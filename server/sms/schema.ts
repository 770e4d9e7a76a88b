import { z } from 'zod';
import { isoDateTime } from '../input/schema';
import { SMS_MAX_LENGTH } from '../phone/sms';
import type { SmsStatus } from '../db/schema';

/**
 * The SMS domain's rules, shared by the server doors and the client's compose boxes (this module is
 * pure: zod and plain functions only).
 */

export { SMS_MAX_LENGTH };
// The Settings → SMS form belongs to the organization's settings (organizations/settings.ts reads it).
export { ZUpdateSmsSettingsInput, type TUpdateSmsSettingsInput } from '../organizations/sms-settings';

/**
 * Larger audiences go through campaigns. Counted as entries (each line of each entry), before
 * duplicates are removed: the answer has one result per entry, so this also bounds its size.
 */
export const BULK_MAX_RECIPIENTS = 10_000;
export const BULK_TOO_MANY_RECIPIENTS = `must contain at most ${BULK_MAX_RECIPIENTS.toLocaleString('en-US')} phone numbers; use a campaign for larger audiences`;
export const OPTED_OUT_MESSAGE = 'Recipient has opted out of SMS';
/** A contact a number belongs to, offered when a send to a shared number must say whose it is. */
export type SmsRecipientCandidate = { id: string; name: string };
/** The refusal of a send to a number several contacts share, naming them (answered with `candidates`). */
export function sharedNumberMessage(e164: string, candidates: readonly SmsRecipientCandidate[]): string {
  return `to: ${e164} belongs to ${candidates.length} contacts (${candidates.map((c) => c.name).join(', ')}); choose one with contactId`;
}
export const PHONE_HINT = 'Include the country code, for example +1 for US numbers';

// ——— Encoding and segments ———

// GSM 03.38 default alphabet, and its extension table (each extension character takes two septets).
const GSM7_BASIC = new Set('@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞ\u001bÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà');
const GSM7_EXTENDED = new Set('\f^{}\\[~]|€');

export type SmsEncoding = 'GSM-7' | 'UCS-2';
export type SmsEncodingInfo = { encoding: SmsEncoding; characters: number; segments: number; perSegment: number; remaining: number };

/**
 * How a body travels: GSM-7 (160 characters in one segment, 153 per segment beyond) unless any
 * character is outside GSM-7 (an emoji, most accented letters), then UCS-2 (70 and 67, counted in
 * UTF-16 code units, so an emoji takes two).
 */
export function smsEncoding(body: string): SmsEncodingInfo {
  let septets = 0;
  let gsm = true;
  for (const ch of body) {
    if (GSM7_BASIC.has(ch)) septets += 1;
    else if (GSM7_EXTENDED.has(ch)) septets += 2;
    else {
      gsm = false;
      break;
    }
  }
  const characters = [...body].length;
  if (gsm) return segmentsOf('GSM-7', characters, septets, 160, 153);
  return segmentsOf('UCS-2', characters, body.length, 70, 67);
}

function segmentsOf(encoding: SmsEncoding, characters: number, units: number, single: number, multi: number): SmsEncodingInfo {
  if (units <= single) return { encoding, characters, segments: units === 0 ? 0 : 1, perSegment: single, remaining: single - units };
  const segments = Math.ceil(units / multi);
  return { encoding, characters, segments, perSegment: multi, remaining: segments * multi - units };
}

// ——— Templates ———

/** The shared template engine (server/templates/variables.ts), for the SMS doors and the client's compose boxes. */
export { renderTemplate, templateVariables } from '../templates/variables';

// ——— Bulk recipients ———

/** Spec §5: split by line, trim, drop empty lines. */
export function recipientLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}

// ——— Inputs ———

const phone = z.string({ error: 'is required' }).trim().min(1, 'is required').max(40, 'must be at most 40 characters');
export const ZSmsBody = z.string({ error: 'is required' }).trim().min(1, 'must not be empty').max(SMS_MAX_LENGTH, `must be at most ${SMS_MAX_LENGTH} characters`);
const idempotencyKey = z.string().trim().min(1).max(200, 'must be at most 200 characters').optional();
/** The contact a one-to-one message is for (sent from its page or conversation): the message is filed under it. */
const contactId = z.uuid({ error: 'must be a contact id' }).optional();

export const ZSendSmsInput = z.strictObject({ to: phone, message: ZSmsBody, idempotencyKey, contactId });
export type TSendSmsInput = z.infer<typeof ZSendSmsInput>;

/** An SMS to a contact's own number (POST /api/v1/contacts/{id}/sms), filed in its SMS conversation. */
export const ZSendContactSmsInput = z.strictObject({ contactId: z.uuid({ error: 'must be a contact id' }), message: ZSmsBody, idempotencyKey });
export type TSendContactSmsInput = z.infer<typeof ZSendContactSmsInput>;

export const ZBulkSendSmsInput = z.strictObject({
  recipients: z
    .array(z.string({ error: 'must be a list of phone numbers' }), { error: 'must be a list of phone numbers' })
    .min(1, 'must contain at least one phone number')
    .max(BULK_MAX_RECIPIENTS, BULK_TOO_MANY_RECIPIENTS),
  message: ZSmsBody,
  idempotencyKey,
  /** Numbers no contact holds are sent to as they are; true makes a contact of each (issue #18). */
  addUnknownAsContacts: z.boolean({ error: 'must be true or false' }).default(false),
});
export type TBulkSendSmsInput = z.infer<typeof ZBulkSendSmsInput>;

const variableValues = z.record(z.string(), z.string({ error: 'must be text' }), { error: 'must be an object of variable values' });

export const ZSendTemplateSmsInput = z.strictObject({
  to: phone,
  templateId: z.uuid({ error: 'must be a template id' }),
  variables: variableValues.default({}),
  idempotencyKey,
  contactId,
});
export type TSendTemplateSmsInput = z.infer<typeof ZSendTemplateSmsInput>;

const templateFields = {
  name: z.string({ error: 'is required' }).trim().min(1, 'is required').max(100, 'must be at most 100 characters'),
  category: z.string({ error: 'is required' }).trim().min(1, 'is required').max(50, 'must be at most 50 characters'),
  message: ZSmsBody,
};
export const ZCreateSmsTemplateInput = z.strictObject(templateFields);
export type TCreateSmsTemplateInput = z.infer<typeof ZCreateSmsTemplateInput>;
export const ZUpdateSmsTemplateInput = z.strictObject({
  id: z.uuid({ error: 'must be a template id' }),
  name: templateFields.name.optional(),
  category: templateFields.category.optional(),
  message: templateFields.message.optional(),
});
export type TUpdateSmsTemplateInput = z.infer<typeof ZUpdateSmsTemplateInput>;
export const ZSmsTemplateIdInput = z.strictObject({ id: z.uuid({ error: 'must be a template id' }) });

export const ZSmsBatchIdInput = z.strictObject({ batchId: z.uuid({ error: 'must be a batch id' }) });
export const ZSmsConversationInput = z.strictObject({
  contactId: z.uuid({ error: 'must be a contact id' }),
  before: isoDateTime({ error: 'must be an ISO date-time' }).optional(),
  limit: z.number().int().min(1).max(200).default(50),
});
export const ZListSmsMessagesInput = z.strictObject({
  direction: z.enum(['outbound', 'inbound'], { error: 'must be outbound or inbound' }).optional(),
  status: z.enum(['accepted', 'queued', 'sending', 'sent', 'delivered', 'undelivered', 'failed', 'refused', 'received']).optional(),
  batchId: z.uuid({ error: 'must be a batch id' }).optional(),
  before: isoDateTime({ error: 'must be an ISO date-time' }).optional(),
  limit: z.number().int().min(1).max(200).default(50),
});
export const ZSmsStatisticsInput = z.strictObject({ days: z.number().int().min(1, 'must be at least 1').max(365, 'must be at most 365').default(30) });

export type TSmsSettings = { quietHours: { start: string; end: string } | null; helpText: string };

// ——— What the /api/sms doors answer ———

export const SMS_STATUSES = ['accepted', 'queued', 'sending', 'sent', 'delivered', 'undelivered', 'failed', 'refused', 'received'] as const satisfies readonly SmsStatus[];
const ZSmsStatus = z.enum(SMS_STATUSES);
export const ZSmsTemplateRecord = z.strictObject({ id: z.uuid(), name: z.string(), category: z.string(), message: z.string(), variables: z.array(z.string()) });
export const ZSmsAccountAnswer = z.strictObject({
  account: z.strictObject({ status: z.string(), friendlyName: z.string(), mode: z.enum(['twilio', 'sandbox']) }),
  phoneNumbers: z.array(z.strictObject({ phoneNumber: z.string(), friendlyName: z.string(), sid: z.string().nullable() })),
});
export const ZSmsSent = z.strictObject({ success: z.literal(true), messageId: z.uuid(), status: ZSmsStatus });
/** An SMS accepted for a contact: queued (or held by quiet hours) and sent at the sender's rate; its state changes arrive as sms.delivered / sms.failed events. */
export const ZContactSmsAccepted = z.strictObject({ messageId: z.uuid(), status: ZSmsStatus, to: z.string().meta({ description: 'The contact’s number it goes to (E.164)' }) });
/** A refused send (spec app-core §7): the error's status, its message as `error`, and its details. */
export const ZSmsRefused = z.looseObject({ success: z.literal(false), error: z.string() });
export const ZSmsBulkSent = z.strictObject({
  successful: z.number().int(),
  failed: z.number().int(),
  batchId: z.uuid(),
  results: z.array(z.strictObject({ to: z.string(), status: z.enum(['queued', 'accepted', 'invalid', 'refused']), error: z.string().optional(), messageId: z.uuid().optional() })),
});
