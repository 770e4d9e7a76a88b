import { randomUUID } from 'node:crypto';
import type { Caller, HostileCase, HostileDoor, HostileWorld, Probe, RestProbe } from './types';

const HTML = { kind: 'html' as const, html: '<p>Probe</p>' };

/** A draft e-mail campaign of organization A. */
async function aCampaign(api: Caller) {
  return (await api.campaigns.create({ name: 'Probe campaign', channel: 'email', audience: { match: 'all', conditions: [] }, email: { subject: 'Probe', content: HTML } })).id;
}

const unique = () => Math.random().toString(36).slice(2, 8);

/** A list of organization A with one of A's contacts on it. */
async function aList(api: Caller) {
  const email = `listed-${unique()}@example.test`;
  const contact = await api.contacts.create({ firstName: 'Listed', email });
  const list = await api.campaigns.listCreate({ name: `Probe list ${unique()}` });
  await api.campaigns.listAddContacts({ id: list.id, contactIds: [contact.id] });
  return { id: list.id, contactId: contact.id, email };
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

// ——— Hostile input (tests/security/hostile-doors.test.ts) ———

const LIST_TABLES = ['campaign_lists', 'campaign_list_members', 'contacts'];

/** B's list (with one of B's contacts on it, and one more of B's contacts off it) and A's. */
async function lists(w: HostileWorld) {
  const [mine, theirs] = [await aList(w.apiB), await aList(w.apiA)];
  const off = await w.apiB.contacts.create({ firstName: 'Unlisted', email: `unlisted-${unique()}@example.test` });
  const other = await w.apiB.campaigns.listCreate({ name: `Other list ${unique()}` });
  return { mine, theirs, off: off.id, other: other.name };
}

type Lists = Awaited<ReturnType<typeof lists>>;

const listDoor = (
  fields: HostileDoor['fields'],
  input: (l: Lists) => Record<string, unknown>,
  extra: Partial<HostileDoor> = {},
  cases: (valid: Record<string, unknown>, l: Lists) => HostileCase[] = () => [],
): HostileDoor => ({
  fields,
  tables: LIST_TABLES,
  prepare: async (w) => {
    const l = await lists(w);
    const valid = input(l);
    return { input: valid, foreign: { id: l.theirs.id, contactIds: l.theirs.contactId, email: l.theirs.email }, cases: cases(valid, l) };
  },
  ...extra,
});

const newName = () => ({ name: `New list ${unique()}` });
const adding = listDoor({ id: 'id', contactIds: 'ids' }, (l) => ({ id: l.mine.id, contactIds: [l.off] }));
const removing = listDoor(
  { id: 'id', contactIds: 'ids' },
  (l) => ({ id: l.mine.id, contactIds: [l.mine.contactId] }),
  { foreignIgnored: ['contactIds'] },
  (valid) => [{ name: 'no contactIds', field: 'contactIds', input: { id: valid.id } }],
);
/** One character over the list name's limit (LIST_LIMITS.name, 120). */
const LONG_NAME = 'n'.repeat(121);
const renaming = listDoor(
  { id: 'id', name: 'text' },
  (l) => ({ id: l.mine.id, ...newName() }),
  {},
  (valid, l) => [
    { name: 'name one character over the limit', field: 'name', input: { ...valid, name: LONG_NAME } },
    { name: 'no name', field: 'name', input: { id: valid.id } },
    { name: "name taken by another of B's lists, in other case", field: 'name', input: { ...valid, name: `  ${(l.other as string).toUpperCase()} ` } },
  ],
);
const creating = listDoor({ name: 'text' }, newName, {}, () => [
  { name: 'name one character over the limit', field: 'name', input: { name: LONG_NAME } },
  { name: 'no name', field: 'name', input: {} },
]);

/** A CSV over the JSON body limit (1 MB) and under the schema's 5 MB: the door answers it, naming `csv`. */
const BIG_CSV = `email\n${'big@example.test\n'.repeat(150_000)}`;
/** An address cell that takes a backtracking e-mail pattern quadratic time: dots after the @, no ending. */
const BACKTRACKING_EMAIL = `a@${'a.'.repeat(200_000)}@`;

const importing = listDoor(
  { id: 'id', name: 'text', csv: 'text', createMissing: 'bool' },
  (l) => ({ id: l.mine.id, csv: `email,first name\nimported-${unique()}@example.test,Ada\n` }),
  {},
  (valid, l) => [
    { name: 'csv larger than the JSON body limit', field: 'csv', input: { ...valid, csv: BIG_CSV } },
    { name: 'csv with a row of no address and one of SQL', field: 'csv', input: { ...valid, csv: "email,first name\n,Nobody\nnot-an-address,'; DROP TABLE contacts; --\n" }, accepted: true },
    // A's contact's e-mail finds nothing of A: a new contact of B's goes on B's list.
    { name: "csv naming organization A's contact's e-mail", field: 'csv', input: { ...valid, csv: `email\n${l.theirs.email}\n` }, accepted: true },
    { name: 'csv with no header line', field: 'csv', input: { ...valid, csv: 'ada@example.test,Ada\nbob@example.test,Bob\n' } },
    { name: 'csv of a header line alone', field: 'csv', input: { ...valid, csv: 'email,first name\n' }, accepted: true },
    { name: 'csv with an unclosed quote', field: 'csv', input: { ...valid, csv: 'email,first name\n"ada@example.test,Ada\n' } },
    { name: 'csv of 10,001 rows', field: 'csv', input: { ...valid, csv: `email\n${Array.from({ length: 10_001 }, (_, i) => `row${i}@example.test`).join('\n')}\n` } },
    { name: 'csv with ragged rows', field: 'csv', input: { ...valid, csv: `email,first name,last name\nragged-${unique()}@example.test\nragged-${unique()}@example.test,A,B,C,D\n` }, accepted: true },
    { name: 'csv with a 400,000-character address', field: 'csv', input: { ...valid, csv: `email\n${BACKTRACKING_EMAIL}\n` }, accepted: true },
    { name: 'csv with a 1,000,000-character first name', field: 'csv', input: { ...valid, csv: `email,first name\nlong-${unique()}@example.test,${'x'.repeat(1_000_000)}\n` }, accepted: true },
    { name: 'csv with a 300-character address', field: 'csv', input: { ...valid, csv: `email\n${'a'.repeat(290)}@example.test\n` }, accepted: true },
    { name: 'csv with a 100,000-character phone', field: 'csv', input: { ...valid, csv: `phone\n${'5'.repeat(100_000)}\n` }, accepted: true },
    { name: 'csv with a NUL in a name cell', field: 'csv', input: { ...valid, csv: `email,first name\nnul-${unique()}@example.test,A\u0000B\n` } },
    { name: 'no csv', field: 'csv', input: { id: valid.id } },
    { name: 'both id and name', field: 'name', input: { ...valid, name: 'Both' } },
    { name: 'neither id nor name', field: 'name', input: { csv: valid.csv } },
    { name: 'a new list named one character over the limit', field: 'name', input: { name: LONG_NAME, csv: valid.csv } },
  ],
);

export const hostileDoors: Record<string, HostileDoor> = {
  'tRPC campaigns.lists': listDoor({}, () => ({}), { noInput: true }),
  'GET /api/v1/campaigns/lists': listDoor({}, () => ({}), { noInput: true }),
  'tRPC campaigns.listGet': listDoor({ id: 'id' }, (l) => ({ id: l.mine.id })),
  'GET /api/v1/campaigns/lists/:id': listDoor({ id: 'id' }, (l) => ({ id: l.mine.id }), { params: { id: 'id' } }),
  'tRPC campaigns.listCreate': creating,
  'POST /api/v1/campaigns/lists': creating,
  'tRPC campaigns.listRename': renaming,
  'PATCH /api/v1/campaigns/lists/:id': { ...renaming, params: { id: 'id' } },
  'tRPC campaigns.listDelete': listDoor({ id: 'id' }, (l) => ({ id: l.mine.id })),
  'DELETE /api/v1/campaigns/lists/:id': listDoor({ id: 'id' }, (l) => ({ id: l.mine.id }), { params: { id: 'id' } }),
  'tRPC campaigns.listAddContacts': adding,
  'POST /api/v1/campaigns/lists/:id/contacts': { ...adding, params: { id: 'id' } },
  'tRPC campaigns.listAddMatching': listDoor(
    { id: 'id' },
    (l) => ({ id: l.mine.id, filter: { q: 'Unlisted' } }),
    {},
    (valid) => [
      { name: 'no filter', field: 'filter', input: { id: valid.id } },
      { name: 'filter a string', field: 'filter', input: { ...valid, filter: 'all' } },
      { name: 'filter with an unknown key', field: 'filter', input: { ...valid, filter: { everyone: true } } },
      { name: 'filter.q of 100,001 characters', field: 'filter', input: { ...valid, filter: { q: 'x'.repeat(100_001) } } },
      { name: 'filter.ownerId naming no member', field: 'filter', input: { ...valid, filter: { ownerId: randomUUID() } }, accepted: true },
    ],
  ),
  'tRPC campaigns.listRemoveContacts': removing,
  'POST /api/v1/campaigns/lists/:id/contacts/remove': { ...removing, params: { id: 'id' } },
  'tRPC campaigns.listImport': importing,
  'POST /api/v1/campaigns/lists/import': importing,
};
