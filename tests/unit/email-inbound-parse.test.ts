import { describe, expect, it } from 'vitest';
import { normalizeMessageId, parseInboundEmail, proseBounce, tokensOf } from '../../server/email/inbound-parse';

const mime = (lines: string[]) => lines.join('\r\n');

const reply = (extraHeaders: string[] = []) =>
  mime([
    'From: "Ada Lovelace" <Ada@Example.org>',
    'To: Acme <hello+r.AbCdEf0123456789_-x@mail.switchboard.test>',
    'Cc: someone@example.org',
    'Subject: Re: Your quote',
    'Message-ID: <reply-1@example.org>',
    'In-Reply-To: <orig-1@switchboard.test>',
    'References: <thread-0@switchboard.test>\r\n <orig-1@switchboard.test>',
    ...extraHeaders,
    'MIME-Version: 1.0',
    'Content-Type: multipart/alternative; boundary="ALT"',
    '',
    '--ALT',
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Thanks, that works for me.',
    '',
    '--ALT',
    'Content-Type: text/html; charset=utf-8',
    '',
    '<p>Thanks, that works for me.</p>',
    '--ALT--',
    '',
  ]);

const dsn = (status: string, action: string, originalPart: string[]) =>
  mime([
    'From: Mail Delivery System <MAILER-DAEMON@mx.example.net>',
    'To: bounces+b.tok12345678@mail.switchboard.test',
    'Subject: Undelivered Mail Returned to Sender',
    'Auto-Submitted: auto-replied',
    'Message-ID: <dsn-1@mx.example.net>',
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=delivery-status; boundary="REPORT"',
    '',
    '--REPORT',
    'Content-Type: text/plain; charset=us-ascii',
    '',
    'Your message could not be delivered.',
    '',
    '--REPORT',
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.example.net',
    '',
    'Final-Recipient: rfc822; other@example.org',
    'Action: delivered',
    'Status: 2.0.0',
    '',
    'Final-Recipient: rfc822; Ada@Example.org',
    'Action: ' + action,
    'Status: ' + status,
    'Diagnostic-Code: smtp; 550 5.1.1 <ada@example.org>: Recipient address',
    '    rejected: User unknown',
    '',
    '--REPORT',
    ...originalPart,
    '--REPORT--',
    '',
  ]);

const originalHeaders = ['Content-Type: text/rfc822-headers', '', 'Message-ID: <orig-1@switchboard.test>', 'Subject: Your quote', ''];
const originalMessage = ['Content-Type: message/rfc822', '', 'Message-ID:', ' <orig-2@switchboard.test>', 'Subject: Your quote', '', 'Hello Ada', ''];

describe('parseInboundEmail: a reply', () => {
  it('reads the sender, recipients, texts, ids and the reply token', async () => {
    const email = await parseInboundEmail(reply(), ['Hello+r.AbCdEf0123456789_-x@mail.switchboard.test']);
    expect(email).toMatchObject({
      from: { address: 'ada@example.org', name: 'Ada Lovelace' },
      subject: 'Re: Your quote',
      messageId: '<reply-1@example.org>',
      inReplyTo: '<orig-1@switchboard.test>',
      references: ['<thread-0@switchboard.test>', '<orig-1@switchboard.test>'],
      tokens: { reply: 'AbCdEf0123456789_-x', bounce: null, unsubscribe: null },
      isAutoReply: false,
      dsn: null,
    });
    expect(email.to).toEqual(['hello+r.abcdef0123456789_-x@mail.switchboard.test', 'someone@example.org']);
    expect(email.text.trim()).toBe('Thanks, that works for me.');
    expect(email.html).toContain('<p>Thanks, that works for me.</p>');
  });

  it('has no html when the message has none, and no ids when the headers are missing', async () => {
    const email = await parseInboundEmail(mime(['From: a@example.org', 'To: b@example.org', '', 'plain']));
    expect(email).toMatchObject({ html: null, messageId: null, inReplyTo: null, references: [], subject: '', text: 'plain' });
  });
});

describe('parseInboundEmail: automatic answers', () => {
  it.each([
    ['Auto-Submitted: auto-replied', true],
    ['Auto-Submitted: auto-generated', true],
    ['Auto-Submitted: No', false],
    ['Precedence: bulk', true],
    ['Precedence: junk', true],
    ['Precedence: list', true],
    ['Precedence: first-class', false],
    ['X-Autoreply: yes', true],
    ['X-Autorespond: Out of office', true],
  ])('%s → %s', async (header, automatic) => {
    expect((await parseInboundEmail(reply([header]))).isAutoReply).toBe(automatic);
  });
});

describe('parseInboundEmail: delivery-status notifications (RFC 3464)', () => {
  it('a permanent failure is hard, reported for the failed recipient, with the original id from the headers part', async () => {
    const email = await parseInboundEmail(dsn('5.1.1', 'failed', originalHeaders));
    expect(email.tokens.bounce).toBe('tok12345678');
    expect(email.dsn).toEqual({
      recipient: 'ada@example.org',
      action: 'failed',
      status: '5.1.1',
      severity: 'hard',
      diagnostic: '550 5.1.1 <ada@example.org>: Recipient address rejected: User unknown',
      originalMessageId: '<orig-1@switchboard.test>',
    });
  });

  it('a delay is soft; the original id may come from an attached message/rfc822 with a folded header', async () => {
    const email = await parseInboundEmail(dsn('4.4.1', 'delayed', originalMessage));
    expect(email.dsn).toMatchObject({ action: 'delayed', status: '4.4.1', severity: 'soft', originalMessageId: '<orig-2@switchboard.test>' });
  });

  it('Original-Message-ID in the status fields wins over the attached headers', async () => {
    const raw = dsn('5.2.2', 'failed', originalHeaders).replace('Reporting-MTA: dns; mx.example.net', 'Reporting-MTA: dns; mx.example.net\r\nOriginal-Message-ID: <fields-1@switchboard.test>');
    expect((await parseInboundEmail(raw)).dsn).toMatchObject({ severity: 'hard', originalMessageId: '<fields-1@switchboard.test>' });
  });

  it('a multipart/report of another type is no delivery status', async () => {
    const raw = dsn('5.1.1', 'failed', originalHeaders).replace('report-type=delivery-status', 'report-type=disposition-notification');
    expect((await parseInboundEmail(raw)).dsn).toBeNull();
  });
});

describe('tokens and ids', () => {
  it('finds each kind once, ignoring other plus addresses and short tokens', () => {
    expect(tokensOf(['a+u.unsub1234@x.test', 'a+r.reply1234@x.test', 'a+r.second123@x.test', 'a+news@x.test', 'a+b.short@x.test'])).toEqual({
      reply: 'reply1234',
      bounce: null,
      unsubscribe: 'unsub1234',
    });
  });

  it('normalizes Message-IDs to their bracketed form', () => {
    expect(normalizeMessageId(' abc@host ')).toBe('<abc@host>');
    expect(normalizeMessageId('<abc@host>')).toBe('<abc@host>');
    expect(normalizeMessageId('not an id')).toBeNull();
    expect(normalizeMessageId('')).toBeNull();
  });

  it('a prose bounce counts as hard only with a permanent status code in its text', () => {
    expect(proseBounce('Remote host said: 550 5.1.1 unknown user').severity).toBe('hard');
    expect(proseBounce('Mailbox full, 4.2.2').severity).toBe('soft');
    expect(proseBounce('I could not deliver your message.').severity).toBe('soft');
  });
});
