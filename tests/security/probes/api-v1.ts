import { V1_RESOURCES } from '../../../server/api-v1/resources';
import { aThread } from './conversations';
import { defaultPipeline } from './deals';
import type { Caller, RestProbe } from './types';

/** One record of each /api/v1 resource, created in organization A through its own procedures. */
export const CREATE_IN_A: Record<string, (api: Caller) => Promise<string>> = {
  contacts: async (api) => (await api.contacts.create({ firstName: 'Probe', email: `probe-${Date.now()}@example.test` })).id,
  deals: async (api) => (await api.deals.create({ title: 'Probe deal' })).id,
  tasks: async (api) => (await api.tasks.create({ title: 'Probe task' })).id,
  appointments: async (api) => (await api.appointments.create({ title: 'Probe meeting', startsAt: '2030-03-04T09:00:00Z', endsAt: '2030-03-04T10:00:00Z' })).id,
};

export const restProbes: Record<string, RestProbe> = Object.fromEntries(
  V1_RESOURCES.flatMap((resource) => ['GET', 'PATCH', 'DELETE'].map((method) => [`${method} /api/v1/${resource.name}/:id`, (_deps, _a, api) => CREATE_IN_A[resource.name]!(api)] as const)),
);

/** The actions (V1_ACTIONS) that name a record in their path. */
Object.assign(restProbes, {
  'GET /api/v1/pipelines/:id': async (_d, _a, api) => (await defaultPipeline(api)).id,
  'PATCH /api/v1/pipelines/:id': async (_d, _a, api) => ({ id: (await defaultPipeline(api)).id, body: { name: 'Taken over' } }),
  'DELETE /api/v1/pipelines/:id': async (_d, _a, api) => (await api.pipelines.create({ name: `Probe ${Date.now()}` })).id,
  'POST /api/v1/pipelines/:id/stages': async (_d, _a, api) => ({ id: (await defaultPipeline(api)).id, body: { name: 'Injected' } }),
  'POST /api/v1/pipelines/:id/stages/reorder': async (_d, _a, api) => {
    const pipeline = await defaultPipeline(api);
    return { id: pipeline.id, body: { stageIds: pipeline.stages.map((s) => s.id).reverse() } };
  },
  'PATCH /api/v1/stages/:id': async (_d, _a, api) => ({ id: (await defaultPipeline(api)).stages[0]!.id, body: { name: 'Renamed' } }),
  'DELETE /api/v1/stages/:id': async (_d, _a, api) => (await defaultPipeline(api)).stages[1]!.id,
  'GET /api/v1/custom-fields/:id': async (_d, _a, api) => (await api.customFields.create({ label: `Probe ${Date.now()}`, type: 'text' })).id,
  'PATCH /api/v1/custom-fields/:id': async (_d, _a, api) => ({ id: (await api.customFields.create({ label: `Probe ${Date.now()}`, type: 'text' })).id, body: { label: 'Taken over' } }),
  'GET /api/v1/contacts/:id/timeline': (_d, _a, api) => CREATE_IN_A.contacts!(api),
  'POST /api/v1/contacts/:id/notes': async (_d, _a, api) => ({ id: await CREATE_IN_A.contacts!(api), body: { body: 'Probe' } }),
  'POST /api/v1/contacts/:id/sms': async (_d, _a, api) => ({ id: (await api.contacts.create({ firstName: 'Probe', phone: '+14155550143' })).id, body: { message: 'Probe' } }),
  'POST /api/v1/tasks/:id/complete': (_d, _a, api) => CREATE_IN_A.tasks!(api),
  'POST /api/v1/tasks/:id/reopen': async (_d, _a, api) => {
    const id = await CREATE_IN_A.tasks!(api);
    await api.tasks.complete({ id });
    return id;
  },
  'GET /api/v1/conversations/:id': (deps, a) => aThread(deps, a),
  'GET /api/v1/conversations/:id/messages': (deps, a) => aThread(deps, a),
  'POST /api/v1/conversations/:id/messages': async (deps, a) => ({ id: await aThread(deps, a), body: { text: 'Taken over' } }),
} satisfies Record<string, RestProbe>);
