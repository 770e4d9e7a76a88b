import type { Caller, Probe } from './types';

const aTask = (api: Caller) => api.tasks.create({ title: 'Probe task' });
const aDeal = (api: Caller) => api.deals.create({ title: 'Probe deal' });

export const probes: Record<string, Probe> = {
  'tasks.list': async (_d, _a, api) => ({ dealId: (await aDeal(api)).id }),
  'tasks.create': async (_d, _a, api) => ({ title: 'Into A', dealId: (await aDeal(api)).id }),
  'tasks.update': async (_d, _a, api) => ({ id: (await aTask(api)).id, title: 'Taken over' }),
  'tasks.get': async (_d, _a, api) => ({ id: (await aTask(api)).id }),
  'tasks.complete': async (_d, _a, api) => ({ id: (await aTask(api)).id }),
  'tasks.reopen': async (_d, _a, api) => {
    const task = await aTask(api);
    await api.tasks.complete({ id: task.id });
    return { id: task.id };
  },
  'tasks.delete': async (_d, _a, api) => ({ id: (await aTask(api)).id }),
};
