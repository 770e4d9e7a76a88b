import { setTimeout as delay } from 'node:timers/promises';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { registerTestEmailJobs } from '../helpers/email-jobs';
import type { EmailStatus } from '../../server/email/schema';
import { closeEmailTransport } from '../../server/email/transport';
import { startSmtpSink } from '../doubles/smtp';
import { getTestDatabase } from '../helpers/db';
import { addMember, browser, createAccount, createKey } from '../helpers/factories';
import { checkedTestApp } from '../helpers/openapi';

// The worker's database is created and migrated once, under the hook timeout.
beforeAll(() => getTestDatabase());

/** The app with its e-mail going to a fresh in-process SMTP sink, the e-mail jobs running, and an organization's owner. */
async function emailWorld() {
  const sink = await startSmtpSink();
  onTestFinished(() => sink.close());
  const { app, deps, caller } = await checkedTestApp({ env: { SMTP_URL: sink.url, JOBS_POLL_MS: '50' } });
  await registerTestEmailJobs(deps, { retryDelay: 1 });
  await deps.jobs.start();
  onTestFinished(async () => {
    await deps.jobs.stop({ timeoutMs: 3000 });
    await closeEmailTransport(deps);
  });
  const owner = await createAccount(deps, 'email');
  const api = caller(browser(owner.cookie));
  const v1 = (path: string, init: { method?: string; body?: unknown; key: string }) =>
    app.request(`/api/v1/emails${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: { authorization: `Bearer ${init.key}`, 'content-type': 'application/json' },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
  return { app, deps, caller, owner, api, sink, v1 };
}
type World = Awaited<ReturnType<typeof emailWorld>>;

async function messageRow(world: World, id: string) {
  return world.deps.database.db.selectFrom('email_messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function untilStatus(world: World, id: string, ...statuses: EmailStatus[]) {
  for (;;) {
    const row = await messageRow(world, id);
    if (statuses.includes(row.status)) return row;
    await delay(50);
  }
}

const addressOf = (label: string) => `${label}-${Math.random().toString(36).slice(2, 8)}@example.test`;

describe('email.send', () => {
  it('sends to a contact by id: its fields fill the template, fallbacks stand in, the sink receives it, and the timeline shows it delivered', async () => {
    const world = await emailWorld();
    const email = addressOf('ada');
    const contact = await world.api.contacts.create({ firstName: 'Ada', lastName: 'Lovelace', email, companyName: 'Analytical Engines' });
    const sent = await world.api.email.send({
      to: contact.id,
      subject: 'Hello {{firstName}}',
      text: 'Dear {{firstName}} {{lastName}} of {{company}},\n\nYour {{plan|starter}} plan is ready, {{nickname|friend}}.',
    });
    expect(sent).toEqual({ id: expect.any(String), status: 'queued' });

    const row = await untilStatus(world, sent.id, 'sent', 'delivered');
    expect(row).toMatchObject({ kind: 'one_to_one', direction: 'outbound', contact_id: contact.id, to_address: email, subject: 'Hello Ada' });
    await world.sink.waitFor(1);
    const received = world.sink.messages.find((m) => m.subject === 'Hello Ada')!;
    expect(received.text).toContain('Dear Ada Lovelace of Analytical Engines,');
    expect(received.text).toContain('Your starter plan is ready, friend.');
    expect(received.html).toContain('<p>Dear Ada Lovelace of Analytical Engines,</p>');

    const timeline = await world.api.contacts.timeline({ id: contact.id });
    const entry = timeline.items.find((i) => i.type === 'email_out');
    expect(entry?.payload).toMatchObject({ messageId: sent.id, to: email, subject: 'Hello Ada', status: row.status });
  });

  it('sends to a known address: matched to its contact (an other e-mail too); an unknown address creates no contact', async () => {
    const world = await emailWorld();
    const primary = addressOf('grace');
    const other = addressOf('grace-other');
    const contact = await world.api.contacts.create({ firstName: 'Grace', email: primary, otherEmails: [other] });
    const byPrimary = await world.api.email.send({ to: primary.toUpperCase(), subject: 'Hi {{firstName}}', text: 'Hello' });
    const byOther = await world.api.email.send({ to: other, subject: 'Again {{firstName}}', text: 'Hello' });
    expect((await messageRow(world, byPrimary.id)).contact_id).toBe(contact.id);
    expect(await messageRow(world, byOther.id)).toMatchObject({ contact_id: contact.id, subject: 'Again Grace', to_address: other });

    const stranger = addressOf('stranger');
    const before = await world.api.contacts.list({});
    const sent = await world.api.email.send({ to: stranger, subject: 'Hello {{firstName|there}}', text: 'Welcome' });
    expect(await messageRow(world, sent.id)).toMatchObject({ contact_id: null, to_address: stranger, subject: 'Hello there' });
    const after = await world.api.contacts.list({});
    expect(after.total).toBe(before.total);
  });

  it('a template: its subject and body, given variables over the contact’s; a missing variable without fallback is a 400 naming each, nothing stored', async () => {
    const world = await emailWorld();
    const template = await world.api.email.createTemplate({ name: 'Welcome', subject: 'Welcome, {{firstName|friend}}', body: 'Your code is {{code}}. See you at {{place}}.' });
    expect(template.variables).toEqual(['firstName', 'code', 'place']);
    const contact = await world.api.contacts.create({ firstName: 'Linus', email: addressOf('linus') });

    await expect(world.api.email.send({ to: contact.id, templateId: template.id, variables: { code: '42' } })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'variables: place is required by the message',
    });
    const refused = await world.app.request('/api/v1/emails', {
      method: 'POST',
      headers: { ...browser(world.owner.cookie), 'content-type': 'application/json' },
      body: JSON.stringify({ to: contact.id, templateId: template.id }),
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ message: 'variables: code, place are required by the message', issues: [{ path: 'variables.code' }, { path: 'variables.place' }] });
    expect(await world.api.email.list({ contactId: contact.id })).toEqual({ items: [], nextCursor: null });

    const sent = await world.api.email.send({ to: contact.id, templateId: template.id, variables: { code: '42', place: 'the lab', firstName: 'Mr. T' } });
    const row = await messageRow(world, sent.id);
    expect(row).toMatchObject({ subject: 'Welcome, Mr. T', template_id: template.id });
    expect(row.text).toContain('Your code is 42. See you at the lab.');
    // The preview fills it in the same way, and names what is still missing.
    expect(await world.api.email.preview({ to: contact.id, subject: 'Hi {{firstName}}', text: '{{code}} {{x|y}}' })).toEqual({ subject: 'Hi Linus', text: ' y', missing: ['code'] });
  });

  it('HTML bodies get escaped values; bad input is a 400 naming the field', async () => {
    const world = await emailWorld();
    const contact = await world.api.contacts.create({ firstName: '<b>Eve</b>', email: addressOf('eve') });
    const sent = await world.api.email.send({ to: contact.id, subject: 'Hi', html: '<p>Hello {{firstName}}</p>' });
    const row = await messageRow(world, sent.id);
    expect(row.html).toContain('<p>Hello &lt;b&gt;Eve&lt;/b&gt;</p>');
    expect(row.text).toContain('Hello <b>Eve</b>');

    const cases: [Record<string, unknown>, string][] = [
      [{ to: 'not an address', subject: 'x', text: 'y' }, 'to: must be an e-mail address or a contact id'],
      [{ to: addressOf('x'), text: 'y' }, 'subject: is required'],
      [{ to: addressOf('x'), subject: 'x' }, 'text: is required (or html, or a templateId)'],
      [{ to: '00000000-0000-4000-8000-000000000000', subject: 'x', text: 'y' }, 'to: is not a known contact'],
    ];
    for (const [input, message] of cases) await expect(world.api.email.send(input as never), JSON.stringify(input)).rejects.toMatchObject({ message });
    const noAddress = await world.api.contacts.create({ firstName: 'Phone', phone: '+14155550123' });
    await expect(world.api.email.send({ to: noAddress.id, subject: 'x', text: 'y' })).rejects.toMatchObject({ message: 'to: names a contact with no e-mail address' });
  });

  it('the same idempotency key answers the first message; list pages by cursor', async () => {
    const world = await emailWorld();
    const contact = await world.api.contacts.create({ firstName: 'Page', email: addressOf('page') });
    const first = await world.api.email.send({ to: contact.id, subject: 'One', text: 'x', idempotencyKey: 'k-1' });
    const again = await world.api.email.send({ to: contact.id, subject: 'One', text: 'x', idempotencyKey: 'k-1' });
    expect(again.id).toBe(first.id);
    for (const subject of ['Two', 'Three']) await world.api.email.send({ to: contact.id, subject, text: 'x' });
    const page1 = await world.api.email.list({ contactId: contact.id, limit: 2 });
    expect(page1.items.map((i) => i.subject)).toEqual(['Three', 'Two']);
    const page2 = await world.api.email.list({ contactId: contact.id, limit: 2, cursor: page1.nextCursor! });
    expect(page2).toMatchObject({ items: [{ subject: 'One' }], nextCursor: null });
    await expect(world.api.email.list({ cursor: 'nonsense' })).rejects.toMatchObject({ message: 'cursor: is not a valid cursor' });
  });
});

describe('REST /api/v1/emails', () => {
  it('POST answers 202 {id, status} with an API key; GET answers the message with its state and events', async () => {
    const world = await emailWorld();
    const key = await createKey(world.deps, world.owner.organizationId, 'sales_rep');
    const to = addressOf('integrator');
    const res = await world.v1('', { key, body: { to, subject: 'From the API', text: 'Hello {{firstName|there}}' } });
    expect(res.status).toBe(202);
    const accepted = (await res.json()) as { id: string; status: string };
    expect(accepted).toEqual({ id: expect.any(String), status: 'queued' });
    await untilStatus(world, accepted.id, 'sent', 'delivered');

    const got = await world.v1(`/${accepted.id}`, { key });
    expect(got.status).toBe(200);
    const message = (await got.json()) as { status: string; to: string; subject: string; text: string; events: { type: string }[] };
    expect(message).toMatchObject({ id: accepted.id, to, subject: 'From the API', kind: 'one_to_one', contactId: null });
    expect(message.text).toContain('Hello there');
    expect(message.events.map((e) => e.type)).toEqual(expect.arrayContaining(['queued', 'sent']));

    expect((await world.v1('/not-an-id', { key })).status).toBe(400);
    expect((await world.v1('/00000000-0000-4000-8000-000000000000', { key })).status).toBe(404);
    const bad = await world.v1('', { key, body: { to: 'nobody', subject: 'x', text: 'y' } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ message: 'to: must be an e-mail address or a contact id' });
  });

  it('roles: a viewer reads but may not send; a sales rep sends; only admins manage templates', async () => {
    const world = await emailWorld();
    const viewer = await addMember(world.deps, world.owner.organizationId, 'viewer');
    const rep = await addMember(world.deps, world.owner.organizationId, 'sales_rep');
    const asViewer = world.caller(browser(viewer.cookie));
    const asRep = world.caller(browser(rep.cookie));
    await expect(asViewer.email.send({ to: addressOf('v'), subject: 'x', text: 'y' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const viewerKey = await createKey(world.deps, world.owner.organizationId, 'viewer');
    expect((await world.v1('', { key: viewerKey, body: { to: addressOf('v'), subject: 'x', text: 'y' } })).status).toBe(403);
    const sent = await asRep.email.send({ to: addressOf('r'), subject: 'x', text: 'y' });
    expect((await asViewer.email.get({ id: sent.id })).id).toBe(sent.id);
    expect((await world.v1(`/${sent.id}`, { key: viewerKey })).status).toBe(200);
    await expect(asRep.email.createTemplate({ name: 'Mine', subject: 's', body: 'b' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const template = await world.api.email.createTemplate({ name: 'Shared', subject: 's', body: 'b' });
    expect((await asViewer.email.templates()).map((t) => t.id)).toContain(template.id);
    await expect(world.api.email.createTemplate({ name: 'shared', subject: 's', body: 'b' })).rejects.toMatchObject({ code: 'CONFLICT', message: 'name: a template with this name already exists' });
    expect(await world.api.email.updateTemplate({ id: template.id, subject: 'Changed {{x}}' })).toMatchObject({ subject: 'Changed {{x}}', variables: ['x'] });
    await world.api.email.deleteTemplate({ id: template.id });
    await expect(world.api.email.template({ id: template.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
