import { createTRPCClient, httpSubscriptionLink } from '@trpc/client';
import { EventSource } from 'eventsource';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db';
import { createEventBus } from '../../server/events/bus';
import { publishEvent } from '../../server/events/publish';
import type { RealtimeEvent } from '../../server/events/types';
import { createLogger } from '../../server/logging';
import { startServer, type RunningServer } from '../../server/server';
import type { AppRouter } from '../../server/assembly';
import { testConfig, TEST_ORIGIN } from '../helpers/app';
import { getTestDatabase, postgresUrlOf, testDatabaseKind } from '../helpers/db';
import { addMember, browser, createAccount, type Account } from '../helpers/factories';

/** A tRPC client that subscribes as the member whose cookie it carries. */
function clientAs(server: RunningServer, account: Account) {
  return createTRPCClient<AppRouter>({
    links: [
      httpSubscriptionLink({
        url: `${server.url}/trpc`,
        EventSource,
        eventSourceOptions: () => ({ fetch: (input, init) => fetch(input, { ...init, headers: { ...init?.headers, cookie: account.cookie } }) }),
      }),
    ],
  });
}

/** Collects events of a subscription until `until` says stop (or times out). */
function collect(server: RunningServer, account: Account, input: { lastEventId?: string } | undefined, until: (events: RealtimeEvent[]) => boolean, timeoutMs = 10_000) {
  return new Promise<RealtimeEvent[]>((resolve, reject) => {
    const events: RealtimeEvent[] = [];
    const timer = setTimeout(() => {
      sub.unsubscribe();
      reject(new Error(`timed out with ${events.length} events: ${events.map((e) => e.type).join(',')}`));
    }, timeoutMs);
    const sub = clientAs(server, account).realtime.events.subscribe(input, {
      onData(tracked) {
        events.push(tracked.data as RealtimeEvent);
        if (until(events)) {
          clearTimeout(timer);
          sub.unsubscribe();
          resolve(events);
        }
      },
      onError: (error) => {
        clearTimeout(timer);
        reject(error);
      },
    });
  });
}

const contactCreated = (name: string) => (events: RealtimeEvent[]) => events.some((e) => e.type === 'contact_created' && e.payload.name === name);

describe('realtime.events', () => {
  let server: RunningServer;
  const api = (account: Account) => {
    const headers = browser(account.cookie);
    return {
      createContact: (firstName: string) =>
        fetch(`${server.url}/trpc/contacts.create`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ firstName }) }).then((r) => {
          if (!r.ok) throw new Error(`create failed ${r.status}`);
        }),
    };
  };

  beforeAll(async () => {
    server = await startServer(testConfig({ PORT: '0', PUBLIC_URL: TEST_ORIGIN }), { database: await getTestDatabase(), clientDir: false });
  });
  afterAll(() => server.close());

  it("delivers the organization's events live, never another organization's", async () => {
    const a = await createAccount(server.deps, 'rt-a');
    const colleague = await addMember(server.deps, a.organizationId, 'sales_rep');
    const b = await createAccount(server.deps, 'rt-b');
    const seenByColleague = collect(server, colleague, undefined, contactCreated('Live Alice'));
    // B even asks to replay everything from the first event id: still nothing of A's.
    const seenByB = collect(server, b, { lastEventId: '0' }, (events) => events.some((e) => e.organizationId !== b.organizationId), 3000).catch(() => 'nothing');
    await new Promise((r) => setTimeout(r, 300));
    await api(b).createContact('Not For A');
    await api(a).createContact('Live Alice');
    const events = await seenByColleague;
    expect(events.filter((e) => e.type === 'contact_created').map((e) => e.payload.name)).toEqual(['Live Alice']);
    expect(events.every((e) => e.organizationId === a.organizationId)).toBe(true);
    // Each as its frame: what it makes stale in a browser and whether it notifies (server/realtime/frame.ts).
    expect(events.find((e) => e.type === 'contact_created')).toMatchObject({ notifies: true, notifiesActor: false, invalidates: expect.arrayContaining(['contacts.list']) });
    expect(await seenByB).toBe('nothing');
  });

  it('replays exactly the missed events, in order, after lastEventId, then goes live', async () => {
    const a = await createAccount(server.deps, 'rt-replay');
    const db = server.deps.database.db;
    const ids: number[] = [];
    for (const name of ['one', 'two', 'three', 'four']) {
      ids.push(await db.transaction().execute((trx) => publishEvent(trx, { organizationId: a.organizationId, type: 'contact_created', payload: { name }, actorUserId: null })));
    }
    const replaying = collect(server, a, { lastEventId: String(ids[1]) }, (events) => events.some((e) => e.payload.name === 'five'));
    await new Promise((r) => setTimeout(r, 300));
    await api(a).createContact('five');
    const replayed = await replaying;
    const names = replayed.filter((e) => e.type === 'contact_created').map((e) => e.payload.name);
    expect(names).toEqual(['three', 'four', 'five']);
    expect(new Set(replayed.map((e) => e.id)).size).toBe(replayed.length);
  });

  it('filters by permission: a Sales Rep never receives import_finished (data:import)', async () => {
    const a = await createAccount(server.deps, 'rt-perm');
    const rep = await addMember(server.deps, a.organizationId, 'sales_rep');
    const seen = collect(server, rep, undefined, contactCreated('after import'));
    await new Promise((r) => setTimeout(r, 300));
    const db = server.deps.database.db;
    await db.transaction().execute((trx) => publishEvent(trx, { organizationId: a.organizationId, type: 'import_finished', payload: { importId: 'x' }, actorUserId: null }));
    await db.transaction().execute((trx) => publishEvent(trx, { organizationId: a.organizationId, type: 'contact_created', payload: { name: 'after import' }, actorUserId: null }));
    const events = await seen;
    expect(events.map((e) => e.type)).not.toContain('import_finished');
  });

  it('hides other members’ deals and new contacts from a Sales Rep who sees only their own, live and replayed', async () => {
    const a = await createAccount(server.deps, 'rt-own');
    const rep = await addMember(server.deps, a.organizationId, 'sales_rep');
    const manager = await addMember(server.deps, a.organizationId, 'manager');
    const call = async (path: string, input: unknown) => {
      const response = await fetch(`${server.url}/trpc/${path}`, { method: 'POST', headers: { ...browser(a.cookie), 'content-type': 'application/json' }, body: JSON.stringify(input) });
      if (!response.ok) throw new Error(`${path} failed ${response.status}: ${await response.text()}`);
      return ((await response.json()) as { result: { data: { id: string } } }).result.data;
    };
    await call('organizations.update', { salesRepsSeeOwnOnly: true });
    const before = (await server.deps.events.since(a.organizationId, 0, 1000)).at(-1)?.id ?? 0;
    const live = collect(server, rep, undefined, contactCreated('after the deals'));
    await new Promise((r) => setTimeout(r, 300));
    const value = { valueMinor: 100, currency: 'USD' };
    const theirs = await call('deals.create', { title: 'Rep deal', ownerId: rep.userId, value });
    const notTheirs = await call('deals.create', { title: 'Manager deal', ownerId: manager.userId, value });
    await call('deals.update', { id: notTheirs.id, title: 'Manager deal, renamed' });
    // Handed from the rep to the manager: the rep hears that it left them, then nothing more of it.
    await call('deals.update', { id: theirs.id, ownerId: manager.userId });
    await call('deals.update', { id: theirs.id, title: 'Now the manager’s' });
    // Contacts too: another member's new contact is not announced to the rep; their own is.
    await call('contacts.create', { firstName: 'Manager’s contact', ownerId: manager.userId });
    await call('contacts.create', { firstName: 'after the deals', ownerId: rep.userId });
    const dealEvents = (events: RealtimeEvent[]) => events.filter((e) => e.type.startsWith('deal_')).map((e) => [e.type, e.payload.title]);
    const expected = [
      ['deal_created', 'Rep deal'],
      ['deal_updated', 'Rep deal'],
    ];
    const seen = await live;
    expect(dealEvents(seen)).toEqual(expected);
    expect(seen.filter((e) => e.type === 'contact_created').map((e) => e.payload.name)).toEqual(['after the deals']);
    const replayed = await collect(server, rep, { lastEventId: String(before) }, contactCreated('after the deals'));
    expect(dealEvents(replayed)).toEqual(expected);
    // The manager sees every deal event.
    const managers = await collect(server, manager, { lastEventId: String(before) }, contactCreated('after the deals'));
    expect(dealEvents(managers)).toHaveLength(5);
  });

  it('publishes user_joined and user_left from subscription lifetimes', async () => {
    const a = await createAccount(server.deps, 'rt-presence');
    const colleague = await addMember(server.deps, a.organizationId, 'viewer');
    const watching = collect(server, a, undefined, (events) => events.some((e) => e.type === 'user_left' && e.payload.userId === colleague.userId));
    await new Promise((r) => setTimeout(r, 300));
    const joined = collect(server, colleague, undefined, (events) => events.some((e) => e.type === 'user_joined' && e.payload.userId === colleague.userId));
    await joined; // the colleague's own stream closes here
    const events = await watching;
    const types = events.filter((e) => e.payload.userId === colleague.userId).map((e) => e.type);
    expect(types).toEqual(['user_joined', 'user_left']);
    expect(await server.deps.presence.online(a.organizationId)).toEqual([a.userId]);
  });

  it('sweeps a dead process’s stale presence and announces user_left', async () => {
    const a = await createAccount(server.deps, 'rt-stale');
    const db = server.deps.database.db;
    await db
      .insertInto('presence')
      .values({ connection_id: `dead-${a.userId}`, organization_id: a.organizationId, user_id: a.userId, last_seen_at: new Date(Date.now() - 60_000) })
      .execute();
    await server.deps.presence.sweep();
    const left = await db.selectFrom('events').select('type').where('organization_id', '=', a.organizationId).where('type', '=', 'user_left').execute();
    expect(left).toHaveLength(1);
    expect(await server.deps.presence.online(a.organizationId)).toEqual([]);
  });
});

describe('notifications', () => {
  it("are written for colleagues (not the actor, but for a won deal) with the spec's texts, and can be read, marked and removed", async () => {
    const { buildTestApp } = await import('../helpers/app');
    const { deps, caller } = await buildTestApp();
    const a = await createAccount(deps, 'nt-a');
    const b = await addMember(deps, a.organizationId, 'sales_rep');
    await caller(browser(a.cookie)).contacts.create({ firstName: 'Grace', lastName: 'Hopper' });
    const deal = await caller(browser(a.cookie)).deals.create({ title: 'Navy contract', value: { valueMinor: 1_250_000, currency: 'USD' } } as never);
    const pipeline = (await caller(browser(a.cookie)).pipelines.list()).items[0]!;
    const won = pipeline.stages.find((s: { kind: string }) => s.kind === 'won')!;
    await caller(browser(a.cookie)).deals.move({ dealId: deal.id, stageId: won.id });

    // Nobody is told what they just did — but a won deal reaches the one who marked it won too.
    const mine = await caller(browser(a.cookie)).notifications.list();
    expect(mine.items.map((n) => n.title)).toEqual(['Deal Won!']);
    const theirs = await caller(browser(b.cookie)).notifications.list();
    expect(theirs.unread).toBe(2);
    expect(theirs.items.map((n) => [n.type, n.title, n.message])).toEqual([
      ['success', 'Deal Won!', 'Navy contract - $12,500'],
      ['success', 'New Contact', 'Grace Hopper has been added to your contacts'],
    ]);

    await caller(browser(b.cookie)).notifications.markRead({ id: theirs.items[0]!.id });
    expect((await caller(browser(b.cookie)).notifications.list()).unread).toBe(1);
    await caller(browser(b.cookie)).notifications.markAllRead();
    expect((await caller(browser(b.cookie)).notifications.list()).unread).toBe(0);
    await caller(browser(b.cookie)).notifications.remove({ id: theirs.items[1]!.id });
    expect((await caller(browser(b.cookie)).notifications.list()).items).toHaveLength(1);
  });

  it('respect a member’s preference to turn a type off', async () => {
    const { buildTestApp } = await import('../helpers/app');
    const { deps, caller } = await buildTestApp();
    const a = await createAccount(deps, 'nt-pref');
    const b = await addMember(deps, a.organizationId, 'sales_rep');
    await caller(browser(b.cookie)).auth.updatePreferences({ notifications: { contact_created: false } });
    await caller(browser(a.cookie)).contacts.create({ firstName: 'Quiet' });
    expect((await caller(browser(b.cookie)).notifications.list()).items).toHaveLength(0);
  });
});

describe.skipIf(testDatabaseKind !== 'postgres')('two server processes on one Postgres', () => {
  it("deliver each other's events through LISTEN/NOTIFY", async () => {
    const shared = await getTestDatabase();
    const other = await openDatabase({ kind: 'postgres', url: postgresUrlOf(shared), maxConnections: 2 });
    const logger = createLogger(testConfig());
    const busA = createEventBus({ database: shared, logger });
    const busB = createEventBus({ database: other, logger });
    await busA.start();
    await busB.start();
    try {
      const a = await createAccount({ ...(await import('../helpers/app').then((m) => m.buildTestDeps())) }, 'xp');
      const received = new Promise<RealtimeEvent>((resolve) => busB.subscribe(a.organizationId, ([event]) => resolve(event!)));
      const id = await shared.db.transaction().execute((trx) => publishEvent(trx, { organizationId: a.organizationId, type: 'contact_created', payload: { name: 'Across' }, actorUserId: null }));
      const event = await received;
      expect(event).toMatchObject({ id, type: 'contact_created', payload: { name: 'Across' } });
    } finally {
      await busA.stop();
      await busB.stop();
      await other.close();
    }
  });
});
