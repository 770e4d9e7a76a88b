import type { Caller, Probe } from './types';

const said = { utterance: 'probe command', source: 'typed', intent: 'probe' } as const;
const aContact = (api: Caller) => api.contacts.create({ firstName: 'Probe', lastName: 'Contact', phone: '+14155550123' });

/** commands.run names records of every kind by id; each action resolves them through its own service, a contact here. */
export const probes: Record<string, Probe> = {
  'commands.run': async (_d, _a, api) => ({ action: 'tag_contact', ...said, contactId: (await aContact(api)).id }),
};
