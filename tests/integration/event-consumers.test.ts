import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { setTimeout as delay } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
// The assembly installs the domains' event types and notification texts that publishing reads.
import '../../server/assembly';
import { openDatabase, type DatabaseHandle } from '../../server/db';
import { createEventConsumers, type EventConsumers, type EventConsumersOptions, type EventHandler } from '../../server/events/consumers';
import { publishEvents } from '../../server/events/publish';
import type { EventType } from '../../server/events/types';
import { createLogger } from '../../server/logging';
import { createTestDatabase, postgresUrlOf, testDatabaseKind } from '../helpers/db';

const logger = createLogger({ logLevel: 'silent', nodeEnv: 'test' });

let database: DatabaseHandle;
let organizations: string[];

beforeAll(async () => {
  // A database of its own: consumers read every organization's events.
  database = await createTestDatabase();
  await sql`create table consumer_log (seq bigserial primary key, consumer text not null, event_id bigint not null, organization_id uuid not null, attempt int not null)`.execute(database.db);
  organizations = (
    await database.db
      .insertInto('organizations')
      .values([1, 2, 3].map((n) => ({ name: `Consumer org ${n}`, settings: '{}' })))
      .returning('id')
      .execute()
  ).map((r) => r.id);
});
afterAll(() => database.close());

/** Publishes `count` events spread over the organizations, 500 per transaction as changes do. */
async function publish(count: number, type: EventType = 'contact_created'): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < count; start += 500) {
    const size = Math.min(500, count - start);
    const batch = Array.from({ length: size }, (_, i) => ({ organizationId: organizations[(start + i) % organizations.length]!, type, payload: { n: start + i }, actorUserId: null }));
    ids.push(...(await database.db.transaction().execute((trx) => publishEvents(trx, batch))));
  }
  return ids;
}

/** Every handling that committed, in the order it committed. */
const logOf = (consumer: string) =>
  database.db
    .selectFrom(sql<{ seq: number; consumer: string; event_id: number; organization_id: string; attempt: number }>`consumer_log`.as('l'))
    .selectAll()
    .where('consumer', '=', consumer)
    .orderBy('seq')
    .execute();

const recordTo =
  (consumer: string): EventHandler =>
  async (event, { db, attempt }) => {
    await sql`insert into consumer_log (consumer, event_id, organization_id, attempt) values (${consumer}, ${event.id}, ${event.organizationId}, ${attempt})`.execute(db);
  };

function consumersOn(handle: DatabaseHandle, options: Partial<EventConsumersOptions> = {}): EventConsumers {
  const consumers = createEventConsumers({ database: handle, logger, pollIntervalMs: 20, leaseSeconds: 1, ...options });
  onTestFinished(() => consumers.stop());
  return consumers;
}

async function until(read: () => Promise<number>, target: number, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value >= target) return;
    if (Date.now() > deadline) throw new Error(`reached ${value} of ${target}`);
    await delay(25);
  }
}

function expectOncePerEventInOrder(log: { event_id: number; organization_id: string }[], published: number[]) {
  expect(log).toHaveLength(published.length);
  expect(new Set(log.map((r) => Number(r.event_id))).size).toBe(published.length);
  for (const organizationId of organizations) {
    const seen = log.filter((r) => r.organization_id === organizationId).map((r) => Number(r.event_id));
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
  }
}

describe('a durable event consumer', () => {
  it('sees each of 10,000 events once, in order per organization, across a crash of the process running it', async () => {
    const first = consumersOn(database);
    first.onEvent('crash-test', 'contact_created', recordTo('crash-test'));
    await first.start();
    const published = await publish(10_000);
    await until(async () => (await logOf('crash-test')).length, 2_000);
    // The crash: no further statement from this process; its lease is left to run out.
    await first.stop({ graceful: false });

    const second = consumersOn(database);
    second.onEvent('crash-test', 'contact_created', recordTo('crash-test'));
    await second.start();
    await until(async () => (await logOf('crash-test')).length, published.length);
    await delay(100);
    expectOncePerEventInOrder(await logOf('crash-test'), published);
  }, 180_000);

  it.runIf(testDatabaseKind === 'postgres')(
    'resumes after kill -9 of the worker process: every event once, in order',
    async () => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'tests/integration/event-consumer-worker.ts', postgresUrlOf(database)], { stdio: ['ignore', 'pipe', 'inherit'] });
      onTestFinished(() => void child.kill('SIGKILL'));
      await once(child.stdout!, 'data');
      const published = await publish(5_000, 'contact_updated');
      await until(async () => (await logOf('killed')).length, 1_000);
      child.kill('SIGKILL');
      await once(child, 'exit');

      const resumed = consumersOn(database);
      resumed.onEvent('killed', 'contact_updated', recordTo('killed'));
      await resumed.start();
      await until(async () => (await logOf('killed')).length, published.length);
      await delay(100);
      const log = await logOf('killed');
      expectOncePerEventInOrder(log, published);
    },
    120_000,
  );

  it('is run by one process at a time: two processes share the consumers without doubles', async () => {
    // On Postgres the second process has connections of its own; PGlite has one connection per database.
    const other = testDatabaseKind === 'postgres' ? await openDatabase({ kind: 'postgres', url: postgresUrlOf(database), maxConnections: 3 }) : database;
    if (other !== database) onTestFinished(() => other.close());
    const names = ['shared-a', 'shared-b', 'shared-c'];
    const processes = [consumersOn(database), consumersOn(other)];
    for (const process of processes) for (const name of names) process.onEvent(name, 'deal_won', recordTo(name));
    await Promise.all(processes.map((p) => p.start()));
    const published = await publish(1_500, 'deal_won');
    for (const name of names) await until(async () => (await logOf(name)).length, published.length);
    await delay(200);
    for (const name of names) expectOncePerEventInOrder(await logOf(name), published);
  }, 120_000);

  it('retries a failing event with backoff while the organization’s later events wait, then parks it', async () => {
    const consumers = consumersOn(database);
    let failing: number | undefined;
    const record = recordTo('retrying');
    consumers.onEvent(
      'retrying',
      'deal_lost',
      async (event, context) => {
        // The write is rolled back with the failed attempt: only handlings that succeed are logged.
        await record(event, context);
        if (event.id === failing) throw new Error(`cannot handle event ${event.id} (attempt ${context.attempt})`);
      },
      // Retries 2 s, then 4 s apart: long enough that the other organizations' four events are
      // surely handled before the first retry, even on a loaded machine (0.2 s was not).
      { maxAttempts: 3, retryDelaySeconds: 2 },
    );
    const [poisoned] = await publish(1, 'deal_lost');
    failing = poisoned;
    // A new consumer starts at the horizon, the oldest transaction still running in the whole server:
    // while another database's transaction that began before this event is open (a test file running
    // beside this one), the horizon is below the event and the consumer may see it. Once past it, never.
    const { txid } = await database.db.selectFrom('events').select('txid').where('id', '=', poisoned!).executeTakeFirstOrThrow();
    const horizon = async () => Number((await sql<{ horizon: string }>`select pg_snapshot_xmin(pg_current_snapshot())::text as horizon`.execute(database.db)).rows[0]!.horizon);
    await until(async () => ((await horizon()) > Number(txid) ? 1 : 0), 1);
    await consumers.start();
    // Events after the consumer started: the poisoned one (organization 1) was before it and is not seen.
    const [bad, ...rest] = await publish(6, 'deal_lost'); // organizations 1, 2, 3, 1, 2, 3
    failing = bad;
    const [firstOrg] = organizations;
    const others = rest.filter((_, i) => i % 3 !== 2);
    // The other organizations go on at once.
    await until(async () => (await logOf('retrying')).length, others.length);
    const early = await logOf('retrying');
    expect(early.every((r) => r.organization_id !== firstOrg)).toBe(true);
    // The failed first attempt of the poisoned event is recorded in its own transaction, which may commit
    // after the other organizations' events are handled: its state is awaited, not assumed (it stays
    // 'retrying' until the last attempt, 6 s later).
    await expect
      .poll(async () => (await database.db.selectFrom('event_deliveries').selectAll().where('consumer', '=', 'retrying').orderBy('event_id').execute()).map((d) => [Number(d.event_id), d.state]), {
        timeout: 5000,
      })
      .toEqual([
        [bad, 'retrying'],
        [rest[2], 'waiting'],
      ]);

    // Three attempts (2 s, then 4 s apart), then parked; the organization's next event goes on.
    await until(async () => (await logOf('retrying')).length, rest.length);
    const parked = await database.db.selectFrom('event_deliveries').selectAll().where('consumer', '=', 'retrying').execute();
    expect(parked).toHaveLength(1);
    expect(parked[0]).toMatchObject({ event_id: bad, state: 'parked', attempts: 3, organization_id: firstOrg, last_error: `cannot handle event ${bad} (attempt 3)` });
    const log = await logOf('retrying');
    expect(log.map((r) => Number(r.event_id)).sort((a, b) => a - b)).toEqual([...rest].sort((a, b) => a - b));
    expect(log.find((r) => Number(r.event_id) === poisoned)).toBeUndefined();
    expect(log.every((r) => r.attempt === 1)).toBe(true);
  }, 60_000);

  it('delivers a held-back event once its handler recovers, before the later events of its organization', async () => {
    const consumers = consumersOn(database);
    let failuresLeft = 2;
    const record = recordTo('recovering');
    consumers.onEvent(
      'recovering',
      'task_completed',
      async (event, context) => {
        // The first event published (organization 1) fails twice.
        if (event.payload.n === 0 && failuresLeft > 0) {
          failuresLeft--;
          throw new Error('temporarily unavailable');
        }
        await record(event, context);
      },
      { maxAttempts: 5, retryDelaySeconds: 0.1 },
    );
    await consumers.start();
    const ids = await publish(9, 'task_completed');
    await until(async () => (await logOf('recovering')).length, ids.length);
    const log = await logOf('recovering');
    const firstOrg = log.filter((r) => r.organization_id === organizations[0]).map((r) => Number(r.event_id));
    expect(firstOrg).toEqual([...firstOrg].sort((a, b) => a - b));
    expect(firstOrg).toHaveLength(3);
    expect(log.find((r) => Number(r.event_id) === ids[0])?.attempt).toBe(3);
    expect(await database.db.selectFrom('event_deliveries').select('event_id').where('consumer', '=', 'recovering').execute()).toEqual([]);
  }, 60_000);

  it('a group handler takes consecutive events at once; a group it fails is handled one event at a time, none twice', async () => {
    const consumers = consumersOn(database);
    const record = recordTo('grouped');
    const groups: number[] = [];
    // The event published 150th fails whichever handler meets it.
    const failing = (event: { payload: Record<string, unknown> }) => event.payload.n === 150;
    consumers.onEvent(
      'grouped',
      'task_reopened',
      async (event, context) => {
        if (failing(event)) throw new Error('cannot handle this one');
        await record(event, context);
      },
      {
        maxAttempts: 1,
        handleMany: async (events, context) => {
          groups.push(events.length);
          for (const event of events) {
            if (failing(event)) throw new Error('cannot handle this group');
            await record(event, context);
          }
        },
      },
    );
    await consumers.start();
    const published = await publish(300, 'task_reopened');
    const bad = published[150]!;
    await until(async () => (await logOf('grouped')).length, published.length - 1);
    await delay(100);
    expectOncePerEventInOrder(
      await logOf('grouped'),
      published.filter((id) => id !== bad),
    );
    expect(Math.max(...groups)).toBeGreaterThan(1);
    const parked = await database.db.selectFrom('event_deliveries').select(['event_id', 'state', 'last_error']).where('consumer', '=', 'grouped').execute();
    expect(parked).toEqual([{ event_id: bad, state: 'parked', last_error: 'cannot handle this one' }]);
  }, 60_000);
});
