import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../helpers/app';
import { browser, createAccount, createKey } from '../helpers/factories';
import { checkedAgainstOpenApi } from '../helpers/openapi';
import { testDatabaseKind } from '../helpers/db';

type Feed = { items: { resource: string; id: string; deletedAt: string }[]; nextCursor: string; hasMore: boolean };

async function world() {
  const { app: raw, deps, caller } = await buildTestApp();
  const app = await checkedAgainstOpenApi(raw);
  const owner = await createAccount(deps);
  const api = caller(browser(owner.cookie));
  const key = { authorization: `Bearer ${await createKey(deps, owner.organizationId, 'admin')}` };
  const feed = async (query = '', headers: Record<string, string> = key): Promise<Feed> => {
    const answer = await app.request(`/api/v1/deleted-records${query}`, { headers });
    expect(answer.status, await answer.clone().text()).toBe(200);
    return (await answer.json()) as Feed;
  };
  /**
   * The feed once it holds `count` items: a deletion shows once every older transaction of the
   * server has ended, and other test files' transactions run on the same Postgres server.
   */
  const feedOf = async (count: number, query = '', headers: Record<string, string> = key): Promise<Feed> => {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const answer = await feed(query, headers);
      if (answer.items.length >= count || Date.now() > deadline) return answer;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  return { app, deps, caller, owner, api, key, feed, feedOf };
}

describe('the deleted-records feed and updatedAfter (issue #19 sync)', () => {
  it('lists every kind of deletion once, oldest first, continuing from its cursor', async () => {
    const { api, feed, feedOf } = await world();
    const first = await feed();
    expect(first).toMatchObject({ items: [], hasMore: false });

    const [ada, alan, grace] = await Promise.all(['Ada', 'Alan', 'Grace'].map((firstName) => api.contacts.create({ firstName, lastName: 'Test', email: `${firstName.toLowerCase()}@example.test` })));
    const deal = await api.deals.create({ title: 'Engines' });
    const task = await api.tasks.create({ title: 'Call back' });
    const meeting = await api.appointments.create({ title: 'Demo', startsAt: '2030-03-04T09:00:00Z', endsAt: '2030-03-04T10:00:00Z' });
    await api.deals.delete({ id: deal.id });
    await api.tasks.delete({ id: task.id });
    await api.appointments.delete({ id: meeting.id });
    await api.contacts.delete({ id: ada!.id });
    await api.contacts.bulk({ ids: [alan!.id, grace!.id], action: { type: 'delete' } });

    const page = await feedOf(3, `?cursor=${first.nextCursor}&limit=3`);
    expect(page.items.map((i) => [i.resource, i.id])).toEqual([
      ['deals', deal.id],
      ['tasks', task.id],
      ['appointments', meeting.id],
    ]);
    expect(page.hasMore).toBe(true);
    const rest = await feedOf(3, `?cursor=${page.nextCursor}`);
    expect(rest.items.map((i) => i.resource)).toEqual(['contacts', 'contacts', 'contacts']);
    expect(new Set(rest.items.map((i) => i.id))).toEqual(new Set([ada!.id, alan!.id, grace!.id]));
    expect(rest.hasMore).toBe(false);
    // Nothing new: the same cursor (or the one it gave) answers nothing.
    expect((await feed(`?cursor=${rest.nextCursor}`)).items).toEqual([]);
    // One kind only.
    expect((await feedOf(1, '?resource=tasks')).items.map((i) => i.id)).toEqual([task.id]);
  });

  it.skipIf(testDatabaseKind !== 'postgres')('never passes a deletion still being committed: it is ahead of the cursor once committed', async () => {
    const { deps, api, feed, feedOf } = await world();
    const contact = await api.contacts.create({ firstName: 'Slow', lastName: 'Commit' });
    const start = await feed();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let deleted!: () => void;
    const deleting = new Promise<void>((resolve) => (deleted = resolve));
    // Another connection deletes the contact and holds its transaction open.
    const transaction = deps.database.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('contacts').where('id', '=', contact.id).execute();
      deleted();
      await held;
    });
    await deleting;
    const during = await feed(`?cursor=${start.nextCursor}`);
    expect(during.items).toEqual([]);
    release();
    await transaction;
    expect((await feedOf(1, `?cursor=${during.nextCursor}`)).items.map((i) => i.id)).toEqual([contact.id]);
  });

  it('refuses a crafted cursor, an unknown kind or parameter, naming the field', async () => {
    const { app, key } = await world();
    const refused = async (query: string, field: string) => {
      const answer = await app.request(`/api/v1/deleted-records${query}`, { headers: key });
      expect(answer.status, query).toBe(400);
      expect(
        ((await answer.json()) as { errors: { field: string }[] }).errors.map((e) => e.field),
        query,
      ).toContain(field);
    };
    await refused('?cursor=%25%25', 'cursor');
    await refused(`?cursor=${Buffer.from('{"t":"-1","i":"x"}').toString('base64url')}`, 'cursor');
    await refused('?resource=invoices', 'resource');
    await refused('?limit=0', 'limit');
    await refused('?since=2026-01-01', 'since');
  });

  it('shows one organization nothing of another’s deletions', async () => {
    const { deps, caller, api, feed, feedOf } = await world();
    const other = await createAccount(deps, 'other');
    const theirs = { authorization: `Bearer ${await createKey(deps, other.organizationId, 'admin')}` };
    const contact = await caller(browser(other.cookie)).contacts.create({ firstName: 'Theirs', lastName: 'Only' });
    await caller(browser(other.cookie)).contacts.delete({ id: contact.id });
    // Once their feed shows it, ours still shows nothing.
    expect((await feedOf(1, '', theirs)).items.map((i) => i.id)).toEqual([contact.id]);
    expect((await feed()).items).toEqual([]);
    expect((await api.sync.deletedRecords({})).items).toEqual([]);
  });

  it('answers only the kinds the caller may read', async () => {
    const { app, api, feedOf } = await world();
    const contact = await api.contacts.create({ firstName: 'Gone', lastName: 'Soon' });
    const deal = await api.deals.create({ title: 'Gone too' });
    await api.contacts.delete({ id: contact.id });
    await api.deals.delete({ id: deal.id });
    await feedOf(2); // both deletions readable by a key that may read both
    const key = await api.apiKeys.create({ name: 'Contacts sync', role: 'admin', scopes: ['contacts:read'] });
    const headers = { authorization: `Bearer ${key.secret}` };
    const feed = (await (await app.request('/api/v1/deleted-records', { headers })).json()) as Feed;
    expect(feed.items.map((i) => [i.resource, i.id])).toEqual([['contacts', contact.id]]);
    const refused = await app.request('/api/v1/deleted-records?resource=deals', { headers });
    expect(refused.status).toBe(403);
  });

  it('lists only what changed after updatedAfter, on every resource', async () => {
    const { app, api, key } = await world();
    const old = [
      await api.contacts.create({ firstName: 'Old', lastName: 'Contact' }),
      await api.deals.create({ title: 'Old deal' }),
      await api.tasks.create({ title: 'Old task' }),
      await api.appointments.create({ title: 'Old meeting', startsAt: '2030-03-04T09:00:00Z', endsAt: '2030-03-04T10:00:00Z' }),
    ];
    // Answers carry milliseconds and the columns microseconds: the next millisecond is after every old write.
    const sinceMs = Math.max(...old.map((r) => Date.parse(r.updatedAt))) + 1;
    const since = new Date(sinceMs).toISOString();
    // The new writes must begin after that instant (the database shares this machine's clock).
    while (Date.now() <= sinceMs) await new Promise((resolve) => setImmediate(resolve));
    await api.contacts.create({ firstName: 'New', lastName: 'Contact' });
    await api.deals.create({ title: 'New deal' });
    await api.tasks.create({ title: 'New task' });
    await api.appointments.create({ title: 'New meeting', startsAt: '2030-03-05T09:00:00Z', endsAt: '2030-03-05T10:00:00Z' });
    for (const [resource, field] of [
      ['contacts', 'firstName'],
      ['deals', 'title'],
      ['tasks', 'title'],
      ['appointments', 'title'],
    ] as const) {
      const answer = await app.request(`/api/v1/${resource}?updatedAfter=${encodeURIComponent(since)}`, { headers: key });
      expect(answer.status, resource).toBe(200);
      const page = (await answer.json()) as { items: Record<string, string>[]; total: number };
      expect(
        page.items.map((i) => i[field]),
        resource,
      ).toEqual([resource === 'contacts' ? 'New' : resource === 'deals' ? 'New deal' : resource === 'tasks' ? 'New task' : 'New meeting']);
      expect(page.total, resource).toBe(1);
    }
  });
});
