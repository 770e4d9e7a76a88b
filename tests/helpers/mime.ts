// Raw inbound mail as the inbound doors receive it: a person's reply, a delivery report.
import { randomUUID } from 'node:crypto';

/** A raw reply written by hand, as a mail client would. */
export function replyMime(options: { from: string; to: string; subject?: string; inReplyTo?: string; references?: string[]; headers?: string[]; text?: string; messageId?: string }) {
  return [
    `From: Ada Lovelace <${options.from}>`,
    `To: ${options.to}`,
    `Subject: ${options.subject ?? 'Re: Your quote'}`,
    `Message-ID: ${options.messageId ?? `<${randomUUID()}@mail.example.org>`}`,
    `Date: ${new Date().toUTCString()}`,
    ...(options.inReplyTo ? [`In-Reply-To: ${options.inReplyTo}`] : []),
    ...(options.references ? [`References: ${options.references.join(' ')}`] : []),
    ...(options.headers ?? []),
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    options.text ?? 'Sounds good, thank you!',
    '',
  ].join('\r\n');
}

/** An RFC 3464 report about `originalMessageId`, sent to `to` (the VERP return path when given). */
export function dsnMime(options: { to: string; recipient: string; status: string; action?: string; originalMessageId: string }) {
  return [
    'From: Mail Delivery System <MAILER-DAEMON@mx.example.org>',
    `To: ${options.to}`,
    'Subject: Undelivered Mail Returned to Sender',
    'Auto-Submitted: auto-replied',
    `Message-ID: <${randomUUID()}@mx.example.org>`,
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=delivery-status; boundary="R"',
    '',
    '--R',
    'Content-Type: text/plain',
    '',
    'Your message could not be delivered.',
    '--R',
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.example.org',
    '',
    `Final-Recipient: rfc822; ${options.recipient}`,
    `Action: ${options.action ?? 'failed'}`,
    `Status: ${options.status}`,
    `Diagnostic-Code: smtp; ${options.status.startsWith('5') ? '550' : '452'} ${options.status} mailbox says no`,
    '',
    '--R',
    'Content-Type: text/rfc822-headers',
    '',
    `Message-ID: ${options.originalMessageId}`,
    'Subject: Your quote',
    '',
    '--R--',
    '',
  ].join('\r\n');
}
