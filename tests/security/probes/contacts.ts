import type { AppDeps } from '../../../server/deps';
import type { Account } from '../../helpers/factories';
import type { Caller, Probe, RestProbe } from './types';

const contact = async (api: Caller, firstName = 'Probe') => (await api.contacts.create({ firstName })).id;

/** An import of organization A, stored directly (the job queue is not running in these tests). */
async function importOf(deps: AppDeps, a: Account): Promise<string> {
  const row = await deps.database.db
    .insertInto('contact_imports')
    .values({
      organization_id: a.organizationId,
      created_by: a.userId,
      filename: 'probe.csv',
      csv: 'Name\nProbe\n',
      mapping: JSON.stringify({ Name: 'fullName' }),
      dedupe_by: 'none',
      on_duplicate: 'skip',
      total_rows: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await deps.database.db
    .insertInto('contact_import_errors')
    .values({ organization_id: a.organizationId, import_id: row.id, row_number: 2, field: null, message: 'probe', raw: JSON.stringify({ Name: 'Probe' }) })
    .execute();
  return row.id;
}

export const probes: Record<string, Probe> = {
  // Filtering by another organization's member finds nothing, as for anyone who owns nothing here.
  'contacts.list': async (_deps, a, api) => {
    await api.contacts.create({ firstName: 'Owned by A' });
    return { input: { ownerId: a.userId }, accept: (result: unknown) => (result as { total: number }).total === 0 && (result as { items: unknown[] }).items.length === 0 };
  },
  'contacts.get': async (_deps, _a, api) => ({ id: await contact(api) }),
  'contacts.create': async (_deps, a) => ({ firstName: 'Probe', ownerId: a.userId }),
  'contacts.upsert': async (_deps, a) => ({ email: `probe-upsert-${Date.now()}@example.test`, ownerId: a.userId }),
  'contacts.update': async (_deps, _a, api) => ({ id: await contact(api), firstName: 'Changed' }),
  'contacts.delete': async (_deps, _a, api) => ({ id: await contact(api) }),
  'contacts.bulk': async (_deps, _a, api) => ({ ids: [await contact(api)], action: { type: 'addTag', tag: 'probe' } }),
  'contacts.timeline': async (_deps, _a, api) => ({ id: await contact(api) }),
  'contacts.addNote': async (_deps, _a, api) => ({ contactId: await contact(api), body: 'probe' }),
  'contacts.logInteraction': async (_deps, _a, api) => ({ contactId: await contact(api), kind: 'call', outcome: 'connected' }),
  // Organization A's e-mail is no duplicate for B: nothing of A is named.
  'contacts.matches': async (_deps, _a, api) => {
    const email = `probe-${Math.random().toString(36).slice(2)}@example.test`;
    const id = (await api.contacts.create({ firstName: 'Probe', email })).id;
    return { input: { email, excludeId: id }, accept: (result: unknown) => (result as { matches: unknown[] }).matches.length === 0 };
  },
  'contacts.merge': async (_deps, _a, api) => ({ keepId: await contact(api, 'Keep'), mergeId: await contact(api, 'Merge') }),
  'customFields.get': async (_deps, _a, api) => ({ id: (await api.customFields.create({ label: `Probe ${Date.now()}`, type: 'text' })).id }),
  'customFields.update': async (_deps, _a, api) => ({ id: (await api.customFields.create({ label: `Probe ${Date.now()}`, type: 'text' })).id, label: 'Changed' }),
  'customFields.delete': async (_deps, _a, api) => ({ id: (await api.customFields.create({ label: `Probe ${Date.now()}`, type: 'text' })).id }),
  'savedViews.update': async (_deps, _a, api) => ({ id: (await api.savedViews.create({ name: `Probe ${Date.now()}` })).id, name: 'Changed' }),
  'savedViews.delete': async (_deps, _a, api) => ({ id: (await api.savedViews.create({ name: `Probe ${Date.now()}` })).id }),
  'imports.get': async (deps, a) => ({ id: await importOf(deps, a) }),
};

export const restProbes: Record<string, RestProbe> = {
  'GET /api/contacts/imports/:id/errors.csv': (deps, a) => importOf(deps, a),
};
