import { randomBytes, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { BOT_NAME } from '../../server/chat/schema';
import { sendVisitorMessage } from '../../server/chat/service';
import { receiveInboundEmail } from '../../server/email/inbound';
import { registerTestEmailJobs } from '../helpers/email-jobs';
import { queueEmail } from '../../server/email/outbox';
import { closeEmailTransport } from '../../server/email/transport';
import { startSmtpSink } from '../doubles/smtp';
import { TEST_FROM, signWebhook } from '../doubles/twilio';
import { TEST_ORIGIN } from '../helpers/app';
import { getTestDatabase } from '../helpers/db';
import { checkedTestApp } from '../helpers/openapi';
import { addMember, browser, createAccount } from '../helpers/factories';
import { eventually, messageRow, smsWorld, uniqueNumber, type SmsWorld } from './sms-helpers';

beforeAll(() => getTestDatabase());

let sid = 0;
const inboundSid = () => `SM${String(++sid).padStart(32, 'c')}`;

async function inboundSms(world: SmsWorld, from: string, body: string) {
  const params = { MessageSid: inboundSid(), From: from, To: TEST_FROM, Body: body };
  const path = '/api/sms/webhooks/inbound';
  const res = await world.app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signWebhook(`${TEST_ORIGIN}${path}`, params) },
    body: new URLSearchParams(params).toString(),
  });
  expect(res.status).toBe(200);
}

/** A website visitor's message to the world's organization (as if it owned the public site). */
async function visitorWrites(world: SmsWorld, text: string, visitorId = randomBytes(32).toString('base64url')) {
  await sendVisitorMessage({ db: world.deps.database.forOrganization(world.owner.organizationId), organizationId: world.owner.organizationId, ip: '192.0.2.7' }, { visitorId, text, language: 'en' });
  return visitorId;
}

async function threadOf(world: Pick<SmsWorld, 'api'>, find: (c: Awaited<ReturnType<SmsWorld['api']['conversations']['list']>>['items'][number]) => boolean) {
  const { items } = await world.api.conversations.list({ limit: 100 });
  const found = items.find(find);
  expect(found, 'thread in the inbox').toBeDefined();
  return found!;
}

/** The app with its e-mail jobs sending into the SMTP sink, and an organization. */
async function emailWorld(smtpUrl: string) {
  const { deps, caller } = await checkedTestApp({ env: { JOBS_POLL_MS: '50', SMTP_URL: smtpUrl, SMTP_MAX_RATE: '1000' } });
  // Signed up before the queue runs, so its verification e-mail is not among the sink's messages.
  const owner = await createAccount(deps, 'email');
  await registerTestEmailJobs(deps, { retryDelay: 1 });
  await deps.jobs.start();
  onTestFinished(async () => {
    await deps.jobs.stop({ timeoutMs: 3000 });
    await closeEmailTransport(deps);
  });
  return { deps, caller, owner, api: caller(browser(owner.cookie)) };
}

// A long thread whose messages share their instants: more than a thread shows (200), most in one instant, the rest three to an instant, in both directions.
const TIED_AT = Date.now() + 60_000;
const instantOf = (i: number) => new Date(i < 150 ? TIED_AT : TIED_AT + 1000 * Math.ceil((i - 149) / 3));
const directionOf = (i: number) => (i % 2 === 0 ? ('inbound' as const) : ('outbound' as const));

/**
 * Every way of reading the thread back gives its messages once each, newest first by time then id: its
 * latest ones and then pages of 7 from its olderCursor, and walks of every size from the newest, whatever
 * direction the infinite query names. `stored`: the thread's rows in that order.
 */
async function walksEveryMessageOnce(world: Pick<SmsWorld, 'api'>, id: string, stored: { id: string }[]) {
  const all = stored.map((m) => m.id);
  expect(all.length).toBeGreaterThan(230);
  const view = await world.api.conversations.get({ id });
  const walked = [...view.messages].reverse().map((m) => m.id);
  for (let cursor = view.olderCursor ?? undefined; cursor;) {
    const page = await world.api.conversations.messages({ id, limit: 7, cursor });
    walked.push(...page.items.map((m) => m.id));
    cursor = page.nextCursor ?? undefined;
  }
  expect(walked).toEqual(all);
  for (const [limit, direction] of [
    [4, 'backward'],
    [50, 'forward'],
  ] as const) {
    const pages: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await world.api.conversations.messages({ id, limit, direction, ...(cursor ? { cursor } : {}) });
      pages.push(...page.items.map((m) => m.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(pages, `pages of ${limit}`).toEqual(all);
  }
}

describe('the inbox of every channel', () => {
  it('a website chat opens a thread, unread, showing the latest message; the reply answers in the chat and reads it', async () => {
    const world = await smsWorld({ sandbox: true });
    const visitorId = await visitorWrites(world, 'How much is the price?');
    const thread = await threadOf(world, (c) => c.channel === 'chat');
    expect(thread).toMatchObject({ channel: 'chat', status: 'open', unread: true, title: 'Website visitor', contact: null, assignee: null, chat: { language: 'en', account: null } });
    // The automated reply is the latest message.
    expect(thread.preview.length).toBeGreaterThan(0);
    const view = await world.api.conversations.get({ id: thread.id });
    expect(view.messages.map((m) => [m.direction, m.automated])).toEqual([
      ['outbound', true],
      ['inbound', false],
      ['outbound', true],
    ]);
    expect(view.messages[0]!.authorName).toBe(BOT_NAME);

    const reply = await world.api.conversations.reply({ id: thread.id, text: '  Our plans start at $29.  ' });
    expect(reply.channel).toBe('chat');
    const history = await world.deps.database.db
      .selectFrom('chat_messages')
      .select(['sender', 'body'])
      .where(
        'conversation_id',
        '=',
        (await world.deps.database.db.selectFrom('conversations').select('chat_conversation_id').where('id', '=', thread.id).executeTakeFirstOrThrow()).chat_conversation_id!,
      )
      .orderBy('id')
      .execute();
    expect(history.at(-1)).toEqual({ sender: 'member', body: 'Our plans start at $29.' });
    expect(await threadOf(world, (c) => c.id === thread.id)).toMatchObject({ unread: false, preview: 'Our plans start at $29.' });

    // The visitor writes again: unread; opening it reads it (the chat's own mark too).
    await visitorWrites(world, 'Thanks!', visitorId);
    expect((await threadOf(world, (c) => c.id === thread.id)).unread).toBe(true);
    await world.api.conversations.markRead({ id: thread.id });
    expect((await threadOf(world, (c) => c.id === thread.id)).unread).toBe(false);
    expect((await world.api.chat.list()).items[0]!.unread).toBe(false);
  });

  it('an SMS reply opens the contact’s thread; the reply from the inbox is an SMS to that contact; a bulk send opens none', async () => {
    const world = await smsWorld();
    const number = uniqueNumber();
    const zoe = await world.api.contacts.create({ firstName: 'Zoe', lastName: 'Adams', phone: number });
    await world.api.sms.bulkSend({ recipients: [number], message: 'Spring sale' });
    expect((await world.api.conversations.list({ channel: 'sms' })).items).toEqual([]);

    await inboundSms(world, number, 'Is the sale still on?');
    const thread = await threadOf(world, (c) => c.channel === 'sms');
    expect(thread).toMatchObject({ channel: 'sms', unread: true, status: 'open', title: 'Zoe Adams', phone: number, preview: 'Is the sale still on?', contact: { id: zoe.id } });
    // The thread shows the contact's SMS conversation (the bulk message joins it once the worker links it to the contact).
    expect((await world.api.conversations.get({ id: thread.id })).messages.map((m) => [m.direction, m.body]).at(-1)).toEqual(['inbound', 'Is the sale still on?']);

    const reply = await world.api.conversations.reply({ id: thread.id, text: 'Yes, until Sunday.' });
    expect(reply.channel).toBe('sms');
    expect(await messageRow(world, reply.messageId)).toMatchObject({ contact_id: zoe.id, to_number: number, body: 'Yes, until Sunday.', direction: 'outbound', purpose: 'single' });
    expect(await threadOf(world, (c) => c.id === thread.id)).toMatchObject({ unread: false, preview: 'Yes, until Sunday.' });

    // An SMS's own length rule applies to a reply on its thread.
    await expect(world.api.conversations.reply({ id: thread.id, text: 'x'.repeat(2000) })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/^text: must be at most/) });

    // A one-to-one send from the SMS page (or the contact's page) joins the same thread.
    await world.api.sms.send({ to: number, message: 'See you then', contactId: zoe.id });
    const { items } = await world.api.conversations.list({ channel: 'sms' });
    expect(items.map((c) => [c.id, c.preview])).toEqual([[thread.id, 'See you then']]);
  });

  it('a one-to-one e-mail opens its thread; the reply from the inbox is an e-mail in that thread (Re:, In-Reply-To, References) to the contact', async () => {
    const sink = await startSmtpSink();
    onTestFinished(() => sink.close());
    const world = await emailWorld(sink.url);
    const grace = await world.api.contacts.create({ firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.test' });
    const first = await world.deps.database.db.transaction().execute((trx) =>
      queueEmail(trx, world.deps, {
        organizationId: world.owner.organizationId,
        kind: 'one_to_one',
        to: 'grace@example.test',
        contactId: grace.id,
        subject: 'Your quote',
        html: '<p>Here it is</p>',
        text: 'Here it is',
      }),
    );
    const thread = await threadOf(world, (c) => c.channel === 'email');
    expect(thread).toMatchObject({
      channel: 'email',
      title: 'Grace Hopper',
      unread: false,
      status: 'open',
      preview: 'Here it is',
      email: { subject: 'Your quote', address: 'grace@example.test' },
      contact: { id: grace.id },
    });
    const sent = (await eventually(
      async () => sink.messages.find((m) => m.subject === 'Your quote'),
      (found) => found !== undefined,
    ))!;

    const reply = await world.api.conversations.reply({ id: thread.id, text: 'One more thing:\n\nthe <price> holds until Friday.' });
    expect(reply.channel).toBe('email');
    // The reply is the message answering ours (the worker's shared queue may carry other tests' e-mails too).
    const mail = (await eventually(
      async () => sink.messages.find((m) => m.inReplyTo === sent.messageId),
      (found) => found !== undefined,
    ))!;
    expect(mail.subject).toBe('Re: Your quote');
    expect(mail.to).toMatchObject({ value: [{ address: 'grace@example.test' }] });
    expect(mail.inReplyTo).toBe(sent.messageId);
    expect(mail.references).toEqual(sent.messageId);
    expect(mail.html).toContain('<p>the &#60;price&#62; holds until Friday.</p>');
    const stored = await world.deps.database.db.selectFrom('email_messages').selectAll().where('id', '=', reply.messageId).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ thread_id: first.id, contact_id: grace.id, created_by: world.owner.userId, kind: 'one_to_one' });

    const view = await eventually(
      () => world.api.conversations.get({ id: thread.id }),
      (v) => v.messages.every((m) => m.status === 'sent'),
    );
    expect(view.messages.map((m) => [m.direction, m.subject, m.authorName])).toEqual([
      ['outbound', 'Your quote', null],
      ['outbound', 'Re: Your quote', 'Test email'],
    ]);
    expect((await world.api.conversations.list({ channel: 'email' })).items.map((c) => [c.id, c.preview])).toEqual([[thread.id, 'One more thing: the <price> holds until Friday.']]);

    // Grace answers (the inbound door): the thread is unread, open again, and shows her reply.
    await world.api.conversations.setStatus({ id: thread.id, status: 'closed' });
    const raw = [
      'From: Grace Hopper <grace@example.test>',
      `To: ${mail.replyTo?.value[0]?.address ?? 'sales@example.test'}`,
      'Subject: Re: Your quote',
      `Message-ID: <reply-${Date.now()}@example.test>`,
      `In-Reply-To: ${mail.messageId}`,
      `References: ${sent.messageId} ${mail.messageId}`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Friday works for me.',
      '',
    ].join('\r\n');
    expect((await receiveInboundEmail(world.deps, raw)).outcome).toBe('threaded');
    expect(await threadOf(world, (c) => c.id === thread.id)).toMatchObject({ unread: true, status: 'open', preview: 'Friday works for me.' });
    expect((await world.api.conversations.get({ id: thread.id })).messages.at(-1)).toMatchObject({
      direction: 'inbound',
      body: expect.stringContaining('Friday works for me.'),
      subject: 'Re: Your quote',
    });
  });

  it('assigns, closes and reopens: Managers any thread, Sales Reps theirs or nobody’s; a new inbound message opens a closed thread', async () => {
    const world = await smsWorld();
    const rep = await addMember(world.deps, world.owner.organizationId, 'sales_rep', 'rep');
    const other = await addMember(world.deps, world.owner.organizationId, 'sales_rep', 'other');
    const viewer = await addMember(world.deps, world.owner.organizationId, 'viewer');
    const asRep = world.caller(browser(rep.cookie)).conversations;
    const asOther = world.caller(browser(other.cookie)).conversations;
    const number = uniqueNumber();
    const ada = await world.api.contacts.create({ firstName: 'Ada', lastName: 'Ng', phone: number });
    // Inbound texts are filed under the organization that last texted the number.
    await world.api.sms.send({ to: number, message: 'Your appointment is confirmed', contactId: ada.id });
    await inboundSms(world, number, 'Hello?');
    const thread = await threadOf(world, (c) => c.channel === 'sms');

    // The Sales Rep takes it; a colleague can neither take it over nor close it.
    expect((await asRep.assign({ id: thread.id, assigneeId: rep.userId })).assignee).toEqual({ id: rep.userId, name: 'Test rep' });
    await expect(asOther.assign({ id: thread.id, assigneeId: other.userId })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(asOther.setStatus({ id: thread.id, status: 'closed' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    // A Sales Rep assigns only to themself; a viewer only reads.
    await expect(asRep.assign({ id: thread.id, assigneeId: other.userId })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(world.caller(browser(viewer.cookie)).conversations.setStatus({ id: thread.id, status: 'closed' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect((await world.caller(browser(viewer.cookie)).conversations.get({ id: thread.id })).id).toBe(thread.id);

    // The filters: mine, unassigned, open and closed, channel.
    expect((await asRep.list({ assignee: 'me' })).items.map((c) => c.id)).toEqual([thread.id]);
    expect((await asOther.list({ assignee: 'me' })).items).toEqual([]);
    expect((await asRep.list({ assignee: 'unassigned', channel: 'sms' })).items).toEqual([]);

    expect((await asRep.setStatus({ id: thread.id, status: 'closed' })).status).toBe('closed');
    expect((await asRep.list({ status: 'open' })).items.map((c) => c.id)).not.toContain(thread.id);
    expect((await asRep.list({ status: 'closed' })).items.map((c) => c.id)).toEqual([thread.id]);
    await inboundSms(world, number, 'Still there?');
    expect(await threadOf(world, (c) => c.id === thread.id)).toMatchObject({ status: 'open', unread: true });

    // A Manager reassigns it; a member of another organization cannot be assigned.
    const manager = await addMember(world.deps, world.owner.organizationId, 'manager');
    const asManager = world.caller(browser(manager.cookie)).conversations;
    expect((await asManager.assign({ id: thread.id, assigneeId: other.userId })).assignee?.id).toBe(other.userId);
    const stranger = await createAccount(world.deps, 'stranger');
    await expect(asManager.assign({ id: thread.id, assigneeId: stranger.userId })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'assigneeId: must be a member of this organization' });
    expect((await asManager.setStatus({ id: thread.id, status: 'closed' })).status).toBe('closed');
    expect((await asManager.setStatus({ id: thread.id, status: 'open' })).status).toBe('open');
    // Each change is an event the other members' inboxes refresh on.
    const events = await world.deps.database.db
      .selectFrom('events')
      .select('payload')
      .where('organization_id', '=', world.owner.organizationId)
      .where('type', '=', 'conversation_updated')
      .orderBy('id')
      .execute();
    expect(events.map((e) => (e.payload as { change: string }).change)).toEqual(['assigned', 'closed', 'assigned', 'closed', 'reopened']);
  });

  it('pages the inbox newest first with a cursor, and refuses a forged cursor naming the field', async () => {
    const world = await smsWorld({ sandbox: true });
    for (let i = 0; i < 5; i++) await visitorWrites(world, `Visitor ${i}`);
    const first = await world.api.conversations.list({ limit: 2 });
    const second = await world.api.conversations.list({ limit: 2, cursor: first.nextCursor! });
    const third = await world.api.conversations.list({ limit: 2, cursor: second.nextCursor! });
    const all = [...first.items, ...second.items, ...third.items];
    expect(all).toHaveLength(5);
    expect(new Set(all.map((c) => c.id)).size).toBe(5);
    expect(all.map((c) => c.lastMessageAt)).toEqual([...all.map((c) => c.lastMessageAt)].sort().reverse());
    expect(third.nextCursor).toBeNull();
    await expect(world.api.conversations.list({ cursor: 'not-a-cursor' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'cursor: is not a valid cursor' });
    const forged = Buffer.from(JSON.stringify(["2026-01-01 00:00:00+00'; drop table conversations; --", '00000000-0000-0000-0000-000000000000'])).toString('base64url');
    await expect(world.api.conversations.list({ cursor: forged })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('pages a thread’s messages back by cursor: the thread’s olderCursor, then newest first, stable while messages arrive', async () => {
    const world = await smsWorld({ sandbox: true });
    const visitorId = await visitorWrites(world, 'Message 0');
    const thread = await threadOf(world, (c) => c.channel === 'chat');
    const db = world.deps.database.db;
    const { chat_conversation_id } = await db.selectFrom('conversations').select('chat_conversation_id').where('id', '=', thread.id).executeTakeFirstOrThrow();
    const at = new Date();
    // More than a thread shows (200), all in one instant: the chat's order is its message numbers.
    await db
      .insertInto('chat_messages')
      .values(
        Array.from({ length: 230 }, (_, i) => ({ organization_id: world.owner.organizationId, conversation_id: chat_conversation_id!, sender: 'visitor' as const, body: `Bulk ${i}`, created_at: at })),
      )
      .execute();
    const view = await world.api.conversations.get({ id: thread.id });
    expect(view.messages).toHaveLength(200);
    expect(view.messages.at(-1)!.body).toBe('Bulk 229');
    expect(view.olderCursor).not.toBeNull();

    const whole = (await world.api.conversations.messages({ id: thread.id, limit: 200 })).items;
    expect(whole.slice(0, 200)).toEqual([...view.messages].reverse());
    const older = await world.api.conversations.messages({ id: thread.id, cursor: view.olderCursor!, limit: 200 });
    expect(older.nextCursor).toBeNull();
    const everything = [...view.messages.reverse(), ...older.items];
    expect(everything.map((m) => m.body)).toEqual([...Array.from({ length: 230 }, (_, i) => `Bulk ${229 - i}`), ...everything.slice(230).map((m) => m.body)]);
    expect(everything.slice(230).map((m) => m.body)).toContain('Message 0');

    // A message arriving during the walk never shifts a page: no repeat, no gap.
    const walked: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await world.api.conversations.messages({ id: thread.id, limit: 40, ...(cursor ? { cursor } : {}) });
      walked.push(...page.items.map((m) => m.id));
      cursor = page.nextCursor ?? undefined;
      if (pages++ === 0) await visitorWrites(world, 'Arrived meanwhile', visitorId);
    } while (cursor);
    expect(walked).toEqual(everything.map((m) => m.id));

    await expect(world.api.conversations.messages({ id: thread.id, cursor: 'not-a-cursor' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'cursor: is not a valid cursor' });
    await expect(world.api.conversations.messages({ id: thread.id, limit: 0 })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'limit: must be between 1 and 200' });
  });

  it('pages an SMS thread’s messages by time and id', async () => {
    const world = await smsWorld();
    const number = uniqueNumber();
    const paged = await world.api.contacts.create({ firstName: 'Paged', phone: number });
    await world.api.sms.send({ to: number, message: 'Hi', contactId: paged.id });
    for (let i = 0; i < 5; i++) await inboundSms(world, number, `Text ${i}`);
    const thread = await threadOf(world, (c) => c.channel === 'sms');
    expect((await world.api.conversations.get({ id: thread.id })).olderCursor).toBeNull();
    const first = await world.api.conversations.messages({ id: thread.id, limit: 3 });
    expect(first.items.map((m) => m.body)).toEqual(['Text 4', 'Text 3', 'Text 2']);
    const second = await world.api.conversations.messages({ id: thread.id, limit: 3, cursor: first.nextCursor! });
    expect(second).toMatchObject({ items: [{ body: 'Text 1' }, { body: 'Text 0' }, { body: 'Hi', direction: 'outbound' }], nextCursor: null });
    // A cursor of another channel's thread is refused, never read as this one's.
    const visitor = await visitorWrites(world, 'Hello');
    await visitorWrites(world, 'Hello again', visitor);
    const chat = await threadOf(world, (c) => c.channel === 'chat');
    const foreign = (await world.api.conversations.messages({ id: chat.id, limit: 1 })).nextCursor;
    await expect(world.api.conversations.messages({ id: thread.id, cursor: foreign! })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'cursor: belongs to another sort; start again from the first page',
    });
  });

  it('pages SMS and e-mail threads whose messages share their instants by time, then id: no message repeated or skipped', async () => {
    const texts = await smsWorld();
    const number = uniqueNumber();
    const texter = await texts.api.contacts.create({ firstName: 'Tied', lastName: 'Texts', phone: number });
    // Inbound texts are filed under the organization that last texted the number.
    await texts.api.sms.send({ to: number, message: 'First text', contactId: texter.id });
    await inboundSms(texts, number, 'An answer');
    const sms = await threadOf(texts, (c) => c.channel === 'sms');
    const { id: _text, ...textRow } = await texts.deps.database.db
      .selectFrom('sms_messages')
      .selectAll()
      .where('contact_id', '=', texter.id)
      .where('direction', '=', 'inbound')
      .executeTakeFirstOrThrow();
    await texts.deps.database.db
      .insertInto('sms_messages')
      .values(Array.from({ length: 230 }, (_, i) => ({ ...textRow, direction: directionOf(i), body: `Text ${i}`, provider_sid: null, created_at: instantOf(i), sent_at: instantOf(i) })))
      .execute();
    const texted = texts.deps.database.db.selectFrom('sms_messages').select('id').where('contact_id', '=', texter.id);
    await walksEveryMessageOnce(texts, sms.id, await texted.orderBy('created_at', 'desc').orderBy('id', 'desc').execute());

    const sink = await startSmtpSink();
    onTestFinished(() => sink.close());
    const mails = await emailWorld(sink.url);
    const db = mails.deps.database.db;
    const writer = await mails.api.contacts.create({ firstName: 'Tied', lastName: 'Mails', email: 'tied.mails@example.test' });
    const queued = await db
      .transaction()
      .execute((trx) =>
        queueEmail(trx, mails.deps, { organizationId: mails.owner.organizationId, kind: 'one_to_one', to: writer.email!, contactId: writer.id, subject: 'Tied', html: '<p>First</p>', text: 'First' }),
      );
    const email = await threadOf(mails, (c) => c.channel === 'email');
    const first = await db.selectFrom('email_messages').selectAll().where('id', '=', queued.id).executeTakeFirstOrThrow();
    await db
      .insertInto('email_messages')
      .values(
        Array.from({ length: 230 }, (_, i) => ({
          ...first,
          id: randomUUID(),
          direction: directionOf(i),
          message_id: `<tied-${i}-${first.id}@example.test>`,
          token: randomUUID(),
          thread_id: first.id,
          headers: JSON.stringify(first.headers),
          attachments: JSON.stringify(first.attachments),
          text: `Mail ${i}`,
          created_at: instantOf(i),
          sent_at: instantOf(i),
        })),
      )
      .execute();
    const mailed = db
      .selectFrom('email_messages')
      .select('id')
      .where((eb) => eb.or([eb('thread_id', '=', first.id), eb('id', '=', first.id)]));
    await walksEveryMessageOnce(mails, email.id, await mailed.orderBy('created_at', 'desc').orderBy('id', 'desc').execute());
  }, 90_000);

  it('another organization sees nothing of it', async () => {
    const world = await smsWorld({ sandbox: true });
    await visitorWrites(world, 'Private question');
    const thread = await threadOf(world, (c) => c.channel === 'chat');
    const outsider = await createAccount(world.deps, 'outsider');
    const theirs = world.caller(browser(outsider.cookie)).conversations;
    expect((await theirs.list()).items).toEqual([]);
    for (const call of [
      () => theirs.get({ id: thread.id }),
      () => theirs.markRead({ id: thread.id }),
      () => theirs.reply({ id: thread.id, text: 'Hijack' }),
      () => theirs.assign({ id: thread.id, assigneeId: outsider.userId }),
      () => theirs.setStatus({ id: thread.id, status: 'closed' }),
    ]) {
      await expect(call()).rejects.toMatchObject({ code: 'NOT_FOUND' });
    }
    expect(await threadOf(world, (c) => c.id === thread.id)).toMatchObject({ status: 'open', assignee: null, unread: true });
  });

  it('a Sales Rep who sees only their own contacts sees the threads of those, their own, and the ones with no contact', async () => {
    const world = await smsWorld();
    await world.api.organizations.update({ salesRepsSeeOwnOnly: true });
    const rep = await addMember(world.deps, world.owner.organizationId, 'sales_rep', 'rep');
    const asRep = world.caller(browser(rep.cookie)).conversations;
    const theirs = uniqueNumber();
    const others = uniqueNumber();
    await world.api.contacts.create({ firstName: 'Mine', lastName: 'Contact', phone: theirs, ownerId: rep.userId });
    await world.api.contacts.create({ firstName: 'Other', lastName: 'Contact', phone: others });
    await world.api.sms.bulkSend({ recipients: [theirs, others], message: 'News' });
    await inboundSms(world, theirs, 'Hi rep');
    await inboundSms(world, others, 'Hi someone');
    await visitorWrites(world, 'Anonymous visitor');
    const titles = (await asRep.list()).items.map((c) => c.title).sort();
    expect(titles).toEqual(['Mine Contact', 'Website visitor']);
    const hidden = await threadOf(world, (c) => c.title === 'Other Contact');
    await expect(asRep.get({ id: hidden.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
