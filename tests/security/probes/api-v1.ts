import { V1_RESOURCES } from '../../../server/api-v1/resources';
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
