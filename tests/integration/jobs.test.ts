import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { CompiledQuery, sql, type Kysely, type QueryExecutor } from 'kysely';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '../../server/db';
import { createJobQueue, type JobQueue, type JobQueueOptions } from '../../server/jobs/queue';
import { createLogger } from '../../server/logging';
import { startServer } from '../../server/server';
import { testConfig } from '../helpers/app';
import { getTestDatabase } from '../helpers/db';

let database: DatabaseHandle;
const logger = createLogger(testConfig());
/** The queue's own tests: queues named afresh by each test, carrying whatever data it sends. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any name, any JSON data
type TestJobs = Record<string, any>;
const queues: JobQueue<TestJobs>[] = [];

beforeAll(async () => {
  database = await getTestDatabase();
});

afterEach(async () => {
  for (const queue of queues.splice(0)) await queue.stop({ timeoutMs: 1000 });
});

function queue(options: Partial<JobQueueOptions> = {}): JobQueue<TestJobs> {
  const created = createJobQueue<TestJobs>({ database, logger, pollIntervalMs: 100, ...options });
  queues.push(created);
  return created;
}

/** Each test uses queues of its own on the worker's shared database. */
const queueName = () => `test-${randomUUID().slice(0, 8)}`;

async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs = 8000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await delay(25);
  }
}

/**
 * The database, recording each statement run through it (pg-boss's among them), grouped by the
 * transaction or reserved connection it ran in; a statement outside any is a group of its own.
 */
function recording(db: Kysely<Database>, groups: CompiledQuery[][], group?: CompiledQuery[]): Kysely<Database> {
  const record = (query: CompiledQuery) => (group ?? groups[groups.push([]) - 1]!).push(query);
  const executor = (real: QueryExecutor): QueryExecutor =>
    new Proxy(real, {
      get(target, prop) {
        const value = Reflect.get(target, prop, target) as unknown;
        if (prop === 'executeQuery') return (query: CompiledQuery) => (record(query), target.executeQuery(query));
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  // A transaction's or reserved connection's statements are recorded as one group.
  const scoped = <Builder extends object>(builder: Builder): Builder =>
    new Proxy(builder, {
      get(target, prop) {
        const value = Reflect.get(target, prop, target) as (...args: unknown[]) => unknown;
        if (prop !== 'execute') return value.bind(target);
        return (fn: (inner: Kysely<Database>) => Promise<unknown>) => {
          const inner: CompiledQuery[] = [];
          groups.push(inner);
          return value.call(target, (real: Kysely<Database>) => fn(recording(real, groups, inner)));
        };
      },
    });
  return new Proxy(db, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target) as unknown;
      if (prop === 'executeQuery') return (query: CompiledQuery) => (record(query), target.executeQuery(query));
      if (prop === 'getExecutor') return () => executor(target.getExecutor());
      if (prop === 'transaction') return () => scoped(target.transaction());
      if (prop === 'connection') return () => scoped(target.connection());
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

const stateOf = async (q: JobQueue<TestJobs>, name: string, id: string) => (await q.getJob(name, id))?.state;

describe('job queue', () => {
  it('runs a sent job with its data and reports it completed', async () => {
    const name = queueName();
    const q = queue();
    const seen: unknown[] = [];
    q.register(name, async ({ signal: _signal, ...job }) => {
      seen.push(job);
      return { answered: job.data.greeting.toUpperCase() };
    });
    await q.start();

    const id = await q.send(name, { greeting: 'hello' });
    expect(id).toEqual(expect.any(String));
    await waitFor(async () => (await stateOf(q, name, id!)) === 'completed');

    expect(seen).toEqual([{ id, name, data: { greeting: 'hello' }, retryCount: 0 }]);
    expect(await q.getJob(name, id!)).toMatchObject({ id, name, state: 'completed', retryCount: 0, output: { answered: 'HELLO' } });
    expect(await q.counts(name)).toEqual({ created: 0, retry: 0, active: 0, completed: 1, cancelled: 0, failed: 0 });
  });

  it('refuses to send to a queue nobody registered, or before it starts', async () => {
    const name = queueName();
    const q = queue();
    q.register(name, () => {});
    await expect(q.send(name, {})).rejects.toThrow(`the job queue is not started; cannot send "${name}"`);
    await q.start();
    await expect(q.send('no-such-queue', {})).rejects.toThrow('no job queue "no-such-queue" is registered');
    expect(() => q.register(queueName(), () => {})).toThrow(/must be registered before the queue starts/);
  });

  it('enqueues inside a Kysely transaction: the job exists only if the transaction commits', async () => {
    const { db } = database;
    await sql`create table if not exists jobs_test_rows (id text primary key)`.execute(db);
    const name = queueName();
    const q = queue();
    const handled: { row: string; rowVisible: boolean }[] = [];
    q.register(name, async ({ data }) => {
      const { rows } = await sql`select id from jobs_test_rows where id = ${data.row}`.execute(db);
      handled.push({ row: data.row, rowVisible: rows.length === 1 });
    });
    await q.start();

    const committedRow = randomUUID();
    const committedId = await db.transaction().execute(async (trx) => {
      await sql`insert into jobs_test_rows (id) values (${committedRow})`.execute(trx);
      return q.send(name, { row: committedRow }, { db: trx });
    });

    const rolledBackRow = randomUUID();
    let rolledBackId: string | null = null;
    await expect(
      db.transaction().execute(async (trx) => {
        await sql`insert into jobs_test_rows (id) values (${rolledBackRow})`.execute(trx);
        rolledBackId = await q.send(name, { row: rolledBackRow }, { db: trx });
        throw new Error('the request failed after enqueueing');
      }),
    ).rejects.toThrow('the request failed after enqueueing');
    expect(rolledBackId).toEqual(expect.any(String));

    await waitFor(async () => (await stateOf(q, name, committedId!)) === 'completed');
    await delay(300); // several polls: a rolled-back job would have run by now
    expect(handled).toEqual([{ row: committedRow, rowVisible: true }]);
    expect(await q.getJob(name, rolledBackId!)).toBeNull();
    expect(await q.counts(name)).toMatchObject({ completed: 1, created: 0, retry: 0, active: 0 });
    const { rows } = await sql`select id from jobs_test_rows where id = ${rolledBackRow}`.execute(db);
    expect(rows).toEqual([]);
  });

  it('retries a failed run after retryDelay and ends completed', async () => {
    const name = queueName();
    const q = queue();
    const attempts: number[] = [];
    q.register(
      name,
      ({ retryCount }) => {
        attempts.push(retryCount);
        if (attempts.length === 1) throw new Error('the SMS provider timed out');
      },
      { retryLimit: 2, retryDelay: 1, retryBackoff: false },
    );
    await q.start();

    const id = (await q.send(name, {}))!;
    await waitFor(async () => (await stateOf(q, name, id)) === 'retry');
    expect((await q.getJob(name, id))?.output).toMatchObject({ message: 'the SMS provider timed out' });
    await waitFor(async () => (await stateOf(q, name, id)) === 'completed');

    expect(attempts).toEqual([0, 1]);
    expect(await q.getJob(name, id)).toMatchObject({ state: 'completed', retryCount: 1 });
  });

  it('retries a job whose worker died mid-run, once, in the next process, after the job expires', async () => {
    const name = queueName();
    const options = { expireInSeconds: 1, retryLimit: 2, retryDelay: 0, retryBackoff: false };

    // Process A takes the job and hangs in it, then dies without recording anything.
    const a = queue();
    let startedInA = 0;
    let releaseA = () => {};
    const hang = new Promise<void>((resolve) => (releaseA = resolve));
    a.register(
      name,
      async () => {
        startedInA++;
        await hang;
      },
      options,
    );
    await a.start();
    const id = (await a.send(name, { contact: 42 }))!;
    await waitFor(() => startedInA === 1);
    await a.stop({ graceful: false });
    expect(await a.getJob(name, id)).toMatchObject({ state: 'active', retryCount: 0 });

    // Process B starts on the same database; its maintenance expires the job into a retry.
    const b = queue({ maintenanceIntervalSeconds: 1 });
    const completedInB: unknown[] = [];
    b.register(
      name,
      ({ data, retryCount }) => {
        completedInB.push({ data, retryCount });
      },
      options,
    );
    await b.start();
    await waitFor(async () => (await stateOf(b, name, id)) === 'completed');
    releaseA(); // A's late end is ignored: a dead process records nothing
    await delay(300);

    expect(startedInA).toBe(1);
    expect(completedInB).toEqual([{ data: { contact: 42 }, retryCount: 1 }]);
    expect(await b.getJob(name, id)).toMatchObject({ state: 'completed', retryCount: 1 });
    expect(await b.counts(name)).toMatchObject({ completed: 1, active: 0, retry: 0, created: 0, failed: 0 });
  });

  it('lets two processes start at once and create the same queues', async () => {
    const names = [queueName(), queueName()];
    const [a, b] = [queue(), queue()];
    for (const name of names) for (const q of [a, b]) q.register(name, () => {});
    await Promise.all([a.start(), b.start()]);
    const id = (await b.send(names[1]!, {}))!;
    await waitFor(async () => (await stateOf(a, names[1]!, id)) === 'completed');
  });

  it('waits for running handlers on a graceful stop', async () => {
    const name = queueName();
    const q = queue();
    let finished = false;
    q.register(name, async () => {
      await delay(300);
      finished = true;
    });
    await q.start();
    const id = (await q.send(name, {}))!;
    await waitFor(async () => (await stateOf(q, name, id)) === 'active');
    await q.stop();
    expect(finished).toBe(true);
    expect(await q.getJob(name, id)).toMatchObject({ state: 'completed' });
  });

  it('enqueues but runs nothing when workers are disabled (JOBS_ENABLED=false)', async () => {
    const name = queueName();
    const q = queue({ workers: false });
    let ran = 0;
    q.register(name, () => {
      ran++;
    });
    await q.start();
    const id = (await q.send(name, { n: 1 }))!;
    await delay(500); // five poll intervals
    expect(ran).toBe(0);
    expect(await q.getJob(name, id)).toMatchObject({ state: 'created' });
    expect(await q.counts(name)).toMatchObject({ created: 1, active: 0, completed: 0 });
  });

  it('fetches by walking the queue in order, not by sorting its backlog, even before the planner has statistics', async () => {
    const name = queueName();
    const producer = queue({ workers: false });
    producer.register(name, () => {});
    await producer.start();
    // A new queue's partition, never analyzed: the planner guesses a handful of rows and would sort them all.
    await producer.sendMany(
      name,
      Array.from({ length: 3000 }, (_, n) => ({ data: { n } })),
    );
    const transactions: CompiledQuery[][] = [];
    const worker = queue({ database: { db: recording(database.db, transactions) } });
    worker.register(name, () => {}, { concurrency: 4 });
    await worker.start();
    const isFetch = (q: CompiledQuery) => /for update skip locked/i.test(q.sql) && q.sql.includes('start_after < now()');
    await waitFor(() => transactions.some((t) => t.some(isFetch)));
    await worker.stop();

    // The fetch planned as the worker ran it: after the statements its transaction ran before it.
    const fetched = transactions.find((t) => t.some(isFetch))!;
    const fetch = fetched.find(isFetch)!;
    const plan = await database.db.transaction().execute(async (trx) => {
      for (const before of fetched.slice(0, fetched.indexOf(fetch))) await trx.executeQuery(before);
      const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain ${fetch.sql}`, [...fetch.parameters]));
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).not.toMatch(/Sort Key: [^\n]*priority/);
    expect(plan).toMatch(/Index Scan using \S*name_priority_created_on_id/);
  });

  it('is wired into the server from JOBS_ENABLED and stopped by close()', async () => {
    const server = await startServer(testConfig({ PORT: '0', JOBS_ENABLED: 'false' }), { database, clientDir: false });
    try {
      expect(server.deps.jobs.runsWorkers).toBe(false);
    } finally {
      await server.close();
    }
    const { rows } = await sql<{ version: number }>`select version from pgboss.version`.execute(database.db);
    expect(rows).toHaveLength(1);
  });
});
