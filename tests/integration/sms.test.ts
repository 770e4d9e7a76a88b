import { beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMITS } from '../../server/body-limits';
import { bodyTooLargeMessage } from '../../server/http/body-limit';
import { BULK_MAX_RECIPIENTS, BULK_TOO_MANY_RECIPIENTS, OPTED_OUT_MESSAGE } from '../../server/sms/schema';
import { TEST_FROM, signWebhook } from '../doubles/twilio';
import { TEST_ORIGIN } from '../helpers/app';
import { getTestDatabase } from '../helpers/db';
import { browser, createAccount } from '../helpers/factories';
import { eventually, messageRow, smsWorld, uniqueNumber, untilStatus, type SmsWorld } from './sms-helpers';

// The worker's database is created and migrated once, under the hook timeout.
beforeAll(() => getTestDatabase());

type SendAnswer = { success: boolean; messageId?: string; status?: string; error?: string };

async function webhook(world: SmsWorld, kind: 'inbound' | 'status', params: Record<string, string>, options: { signature?: string | null; query?: string } = {}) {
  const path = `/api/sms/webhooks/${kind}${options.query ?? ''}`;
  const signature = options.signature === undefined ? signWebhook(`${TEST_ORIGIN}${path}`, params) : options.signature;
  return world.app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(signature ? { 'x-twilio-signature': signature } : {}) },
    body: new URLSearchParams(params).toString(),
  });
}

let sid = 0;
const inboundSid = () => `SM${String(++sid).padStart(32, 'a')}`;

async function sendAndWait(world: SmsWorld, to: string, message = 'Hello there') {
  const res = await world.rest('/send', { body: { to, message } });
  const answer = (await res.json()) as SendAnswer;
  expect(answer).toMatchObject({ success: true });
  return untilStatus(world, answer.messageId!, 'sent', 'delivered', 'failed', 'refused');
}

describe('POST /api/sms/send', () => {
  it('stores and queues the message, answers at once, and a worker sends it through the Twilio SDK to the double', async () => {
    const world = await smsWorld();
    const res = await world.rest('/send', { body: { to: '(415) 555-2671', message: '  Your table is ready  ' } });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as SendAnswer;
    expect(answer).toEqual({ success: true, messageId: expect.any(String), status: 'queued' });

    const row = await untilStatus(world, answer.messageId!, 'sent');
    expect(row).toMatchObject({ to_number: '+14155552671', body: 'Your table is ready', encoding: 'GSM-7', segments: 1, direction: 'outbound', purpose: 'single', attempts: 1 });
    const received = world.double.messages.filter((m) => m.to === '+14155552671');
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ body: 'Your table is ready', from: TEST_FROM, statusCallback: `${TEST_ORIGIN}/api/sms/webhooks/status?messageId=${row.id}` });
    expect(row.provider_sid).toBe(received[0]!.sid);

    // Written to the timeline of its contact, created by phone.
    const contact = await world.api.contacts.get({ id: row.contact_id! });
    expect(contact.phone).toBe('+14155552671');
    const timeline = await world.api.contacts.timeline({ id: row.contact_id! });
    expect(timeline.items.map((i) => i.type)).toContain('sms_out');
    expect(timeline.items.find((i) => i.type === 'sms_out')?.payload).toMatchObject({ messageId: row.id, to: '+14155552671', body: 'Your table is ready' });
  });

  it('refuses a bad number or message with {success:false, error} naming the field; nothing is stored', async () => {
    const world = await smsWorld();
    const cases: [unknown, string][] = [
      [{ to: '12', message: 'Hi' }, 'to: Invalid phone number: must be a valid phone number; include the country code, for example +1 for US numbers'],
      [{ to: '+14155552671', message: '   ' }, 'message: must not be empty'],
      [{ to: '+14155552671', message: 'x'.repeat(1601) }, 'message: must be at most 1600 characters'],
      [{ message: 'Hi' }, 'to: is required'],
    ];
    for (const [body, error] of cases) {
      const res = await world.rest('/send', { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toEqual({ success: false, error });
    }
    const stored = await world.deps.database.db.selectFrom('sms_messages').select('id').where('organization_id', '=', world.owner.organizationId).execute();
    expect(stored).toEqual([]);
  });

  it('counts encoding and segments: GSM-7 160/153, UCS-2 (an emoji) 70/67', async () => {
    const world = await smsWorld();
    const send = async (message: string) => messageRow(world, (await world.api.sms.send({ to: uniqueNumber(), message })).messageId);
    expect(await send('a'.repeat(160))).toMatchObject({ encoding: 'GSM-7', segments: 1 });
    expect(await send('a'.repeat(161))).toMatchObject({ encoding: 'GSM-7', segments: 2 });
    expect(await send(`${'a'.repeat(68)}😀`)).toMatchObject({ encoding: 'UCS-2', segments: 1 });
    expect(await send(`${'a'.repeat(69)}😀`)).toMatchObject({ encoding: 'UCS-2', segments: 2 });
  });

  it('answers a retried request with the same idempotency key with the first message, sent once', async () => {
    const world = await smsWorld();
    const to = uniqueNumber();
    const first = await world.api.sms.send({ to, message: 'Once', idempotencyKey: 'order-42' });
    const second = await world.api.sms.send({ to, message: 'Once', idempotencyKey: 'order-42' });
    expect(second.messageId).toBe(first.messageId);
    await untilStatus(world, first.messageId, 'sent');
    expect(world.double.sentTo(to)).toBe(1);
  });

  it('needs sms:send: a viewer is refused, an anonymous caller is 401', async () => {
    const world = await smsWorld();
    const viewer = await import('../helpers/factories').then((f) => f.addMember(world.deps, world.owner.organizationId, 'viewer'));
    expect((await world.rest('/send', { body: { to: uniqueNumber(), message: 'Hi' }, cookie: viewer.cookie })).status).toBe(403);
    expect((await world.app.request('/api/sms/templates')).status).toBe(401);
  });
});

describe('POST /api/sms/bulk-send', () => {
  it('sends to numbers no contact holds without making contacts of them, and links the ones a contact holds (issue #18)', async () => {
    const world = await smsWorld();
    const [known, unknown] = [uniqueNumber(), uniqueNumber()];
    const zoe = await world.api.contacts.create({ firstName: 'Zoe', phone: known });
    const bulk = await world.api.sms.bulkSend({ recipients: [known, unknown], message: 'Open house Saturday' });
    await eventually(
      () => world.api.sms.batch({ batchId: bulk.batchId }),
      (p) => p.done,
    );
    const db = world.deps.database.db;
    const rows = await db.selectFrom('sms_messages').select(['to_number', 'contact_id', 'status']).where('batch_id', '=', bulk.batchId).orderBy('to_number').execute();
    expect(rows.map(({ to_number, contact_id }) => ({ to_number, contact_id }))).toEqual(
      [
        { to_number: known, contact_id: zoe.id },
        { to_number: unknown, contact_id: null },
      ].sort((x, y) => x.to_number.localeCompare(y.to_number)),
    );
    expect([world.double.sentTo(known), world.double.sentTo(unknown)]).toEqual([1, 1]);
    const named = await db.selectFrom('contacts').select('id').where('organization_id', '=', world.owner.organizationId).where('phone', '=', unknown).execute();
    expect(named).toEqual([]);
    // The known contact's timeline has the message; nobody's has the unknown number's.
    const activities = await db.selectFrom('activities').select(['contact_id']).where('organization_id', '=', world.owner.organizationId).where('type', '=', 'sms_out').execute();
    expect(activities.map((a) => a.contact_id)).toEqual([zoe.id]);
  });

  it('makes contacts of unknown numbers when asked, when it accepts them', async () => {
    const world = await smsWorld();
    const unknown = uniqueNumber();
    const bulk = await world.api.sms.bulkSend({ recipients: [unknown], message: 'Welcome', addUnknownAsContacts: true });
    const row = await world.deps.database.db.selectFrom('sms_messages').select('contact_id').where('batch_id', '=', bulk.batchId).executeTakeFirstOrThrow();
    const contact = await world.api.contacts.get({ id: row.contact_id! });
    expect(contact).toMatchObject({ phone: unknown, source: 'sms' });
    await expect(world.api.sms.bulkSend({ recipients: [unknown], message: 'x', addUnknownAsContacts: 'yes' as unknown as boolean })).rejects.toThrow('addUnknownAsContacts: must be true or false');
  });

  it('splits, trims, dedupes, reports each invalid or opted-out number and queues the rest in one batch', async () => {
    const world = await smsWorld();
    const [a, b, optedOut] = [uniqueNumber(), uniqueNumber(), uniqueNumber()];
    await world.api.contacts.create({ firstName: 'Opted', phone: optedOut, doNotContact: { sms: true } });
    const res = await world.rest('/bulk-send', { body: { recipients: [a, '  ', ` ${a} `, 'not a number', `${b}\n\n`, optedOut], message: 'Spring sale' } });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { successful: number; failed: number; batchId: string; results: { to: string; status: string; error?: string }[] };
    expect(answer).toMatchObject({ successful: 2, failed: 2, batchId: expect.any(String) });
    expect(answer.results.map(({ to, status, error }) => ({ to, status, error }))).toEqual([
      { to: a, status: 'queued', error: undefined },
      { to: 'not a number', status: 'invalid', error: 'Invalid phone number: must be a valid phone number; include the country code, for example +1 for US numbers' },
      { to: b, status: 'queued', error: undefined },
      { to: optedOut, status: 'refused', error: OPTED_OUT_MESSAGE },
    ]);
    const progress = await eventually(
      () => world.api.sms.batch({ batchId: answer.batchId }),
      (p) => p.done,
    );
    expect(progress).toMatchObject({ total: 4, accepted: 2, rejected: 2, queued: 0, sent: 2, refused: 1 });
    expect([world.double.sentTo(a), world.double.sentTo(b), world.double.sentTo(optedOut)]).toEqual([1, 1, 0]);
  });

  it('refuses more than 10,000 recipients and an empty list', async () => {
    const world = await smsWorld();
    const many = Array.from({ length: 10_001 }, (_, i) => `+1415${String(2000000 + i)}`);
    const res = await world.rest('/bulk-send', { body: { recipients: many, message: 'Too many' } });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ success: false, error: 'recipients: must contain at most 10,000 phone numbers; use a campaign for larger audiences' });
    const empty = await world.rest('/bulk-send', { body: { recipients: ['', '  '], message: 'Hi' } });
    expect(await empty.json()).toEqual({ success: false, error: 'recipients: must contain at least one phone number' });
  });

  it('counts every entry against the 10,000 cap, repeated ones and each line of a pasted block too, on both doors', async () => {
    const world = await smsWorld();
    const tooMany = `recipients: ${BULK_TOO_MANY_RECIPIENTS}`;
    // 10,001 entries holding 10 distinct numbers: the cap is on what was sent, not on what is left after dedupe.
    const repeated = Array.from({ length: BULK_MAX_RECIPIENTS + 1 }, (_, i) => `+1415200000${i % 10}`);
    const res = await world.rest('/bulk-send', { body: { recipients: repeated, message: 'Too many' } });
    expect(res.status).toBe(400);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ success: false, error: tooMany });
    expect(text.length).toBeLessThan(200);
    // One entry holding 10,001 lines.
    const pasted = await world.rest('/bulk-send', { body: { recipients: [repeated.join('\n')], message: 'Too many' } });
    expect(await pasted.json()).toEqual({ success: false, error: tooMany });
    await expect(world.api.sms.bulkSend({ recipients: repeated, message: 'Too many' })).rejects.toThrow(tooMany);
    await expect(world.api.sms.bulkSend({ recipients: [repeated.join('\n')], message: 'Too many' })).rejects.toThrow(tooMany);
    const stored = await world.deps.database.db.selectFrom('sms_messages').select('id').where('organization_id', '=', world.owner.organizationId).execute();
    expect(stored).toEqual([]);
  });

  it('refuses a 700,000-recipient body at the body limit on both doors, with a short answer', async () => {
    const world = await smsWorld();
    const body = JSON.stringify({ recipients: Array.from({ length: 700_000 }, (_, i) => `+1415200${String(i % 10_000).padStart(4, '0')}`), message: 'Huge' });
    for (const path of ['/api/sms/bulk-send', '/trpc/sms.bulkSend']) {
      const res = await world.app.request(path, { method: 'POST', headers: { ...browser(world.owner.cookie), 'content-type': 'application/json' }, body });
      expect(res.status, path).toBe(413);
      const answer = (await res.json()) as { message: string; error?: { message: string } };
      // One short line; /trpc also carries it in tRPC's error envelope for its client.
      expect(answer.message, path).toBe(bodyTooLargeMessage(BODY_LIMITS.json));
      expect(JSON.stringify(answer).length, path).toBeLessThan(300);
    }
  });

  it('holds bulk messages during quiet hours in the recipient’s zone; a one-to-one send is not held', async () => {
    const world = await smsWorld();
    const london = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date());
    const hour = Number(london.slice(0, 2));
    const clock = (h: number) => `${String((h + 24) % 24).padStart(2, '0')}:00`;
    await world.api.sms.updateSettings({ quietHours: { start: clock(hour - 1), end: clock(hour + 2) } });
    const bulk = await world.api.sms.bulkSend({ recipients: ['+447911123456'], message: 'Weekend offer' });
    expect(bulk.results[0]).toMatchObject({ status: 'accepted' });
    const held = await messageRow(world, bulk.results[0]!.messageId!);
    expect(held.status).toBe('accepted');
    expect(held.send_after!.getTime()).toBeGreaterThan(Date.now() + 3600_000);
    const direct = await world.api.sms.send({ to: '+447911123457', message: 'Your order shipped' });
    expect(direct.status).toBe('queued');
    await untilStatus(world, direct.messageId, 'sent');
  });
});

describe('templates', () => {
  it('seeds the defaults once, lists them at GET /api/sms/templates, and keeps variables in step with the message', async () => {
    const world = await smsWorld();
    const res = await world.rest('/templates');
    const templates = (await res.json()) as { id: string; name: string; category: string; message: string; variables: string[] }[];
    expect(templates.map((t) => t.name)).toEqual(['Appointment reminder', 'Follow-up', 'Payment reminder', 'Review request', 'Welcome']);
    expect(templates.find((t) => t.name === 'Appointment reminder')!.variables).toEqual(['firstName', 'business', 'date', 'time']);
    await world.api.sms.deleteTemplate({ id: templates[0]!.id });
    expect(await world.api.sms.templates()).toHaveLength(4);

    const created = await world.api.sms.createTemplate({ name: 'Pickup', category: 'orders', message: 'Hi {{ name }}, order {{order}} is ready. {{name}}' });
    expect(created.variables).toEqual(['name', 'order']);
    const updated = await world.api.sms.updateTemplate({ id: created.id, message: 'Order {{order}} ready at {{store}}' });
    expect(updated.variables).toEqual(['order', 'store']);
    await expect(world.api.sms.createTemplate({ name: 'pickup', category: 'x', message: 'y' })).rejects.toMatchObject({ code: 'CONFLICT', message: 'name: a template with this name already exists' });
  });

  it('sends a template with its variables substituted; a missing variable is a 400 naming it', async () => {
    const world = await smsWorld();
    const template = await world.api.sms.createTemplate({ name: 'Visit', category: 'appointments', message: 'Hi {{firstName}}, see you on {{date}}.' });
    const to = uniqueNumber();
    const missing = await world.rest('/send-template', { body: { to, templateId: template.id, variables: { firstName: 'Ada' } } });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ success: false, error: 'variables.date: is required by the template' });

    const res = await world.rest('/send-template', { body: { to, templateId: template.id, variables: { firstName: 'Ada', date: 'Friday' } } });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as SendAnswer;
    expect(answer).toMatchObject({ success: true, messageId: expect.any(String) });
    const row = await untilStatus(world, answer.messageId!, 'sent');
    expect(row).toMatchObject({ body: 'Hi Ada, see you on Friday.', purpose: 'template', template_id: template.id });
    expect(world.double.messages.find((m) => m.to === to)?.body).toBe('Hi Ada, see you on Friday.');

    const unknown = await world.rest('/send-template', { body: { to, templateId: '00000000-0000-4000-8000-000000000000', variables: {} } });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ success: false, error: 'Template not found' });
  });
});

describe('GET /api/sms/account', () => {
  it('reads the Twilio account and its numbers through the SDK', async () => {
    const world = await smsWorld();
    const res = await world.rest('/account');
    expect(await res.json()).toEqual({
      account: { status: 'active', friendlyName: 'Switchboard test account', mode: 'twilio' },
      phoneNumbers: [{ phoneNumber: TEST_FROM, friendlyName: '(500) 555-0006', sid: expect.stringMatching(/^PN/) }],
    });
  });

  it('says Sandbox plainly without credentials, and the sandbox still takes messages through the queue to delivered', async () => {
    const world = await smsWorld({ sandbox: true });
    const account = (await (await world.rest('/account')).json()) as { account: { mode: string; friendlyName: string } };
    expect(account.account).toMatchObject({ mode: 'sandbox', friendlyName: 'Sandbox' });
    const { messageId } = await world.api.sms.send({ to: uniqueNumber(), message: 'Sandboxed' });
    const sent = await untilStatus(world, messageId, 'sent', 'delivered');
    expect(sent.provider_sid).toMatch(/^SM/);
    await untilStatus(world, messageId, 'delivered');
    expect(world.double.requests).toEqual([]);
  });
});

describe('webhooks', () => {
  it('stores a signed inbound message once per MessageSid, on the contact’s conversation, and raises sms_received', async () => {
    const world = await smsWorld();
    const from = uniqueNumber();
    await sendAndWait(world, from, 'Can you make it tomorrow?');
    const params = { MessageSid: inboundSid(), From: from, To: TEST_FROM, Body: 'Yes, 10am works' };
    const res = await webhook(world, 'inbound', params);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
    expect((await webhook(world, 'inbound', params)).status).toBe(200);

    const inbound = await world.deps.database.db.selectFrom('sms_messages').selectAll().where('provider_sid', '=', params.MessageSid).execute();
    expect(inbound).toHaveLength(1);
    expect(inbound[0]).toMatchObject({ direction: 'inbound', status: 'received', from_number: from, body: 'Yes, 10am works', organization_id: world.owner.organizationId });
    const thread = await world.api.sms.conversation({ contactId: inbound[0]!.contact_id! });
    expect(thread.messages.map((m) => [m.direction, m.body])).toEqual([
      ['outbound', 'Can you make it tomorrow?'],
      ['inbound', 'Yes, 10am works'],
    ]);
    const conversations = await world.api.sms.conversations();
    expect(conversations[0]).toMatchObject({ contactId: inbound[0]!.contact_id, inboundCount: 1, lastMessage: { body: 'Yes, 10am works', direction: 'inbound' } });
    const events = await world.deps.database.db.selectFrom('events').select(['type', 'payload']).where('organization_id', '=', world.owner.organizationId).where('type', '=', 'sms_received').execute();
    expect(events).toEqual([{ type: 'sms_received', payload: expect.objectContaining({ from, body: 'Yes, 10am works', contactId: inbound[0]!.contact_id }) }]);
  });

  it('answers 403 and writes nothing for a missing or wrong signature', async () => {
    const world = await smsWorld();
    const params = { MessageSid: inboundSid(), From: uniqueNumber(), To: TEST_FROM, Body: 'STOP' };
    expect((await webhook(world, 'inbound', params, { signature: null })).status).toBe(403);
    expect((await webhook(world, 'inbound', params, { signature: signWebhook(`${TEST_ORIGIN}/api/sms/webhooks/inbound`, params, 'another-token') })).status).toBe(403);
    expect((await webhook(world, 'inbound', { ...params, Body: 'tampered' }, { signature: signWebhook(`${TEST_ORIGIN}/api/sms/webhooks/inbound`, params) })).status).toBe(403);
    expect((await webhook(world, 'status', { MessageSid: 'SMx', MessageStatus: 'delivered' }, { signature: 'bogus' })).status).toBe(403);
    const stored = await world.deps.database.db.selectFrom('sms_messages').select('id').where('provider_sid', '=', params.MessageSid).execute();
    expect(stored).toEqual([]);
  });

  it('STOP refuses every later send path with the opt-out message; START allows again; HELP answers the help text', async () => {
    const world = await smsWorld();
    const to = uniqueNumber();
    const first = await sendAndWait(world, to);
    expect((await webhook(world, 'inbound', { MessageSid: inboundSid(), From: to, To: TEST_FROM, Body: ' stop ' })).status).toBe(200);
    expect((await world.api.contacts.get({ id: first.contact_id! })).doNotContact.sms).toBe(true);

    const single = await world.rest('/send', { body: { to, message: 'Are you there?' } });
    expect(single.status).toBe(403);
    expect(await single.json()).toEqual({ success: false, error: OPTED_OUT_MESSAGE });
    const template = await world.api.sms.createTemplate({ name: 'Ping', category: 'x', message: 'Ping' });
    await expect(world.api.sms.sendTemplate({ to, templateId: template.id, variables: {} })).rejects.toMatchObject({ code: 'FORBIDDEN', message: OPTED_OUT_MESSAGE });
    const bulk = await world.api.sms.bulkSend({ recipients: [to], message: 'Sale' });
    expect(bulk).toMatchObject({ successful: 0, failed: 1, results: [{ to, status: 'refused', error: OPTED_OUT_MESSAGE }] });
    expect(world.double.sentTo(to)).toBe(1);

    const help = await webhook(world, 'inbound', { MessageSid: inboundSid(), From: to, To: TEST_FROM, Body: 'HELP' });
    expect(await help.text()).toContain(`<Message>Org of ${world.owner.email}: reply to this message and our team will help. Msg &amp; data rates may apply. Reply STOP to opt out.</Message>`);

    await webhook(world, 'inbound', { MessageSid: inboundSid(), From: to, To: TEST_FROM, Body: 'START' });
    expect((await world.api.contacts.get({ id: first.contact_id! })).doNotContact.sms).toBe(false);
    await sendAndWait(world, to, 'Welcome back');
    expect(world.double.sentTo(to)).toBe(2);
    const types = (await world.api.contacts.timeline({ id: first.contact_id! })).items.map((i) => i.type);
    expect(types).toEqual(expect.arrayContaining(['sms_opt_out', 'sms_opt_in', 'sms_in', 'sms_out']));
  });

  it('a signed STOP that arrives after a message was accepted stops it before it is sent', async () => {
    const world = await smsWorld({ env: { JOBS_ENABLED: 'false' } });
    const to = uniqueNumber();
    await world.api.contacts.create({ firstName: 'Late', phone: to });
    const { messageId } = await world.api.sms.send({ to, message: 'Queued before STOP' });
    await world.deps.database.db.updateTable('contacts').set({ dnc_sms: true }).where('phone', '=', to).where('organization_id', '=', world.owner.organizationId).execute();
    const { deliverMessages } = await import('../../server/sms/delivery');
    const job = { data: { organizationId: world.owner.organizationId, messageIds: [messageId] }, retryCount: 0, signal: new AbortController().signal };
    expect(await deliverMessages(world.deps, job, { retryLimit: 3, parallelSends: 4, budgetMs: 60_000 })).toEqual({ refused: 1 });
    expect(await messageRow(world, messageId)).toMatchObject({ status: 'refused', error_message: OPTED_OUT_MESSAGE });
    expect(world.double.requests).toEqual([]);
  });

  it('status callbacks only move a message forward: delivered stays delivered', async () => {
    const world = await smsWorld();
    const row = await sendAndWait(world, uniqueNumber());
    const query = `?messageId=${row.id}`;
    const report = (MessageStatus: string, extra: Record<string, string> = {}) => webhook(world, 'status', { MessageSid: row.provider_sid!, MessageStatus, ...extra }, { query });
    expect((await report('delivered')).status).toBe(204);
    expect((await report('sent')).status).toBe(204);
    expect((await report('failed', { ErrorCode: '30007' })).status).toBe(204);
    expect(await messageRow(world, row.id)).toMatchObject({ status: 'delivered', error_code: null });
    expect((await messageRow(world, row.id)).delivered_at).not.toBeNull();

    const other = await sendAndWait(world, uniqueNumber());
    await webhook(world, 'status', { MessageSid: other.provider_sid!, MessageStatus: 'undelivered', ErrorCode: '30007' });
    expect(await messageRow(world, other.id)).toMatchObject({ status: 'undelivered', error_code: '30007', error_message: 'The carrier filtered the message' });
  });
});

describe('statistics and isolation', () => {
  it('counts sent, delivered, failed, delivery rate, opt-outs and replies by day from the database', async () => {
    const world = await smsWorld();
    const [a, b, c] = [uniqueNumber(), uniqueNumber(), uniqueNumber()];
    const ra = await sendAndWait(world, a);
    await sendAndWait(world, b);
    world.double.script(c, { kind: 'error', code: 21211 });
    await sendAndWait(world, c);
    await webhook(world, 'status', { MessageSid: ra.provider_sid!, MessageStatus: 'delivered' });
    await webhook(world, 'inbound', { MessageSid: inboundSid(), From: a, To: TEST_FROM, Body: 'Thanks' });
    await webhook(world, 'inbound', { MessageSid: inboundSid(), From: b, To: TEST_FROM, Body: 'STOP' });
    const stats = await world.api.sms.statistics({ days: 7 });
    expect(stats.totals).toEqual({ sent: 2, delivered: 1, failed: 1, replies: 2, optOuts: 1, deliveryRate: 0.5 });
    expect(stats.byDay).toHaveLength(1);
    expect(stats.byDay[0]).toMatchObject({ sent: 2, delivered: 1, failed: 1, replies: 2, optOuts: 1 });
  });

  it('another organization sees none of it, and its inbound replies stay with the organization that texted', async () => {
    const world = await smsWorld();
    const to = uniqueNumber();
    const row = await sendAndWait(world, to);
    const other = await createAccount(world.deps, 'sms-b');
    const b = world.caller(browser(other.cookie));
    expect(await b.sms.messages({})).toEqual([]);
    expect(await b.sms.conversations()).toEqual([]);
    expect((await b.sms.statistics({})).totals.sent).toBe(0);
    await expect(b.sms.conversation({ contactId: row.contact_id! })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await webhook(world, 'inbound', { MessageSid: inboundSid(), From: to, To: TEST_FROM, Body: 'Who is this?' });
    expect((await world.api.sms.messages({ direction: 'inbound' })).map((m) => m.body)).toEqual(['Who is this?']);
    expect(await b.sms.messages({ direction: 'inbound' })).toEqual([]);
  });
});
