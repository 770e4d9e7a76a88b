import { describe, expect, it, onTestFinished } from 'vitest';
import { UNKNOWN_QUERY_PARAMETER } from '../../server/api-v1/rest';
import { createAccount, createKey } from '../helpers/factories';
import { checkedTestApp } from '../helpers/openapi';
import { closeEmailTransport } from '../../server/email/transport';
import { startSmtpSink } from '../doubles/smtp';
import { registerTestEmailJobs } from '../helpers/email-jobs';
import { smsWorld } from './sms-helpers';

/** The app on an SMTP sink with the e-mail jobs running. */
async function emailApp() {
  const sink = await startSmtpSink();
  onTestFinished(() => sink.close());
  const built = await checkedTestApp({ env: { SMTP_URL: sink.url, JOBS_POLL_MS: '50' } });
  await registerTestEmailJobs(built.deps, { retryDelay: 1 });
  await built.deps.jobs.start();
  onTestFinished(async () => {
    await built.deps.jobs.stop({ timeoutMs: 3000 });
    await closeEmailTransport(built.deps);
  });
  return { ...built, owner: await createAccount(built.deps) };
}

/**
 * The app (every /api answer checked against the served OpenAPI document) with an organization and a
 * key of `role`; with `sms`, the SMS jobs run against the sandbox provider; with `email`, the e-mail jobs against an SMTP sink.
 */
async function world(role: 'admin' | 'viewer' = 'admin', options: { sms?: boolean; email?: boolean } = {}) {
  const { app, deps, owner } = options.sms
    ? await smsWorld({ sandbox: true })
    : options.email
      ? await emailApp()
      : await checkedTestApp().then(async (built) => ({ ...built, owner: await createAccount(built.deps) }));
  const secret = await createKey(deps, owner.organizationId, role);
  const headers = { authorization: `Bearer ${secret}`, 'content-type': 'application/json' };
  const call = (method: string, path: string, body?: unknown, extra: Record<string, string> = {}) =>
    app.request(path, { method, headers: { ...headers, ...extra }, ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }) });
  /** A key of the same organization narrowed to `scopes`. */
  const scopedKey = async (scopes: string[]) => {
    const narrow = await createKey(deps, owner.organizationId, 'admin');
    await deps.database.db.updateTable('api_keys').set({ scopes }).where('prefix', '=', narrow.slice(0, 10)).execute();
    return { authorization: `Bearer ${narrow}` };
  };
  return { app, deps, owner, call, scopedKey };
}

describe('/api/v1 metadata: pipelines, custom fields, tags', () => {
  it('lists the pipelines with their stages and reads one; an unknown or malformed id is refused', async () => {
    const { call } = await world('viewer');
    const list = await call('GET', '/api/v1/pipelines');
    expect(list.status).toBe(200);
    const { items } = await list.json();
    const pipeline = items.find((p: { isDefault: boolean }) => p.isDefault);
    expect(pipeline.stages.map((s: { kind: string }) => s.kind)).toEqual(expect.arrayContaining(['open', 'won', 'lost']));

    const one = await call('GET', `/api/v1/pipelines/${pipeline.id}`);
    expect(one.status).toBe(200);
    expect(await one.json()).toEqual(pipeline);
    expect((await call('GET', '/api/v1/pipelines/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const malformed = await call('GET', '/api/v1/pipelines/not-an-id');
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).errors).toEqual([{ field: 'id', message: 'must be a pipeline id' }]);
    expect((await call('GET', '/api/v1/pipelines?page=2')).status).toBe(400);
  });

  it('creates (201 + Location), lists and updates custom fields, refusing unknown fields, bad rules and narrower keys', async () => {
    const { call, scopedKey } = await world();
    const created = await call('POST', '/api/v1/custom-fields', { label: 'Plan tier', type: 'select', options: ['Gold', 'Silver'] });
    expect(created.status).toBe(201);
    const field = await created.json();
    expect(field).toMatchObject({ key: 'plan_tier', label: 'Plan tier', type: 'select', options: ['Gold', 'Silver'] });
    expect(created.headers.get('location')).toBe(`/api/v1/custom-fields/${field.id}`);
    expect(await (await call('GET', created.headers.get('location')!)).json()).toEqual(field);

    const updated = await call('PATCH', `/api/v1/custom-fields/${field.id}`, { label: 'Tier', options: ['Gold', 'Silver', 'Bronze'] });
    expect(updated.status).toBe(200);
    expect(await updated.json()).toMatchObject({ id: field.id, key: 'plan_tier', label: 'Tier', options: ['Gold', 'Silver', 'Bronze'] });
    expect((await (await call('GET', '/api/v1/custom-fields')).json()).map((f: { key: string }) => f.key)).toEqual(['plan_tier']);

    const unknown = await call('POST', '/api/v1/custom-fields', { label: 'Birthday', type: 'date', colour: 'red' });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).errors).toEqual([{ field: 'colour', message: 'is not a known field' }]);
    const rule = await call('POST', '/api/v1/custom-fields', { label: 'Size', type: 'select' });
    expect(rule.status).toBe(400);
    expect((await rule.json()).errors[0].field).toBe('options');
    expect((await call('POST', '/api/v1/custom-fields', { label: 'Plan tier', type: 'text' })).status).toBe(409);
    expect((await call('PATCH', '/api/v1/custom-fields/00000000-0000-4000-8000-000000000000', { label: 'x' })).status).toBe(404);

    const readOnly = await scopedKey(['contacts:read']);
    expect((await call('GET', '/api/v1/custom-fields', undefined, readOnly)).status).toBe(200);
    const refused = await call('POST', '/api/v1/custom-fields', { label: 'Nope', type: 'text' }, readOnly);
    expect(refused.status).toBe(403);
    expect(refused.headers.get('content-type')).toContain('application/problem+json');
  });

  it('lists tags with their counts, most used first, narrowed by prefix', async () => {
    const { call } = await world();
    for (const tags of [['vip', 'newsletter'], ['vip'], ['vendor']]) expect((await call('POST', '/api/v1/contacts', { firstName: 'Tagged', tags })).status).toBe(201);
    const tags = await call('GET', '/api/v1/tags');
    expect(tags.status).toBe(200);
    expect(await tags.json()).toEqual([
      { tag: 'vip', count: 2 },
      { tag: 'newsletter', count: 1 },
      { tag: 'vendor', count: 1 },
    ]);
    expect(await (await call('GET', '/api/v1/tags?prefix=V&limit=1')).json()).toEqual([{ tag: 'vip', count: 2 }]);
    const bad = await call('GET', '/api/v1/tags?limit=100000&colour=red');
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors).toEqual([{ field: 'colour', message: UNKNOWN_QUERY_PARAMETER }]);
    expect((await call('GET', '/api/v1/tags?limit=100000')).status).toBe(400);
  });
});

describe('/api/v1 notes, timeline and task completion', () => {
  it('adds notes (201) and pages the timeline by `before`, notes alone with type=note', async () => {
    const { call } = await world();
    const contact = await (await call('POST', '/api/v1/contacts', { firstName: 'Noted' })).json();
    const first = await call('POST', `/api/v1/contacts/${contact.id}/notes`, { body: 'Called, wants a demo' });
    expect(first.status).toBe(201);
    const note = await first.json();
    expect(note).toMatchObject({ type: 'note', payload: { body: 'Called, wants a demo' }, contactId: contact.id });
    expect(first.headers.get('location')).toBe(`/api/v1/contacts/${contact.id}/timeline?type=note`);
    await call('POST', `/api/v1/contacts/${contact.id}/notes`, { body: 'Demo booked' });
    await call('PATCH', `/api/v1/contacts/${contact.id}`, { jobTitle: 'CTO' });

    const notes = await (await call('GET', `/api/v1/contacts/${contact.id}/timeline?type=note&limit=1`)).json();
    expect(notes.items.map((e: { payload: { body: string } }) => e.payload.body)).toEqual(['Demo booked']);
    const older = await (await call('GET', `/api/v1/contacts/${contact.id}/timeline?type=note&limit=1&before=${notes.nextBefore}`)).json();
    expect(older).toEqual({ items: [note], nextBefore: null });
    const all = await (await call('GET', `/api/v1/contacts/${contact.id}/timeline`)).json();
    expect(all.items.map((e: { type: string }) => e.type)).toEqual(expect.arrayContaining(['note', 'field_changed', 'contact_created']));

    for (const body of [{ body: '' }, { body: 'a\u0000b' }, { body: 'x', pinned: true }, '[1]', '{"body":']) {
      expect((await call('POST', `/api/v1/contacts/${contact.id}/notes`, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await call('GET', `/api/v1/contacts/${contact.id}/timeline?type=DROP%20TABLE`)).status).toBe(400);
    expect((await call('GET', `/api/v1/contacts/${contact.id}/timeline?before=-1`)).status).toBe(400);
    expect((await call('POST', '/api/v1/contacts/00000000-0000-4000-8000-000000000000/notes', { body: 'x' })).status).toBe(404);
  });

  it('completes and reopens a task', async () => {
    const { call } = await world();
    const task = await (await call('POST', '/api/v1/tasks', { title: 'Send the quote' })).json();
    const done = await call('POST', `/api/v1/tasks/${task.id}/complete`);
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ id: task.id, status: 'done' });
    expect((await (await call('GET', `/api/v1/tasks/${task.id}`)).json()).status).toBe('done');
    const reopened = await call('POST', `/api/v1/tasks/${task.id}/reopen`, {});
    expect(reopened.status).toBe(200);
    expect((await reopened.json()).status).toBe('open');
    expect((await call('POST', `/api/v1/tasks/${task.id}/complete`, { when: 'now' })).status).toBe(400);
    expect((await call('GET', `/api/v1/tasks/${task.id}/complete`)).status).toBe(405);
  });
});

describe('/api/v1 conversations', () => {
  it('sends an SMS to a contact, lists the thread, reads its messages and replies in it; opt-outs and missing numbers refused', async () => {
    const { call } = await world('admin', { sms: true });
    const contact = await (await call('POST', '/api/v1/contacts', { firstName: 'Texted', phone: '+14155550188' })).json();
    const sent = await call('POST', `/api/v1/contacts/${contact.id}/sms`, { message: 'Your quote is ready' });
    expect(sent.status).toBe(202);
    expect(await sent.json()).toMatchObject({ status: 'queued', to: '+14155550188' });

    const threads = await call('GET', '/api/v1/conversations?channel=sms&limit=10');
    expect(threads.status).toBe(200);
    const page = await threads.json();
    expect(page.items).toHaveLength(1);
    const thread = page.items[0];
    expect(thread).toMatchObject({ channel: 'sms', contact: { id: contact.id, phone: '+14155550188' } });

    const read = await (await call('GET', `/api/v1/conversations/${thread.id}`)).json();
    expect(read.messages.map((m: { direction: string; body: string }) => [m.direction, m.body])).toEqual([['outbound', 'Your quote is ready']]);
    const replied = await call('POST', `/api/v1/conversations/${thread.id}/messages`, { text: 'And the invoice' });
    expect(replied.status).toBe(202);
    expect(await replied.json()).toMatchObject({ id: thread.id, channel: 'sms' });
    expect((await (await call('GET', `/api/v1/conversations/${thread.id}`)).json()).messages).toHaveLength(2);

    const optedOut = await (await call('POST', '/api/v1/contacts', { firstName: 'Stop', phone: '+14155550189', doNotContact: { sms: true } })).json();
    expect((await call('POST', `/api/v1/contacts/${optedOut.id}/sms`, { message: 'Hello' })).status).toBe(403);
    const noPhone = await (await call('POST', '/api/v1/contacts', { firstName: 'Mail only', email: 'mail@only.example' })).json();
    const conflict = await call('POST', `/api/v1/contacts/${noPhone.id}/sms`, { message: 'Hello' });
    expect(conflict.status).toBe(409);
    expect((await conflict.json()).errors).toEqual([{ field: 'contactId', message: 'has no phone number' }]);
    expect((await call('POST', `/api/v1/contacts/${contact.id}/sms`, { message: 'x'.repeat(5000) })).status).toBe(400);
    expect((await call('POST', `/api/v1/conversations/${thread.id}/messages`, { text: ' ' })).status).toBe(400);
    expect((await call('GET', '/api/v1/conversations?cursor=%00')).status).toBe(400);
    expect((await call('GET', '/api/v1/conversations?status=pending')).status).toBe(400);
  });

  it('e-mails a contact through POST /api/v1/emails into its e-mail thread, and a reply in the thread answers it', async () => {
    const { call } = await world('admin', { email: true });
    const contact = await (await call('POST', '/api/v1/contacts', { firstName: 'Mailed', email: 'mailed@contact.example' })).json();
    const accepted = await call('POST', '/api/v1/emails', { to: contact.id, subject: 'Your quote', text: 'Attached, {{firstName}}.' });
    expect(accepted.status).toBe(202);

    const { items } = await (await call('GET', '/api/v1/conversations?channel=email')).json();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ channel: 'email', contact: { id: contact.id }, email: { subject: 'Your quote' } });
    const thread = await (await call('GET', `/api/v1/conversations/${items[0].id}`)).json();
    expect(thread.messages.map((m: { direction: string; subject: string }) => [m.direction, m.subject])).toEqual([['outbound', 'Your quote']]);
    const replied = await call('POST', `/api/v1/conversations/${items[0].id}/messages`, { text: 'One more thing' });
    expect(replied.status).toBe(202);
    expect(await replied.json()).toMatchObject({ channel: 'email' });
    const after = await (await call('GET', `/api/v1/conversations/${items[0].id}`)).json();
    expect(after.messages.map((m: { subject: string }) => m.subject)).toEqual(['Your quote', 'Re: Your quote']);
  });
});
