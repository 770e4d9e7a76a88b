import { describe, expect, it } from 'vitest';
import { BATCH_MAX, BATCH_RULE } from '../../server/records/schema';
import { buildTestApp } from '../helpers/app';
import { browser, createAccount, createKey } from '../helpers/factories';
import { checkedAgainstOpenApi } from '../helpers/openapi';

const post = (body: unknown, headers: Record<string, string>) => ({ method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

type Result = {
  index: number;
  status: number;
  created?: boolean;
  record?: Record<string, unknown> & { id: string };
  error?: { type: string; status: number; errors: { field: string; message: string }[] };
};

async function world() {
  const { app, deps, caller } = await buildTestApp();
  const owner = await createAccount(deps);
  const auth = { authorization: `Bearer ${await createKey(deps, owner.organizationId, 'admin')}` };
  const checked = await checkedAgainstOpenApi(app);
  const batch = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await checked.request(`/api/v1/${path}`, post(body, { ...auth, ...headers }));
    return { status: res.status, res, body: (await res.json()) as { results: Result[] } & Record<string, unknown> };
  };
  /** The organization's events of a type since the world began, with their payloads. */
  const events = (type: string) => deps.database.db.selectFrom('events').select(['payload']).where('organization_id', '=', owner.organizationId).where('type', '=', type).orderBy('id').execute();
  const contacts = () =>
    deps.database.db.selectFrom('contacts').select(['id', 'email', 'phone', 'first_name', 'tags']).where('organization_id', '=', owner.organizationId).orderBy('created_at').execute();
  return { app: checked, deps, owner, auth, batch, events, contacts, api: caller(browser(owner.cookie)) };
}

const VALID: Record<string, Record<string, unknown>[]> = {
  contacts: [
    { firstName: 'Ada', email: 'ada@example.test' },
    { firstName: 'Grace', phone: '+14155552671' },
  ],
  deals: [{ title: 'Engines' }, { title: 'Looms' }],
  tasks: [{ title: 'Call Ada' }, { title: 'Call Grace' }],
  appointments: [
    { title: 'Demo', startsAt: '2027-03-01T09:00:00Z', endsAt: '2027-03-01T09:30:00Z' },
    { title: 'Review', startsAt: '2027-03-02T09:00:00Z', endsAt: '2027-03-02T09:30:00Z' },
  ],
};
const CHANGE: Record<string, Record<string, unknown>> = { contacts: { lastName: 'Changed' }, deals: { title: 'Changed' }, tasks: { title: 'Changed' }, appointments: { title: 'Changed' } };
const BAD: Record<string, Record<string, unknown>> = {
  contacts: { firstName: 'Bad', email: 'not an address' },
  deals: { title: '' },
  tasks: { title: 'x'.repeat(10_000) },
  appointments: { title: 'Backwards', startsAt: '2027-03-01T10:00:00Z', endsAt: '2027-03-01T09:00:00Z' },
};

describe('/api/v1 batches (issue #19, decision 036)', () => {
  for (const resource of ['contacts', 'deals', 'tasks', 'appointments']) {
    it(`${resource}: creates, updates and deletes up to 100 with a result per record; one bad record is refused in its own result`, async () => {
      const { app, auth, batch } = await world();
      const created = await batch(`${resource}/batch/create`, { inputs: [VALID[resource]![0], BAD[resource], VALID[resource]![1]] });
      expect(created.status).toBe(200);
      const [first, bad, second] = created.body.results;
      expect(first).toMatchObject({ index: 0, status: 201, record: { id: expect.any(String) } });
      expect(second, JSON.stringify(second)).toMatchObject({ index: 2, status: 201 });
      expect(bad).toMatchObject({ index: 1, status: 400, error: { type: 'https://switchboard.dev/problems/validation', status: 400 } });
      expect(bad!.error!.errors[0]!.field).toMatch(/^inputs\.1\./);

      const ids = [first!.record!.id, second!.record!.id];
      const missing = '00000000-0000-4000-8000-000000000000';
      const updated = await batch(`${resource}/batch/update`, { inputs: [...ids.map((id) => ({ id, ...CHANGE[resource] })), { id: missing, ...CHANGE[resource] }] });
      expect(updated.body.results.map((r) => r.status)).toEqual([200, 200, 404]);
      expect(updated.body.results[0]!.record).toMatchObject(CHANGE[resource]!);
      expect(updated.body.results[2]!.error).toMatchObject({ type: 'https://switchboard.dev/problems/not-found' });

      const deleted = await batch(`${resource}/batch/delete`, { inputs: [{ id: ids[0] }, { id: missing }, { id: ids[1] }] });
      expect(deleted.body.results.map((r) => [r.status, r.record?.id ?? null])).toEqual([
        [200, ids[0]],
        [404, null],
        [200, ids[1]],
      ]);
      const listed = await (await app.request(`/api/v1/${resource}`, { headers: auth })).json();
      expect(listed.items).toEqual([]);
    });

    it(`${resource}: refuses ${BATCH_MAX + 1} records naming the rule, and unknown fields naming them`, async () => {
      const { batch } = await world();
      const tooMany = await batch(`${resource}/batch/create`, { inputs: Array.from({ length: BATCH_MAX + 1 }, () => VALID[resource]![0]) });
      expect(tooMany.status).toBe(400);
      expect(tooMany.body).toMatchObject({ errors: [{ field: 'inputs', message: BATCH_RULE }] });
      const unknown = await batch(`${resource}/batch/create`, { inputs: [{ ...VALID[resource]![0], colour: 'red' }] });
      expect(unknown.body.results[0]).toMatchObject({ status: 400, error: { errors: [{ field: 'inputs.0.colour', message: 'is not a known field' }] } });
      const envelope = await batch(`${resource}/batch/create`, { records: [] });
      expect(envelope.status).toBe(400);
    });
  }

  it('writes a contacts batch in one transaction with one event per record', async () => {
    const { batch, events, contacts } = await world();
    const inputs = Array.from({ length: 100 }, (_, i) => ({ firstName: `P${i}`, email: `p${i}@example.test`, tags: ['batch'] }));
    const created = await batch('contacts/batch/create', { inputs });
    expect(created.body.results.every((r) => r.status === 201)).toBe(true);
    expect(await contacts()).toHaveLength(100);
    const createdEvents = await events('contact_created');
    expect(createdEvents.map((e) => (e.payload as { contactId: string }).contactId).sort()).toEqual(created.body.results.map((r) => r.record!.id).sort());

    const updated = await batch('contacts/batch/update', { inputs: created.body.results.slice(0, 10).map((r) => ({ id: r.record!.id, tags: ['batch', 'vip'] })) });
    expect(updated.body.results.every((r) => r.status === 200)).toBe(true);
    const updates = await events('contact_updated');
    expect(updates).toHaveLength(10);
    expect(updates[0]!.payload).toMatchObject({ tagsAdded: ['vip'], tagsRemoved: [], fieldsChanged: [] });
    // Nothing changed: no event.
    await batch('contacts/batch/update', { inputs: [{ id: created.body.results[0]!.record!.id, tags: ['batch', 'vip'] }] });
    expect(await events('contact_updated')).toHaveLength(10);

    const deleted = await batch('contacts/batch/delete', { inputs: created.body.results.map((r) => ({ id: r.record!.id })) });
    expect(deleted.body.results.every((r) => r.status === 200)).toBe(true);
    const deletedIds = (await events('contact_deleted')).flatMap((e) => (e.payload as { contactIds: string[] }).contactIds);
    expect(deletedIds.sort()).toEqual(created.body.results.map((r) => r.record!.id).sort());
    expect(await contacts()).toHaveLength(0);
  });

  it('upserts contacts by e-mail and by phone: an existing match updated, otherwise created, the result saying which', async () => {
    const { batch, contacts, events } = await world();
    await batch('contacts/batch/create', {
      inputs: [
        { firstName: 'Ada', email: 'ada@example.test' },
        { firstName: 'Grace', phone: '+1 (415) 555-2671', otherEmails: ['grace@navy.test'] },
      ],
    });
    const byEmail = await batch('contacts/batch/upsert', {
      idProperty: 'email',
      inputs: [
        { email: 'ADA@example.test', lastName: 'Lovelace' },
        { email: 'grace@navy.test', jobTitle: 'Admiral' },
        { email: 'alan@example.test', firstName: 'Alan' },
        { firstName: 'No key' },
        { email: 'alan@example.test', firstName: 'Again' },
      ],
    });
    expect(byEmail.body.results.map((r) => [r.status, r.created ?? null])).toEqual([
      [200, false],
      [200, false],
      [201, true],
      [400, null],
      [400, null],
    ]);
    expect(byEmail.body.results[0]!.record).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.test' });
    expect(byEmail.body.results[1]!.record).toMatchObject({ firstName: 'Grace', jobTitle: 'Admiral' });
    expect(byEmail.body.results[3]!.error!.errors).toEqual([{ field: 'inputs.3.email', message: 'is required to upsert by email' }]);
    expect(byEmail.body.results[4]!.error!.errors).toEqual([{ field: 'inputs.4.email', message: 'is also given by inputs.2' }]);

    // A phone in another format matches its E.164 form.
    const byPhone = await batch('contacts/batch/upsert', {
      idProperty: 'phone',
      inputs: [
        { phone: '415.555.2671', lastName: 'Hopper' },
        { phone: '+44 20 7946 0000', firstName: 'New' },
        { phone: 'not a phone', firstName: 'Bad' },
      ],
    });
    expect(byPhone.body.results.map((r) => [r.status, r.created ?? null])).toEqual([
      [200, false],
      [201, true],
      [400, null],
    ]);
    expect(byPhone.body.results[0]!.record).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', phone: '+14155552671' });
    expect(byPhone.body.results[1]!.record).toMatchObject({ phone: '+442079460000' });
    expect(await contacts()).toHaveLength(4);
    expect(await events('contact_created')).toHaveLength(4);
    expect(await events('contact_updated')).toHaveLength(3);
  });

  it('upserts one contact at POST /api/v1/contacts/upsert: 201 with Location when created, 200 when found', async () => {
    const { app, auth } = await world();
    const first = await app.request('/api/v1/contacts/upsert', post({ email: 'lin@example.test', firstName: 'Lin' }, auth));
    expect(first.status).toBe(201);
    const created = await first.json();
    expect(created).toMatchObject({ created: true, record: { email: 'lin@example.test' } });
    expect(first.headers.get('location')).toBe(`/api/v1/contacts/${created.record.id}`);
    const again = await app.request('/api/v1/contacts/upsert', post({ email: 'lin@example.test', lastName: 'Ma' }, auth));
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ created: false, record: { id: created.record.id, firstName: 'Lin', lastName: 'Ma' } });
    const byPhone = await app.request('/api/v1/contacts/upsert', post({ idProperty: 'phone', firstName: 'No phone' }, auth));
    expect(byPhone.status).toBe(400);
    expect((await byPhone.json()).errors).toEqual([{ field: 'phone', message: 'is required to upsert by phone' }]);
  });

  it('replays a batch under the same Idempotency-Key without writing twice', async () => {
    const { batch, contacts, events } = await world();
    const body = { idProperty: 'email', inputs: [{ email: 'once@example.test', firstName: 'Once' }] };
    const first = await batch('contacts/batch/upsert', body, { 'idempotency-key': 'batch-1' });
    const again = await batch('contacts/batch/upsert', body, { 'idempotency-key': 'batch-1' });
    expect(again.res.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(first.body.results[0]).toMatchObject({ status: 201, created: true });
    expect(await contacts()).toHaveLength(1);
    expect(await events('contact_created')).toHaveLength(1);
  });

  it('runs under the key’s permissions: a read-only key is refused the whole batch (403)', async () => {
    const { app, api, contacts } = await world();
    const reader = await api.apiKeys.create({ name: 'Reader', role: 'admin', scopes: ['contacts:read', 'deals:read'] });
    const headers = { authorization: `Bearer ${reader.secret}` };
    for (const path of ['contacts/batch/create', 'contacts/batch/upsert', 'deals/batch/create', 'tasks/batch/delete']) {
      const res = await app.request(`/api/v1/${path}`, post({ idProperty: 'email', inputs: [{ title: 'x', email: 'x@example.test' }] }, headers));
      expect(res.status, path).toBe(403);
    }
    expect(await contacts()).toHaveLength(0);
  });

  it('refuses hostile input with 4xx: NUL, lone surrogates, huge numbers, oversized bodies', async () => {
    const { app, auth, contacts } = await world();
    const nul = await app.request('/api/v1/contacts/batch/create', post({ inputs: [{ firstName: 'a\u0000b' }] }, auth));
    expect(nul.status).toBe(400);
    const surrogate = await app.request('/api/v1/deals/batch/create', { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: '{"inputs":[{"title":"\\ud800"}]}' });
    expect(surrogate.status).toBe(400);
    const huge = await app.request('/api/v1/contacts/batch/create', post({ inputs: [{ firstName: 'Big', leadScore: 1e308 }] }, auth));
    expect(huge.status).toBe(200);
    expect((await huge.json()).results[0]).toMatchObject({ status: 400, error: { errors: expect.arrayContaining([{ field: 'inputs.0.leadScore', message: 'must be at most 1000000' }]) } });
    const oversized = await app.request('/api/v1/contacts/batch/create', post({ inputs: [{ firstName: 'x'.repeat(2_000_000) }] }, auth));
    expect(oversized.status).toBe(413);
    const notArray = await app.request('/api/v1/contacts/batch/upsert', post({ idProperty: 'fax', inputs: 'many' }, auth));
    expect(notArray.status).toBe(400);
    expect(await contacts()).toHaveLength(0);
  });
});
