import type { Caller, Probe, RestProbe } from './types';

const HTML = { kind: 'html' as const, html: '<p>Probe</p>' };

/** A draft e-mail campaign of organization A. */
async function aCampaign(api: Caller) {
  return (await api.campaigns.create({ name: 'Probe campaign', channel: 'email', audience: { match: 'all', conditions: [] }, email: { subject: 'Probe', content: HTML } })).id;
}

/** A list of organization A with one of A's contacts on it. */
async function aList(api: Caller) {
  const contact = await api.contacts.create({ firstName: 'Listed', email: `listed-${Math.random().toString(36).slice(2, 8)}@example.test` });
  const list = await api.campaigns.listCreate({ name: `Probe list ${Math.random().toString(36).slice(2, 8)}` });
  await api.campaigns.listAddContacts({ id: list.id, contactIds: [contact.id] });
  return { id: list.id, contactId: contact.id };
}

const later = () => new Date(Date.now() + 86_400_000).toISOString();

export const probes: Record<string, Probe> = {
  'campaigns.get': async (_d, _a, api) => ({ id: await aCampaign(api) }),
  'campaigns.update': async (_d, _a, api) => ({ id: await aCampaign(api), name: 'Taken' }),
  'campaigns.delete': async (_d, _a, api) => ({ id: await aCampaign(api) }),
  'campaigns.send': async (_d, _a, api) => ({ id: await aCampaign(api) }),
  'campaigns.schedule': async (_d, _a, api) => ({ id: await aCampaign(api), at: later() }),
  'campaigns.pause': async (_d, _a, api) => ({ id: await aCampaign(api) }),
  'campaigns.resume': async (_d, _a, api) => ({ id: await aCampaign(api) }),
  'campaigns.cancel': async (_d, _a, api) => ({ id: await aCampaign(api) }),
  'campaigns.stats': async (_d, _a, api) => ({ id: await aCampaign(api) }),
  'campaigns.recipients': async (_d, _a, api) => ({ id: await aCampaign(api) }),
  'campaigns.engagement': async (_d, _a, api) => ({ id: await aCampaign(api) }),
  'campaigns.testSend': async (_d, _a, api) => ({ id: await aCampaign(api) }),
  'campaigns.listGet': async (_d, _a, api) => ({ id: (await aList(api)).id }),
  'campaigns.listRename': async (_d, _a, api) => ({ id: (await aList(api)).id, name: 'Taken' }),
  'campaigns.listDelete': async (_d, _a, api) => ({ id: (await aList(api)).id }),
  'campaigns.listAddContacts': async (_d, _a, api) => {
    const list = await aList(api);
    return { id: list.id, contactIds: [list.contactId] };
  },
  'campaigns.listAddMatching': async (_d, _a, api) => ({ id: (await aList(api)).id, filter: {} }),
  'campaigns.listRemoveContacts': async (_d, _a, api) => {
    const list = await aList(api);
    return { id: list.id, contactIds: [list.contactId] };
  },
  'campaigns.listImport': async (_d, _a, api) => ({ id: (await aList(api)).id, csv: 'email\nprobe@example.test\n' }),
};

export const restProbes: Record<string, RestProbe> = {
  'POST /api/v1/campaigns/:id/send': (_d, _a, api) => aCampaign(api),
  'POST /api/v1/campaigns/:id/pause': (_d, _a, api) => aCampaign(api),
  'POST /api/v1/campaigns/:id/resume': (_d, _a, api) => aCampaign(api),
  'POST /api/v1/campaigns/:id/cancel': (_d, _a, api) => aCampaign(api),
  'GET /api/v1/campaigns/:id/stats': (_d, _a, api) => aCampaign(api),
  'GET /api/v1/campaigns/:id/recipients.csv': (_d, _a, api) => aCampaign(api),
  'POST /api/v1/campaigns/lists/:id/contacts': async (_d, _a, api) => {
    const list = await aList(api);
    return { id: list.id, body: { contactIds: [list.contactId] } };
  },
  'POST /api/v1/campaigns/lists/:id/contacts/remove': async (_d, _a, api) => {
    const list = await aList(api);
    return { id: list.id, body: { contactIds: [list.contactId] } };
  },
  'GET /api/v1/campaigns/lists/:id': async (_d, _a, api) => (await aList(api)).id,
  'PATCH /api/v1/campaigns/lists/:id': async (_d, _a, api) => ({ id: (await aList(api)).id, body: { name: 'Taken' } }),
  'DELETE /api/v1/campaigns/lists/:id': async (_d, _a, api) => (await aList(api)).id,
};

const SIGNED = 'the link is signed for one recipient with its campaign’s key (HMAC); a bad signature records nothing and redirects nowhere (tests/integration/campaigns-sending.test.ts)';
export const capabilityRoutes: Record<string, string> = {
  'GET /api/campaigns/t/o/:recipientId': SIGNED,
  'GET /api/campaigns/t/c/:recipientId': SIGNED,
};
