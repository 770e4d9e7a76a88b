import type { Probe } from './types';

const BLOCKS = [{ id: 'h', type: 'heading', text: 'Hi {{contact.firstName | there}}' }];

export const probes: Record<string, Probe> = {
  // The preview merges a contact's values: another organization's contact answers NOT_FOUND.
  'campaignBlocks.preview': async (_d, _a, api) => ({ blocks: BLOCKS, contactId: (await api.contacts.create({ firstName: 'Probe' })).id }),
};
