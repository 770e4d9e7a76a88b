import { setTimeout as delay } from 'node:timers/promises';
import { sql, type RawBuilder } from 'kysely';
import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../db';
import type { Logger } from '../logging';
import { pgBossDb, pgBossStatement, type PgBossDb, type QueryRunner } from './executor';

export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
export const JOB_STATES: readonly JobState[] = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'];

/** Job data is stored as JSON: plain values, arrays and objects only. */
export type JobData = object;

export type JobContext<Data extends JobData = JobData> = {
  id: string;
  name: string;
  data: Data;
  /** 0 on the first run, 1 on the first retry, … */
  retryCount: number;
  /** Aborted when the job outlives its expiry or the queue stops before it ends; stop early then. */
  signal: AbortSignal;
};

export type JobHandler<Data extends JobData = JobData> = (job: JobContext<Data>) => Promise<unknown> | unknown;

export type RegisterOptions = {
  /** Jobs of this queue one process runs at the same time (each poll fetches up to the free slots). Default 1. */
  concurrency?: number;
  /** Retries after the first failure. Default 3. */
  retryLimit?: number;
  /** Seconds before a retry. Default 30. */
  retryDelay?: number;
  /** Doubles the delay on each retry (with jitter). Default true. */
  retryBackoff?: boolean;
  /** A run lasting longer fails (and is retried); a job left active this long by a dead worker is retried. Default 900. */
  expireInSeconds?: number;
  /** pg-boss queue policy; 'singleton'/'stately'/'short' make singletonKey exclusive. Default 'standard'. */
  policy?: PgBoss.QueuePolicy;
};

export type SendOptions = {
  /**
   * A Kysely transaction: the job is inserted through it, so it commits or rolls back with the
   * domain rows written there. On PGlite, enqueueing inside a transaction WITHOUT passing it here
   * waits for the one connection that transaction holds — it never resolves.
   */
  db?: QueryRunner;
  /** Not before this date, or this many seconds from now. */
  startAfter?: Date | number;
  /** Deduplicates with singletonSeconds or a non-standard queue policy; send then returns null. */
  singletonKey?: string;
  singletonSeconds?: number;
  priority?: number;
  retryLimit?: number;
  retryDelay?: number;
  retryBackoff?: boolean;
  expireInSeconds?: number;
};

export type JobInfo<Data extends JobData = JobData> = {
  id: string;
  name: string;
  data: Data;
  state: JobState;
  retryCount: number;
  retryLimit: number;
  createdOn: Date;
  startAfter: Date;
  startedOn: Date | null;
  completedOn: Date | null;
  /** The handler's return value once completed; the serialized error once failed. */
  output: unknown;
};

export type JobCounts = Record<JobState, number>;

export type StopOptions = {
  /**
   * true (default): stop fetching, wait up to timeoutMs for running handlers, then fail whatever
   * still runs so it is retried soon. false: stop at once and issue no further SQL — running jobs
   * stay active and are retried after they expire, exactly as after a crash.
   */
  graceful?: boolean;
  timeoutMs?: number;
};

/**
 * Every background job of the app by name, with the data it carries. Each domain declares its own
 * by augmenting this interface in its description (server/<domain>/domain.ts), so a job is sent and
 * handled only under a name some domain declared, with that name's data.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the domains' declarations
export interface JobRegistry {}

/** The queue of a set of jobs (by default the app's, JobRegistry): names and data checked by the type checker. */
export type JobQueue<Jobs extends Record<keyof Jobs, JobData> = JobRegistry> = {
  /** False when JOBS_ENABLED=false: this process enqueues but runs no handlers. */
  readonly runsWorkers: boolean;
  /** Whether send() takes jobs of this name now: the queue is started (until stopped) and the name registered. A process that never starts its queue (a script, most tests) takes none. */
  accepts(name: keyof Jobs & string): boolean;
  register<Name extends keyof Jobs & string>(name: Name, handler: JobHandler<Jobs[Name] & JobData>, options?: RegisterOptions): void;
  /** Enqueues a job; resolves to its id, or null when a singleton key deduplicated it. */
  send<Name extends keyof Jobs & string>(name: Name, data: Jobs[Name], options?: SendOptions): Promise<string | null>;
  /**
   * Enqueues many jobs of one queue in one statement (through `db` when given, like send); each
   * item may set its own startAfter and singletonKey (deduplicated under a non-standard queue
   * policy). Resolves to the number handed over, deduplicated ones included.
   */
  sendMany<Name extends keyof Jobs & string>(name: Name, jobs: { data: Jobs[Name]; startAfter?: Date; singletonKey?: string }[], options?: Pick<SendOptions, 'db'>): Promise<number>;
  /**
   * The statement sendMany runs (pg-boss's own insert), not run: for a caller that stores the jobs
   * with its other rows in ONE statement (a part of a data-modifying WITH, in its transaction). Its
   * jobs are seen at commit, as sendMany's through `db`.
   */
  sendManyStatement<Name extends keyof Jobs & string>(name: Name, jobs: { data: Jobs[Name]; startAfter?: Date }[]): Promise<RawBuilder<unknown>>;
  /** Creates or migrates the pg-boss schema, creates the registered queues, starts their workers. */
  start(): Promise<void>;
  stop(options?: StopOptions): Promise<void>;
  getJob<Name extends keyof Jobs & string>(name: Name, id: string): Promise<JobInfo<Jobs[Name] & JobData> | null>;
  /** Jobs of a queue by state (completed jobs leave these counts when archived, after 12 hours). */
  counts(name: keyof Jobs & string): Promise<JobCounts>;
};

export type JobQueueOptions = {
  database: Pick<DatabaseHandle, 'db'>;
  logger: Logger;
  /** Run handlers in this process (JOBS_ENABLED). Default true. */
  workers?: boolean;
  /** How often an idle queue looks for new jobs (JOBS_POLL_MS). Default 1000. */
  pollIntervalMs?: number;
  /** How often expired active jobs are failed into retry, and old jobs archived. Default 60. */
  maintenanceIntervalSeconds?: number;
  /** Postgres schema pg-boss keeps its tables in. Default 'pgboss'. */
  schema?: string;
};

/** The index a worker's fetch walks: a queue's waiting jobs in the order pg-boss takes them (see fetchNext). */
const FETCH_ORDER_INDEX = 'job_fetch_order';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const DEFAULTS = { concurrency: 1, retryLimit: 3, retryDelay: 30, retryBackoff: true, expireInSeconds: 900, policy: 'standard' } as const;

type Registration = { name: string; handler: JobHandler; options: Required<RegisterOptions> };

type Run = { promise: Promise<void>; controller: AbortController; detached: boolean };

type Worker = {
  registration: Registration;
  runs: Map<string, Run>;
  loop?: Promise<void>;
  wake?: () => void;
  /** A wake-up that came while the loop was not sleeping (mid-fetch): the next sleep is skipped. */
  woken?: boolean;
};

/**
 * The one durable job queue of the product (pg-boss), running over the app's own database
 * connection on Postgres and PGlite alike. Delivery is at-least-once: see register().
 */
export function createJobQueue<Jobs extends Record<keyof Jobs, JobData> = JobRegistry>(options: JobQueueOptions): JobQueue<Jobs> {
  const { logger } = options;
  const db = options.database.db;
  const runsWorkers = options.workers ?? true;
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const schema = options.schema ?? 'pgboss';

  // Statements pg-boss runs on the app's connection are counted so a graceful stop can wait for
  // them before the database closes.
  let pendingSql = 0;
  const rootDb = pgBossDb(db, db);
  const tracked: PgBossDb = {
    async executeSql(text, values) {
      pendingSql++;
      try {
        return await rootDb.executeSql(text, values);
      } finally {
        pendingSql--;
      }
    },
  };

  const boss = new PgBoss({
    db: tracked as PgBoss.Db,
    schema,
    // Cron scheduling is unused; its timekeeper would poll the clock and a cron queue.
    schedule: false,
    // Maintenance expires jobs left active by a dead worker; only worker processes need it.
    supervise: runsWorkers,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 60,
  });
  boss.on('error', (err) => logger.error({ err }, 'job queue error'));

  const workers = new Map<string, Worker>();
  let state: 'new' | 'starting' | 'started' | 'stopping' | 'stopped' = 'new';
  /** Set by a non-graceful stop: nothing this queue still has running may touch the database. */
  let abandoned = false;

  function wake(worker: Worker) {
    if (worker.wake) worker.wake();
    else worker.woken = true;
  }

  function sleep(worker: Worker, ms: number) {
    if (worker.woken) {
      worker.woken = false;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      timer.unref();
      function done() {
        clearTimeout(timer);
        worker.wake = undefined;
        resolve();
      }
      worker.wake = done;
    });
  }

  async function loop(worker: Worker) {
    const { name, options: queueOptions } = worker.registration;
    while (state === 'started') {
      const free = queueOptions.concurrency - worker.runs.size;
      let fetched = 0;
      if (free > 0) {
        try {
          const jobs = await fetchNext(name, free);
          // A crash leaves fetched jobs active; a graceful stop still runs them and waits.
          if (abandoned) return;
          for (const job of jobs) run(worker, job);
          fetched = jobs.length;
        } catch (err) {
          logger.error({ err, queue: name }, 'could not fetch jobs');
        }
      }
      if (state !== 'started') return;
      // Found work and still has room: look again at once; otherwise wait for the next poll, a
      // freed slot or a local send.
      if (fetched > 0 && worker.runs.size < queueOptions.concurrency) continue;
      await sleep(worker, pollIntervalMs);
    }
  }

  /**
   * pg-boss's fetch marks the next jobs active (FOR UPDATE SKIP LOCKED) and counts retries. It takes
   * a queue's waiting jobs in (priority desc, created_on, id) order under a LIMIT; planned on
   * pg-boss's own index (name, start_after), it sorts the whole backlog on every fetch (35 ms at
   * 13,000 waiting jobs, 0.17 s at 40,000, spilling to disk), so a burst of deliveries drains ever
   * slower (decision 052). FETCH_ORDER_INDEX walks that order and stops at the limit, but a
   * partition not analyzed yet (a new queue, a burst within autovacuum's nap) looks like a handful
   * of rows to the planner, which then sorts: so the sort is ruled out for this statement alone,
   * and JIT with it, which the ruled-out sort's nominal cost would set off (0.25 s to compile).
   */
  async function fetchNext(name: string, batchSize: number): Promise<PgBoss.JobWithMetadata<JobData>[]> {
    return db.transaction().execute(async (trx) => {
      await sql`select set_config('enable_sort', 'off', true), set_config('jit', 'off', true)`.execute(trx);
      return boss.fetch<JobData>(name, { batchSize, includeMetadata: true, db: pgBossDb(trx) as PgBoss.Db });
    });
  }

  function run(worker: Worker, job: PgBoss.JobWithMetadata<JobData>) {
    const { name, handler } = worker.registration;
    const controller = new AbortController();
    const expireInMs = Math.max(1, Number(job.expireInSeconds)) * 1000;
    const entry: Run = { promise: Promise.resolve(), controller, detached: false };
    entry.promise = (async () => {
      let timer: NodeJS.Timeout | undefined;
      const expired = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          const error = new Error(`job ran longer than its expiry of ${expireInMs / 1000} s`);
          controller.abort(error);
          reject(error);
        }, expireInMs);
      });
      let outcome: { ok: true; result: unknown } | { ok: false; error: unknown };
      try {
        const context = { id: job.id, name, data: job.data, retryCount: job.retryCount, signal: controller.signal };
        outcome = { ok: true, result: await Promise.race([Promise.resolve().then(() => handler(context)), expired]) };
      } catch (error) {
        outcome = { ok: false, error };
      } finally {
        clearTimeout(timer);
      }
      if (entry.detached || abandoned) return;
      const log = { queue: name, jobId: job.id, retryCount: job.retryCount };
      try {
        if (outcome.ok) {
          await boss.complete(name, job.id, completionOutput(outcome.result));
        } else {
          const retries = job.retryCount < job.retryLimit;
          logger.warn({ ...log, err: outcome.error }, retries ? 'job failed; it will be retried' : 'job failed after its last retry');
          await boss.fail(name, job.id, errorOutput(outcome.error));
        }
      } catch (err) {
        logger.error({ ...log, err }, 'could not record the end of a job; it will be retried after it expires');
      }
    })();
    worker.runs.set(job.id, entry);
    void entry.promise.finally(() => {
      worker.runs.delete(job.id);
      wake(worker);
    });
  }

  /**
   * Creates each registered queue once, then updates it: the registered options are the truth
   * after every deploy. pg-boss's create_queue() deadlocks when two processes create the same
   * queue at once (each inserts the queue row, then attaches a partition with a foreign key to
   * it), so all of it runs in one transaction behind an advisory lock — through a pg-boss bound to
   * that transaction.
   */
  async function createQueues() {
    await db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext(${`switchboard.jobs.${schema}.queues`}))`.execute(trx);
      // On the partitioned parent, so every queue's partition has it, those attached later too. Made
      // once: CREATE INDEX IF NOT EXISTS would still lock the job table on every start.
      const { rows } = await sql<{ found: string | null }>`select to_regclass(${`${schema}.${FETCH_ORDER_INDEX}`})::text as found`.execute(trx);
      if (!rows[0]?.found) {
        await sql`create index ${sql.id(FETCH_ORDER_INDEX)} on ${sql.table(`${schema}.job`)} (name, priority desc, created_on, id) where state < 'active'`.execute(trx);
      }
      const inTransaction = new PgBoss({ db: pgBossDb(trx) as PgBoss.Db, schema, schedule: false, supervise: false, migrate: false });
      for (const { registration } of workers.values()) {
        const { name, options: o } = registration;
        const queue = { name, policy: o.policy, retryLimit: o.retryLimit, retryDelay: o.retryDelay, retryBackoff: o.retryBackoff, expireInSeconds: o.expireInSeconds };
        await inTransaction.createQueue(name, queue);
        await inTransaction.updateQueue(name, queue);
      }
    });
  }

  return {
    runsWorkers,

    accepts(name) {
      return (state === 'started' || state === 'stopping') && workers.has(name);
    },

    /**
     * Registers the handler of one queue; call before start(). Delivery is AT LEAST ONCE: a job
     * whose worker died mid-run (crash, kill, lost connection) stays active until expireInSeconds
     * pass, then maintenance fails it into a retry and another worker runs it again; a run that
     * outlives its expiry is failed and retried the same way. Handlers must therefore be
     * idempotent — check what was already done (by the job id or a domain key) before doing it again.
     */
    register(name, handler, registerOptions = {}) {
      if (state !== 'new') throw new Error(`job queue "${name}" must be registered before the queue starts`);
      if (workers.has(name)) throw new Error(`job queue "${name}" is already registered`);
      const { concurrency } = registerOptions;
      if (concurrency !== undefined && !(Number.isInteger(concurrency) && concurrency >= 1)) throw new Error(`concurrency of "${name}" must be a whole number of at least 1`);
      const defined = Object.fromEntries(Object.entries(registerOptions).filter(([, v]) => v !== undefined));
      workers.set(name, {
        registration: { name, handler: handler as JobHandler, options: { ...DEFAULTS, ...defined } },
        runs: new Map(),
      });
    },

    async send(name, data, sendOptions = {}) {
      if (!workers.has(name)) throw new Error(`no job queue "${name}" is registered`);
      if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new Error(`job data of "${name}" must be a JSON object`);
      if (state !== 'started' && state !== 'stopping') throw new Error(`the job queue is not started; cannot send "${name}"`);
      const { db: runner, ...rest } = sendOptions;
      const id = await boss.send(name, data, { ...rest, ...(runner ? { db: pgBossDb(runner) as PgBoss.Db } : {}) });
      // Outside a transaction the job is visible now: let this process's worker fetch it at once.
      if (id && !runner) wake(workers.get(name)!);
      return id;
    },

    async sendMany(name, jobs, sendOptions = {}) {
      if (jobs.length === 0) return 0;
      if (!workers.has(name)) throw new Error(`no job queue "${name}" is registered`);
      if (state !== 'started' && state !== 'stopping') throw new Error(`the job queue is not started; cannot send "${name}"`);
      const runner = sendOptions.db;
      const inserts = jobs.map((job) => ({
        name,
        data: job.data as JobData,
        ...(job.startAfter ? { startAfter: job.startAfter } : {}),
        ...(job.singletonKey ? { singletonKey: job.singletonKey } : {}),
      }));
      await (runner ? boss.insert(inserts, { db: pgBossDb(runner) as PgBoss.Db }) : boss.insert(inserts));
      if (!runner) wake(workers.get(name)!);
      return jobs.length;
    },

    async sendManyStatement(name, jobs) {
      if (jobs.length === 0) throw new Error('sendManyStatement needs at least one job');
      if (!workers.has(name)) throw new Error(`no job queue "${name}" is registered`);
      if (state !== 'started' && state !== 'stopping') throw new Error(`the job queue is not started; cannot send "${name}"`);
      const inserts = jobs.map((job) => ({ name, data: job.data as JobData, ...(job.startAfter ? { startAfter: job.startAfter } : {}) }));
      // pg-boss builds its statement and hands it to its db: this one keeps it instead of running it.
      let statement: RawBuilder<unknown> | undefined;
      const keep: PgBossDb = {
        async executeSql(text, values) {
          statement = pgBossStatement(text, values);
          return { rows: [] };
        },
      };
      await boss.insert(inserts, { db: keep as PgBoss.Db });
      if (!statement) throw new Error('pg-boss built no insert statement');
      return statement;
    },

    async start() {
      if (state !== 'new') throw new Error('the job queue can only be started once');
      state = 'starting';
      try {
        await boss.start();
        await createQueues();
      } catch (error) {
        state = 'stopped';
        await boss.stop({ graceful: false, close: false }).catch(() => {});
        throw error;
      }
      state = 'started';
      if (runsWorkers) for (const worker of workers.values()) worker.loop = loop(worker);
    },

    async stop({ graceful = true, timeoutMs = 10_000 } = {}) {
      if (state === 'new') {
        state = 'stopped';
        return;
      }
      if (state !== 'started') return;
      state = 'stopping';
      const all = [...workers.values()];
      if (!graceful) abandoned = true;
      for (const worker of all) wake(worker);
      // Maintenance stops; pg-boss runs no workers of its own here, so its stop issues no SQL.
      await boss.stop({ graceful: false, close: false });
      if (!graceful) {
        for (const worker of all) for (const entry of worker.runs.values()) entry.controller.abort(new Error('job queue stopped'));
        state = 'stopped';
        return;
      }
      const deadline = Date.now() + timeoutMs;
      const drained = (async () => {
        await Promise.allSettled(all.map((w) => w.loop));
        for (const worker of all) while (worker.runs.size > 0) await Promise.allSettled([...worker.runs.values()].map((r) => r.promise));
      })();
      await Promise.race([drained, delay(timeoutMs, undefined, { ref: false })]);
      for (const worker of all) {
        for (const [id, entry] of worker.runs) {
          // Still running at the deadline: abort it, ignore its end, and fail it into a retry.
          entry.detached = true;
          entry.controller.abort(new Error('job queue stopped'));
          logger.warn({ queue: worker.registration.name, jobId: id }, 'job still running at shutdown; it will be retried');
          await boss
            .fail(worker.registration.name, id, errorOutput(new Error('the job queue stopped while the job ran')))
            .catch((err: unknown) => logger.error({ err, jobId: id }, 'could not fail a job at shutdown; it will be retried after it expires'));
        }
      }
      // Let a maintenance run already under way finish before the caller closes the database.
      while (pendingSql > 0 && Date.now() < deadline + 1000) await delay(10);
      state = 'stopped';
    },

    async getJob<Data extends JobData = JobData>(name: string, id: string) {
      if (!UUID.test(id)) return null;
      const job = await boss.getJobById<Data>(name, id, { includeArchive: true });
      if (!job) return null;
      return {
        id: job.id,
        name: job.name,
        data: job.data,
        state: job.state,
        retryCount: job.retryCount,
        retryLimit: job.retryLimit,
        createdOn: job.createdOn,
        startAfter: job.startAfter,
        startedOn: job.startedOn ?? null,
        completedOn: job.completedOn ?? null,
        output: job.output ?? null,
      };
    },

    async counts(name) {
      const { rows } = await sql<{ state: JobState; count: number }>`
        select state::text as state, count(*)::int as count from ${sql.table(`${schema}.job`)}
        where name = ${name} group by state
      `.execute(db);
      const counts = Object.fromEntries(JOB_STATES.map((s) => [s, 0])) as JobCounts;
      for (const row of rows) counts[row.state] = Number(row.count);
      return counts;
    },
  };
}

/** pg-boss stores a handler's result as JSON output; only plain data is kept. */
function completionOutput(result: unknown): object | undefined {
  if (result === undefined || result === null || typeof result === 'function') return undefined;
  return typeof result === 'object' ? result : { value: result };
}

function errorOutput(error: unknown): object {
  return error instanceof Error ? error : { message: String(error) };
}
