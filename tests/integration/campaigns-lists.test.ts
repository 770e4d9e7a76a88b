import { describe, expect, it } from 'vitest';
import { browser, createAccount, createKey } from '../helpers/factories';
import { addContact, campaignsApp, HTML } from './campaigns-helpers';

describe('static lists as campaign audiences', { timeout: 120_000 }, () => {
  it('a CSV import matches contacts by e-mail (any case) or phone, creates the unknown ones, reports bad rows; a campaign to the list reaches exactly its members', async () => {
    const { deps, owner, api } = await campaignsApp({ chain: 'manual' });
    const org = owner.organizationId;
    const ada = await addContact(deps, org, { first_name: 'Ada', email: 'ada@example.test' });
    const bob = await addContact(deps, org, { first_name: 'Bob', phone: '+14155550101' });
    await addContact(deps, org, { first_name: 'Not listed', email: 'outside@example.test' });

    const csv = ['Email,Phone,First name,Last name', 'ADA@Example.test,,,', ',(415) 555-0101,,', 'new@example.test,,Nora,New', 'not-an-address,,X,', ',,Empty,'].join('\n');
    const result = await api.campaigns.listImport({ name: 'Spring fair', csv });
    expect(result).toMatchObject({ rows: 5, matched: 2, created: 1, added: 3, skippedCount: 2 });
    expect(result.skipped).toEqual([
      { line: 5, value: 'not-an-address', reason: 'not a valid e-mail address or phone number' },
      { line: 6, value: '', reason: 'no e-mail address or phone number' },
    ]);
    expect(result.list).toMatchObject({ name: 'Spring fair', members: 3 });
    const nora = await deps.database.db
      .selectFrom('contacts')
      .select(['id', 'first_name', 'last_name'])
      .where('organization_id', '=', org)
      .where('email', '=', 'new@example.test')
      .executeTakeFirstOrThrow();
    expect([nora.first_name, nora.last_name]).toEqual(['Nora', 'New']);

    // Importing again adds nobody twice; without createMissing an unknown address is reported, not created.
    const again = await api.campaigns.listImport({ id: result.list.id, csv: 'email\nada@example.test\nstranger@example.test\n', createMissing: false });
    expect(again).toMatchObject({ matched: 1, created: 0, added: 0, skippedCount: 1, skipped: [{ line: 3, value: 'stranger@example.test', reason: 'matches no contact' }] });
    expect(await deps.database.db.selectFrom('contacts').select('id').where('email', '=', 'stranger@example.test').execute()).toEqual([]);

    // A list's name is unique in the organization, whatever its case.
    await expect(api.campaigns.listCreate({ name: 'spring FAIR' })).rejects.toMatchObject({ code: 'CONFLICT' });

    const audience = { match: 'all' as const, conditions: [{ type: 'list' as const, listId: result.list.id }] };
    expect(await api.campaigns.audienceCount({ channel: 'email', audience })).toMatchObject({ matched: 3, eligible: 2, noAddress: 1 });
    const campaign = await api.campaigns.create({ name: 'To the list', channel: 'email', audience, email: { subject: 'Hi', content: HTML } });
    await api.campaigns.send({ id: campaign.id });
    const recipients = await deps.database.db.selectFrom('campaign_recipients').select(['contact_id', 'status']).where('campaign_id', '=', campaign.id).execute();
    // Bob has no e-mail address: counted as such, not sent to; the contact outside the list is not there.
    expect(recipients.map((r) => r.contact_id).sort()).toEqual([ada, nora.id].sort());
    expect(recipients.map((r) => r.contact_id)).not.toContain(bob);
  });

  it('a CSV import leaves out rows whose cells are too long, answering at once and reporting each cut short', async () => {
    const { api } = await campaignsApp({ chain: 'manual' });
    // Dots after the @ and no ending: a backtracking e-mail pattern took minutes on this one cell.
    const hostile = `a@${'a.'.repeat(200_000)}@`;
    const longEmail = `${'a'.repeat(250)}@example.test`;
    const longName = 'x'.repeat(101);
    const csv = ['email,phone,first name,last name', `${hostile},,,`, `${longEmail},,,`, `,${'5'.repeat(1000)},,`, `long@example.test,,${longName},`, `kept@example.test,,Kim,${'y'.repeat(100)}`].join(
      '\n',
    );
    const started = Date.now();
    const result = await api.campaigns.listImport({ name: 'Hostile cells', csv });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(result).toMatchObject({ rows: 5, created: 1, added: 1, skippedCount: 4, list: { members: 1 } });
    expect(result.skipped).toEqual([
      { line: 2, value: `${hostile.slice(0, 254)}…`, reason: 'not a valid e-mail address or phone number' },
      { line: 3, value: `${longEmail.slice(0, 254)}…`, reason: 'not a valid e-mail address or phone number' },
      { line: 4, value: `${'5'.repeat(254)}…`, reason: 'not a valid e-mail address or phone number' },
      { line: 5, value: 'long@example.test', reason: 'first name must be at most 100 characters' },
    ]);
  });

  it('a selection in the contacts list is added once, removed, and another organization’s contacts or lists are refused', async () => {
    const { deps, owner, api, caller } = await campaignsApp({ chain: 'manual' });
    const org = owner.organizationId;
    const one = await addContact(deps, org, { email: 'one@example.test' });
    const two = await addContact(deps, org, { email: 'two@example.test' });
    const list = await api.campaigns.listCreate({ name: 'VIPs' });
    expect((await api.campaigns.listAddContacts({ id: list.id, contactIds: [one, two, one] })).changed).toBe(2);
    expect((await api.campaigns.listAddContacts({ id: list.id, contactIds: [one] })).changed).toBe(0);
    expect((await api.campaigns.listRemoveContacts({ id: list.id, contactIds: [two] })).list.members).toBe(1);
    expect((await api.campaigns.lists()).items.map((l) => [l.name, l.members])).toEqual([['VIPs', 1]]);

    const other = await createAccount(deps, 'other-lists');
    const theirs = caller(browser(other.cookie));
    const foreign = await addContact(deps, other.organizationId, { email: 'foreign@example.test' });
    await expect(api.campaigns.listAddContacts({ id: list.id, contactIds: [foreign] })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(theirs.campaigns.listGet({ id: list.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(theirs.campaigns.audienceCount({ channel: 'email', audience: { match: 'all', conditions: [{ type: 'list', listId: list.id }] } })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await theirs.campaigns.lists()).items).toEqual([]);

    // "All matching" in the contacts list: the filter is resolved by the server.
    const tagged = await addContact(deps, org, { email: 'tagged@example.test', tags: ['fair'] });
    const matching = await api.campaigns.listAddMatching({ id: list.id, filter: { tag: 'fair' } });
    expect(matching).toMatchObject({ changed: 1, list: { members: 2 } });
    expect((await api.campaigns.listRemoveContacts({ id: list.id, contactIds: [tagged] })).changed).toBe(1);

    // Deleting the list leaves its contacts.
    await api.campaigns.listDelete({ id: list.id });
    expect(await deps.database.db.selectFrom('contacts').select('id').where('id', '=', one).execute()).toHaveLength(1);
  });

  it('REST: a list is imported, read, renamed (a taken name refused at `name`), emptied and deleted, its contacts kept', async () => {
    const { app, deps, owner } = await campaignsApp({ chain: 'manual' });
    const org = owner.organizationId;
    const ada = await addContact(deps, org, { email: 'ada@example.test' });
    const key = await createKey(deps, org, 'admin', owner.userId);
    const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await app.request(`/api/v1/campaigns/lists${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> & { list?: { id: string; members: number } } };
    };

    const badImport = await call('POST', '/import', { name: 'Fair' });
    expect(badImport).toMatchObject({ status: 400, body: { message: 'csv: is required' } });
    const imported = await call('POST', '/import', { name: 'Fair', csv: 'email\nada@example.test\n' });
    expect(imported).toMatchObject({ status: 200, body: { matched: 1, added: 1, list: { name: 'Fair', members: 1 } } });
    const id = imported.body.list!.id;
    await call('POST', '', { name: 'Other' });

    expect(await call('GET', `/${id}`)).toMatchObject({ status: 200, body: { id, name: 'Fair', members: 1 } });
    expect(await call('PATCH', `/${id}`, {})).toMatchObject({ status: 400, body: { message: expect.stringMatching(/^name: /) } });
    expect(await call('PATCH', `/${id}`, { name: 'other' })).toMatchObject({ status: 409, body: { issues: [{ path: 'name', message: 'is taken by another list' }] } });
    expect(await call('PATCH', `/${id}`, { name: 'Spring fair' })).toMatchObject({ status: 200, body: { id, name: 'Spring fair' } });

    expect(await call('POST', `/${id}/contacts/remove`, { contactIds: [] })).toMatchObject({ status: 400, body: { message: 'contactIds: must name at least one contact' } });
    expect(await call('POST', `/${id}/contacts/remove`, { contactIds: [ada] })).toMatchObject({ status: 200, body: { changed: 1, list: { members: 0 } } });

    expect(await call('DELETE', `/${id}`)).toEqual({ status: 200, body: { id } });
    expect(await call('GET', `/${id}`)).toMatchObject({ status: 404 });
    expect(await deps.database.db.selectFrom('contacts').select('id').where('id', '=', ada).execute()).toHaveLength(1);
  });
});
