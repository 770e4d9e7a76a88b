import type { Probe } from './types';

export const probes: Record<string, Probe> = {
  // Organization A deletes a deal; B's feed answers, but with nothing of A's.
  'sync.deletedRecords': async (_d, _a, api) => {
    const deal = await api.deals.create({ title: 'Probe deal' });
    await api.deals.delete({ id: deal.id });
    return { input: {}, accept: (result: unknown) => (result as { items: unknown[] }).items.length === 0 };
  },
};
