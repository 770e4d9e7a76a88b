import { createHmac, randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { receiveInboundEmail } from '../../server/email/inbound';
import { registerTestEmailJobs } from '../helpers/email-jobs';
import { queueEmail, type OutgoingEmail } from '../../server/email/outbox';
import { closeEmailTransport } from '../../server/email/transport';
import { INBOUND_SIGNATURE_HEADER } from '../../server/email/schema';
import { startSmtpSink } from '../doubles/smtp';
import { startServer } from '../../server/server';
import { testConfig } from '../helpers/app';
import { checkedTestApp } from '../helpers/openapi';
import { getTestDatabase } from '../helpers/db';
import { browser, createAccount, uniqueEmail } from '../helpers/factories';
import { eventually } from './sms-helpers';
import { dsnMime, replyMime } from '../helpers/mime';

// The worker's database is created and migrated once, under the hook timeout.
beforeAll(() => getTestDatabase());

const SECRET = 'inbound-secret-for-tests-0123456789';

/** The app on the test database sending through real nodemailer into an in-process SMTP sink, with the inbound secret set. */
async function inboundWorld(env: Record<string, string> = {}) {
  const sink = await startSmtpSink();
  onTestFinished(() => sink.close());
  const { app, deps, caller } = await checkedTestApp({ env: { JOBS_POLL_MS: '50', SMTP_MAX_RATE: '1000', SMTP_URL: sink.url, EMAIL_INBOUND_SECRET: SECRET, ...env } });
  await registerTestEmailJobs(deps, { retryDelay: 1 });
  await deps.jobs.start();
  onTestFinished(async () => {
    await deps.jobs.stop({ timeoutMs: 3000 });
    // The pooled connections to the sink go first, or the sink's close waits for them.
    await closeEmailTransport(deps);
  });
  const organization = async (label: string) => {
    const owner = await createAccount(deps, label);
    return { owner, api: caller(browser(owner.cookie)) };
  };
  return { app, deps, sink, organization };
}
type World = Awaited<ReturnType<typeof inboundWorld>>;
type Organization = Awaited<ReturnType<World['organization']>>;

const messageRow = (world: World, id: string) => world.deps.database.db.selectFrom('email_messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** Queues a one-to-one e-mail to a new contact of the organization (core's queueEmail) and waits until the sink has it. */
async function sendToContact(world: World, org: Organization, address = uniqueEmail('contact'), extra: Partial<OutgoingEmail> = {}) {
  const contact = await org.api.contacts.create({ firstName: 'Ada', email: address });
  const organizationId = org.owner.organizationId;
  const { id } = await world.deps.database
    .forOrganization(organizationId)
    .transaction()
    .execute((trx) =>
      queueEmail(trx, world.deps, { organizationId, kind: 'one_to_one', to: address, contactId: contact.id, subject: 'Your quote', html: '<p>Hello Ada</p>', text: 'Hello Ada', ...extra }),
    );
  const row = await eventually(
    () => messageRow(world, id),
    (r) => r.status === 'sent' || r.status === 'delivered' || r.status === 'failed',
  );
  expect(row.status).not.toBe('failed');
  const mail = await eventually(
    async () => world.sink.messages.find((m) => m.messageId === row.message_id),
    (m) => m !== undefined,
  );
  return { contact, row, mail: mail! };
}

const post = (world: World, raw: string, path = `/api/email/inbound/${SECRET}`, headers: Record<string, string> = { 'content-type': 'message/rfc822' }) =>
  world.app.request(path, { method: 'POST', headers, body: raw });

const signature = (body: string, secret = SECRET) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

const address = (value: unknown) => (value as { value: { address: string }[] }).value[0]!.address;

describe('replies', () => {
  it('threads a reply by In-Reply-To to the message it answers: same organization, contact and thread, on the timeline, announced live', async () => {
    const world = await inboundWorld();
    const org = await world.organization('inbound-a');
    const other = await world.organization('inbound-b');
    const ada = uniqueEmail('ada');
    // Both organizations write to the same person; the reply answers the first organization's message.
    const sent = await sendToContact(world, org, ada);
    const elsewhere = await sendToContact(world, other, ada);

    const res = await post(world, replyMime({ from: ada, to: address(sent.mail.replyTo), inReplyTo: sent.row.message_id, references: [sent.row.message_id] }));
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { outcome: string; messageId: string };
    expect(answer).toEqual({ outcome: 'threaded', messageId: expect.any(String) });

    const reply = await messageRow(world, answer.messageId);
    expect(reply).toMatchObject({
      organization_id: org.owner.organizationId,
      direction: 'inbound',
      status: 'received',
      contact_id: sent.contact.id,
      thread_id: sent.row.id,
      from_address: ada,
      subject: 'Re: Your quote',
      in_reply_to: sent.row.message_id,
    });
    expect(reply.text.trim()).toBe('Sounds good, thank you!');
    // The thread's first message now names its thread too.
    expect((await messageRow(world, sent.row.id)).thread_id).toBe(sent.row.id);

    const timeline = await org.api.contacts.timeline({ id: sent.contact.id });
    expect(timeline.items.find((i) => i.type === 'email_in')?.payload).toMatchObject({ messageId: reply.id, from: ada, subject: 'Re: Your quote' });
    const events = await world.deps.database.db
      .selectFrom('events')
      .select(['organization_id', 'payload'])
      .where('type', '=', 'email_received')
      .where('organization_id', 'in', [org.owner.organizationId, other.owner.organizationId])
      .execute();
    expect(events).toEqual([{ organization_id: org.owner.organizationId, payload: { id: reply.id, contactId: sent.contact.id, threadId: sent.row.id, from: ada, subject: 'Re: Your quote' } }]);
    expect(await world.deps.database.db.selectFrom('email_events').select('type').where('email_message_id', '=', reply.id).execute()).toEqual([{ type: 'received' }]);

    // The other organization's conversation with the same address got nothing.
    const theirs = await world.deps.database.db.selectFrom('email_messages').select('id').where('organization_id', '=', other.owner.organizationId).where('direction', '=', 'inbound').execute();
    expect(theirs).toEqual([]);
    expect((await other.api.contacts.timeline({ id: elsewhere.contact.id })).items.map((i) => i.type)).not.toContain('email_in');
  });

  it('threads by the Reply-To token alone, and stores a message delivered twice once', async () => {
    const world = await inboundWorld();
    const org = await world.organization('inbound-token');
    const sent = await sendToContact(world, org);
    const replyTo = address(sent.mail.replyTo);
    expect(replyTo).toContain(`+r.${sent.row.token}@`);

    const raw = replyMime({ from: sent.row.to_address, to: replyTo, subject: 'About your quote' });
    const first = (await (await post(world, raw)).json()) as { outcome: string; messageId: string };
    expect(first.outcome).toBe('threaded');
    expect(await messageRow(world, first.messageId)).toMatchObject({ organization_id: org.owner.organizationId, contact_id: sent.contact.id, thread_id: sent.row.id, in_reply_to: null });
    // A provider retrying its delivery: the same Message-ID is the same message.
    expect(await (await post(world, raw)).json()).toEqual(first);
  });

  it('answers a reply to a reply into the same thread, and files a reply to a message without a contact under the sender’s contact', async () => {
    const world = await inboundWorld();
    const org = await world.organization('inbound-chain');
    const sent = await sendToContact(world, org);
    const first = await receiveInboundEmail(world.deps, replyMime({ from: sent.row.to_address, to: 'x@example.org', inReplyTo: sent.row.message_id }));
    const firstRow = await messageRow(world, first.messageId!);
    const second = await receiveInboundEmail(
      world.deps,
      replyMime({ from: sent.row.to_address, to: 'x@example.org', inReplyTo: firstRow.message_id, references: [sent.row.message_id, firstRow.message_id] }),
    );
    expect(await messageRow(world, second.messageId!)).toMatchObject({ thread_id: sent.row.id, contact_id: sent.contact.id });

    // Sent to an address before it was a contact: the reply finds the contact that has it now.
    const grace = uniqueEmail('grace');
    const { id } = await world.deps.database
      .forOrganization(org.owner.organizationId)
      .transaction()
      .execute((trx) => queueEmail(trx, world.deps, { organizationId: org.owner.organizationId, kind: 'one_to_one', to: grace, subject: 'Hello', html: '<p>Hello</p>', text: 'Hello' }));
    const contact = await org.api.contacts.create({ firstName: 'Grace', email: grace });
    const original = await messageRow(world, id);
    const reply = await receiveInboundEmail(world.deps, replyMime({ from: grace.toUpperCase(), to: 'x@example.org', inReplyTo: original.message_id }));
    expect(await messageRow(world, reply.messageId!)).toMatchObject({ contact_id: contact.id, thread_id: id, from_address: grace });
  });

  it('ignores automatic answers and stores nothing; mail answering nothing of ours is unmatched', async () => {
    const world = await inboundWorld();
    const org = await world.organization('inbound-auto');
    const sent = await sendToContact(world, org);
    for (const header of ['Auto-Submitted: auto-replied', 'Precedence: bulk', 'X-Autoreply: yes']) {
      const res = await post(world, replyMime({ from: sent.row.to_address, to: address(sent.mail.replyTo), inReplyTo: sent.row.message_id, headers: [header] }));
      expect(await res.json(), header).toEqual({ outcome: 'ignored' });
    }
    expect(await (await post(world, replyMime({ from: 'stranger@example.org', to: 'hello@example.org', inReplyTo: '<nothing-of-ours@example.org>' }))).json()).toEqual({ outcome: 'unmatched' });
    const inbound = await world.deps.database.db.selectFrom('email_messages').select('id').where('organization_id', '=', org.owner.organizationId).where('direction', '=', 'inbound').execute();
    expect(inbound).toEqual([]);
  });
});

describe('bounces and unsubscribes', () => {
  it('a hard DSN to the VERP return path marks the message bounced and suppresses the address; later sends are suppressed', async () => {
    const world = await inboundWorld();
    const org = await world.organization('inbound-hard');
    const sent = await sendToContact(world, org);
    const verp = sent.mail.envelope.from;
    expect(verp).toContain(`+b.${sent.row.token}@`);

    const res = await post(world, dsnMime({ to: verp, recipient: sent.row.to_address, status: '5.1.1', originalMessageId: sent.row.message_id }));
    expect(await res.json()).toEqual({ outcome: 'bounce', messageId: sent.row.id });
    expect(await messageRow(world, sent.row.id)).toMatchObject({ status: 'bounced', error: 'Hard bounce 5.1.1: 550 5.1.1 mailbox says no' });
    const events = await world.deps.database.db.selectFrom('email_events').select(['type', 'detail']).where('email_message_id', '=', sent.row.id).where('type', '=', 'bounced').execute();
    expect(events).toEqual([{ type: 'bounced', detail: 'Hard bounce 5.1.1: 550 5.1.1 mailbox says no' }]);
    const suppression = await world.deps.database.db.selectFrom('email_suppressions').selectAll().where('organization_id', '=', org.owner.organizationId).execute();
    expect(suppression).toMatchObject([{ address: sent.row.to_address, reason: 'hard_bounce', source_message_id: sent.row.id }]);

    const again = await world.deps.database
      .forOrganization(org.owner.organizationId)
      .transaction()
      .execute((trx) => queueEmail(trx, world.deps, { organizationId: org.owner.organizationId, kind: 'one_to_one', to: sent.row.to_address, subject: 'Again', html: '<p>Again</p>', text: 'Again' }));
    expect(again.status).toBe('suppressed');
  });

  it('a soft DSN found by its Original-Message-ID marks the message bounced without suppressing; a delay is noted only', async () => {
    const world = await inboundWorld();
    const org = await world.organization('inbound-soft');
    const delayed = await sendToContact(world, org);
    expect(
      await receiveInboundEmail(
        world.deps,
        dsnMime({ to: 'postmaster@example.org', recipient: delayed.row.to_address, status: '4.4.1', action: 'delayed', originalMessageId: delayed.row.message_id }),
      ),
    ).toEqual({
      outcome: 'bounce',
      messageId: delayed.row.id,
    });
    expect((await messageRow(world, delayed.row.id)).status).toBe(delayed.row.status);
    expect(await world.deps.database.db.selectFrom('email_events').select('type').where('email_message_id', '=', delayed.row.id).where('type', '=', 'retry').execute()).toHaveLength(1);

    const soft = await sendToContact(world, org);
    await receiveInboundEmail(world.deps, dsnMime({ to: 'postmaster@example.org', recipient: soft.row.to_address, status: '4.2.2', originalMessageId: soft.row.message_id }));
    expect(await messageRow(world, soft.row.id)).toMatchObject({ status: 'bounced', error: 'Soft bounce 4.2.2: 452 4.2.2 mailbox says no' });
    expect(await world.deps.database.db.selectFrom('email_suppressions').select('id').where('organization_id', '=', org.owner.organizationId).execute()).toEqual([]);
  });

  it('a hard bounce of an account e-mail puts the address on the global bounced list', async () => {
    const world = await inboundWorld();
    const to = uniqueEmail('account');
    const { id } = await world.deps.database.db
      .transaction()
      .execute((trx) => queueEmail(trx, world.deps, { organizationId: null, kind: 'account', to, subject: 'Reset your password', html: '<p>Reset</p>', text: 'Reset' }));
    const row = await eventually(
      () => messageRow(world, id),
      (r) => r.status === 'sent' || r.status === 'delivered',
    );
    expect(await receiveInboundEmail(world.deps, dsnMime({ to: `bounces+b.${row.token}@example.org`, recipient: to, status: '5.1.1', originalMessageId: row.message_id }))).toEqual({
      outcome: 'bounce',
      messageId: id,
    });
    expect(await world.deps.database.db.selectFrom('email_bounced_addresses').select('address').where('address', '=', to).execute()).toEqual([{ address: to }]);
    expect((await messageRow(world, id)).status).toBe('bounced');
  });

  it('mail to the List-Unsubscribe mailto address unsubscribes the message’s recipient', async () => {
    const world = await inboundWorld();
    const org = await world.organization('inbound-unsub');
    const sent = await sendToContact(world, org);
    const mailto = /<mailto:([^>]+)>/.exec(sent.mail.rawHeader('List-Unsubscribe') ?? '')?.[1];
    expect(mailto).toContain(`+u.${sent.row.token}@`);
    const res = await post(world, replyMime({ from: sent.row.to_address, to: mailto!, subject: 'unsubscribe' }));
    expect(await res.json()).toEqual({ outcome: 'unsubscribed', messageId: sent.row.id });
    expect(await world.deps.database.db.selectFrom('email_suppressions').select(['address', 'reason']).where('organization_id', '=', org.owner.organizationId).execute()).toEqual([
      { address: sent.row.to_address, reason: 'unsubscribed' },
    ]);
  });
});

describe('the inbound doors', () => {
  it('refuses a bad secret or signature (401), accepts the signed door and JSON {raw}, and says when no secret is configured (503)', async () => {
    const world = await inboundWorld();
    const org = await world.organization('inbound-doors');
    const sent = await sendToContact(world, org);
    const raw = () => replyMime({ from: sent.row.to_address, to: address(sent.mail.replyTo), inReplyTo: sent.row.message_id });

    expect((await post(world, raw(), '/api/email/inbound/not-the-secret')).status).toBe(401);
    expect((await post(world, raw(), '/api/email/inbound')).status).toBe(401);
    const wrong = raw();
    expect((await post(world, wrong, '/api/email/inbound', { 'content-type': 'message/rfc822', [INBOUND_SIGNATURE_HEADER]: signature(wrong, 'another-secret-0123456789') })).status).toBe(401);

    const signed = raw();
    const res = await post(world, signed, '/api/email/inbound', { 'content-type': 'message/rfc822', [INBOUND_SIGNATURE_HEADER]: signature(signed) });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ outcome: 'threaded' });

    const json = JSON.stringify({ raw: raw() });
    expect(await (await post(world, json, `/api/email/inbound/${SECRET}`, { 'content-type': 'application/json' })).json()).toMatchObject({ outcome: 'threaded' });
    const form = new FormData();
    form.set('email', raw());
    expect(await (await world.app.request(`/api/email/inbound/${SECRET}`, { method: 'POST', body: form })).json()).toMatchObject({ outcome: 'threaded' });

    const empty = await post(world, '', `/api/email/inbound/${SECRET}`);
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ message: 'body: must be a raw MIME message' });
    const badJson = await post(world, JSON.stringify({ raw: 42 }), `/api/email/inbound/${SECRET}`, { 'content-type': 'application/json' });
    expect(badJson.status).toBe(400);
    expect(await badJson.json()).toMatchObject({ message: 'raw: must be the raw MIME message as a string' });

    const closed = await checkedTestApp({ env: { EMAIL_INBOUND_SECRET: '' } });
    const refused = await closed.app.request(`/api/email/inbound/${SECRET}`, { method: 'POST', headers: { 'content-type': 'message/rfc822' }, body: raw() });
    expect(refused.status).toBe(503);
    expect(await refused.json()).toEqual({ message: 'Inbound e-mail is not configured: set EMAIL_INBOUND_SECRET' });
  });

  it('stores hostile text as text: a NUL becomes U+FFFD, never a 500; what mailparser refuses is a 400', async () => {
    const world = await inboundWorld();
    const org = await world.organization('inbound-hostile');
    const sent = await sendToContact(world, org);
    const res = await post(world, replyMime({ from: sent.row.to_address, to: 'x@example.org', inReplyTo: sent.row.message_id, subject: 'Re: a\u0000b', text: 'before\u0000after \uDC00' }));
    const answer = (await res.json()) as { outcome: string; messageId: string };
    expect(answer, JSON.stringify(answer)).toMatchObject({ outcome: 'threaded' });
    const row = await messageRow(world, answer.messageId);
    expect(row.subject).toBe('Re: a\uFFFDb');
    expect(row.text).toContain('before\uFFFDafter');

    const nulJson = await post(world, JSON.stringify({ raw: 'From: a@example.org\u0000' }), `/api/email/inbound/${SECRET}`, { 'content-type': 'application/json' });
    expect(nulJson.status).toBe(400);
    expect(await nulJson.json()).toMatchObject({ message: 'raw: must not contain a NUL character' });
    const hugeHeader = await post(world, `X-Padding: ${'a'.repeat(1_100_000)}\r\n\r\nbody`);
    expect(hugeHeader.status).toBe(400);
    expect(await hugeHeader.json()).toMatchObject({ message: 'body: must be a MIME message (Max header size for a MIME node exceeded)' });
  });

  it('INBOUND_SMTP_PORT starts the SMTP listener with the server: a reply sent with nodemailer is threaded, other domains are refused, and close() stops it', async () => {
    const world = await inboundWorld();
    const org = await world.organization('inbound-smtp');
    const sent = await sendToContact(world, org);
    const server = await startServer(testConfig({ PORT: '0', JOBS_ENABLED: 'false', INBOUND_SMTP_PORT: '0' }), { database: world.deps.database, clientDir: false });
    let closed = false;
    onTestFinished(async () => {
      if (!closed) await server.close();
    });
    const smtpUrl = `smtp://127.0.0.1:${server.inboundSmtpPort}`;
    const client = nodemailer.createTransport({ url: smtpUrl, pool: true, maxConnections: 1, rateDelta: 1000, rateLimit: 100 });
    const mail = (to: string) => ({
      from: { name: 'Ada', address: sent.row.to_address },
      to,
      subject: 'Re: Your quote',
      text: 'By SMTP',
      html: '<p>By SMTP</p>',
      messageId: `<${randomUUID()}@mail.example.org>`,
      inReplyTo: sent.row.message_id,
      references: [sent.row.message_id],
      envelope: { from: sent.row.to_address, to },
    });

    const reply = mail(address(sent.mail.replyTo));
    await client.sendMail(reply);
    const row = await world.deps.database.db.selectFrom('email_messages').selectAll().where('message_id', '=', reply.messageId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ organization_id: org.owner.organizationId, contact_id: sent.contact.id, thread_id: sent.row.id, direction: 'inbound', status: 'received' });
    await expect(client.sendMail(mail('someone@elsewhere.example'))).rejects.toMatchObject({ responseCode: 550 });
    client.close();

    await server.close();
    closed = true;
    const after = nodemailer.createTransport({ url: smtpUrl, pool: true, maxConnections: 1, rateDelta: 1000, rateLimit: 100 });
    await expect(after.sendMail(mail(address(sent.mail.replyTo)))).rejects.toThrow(/ECONNREFUSED/);
    after.close();
  });
});
