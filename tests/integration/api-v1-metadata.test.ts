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

  it('lists tags with their counts, most used first or by name, narrowed by prefix, paged by cursor', async () => {
    const { call } = await world();
    for (const tags of [['vip', 'newsletter'], ['vip'], ['vendor']]) expect((await call('POST', '/api/v1/contacts', { firstName: 'Tagged', tags })).status).toBe(201);
    const tags = await call('GET', '/api/v1/tags');
    expect(tags.status).toBe(200);
    expect(await tags.json()).toEqual({
      items: [
        { tag: 'vip', count: 2 },
        { tag: 'newsletter', count: 1 },
        { tag: 'vendor', count: 1 },
      ],
      nextCursor: null,
    });
    const first = await (await call('GET', '/api/v1/tags?prefix=V&limit=1')).json();
    expect(first.items).toEqual([{ tag: 'vip', count: 2 }]);
    expect(await (await call('GET', `/api/v1/tags?prefix=V&limit=1&cursor=${first.nextCursor}`)).json()).toEqual({ items: [{ tag: 'vendor', count: 1 }], nextCursor: null });
    const byName = await (await call('GET', '/api/v1/tags?sort=tag&limit=2')).json();
    expect(byName.items.map((t: { tag: string }) => t.tag)).toEqual(['newsletter', 'vendor']);
    expect((await (await call('GET', `/api/v1/tags?sort=tag&cursor=${byName.nextCursor}`)).json()).items).toEqual([{ tag: 'vip', count: 2 }]);
    expect((await call('GET', `/api/v1/tags?cursor=${byName.nextCursor}`)).status).toBe(400);
    const bad = await call('GET', '/api/v1/tags?limit=100000&colour=red');
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors).toEqual([{ field: 'colour', message: UNKNOWN_QUERY_PARAMETER }]);
    expect((await call('GET', '/api/v1/tags?limit=100000')).status).toBe(400);
  });
});

describe('/api/v1 pipeline and stage writes', () => {
  it('creates, renames, reorders and deletes pipelines and stages, each door one procedure with its permission', async () => {
    const { call, deps, owner } = await world();
    const created = await call('POST', '/api/v1/pipelines', { name: 'Partners', stages: [{ name: 'Intro' }, { name: 'Signed', kind: 'won' }, { name: 'Dropped', kind: 'lost' }] });
    expect(created.status).toBe(201);
    const pipeline = await created.json();
    expect(created.headers.get('location')).toBe(`/api/v1/pipelines/${pipeline.id}`);
    expect(pipeline).toMatchObject({ name: 'Partners', isDefault: false, dealCount: 0 });
    expect(pipeline.stages.map((s: { name: string; kind: string; probability: number }) => [s.name, s.kind, s.probability])).toEqual([
      ['Intro', 'open', 0],
      ['Signed', 'won', 100],
      ['Dropped', 'lost', 0],
    ]);
    // Unknown fields are refused naming them, as on every /api/v1 body.
    const unknown = await call('POST', '/api/v1/pipelines', { name: 'Other', colour: 'red' });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).errors.map((e: { field: string }) => e.field)).toEqual(['colour']);
    expect((await call('POST', '/api/v1/pipelines', { name: 'partners' })).status).toBe(409);

    const renamed = await call('PATCH', `/api/v1/pipelines/${pipeline.id}`, { name: 'Channel partners' });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toMatchObject({ id: pipeline.id, name: 'Channel partners' });

    const withStage = await call('POST', `/api/v1/pipelines/${pipeline.id}/stages`, { name: 'Demo', probability: 40 });
    expect(withStage.status).toBe(201);
    expect(withStage.headers.get('location')).toBe(`/api/v1/pipelines/${pipeline.id}`);
    const stages = (await withStage.json()).stages as { id: string; name: string }[];
    expect(stages.map((s) => s.name)).toEqual(['Intro', 'Demo', 'Signed', 'Dropped']);
    const demo = stages[1]!;

    const reordered = await call('POST', `/api/v1/pipelines/${pipeline.id}/stages/reorder`, { stageIds: [demo.id, stages[0]!.id, stages[2]!.id, stages[3]!.id] });
    expect(reordered.status).toBe(200);
    expect((await reordered.json()).stages.map((s: { name: string }) => s.name)).toEqual(['Demo', 'Intro', 'Signed', 'Dropped']);
    expect((await call('POST', `/api/v1/pipelines/${pipeline.id}/stages/reorder`, { stageIds: [demo.id] })).status).toBe(400);

    const stage = await call('PATCH', `/api/v1/stages/${demo.id}`, { name: 'Live demo', probability: 55 });
    expect(stage.status).toBe(200);
    expect((await stage.json()).stages[0]).toMatchObject({ id: demo.id, name: 'Live demo', probability: 55 });

    // A stage holding a deal is kept until its deals have somewhere to go.
    const deal = await (await call('POST', '/api/v1/deals', { title: 'Reseller', stageId: demo.id })).json();
    const held = await call('DELETE', `/api/v1/stages/${demo.id}`);
    expect(held.status).toBe(409);
    const moved = await call('DELETE', `/api/v1/stages/${demo.id}?moveDealsToStageId=${stages[0]!.id}`);
    expect(moved.status).toBe(204);
    expect(await moved.text()).toBe('');
    expect((await (await call('GET', `/api/v1/deals/${deal.id}`)).json()).stage.id).toBe(stages[0]!.id);

    // The pipeline likewise; its deals go to an open stage of another pipeline.
    expect((await call('DELETE', `/api/v1/pipelines/${pipeline.id}`)).status).toBe(409);
    const other = (await (await call('GET', '/api/v1/pipelines')).json()).items.find((p: { isDefault: boolean }) => p.isDefault);
    const gone = await call('DELETE', `/api/v1/pipelines/${pipeline.id}?moveDealsToStageId=${other.stages[0].id}`);
    expect(gone.status).toBe(204);
    expect((await call('GET', `/api/v1/pipelines/${pipeline.id}`)).status).toBe(404);
    expect((await (await call('GET', `/api/v1/deals/${deal.id}`)).json()).stage.id).toBe(other.stages[0].id);
    expect((await call('DELETE', `/api/v1/pipelines/${other.id}`)).status).toBe(409); // the last pipeline stays

    // A key without pipelines:manage reads pipelines but changes none.
    const viewer = await createKey(deps, owner.organizationId, 'viewer');
    const asViewer = (method: string, path: string, body?: unknown) => call(method, path, body, { authorization: `Bearer ${viewer}` });
    expect((await asViewer('GET', `/api/v1/pipelines/${other.id}`)).status).toBe(200);
    const refused = await asViewer('POST', '/api/v1/pipelines', { name: 'Viewer pipeline' });
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toContain('pipelines:manage');
    expect((await asViewer('PATCH', `/api/v1/stages/${other.stages[0].id}`, { name: 'No' })).status).toBe(403);
    expect((await asViewer('DELETE', `/api/v1/stages/${other.stages[0].id}`)).status).toBe(403);
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
