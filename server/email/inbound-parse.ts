import { storableText } from '../input/guard';
import { simpleParser, type AddressObject, type Attachment, type HeaderValue, type ParsedMail, type StructuredHeader } from 'mailparser';

/** The plus-address tags of our own addresses: `local+r.<token>@…` (reply), `+b.` (bounce, VERP), `+u.` (mailto unsubscribe). */
const TOKEN_TAGS = { r: 'reply', b: 'bounce', u: 'unsubscribe' } as const;
type TokenKind = (typeof TOKEN_TAGS)[keyof typeof TOKEN_TAGS];
const TOKEN_ADDRESS = /^[^@\s+]+\+([rbu])\.([A-Za-z0-9_-]{8,128})@[^@\s]+$/i;

export type InboundTokens = Record<TokenKind, string | null>;

/** What a delivery-status notification (RFC 3464) says about the first recipient it reports. */
export type DeliveryStatus = {
  recipient: string | null;
  /** failed | delayed | delivered | relayed | expanded, lower-cased. */
  action: string | null;
  /** The enhanced status code (RFC 3463), e.g. 5.1.1. */
  status: string | null;
  /** 5.x.x is permanent (hard), 4.x.x transient (soft); null when the report is no failure (delivered, relayed). */
  severity: 'hard' | 'soft' | null;
  diagnostic: string | null;
  /** The Message-ID of the message the report is about, angle brackets included. */
  originalMessageId: string | null;
};

/** A feedback-loop report (ARF, RFC 5965): a recipient marked one of our messages as spam. */
export type FeedbackReport = {
  /** abuse | fraud | virus | other | not-spam…, lower-cased; null when the report names none. */
  feedbackType: string | null;
  /** The Message-ID of the reported message (its attached copy or headers), angle brackets included. */
  originalMessageId: string | null;
  /** The reported message's recipient, when the provider says (many redact it). */
  recipient: string | null;
};

export type InboundEmail = {
  from: { address: string; name: string | null } | null;
  /** Every recipient the message names (To, Cc, Delivered-To, X-Original-To) and the envelope's, lower-cased, once each. */
  to: string[];
  subject: string;
  text: string;
  html: string | null;
  /** Message-IDs with their angle brackets, as stored in email_messages.message_id. */
  messageId: string | null;
  inReplyTo: string | null;
  references: string[];
  tokens: InboundTokens;
  isAutoReply: boolean;
  dsn: DeliveryStatus | null;
  feedback: FeedbackReport | null;
};

/** Headers that name a recipient besides To and Cc: what a forwarding MTA or a provider's raw mode keeps of the envelope. */
const ENVELOPE_HEADERS = ['delivered-to', 'x-original-to', 'envelope-to', 'x-envelope-to'];

/** `<id@host>`, whatever spacing or brackets the header had; null when it holds no id. */
export function normalizeMessageId(value: string | null | undefined): string | null {
  const id = value?.trim().replace(/^<|>$/g, '').trim();
  return id && !/[\s<>\p{Cc}]/u.test(id) ? `<${id}>` : null;
}

/** The ids of a References or In-Reply-To value, in order. */
function messageIds(value: string | string[] | undefined): string[] {
  const text = Array.isArray(value) ? value.join(' ') : (value ?? '');
  return [...text.matchAll(/<[^<>\s\p{Cc}]+>/gu)].map((m) => m[0]);
}

function addressesOf(value: HeaderValue | undefined): string[] {
  if (!value) return [];
  if (typeof value === 'string') return value.split(',').map((part) => part.replace(/^.*<|>.*$/g, '').trim());
  if (Array.isArray(value)) return (value as (string | AddressObject)[]).flatMap((item) => addressesOf(item));
  if (typeof value === 'object' && 'value' in value && Array.isArray(value.value)) {
    return value.value.flatMap((entry) => (entry.group ? entry.group.map((member) => member.address ?? '') : [entry.address ?? '']));
  }
  return [];
}

/** The tokens found in the recipients; the first of each kind wins. */
export function tokensOf(recipients: string[]): InboundTokens {
  const tokens: InboundTokens = { reply: null, bounce: null, unsubscribe: null };
  for (const address of recipients) {
    const match = TOKEN_ADDRESS.exec(address);
    if (!match) continue;
    const kind = TOKEN_TAGS[match[1]!.toLowerCase() as keyof typeof TOKEN_TAGS];
    tokens[kind] ??= match[2]!;
  }
  return tokens;
}

function headerText(mail: ParsedMail, name: string): string | null {
  const value = mail.headers.get(name);
  if (value === undefined) return null;
  return (Array.isArray(value) ? value.map(String).join(' ') : String(value)).trim().toLowerCase();
}

/**
 * An automatic answer a person did not write (RFC 3834 `Auto-Submitted` other than "no", a
 * `Precedence` of bulk, junk or list, the vendors' X-Autoreply / X-Autorespond): never a reply.
 */
export function isAutomatic(mail: ParsedMail): boolean {
  const autoSubmitted = headerText(mail, 'auto-submitted');
  if (autoSubmitted && autoSubmitted !== 'no') return true;
  const precedence = headerText(mail, 'precedence');
  if (precedence && ['bulk', 'junk', 'list'].includes(precedence)) return true;
  return mail.headers.has('x-autoreply') || mail.headers.has('x-autorespond');
}

/** Header-style fields (folded lines joined), lower-cased names, the first of each name. */
function fieldsOf(block: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!fields.has(name)) fields.set(name, line.slice(colon + 1).trim());
  }
  return fields;
}

/** `rfc822; ada@example.org` → `ada@example.org`; `smtp; 550 …` → `550 …`. */
const typedValue = (value: string | undefined) => (value ? value.replace(/^[\w-]+\s*;\s*/, '').trim() || null : null);

const severityOf = (status: string | null): DeliveryStatus['severity'] => (status?.startsWith('5.') ? 'hard' : status?.startsWith('4.') ? 'soft' : null);

function isReport(mail: ParsedMail, reportType: 'delivery-status' | 'feedback-report'): boolean {
  const type = mail.headers.get('content-type') as StructuredHeader | undefined;
  return type?.value?.toLowerCase() === 'multipart/report' && type.params?.['report-type']?.toLowerCase() === reportType;
}

/** The attached original message (message/rfc822) or its headers (text/rfc822-headers), of a report. */
const originalPartOf = (mail: ParsedMail) => mail.attachments.find((a) => /^(message\/(global|rfc822)|text\/rfc822-headers|message\/global-headers)$/i.test(a.contentType));

/** The Message-ID in the header block of the original message (message/rfc822 or text/rfc822-headers). */
function originalMessageIdOf(part: Attachment | undefined): string | null {
  if (!part) return null;
  const text = part.content.toString('utf8');
  const headerBlock = text.split(/\r?\n\r?\n/, 1)[0] ?? '';
  return normalizeMessageId(fieldsOf(headerBlock).get('message-id'));
}

/**
 * RFC 3464: the delivery-status part's per-recipient blocks; the first one that reports a failure
 * (else the first) is the one described.
 */
function deliveryStatusOf(mail: ParsedMail): DeliveryStatus | null {
  if (!isReport(mail, 'delivery-status')) return null;
  const statusPart = mail.attachments.find((a) => /^message\/(global-)?delivery-status$/i.test(a.contentType));
  if (!statusPart) return null;
  const [messageBlock = '', ...recipientBlocks] = statusPart.content
    .toString('utf8')
    .split(/\r?\n[ \t]*\r?\n/)
    .filter((block) => block.trim());
  const perMessage = fieldsOf(messageBlock);
  const recipients = recipientBlocks.map(fieldsOf);
  const reported = recipients.find((fields) => ['failed', 'delayed'].includes(fields.get('action')?.toLowerCase() ?? '')) ?? recipients[0] ?? new Map<string, string>();
  const status = /^\d\.\d{1,3}\.\d{1,3}/.exec(reported.get('status') ?? '')?.[0] ?? null;
  const originalPart = originalPartOf(mail);
  return {
    recipient: typedValue(reported.get('final-recipient') ?? reported.get('original-recipient'))?.toLowerCase() ?? null,
    action: reported.get('action')?.toLowerCase() ?? null,
    status,
    severity: severityOf(status),
    diagnostic: typedValue(reported.get('diagnostic-code')),
    originalMessageId: normalizeMessageId(reported.get('original-message-id') ?? perMessage.get('original-message-id')) ?? originalMessageIdOf(originalPart),
  };
}

/** RFC 5965: the message/feedback-report part's fields, and the reported message's Message-ID from its attached copy. */
function feedbackReportOf(mail: ParsedMail): FeedbackReport | null {
  if (!isReport(mail, 'feedback-report')) return null;
  const reportPart = mail.attachments.find((a) => /^message\/feedback-report$/i.test(a.contentType));
  const fields = fieldsOf(reportPart?.content.toString('utf8') ?? '');
  return {
    feedbackType: fields.get('feedback-type')?.toLowerCase() ?? null,
    originalMessageId: originalMessageIdOf(originalPartOf(mail)),
    recipient:
      fields
        .get('original-rcpt-to')
        ?.replace(/^.*<|>.*$/g, '')
        .trim()
        .toLowerCase() || null,
  };
}

/**
 * A bounce that is not a delivery-status report (old MTAs write prose to the return path): its
 * severity only from an enhanced status code found in the text; without one it counts as soft, so a
 * guess never suppresses an address.
 */
export function proseBounce(text: string): DeliveryStatus {
  const status = /\b([45]\.\d{1,3}\.\d{1,3})\b/.exec(text)?.[1] ?? null;
  return { recipient: null, action: 'failed', status, severity: status ? severityOf(status) : 'soft', diagnostic: text.trim().slice(0, 500) || null, originalMessageId: null };
}

/**
 * Parses a raw MIME message (mailparser) into what the inbound door needs. `envelopeRecipients`
 * are the SMTP RCPT TO addresses when the message came through our listener.
 */
export async function parseInboundEmail(raw: Buffer | string, envelopeRecipients: string[] = []): Promise<InboundEmail> {
  // Delivery-status and original-message parts stay attachments, so a report is read from its parts; cid: links stay links (nothing is inlined).
  const mail = await simpleParser(raw, { keepDeliveryStatus: true, ignoreEmbedded: true, keepCidLinks: true, skipTextToHtml: true });
  const fromEntry = mail.from?.value.find((entry) => entry.address);
  const recipients = [mail.to, mail.cc, ...ENVELOPE_HEADERS.map((name) => mail.headers.get(name))].flatMap((value) => addressesOf(value as HeaderValue | undefined));
  const to = [...new Set([...envelopeRecipients, ...recipients].map((address) => address.trim().toLowerCase()).filter((address) => address.includes('@')))];
  // Mail from anywhere may hold a NUL or a lone surrogate, which no text or JSON column stores: U+FFFD instead.
  return {
    from: fromEntry?.address ? { address: storableText(fromEntry.address.toLowerCase()), name: fromEntry.name ? storableText(fromEntry.name) : null } : null,
    to: to.map(storableText),
    subject: storableText(mail.subject ?? ''),
    text: storableText(mail.text ?? ''),
    html: typeof mail.html === 'string' ? storableText(mail.html) : null,
    messageId: normalizeMessageId(mail.messageId),
    inReplyTo: messageIds(mail.inReplyTo)[0] ?? null,
    references: messageIds(mail.references),
    tokens: tokensOf([...envelopeRecipients, ...recipients]),
    isAutoReply: isAutomatic(mail),
    dsn: deliveryStatusOf(mail),
    feedback: feedbackReportOf(mail),
  };
}
