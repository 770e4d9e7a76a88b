import { aContact } from './deals';
import type { Caller, Probe, RestProbe } from './types';

const slot = { startsAt: '2030-03-04T09:00:00Z', endsAt: '2030-03-04T10:00:00Z' };
const anAppointment = async (api: Caller) => api.appointments.create({ title: 'Probe appointment', ...slot });

export const probes: Record<string, Probe> = {
  'appointments.list': async (deps, a) => ({ from: '2030-03-01T00:00:00Z', to: '2030-04-01T00:00:00Z', contactId: await aContact(deps, a) }),
  'appointments.search': async (deps, a) => ({ contactId: await aContact(deps, a) }),
  'appointments.get': async (_d, _a, api) => ({ id: (await anAppointment(api)).id }),
  'appointments.checkConflicts': async (_d, _a, api) => ({ ...slot, excludeId: (await anAppointment(api)).id }),
  'appointments.create': async (deps, a) => ({ title: 'Into A', ...slot, contactId: await aContact(deps, a) }),
  'appointments.update': async (_d, _a, api) => ({ id: (await anAppointment(api)).id, title: 'Taken over' }),
  'appointments.reschedule': async (_d, _a, api) => ({ id: (await anAppointment(api)).id, startsAt: '2030-03-05T09:00:00Z', endsAt: '2030-03-05T10:00:00Z' }),
  'appointments.setStatus': async (_d, _a, api) => ({ id: (await anAppointment(api)).id, status: 'cancelled' }),
  'appointments.delete': async (_d, _a, api) => ({ id: (await anAppointment(api)).id }),
};

export const restProbes: Record<string, RestProbe> = {
  'GET /api/appointments/:id/ics': async (_d, _a, api) => (await anAppointment(api)).id,
};
