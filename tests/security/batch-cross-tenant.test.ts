import { describe, expect, it } from 'vitest';
import { V1_RESOURCES } from '../../server/api-v1/resources';
import { buildTestApp } from '../helpers/app';
import { browser, createAccount, createKey } from '../helpers/factories';
import { CREATE_IN_A } from './probes/api-v1';

const post = (body: unknown, secret: string) => ({ method: 'POST', headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });

/**
 * /api/v1 batches (decision 036) name records in their body, not their path: a batch update or
 * delete from organization B naming organization A's ids must leave them as they are and answer
 * each as not found, like a missing one; an upsert by A's contact's e-mail finds nothing of A.
 */
describe('batches across organizations', () => {
  it.each(V1_RESOURCES.map((r) => r.name))('%s: a batch update or delete naming another organization’s ids touches nothing and answers 404 for each', async (name) => {
    const { app, deps, caller } = await buildTestApp();
    const a = await createAccount(deps, 'batch-a');
    const b = await createAccount(deps, 'batch-b');
    const id = await CREATE_IN_A[name]!(caller(browser(a.cookie)));
    const aKey = await createKey(deps, a.organizationId, 'admin');
    const bKey = await createKey(deps, b.organizationId, 'admin');
    const before = await (await app.request(`/api/v1/${name}/${id}`, { headers: { authorization: `Bearer ${aKey}` } })).json();

    const field = name === 'contacts' ? { firstName: 'Taken' } : { title: 'Taken' };
    for (const operation of ['update', 'delete']) {
      const res = await app.request(`/api/v1/${name}/batch/${operation}`, post({ inputs: [operation === 'update' ? { id, ...field } : { id }] }, bKey));
      expect(res.status, operation).toBe(200);
      const [result] = ((await res.json()) as { results: { status: number; error?: { type: string } }[] }).results;
      expect(result, operation).toMatchObject({ status: 404, error: { type: 'https://switchboard.dev/problems/not-found' } });
    }
    const after = await app.request(`/api/v1/${name}/${id}`, { headers: { authorization: `Bearer ${aKey}` } });
    expect(after.status).toBe(200);
    const unchanged = (record: Record<string, unknown>) => ({ updatedAt: record.updatedAt, firstName: record.firstName, title: record.title });
    expect(unchanged(await after.json())).toEqual(unchanged(before));
  });

  it('contacts: an upsert by another organization’s contact’s e-mail creates the contact in the caller’s organization only', async () => {
    const { app, deps, caller } = await buildTestApp();
    const a = await createAccount(deps, 'upsert-a');
    const b = await createAccount(deps, 'upsert-b');
    const email = `shared-${Date.now()}@example.test`;
    const mine = await caller(browser(a.cookie)).contacts.create({ firstName: 'Of A', email });
    const bKey = await createKey(deps, b.organizationId, 'admin');
    const res = await app.request('/api/v1/contacts/batch/upsert', post({ idProperty: 'email', inputs: [{ email, lastName: 'Of B' }] }, bKey));
    const [result] = ((await res.json()) as { results: { status: number; created: boolean; record: { id: string } }[] }).results;
    expect(result).toMatchObject({ status: 201, created: true });
    expect(result!.record.id).not.toBe(mine.id);
    expect(await caller(browser(a.cookie)).contacts.get({ id: mine.id })).toMatchObject({ firstName: 'Of A', lastName: '' });
  });
});
