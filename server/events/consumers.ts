import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { DatabaseHandle } from '../db';
import type { Database, EventDeliveriesTable } from '../db/schema';
import type { Logger } from '../logging';
import { toEvent, type EventRow as BusEventRow } from './bus';
import { EVENTS_CHANNEL } from './publish';
import type { EventType, RealtimeEvent } from './types';

export type ConsumerContext = {
  /**
   * The transaction the consumer's cursor advances in. Write here, and enqueue jobs through it
   * (jobs.send(…, { db })) for anything slow or outside the database: the handling then commits
   * exactly once, with the cursor, or not at all. Keep it short — on PGlite it holds the connection.
   */
  db: Kysely<Database>;
  /** 1 on the first attempt at this event. */
  attempt: number;
};

export type EventHandler = (event: RealtimeEvent, context: ConsumerContext) => Promise<void> | void;
/** Handles consecutive events (in their order) as the EventHandler would one by one, in fewer statements. */
export type EventGroupHandler = (events: RealtimeEvent[], context: ConsumerContext) => Promise<void>;

export type ConsumerOptions = {
  /** Attempts before an event is parked for a person to look at. Default 5. */
  maxAttempts?: number;
  /** Delay before the first retry, doubled for each one after it (at most an hour). Default 10. */
  retryDelaySeconds?: number;
  /**
   * Handles a group of events at once (each of them as `handler` would, in order). When it throws, the
   * group is handled again one event at a time by `handler`, which finds the failing one.
   */
  handleMany?: EventGroupHandler;
};

export type EventConsumers = {
  /**
   * Registers a durable consumer (before start): `handler` is called at least once for every event
   * of these types committed after the consumer first started, in order per organization, by one
   * process at a time. A throwing handler is retried with backoff; after its last attempt the event
   * is parked and the organization's later events go on.
   */
  onEvent(name: string, types: EventType | readonly EventType[], handler: EventHandler, options?: ConsumerOptions): void;
  start(): Promise<void>;
  /** graceful (default): let running handlers finish and hand the consumers back; false: stop issuing SQL at once, as a crash would. */
  stop(options?: { graceful?: boolean }): Promise<void>;
};

export type EventConsumersOptions = {
  database: Pick<DatabaseHandle, 'db' | 'listen'>;
  logger: Logger;
  /** Run the consumers in this process (JOBS_ENABLED). Default true. */
  workers?: boolean;
  /** How often each consumer looks for events and due retries besides the NOTIFY wake-up. Default 1000. */
  pollIntervalMs?: number;
  /** How long a process holds a consumer without renewing it; a dead holder's consumer is taken over after it. Default 30. */
  leaseSeconds?: number;
  /** Events read per statement. Default 200. */
  batchSize?: number;
};

type Consumer = {
  name: string;
  types: ReadonlySet<string>;
  handle: EventHandler;
  handleMany?: EventGroupHandler;
  maxAttempts: number;
  retryDelaySeconds: number;
  running?: Promise<void>;
  /** A wake-up came while it ran: run again when it ends. */
  again: boolean;
};

type Cursor = { txid: number; id: number };
type EventRow = BusEventRow & { txid: number };
type Delivery = Selectable<EventDeliveriesTable>;

/** This process no longer holds the consumer (its lease ran out and another took it): stop, roll back. */
class LostLease extends Error {}
/** A non-graceful stop: issue no further SQL. */
class Abandoned extends Error {}

const MAX_RETRY_DELAY_SECONDS = 3600;
/** Events handled in one transaction (while none fails). */
const GROUP_SIZE = 50;

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The oldest transaction id still running: every event written by a transaction below it is final. */
const horizon = sql<number>`pg_snapshot_xmin(pg_current_snapshot())::text::bigint`;

/**
 * Durable consumers of the events outbox (docs/decisions/021-event-consumers.md). Each consumer
 * keeps a cursor in event_consumers; the process holding its lease reads the events past it, in
 * (txid, id) order below the horizon, and calls the handler in a transaction that also moves the
 * cursor — so a crash anywhere repeats nothing that committed and loses nothing that did not.
 */
export function createEventConsumers(options: EventConsumersOptions): EventConsumers {
  const { database, logger } = options;
  const db = database.db;
  const runsWorkers = options.workers ?? true;
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const leaseSeconds = options.leaseSeconds ?? 30;
  const batchSize = options.batchSize ?? 200;
  const owner = randomUUID();
  const consumers = new Map<string, Consumer>();
  let state: 'new' | 'started' | 'stopping' | 'stopped' = 'new';
  let abandoned = false;
  let timer: NodeJS.Timeout | undefined;
  let unlisten: (() => Promise<void>) | undefined;

  const leaseEnd = sql<Date>`now() + make_interval(secs => ${leaseSeconds})`;

  function guard(): void {
    if (abandoned) throw new Abandoned();
  }

  /** Runs `work` and renews the lease in one transaction; throws LostLease (rolling back) if it is gone. */
  async function inLease<T>(consumer: Consumer, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
    guard();
    return db.transaction().execute(async (trx) => {
      const result = await work(trx);
      guard();
      const renewed = await trx
        .updateTable('event_consumers')
        .set({ lease_until: leaseEnd, updated_at: sql`now()` })
        .where('name', '=', consumer.name)
        .where('lease_owner', '=', owner)
        .executeTakeFirst();
      if (Number(renewed.numUpdatedRows) === 0) throw new LostLease(`lost the lease of consumer ${consumer.name}`);
      return result;
    });
  }

  const moveCursor = (consumer: Consumer, row: Cursor) => (trx: Kysely<Database>) =>
    trx.updateTable('event_consumers').set({ last_txid: row.txid, last_event_id: row.id }).where('name', '=', consumer.name).where('lease_owner', '=', owner).execute();

  async function claim(consumer: Consumer): Promise<Cursor | undefined> {
    guard();
    const row = await db
      .updateTable('event_consumers')
      .set({ lease_owner: owner, lease_until: leaseEnd })
      .where('name', '=', consumer.name)
      .where((eb) => eb.or([eb('lease_owner', 'is', null), eb('lease_owner', '=', owner), eb('lease_until', '<', sql<Date>`now()`)]))
      .returning(['last_txid', 'last_event_id'])
      .executeTakeFirst();
    return row ? { txid: Number(row.last_txid), id: Number(row.last_event_id) } : undefined;
  }

  /** Calls the handler and `then` in one leased transaction; a handler's failure is returned, not thrown. */
  async function attempt(consumer: Consumer, event: RealtimeEvent, number: number, then: (trx: Kysely<Database>) => Promise<unknown>): Promise<{ ok: true } | { ok: false; error: string }> {
    try {
      await inLease(consumer, async (trx) => {
        await consumer.handle(event, { db: trx, attempt: number });
        await then(trx);
      });
      return { ok: true };
    } catch (error) {
      if (error instanceof LostLease || error instanceof Abandoned) throw error;
      logFailure(consumer, event.id, number, error);
      return { ok: false, error: errorText(error) };
    }
  }

  function logFailure(consumer: Consumer, eventId: number, number: number, error: unknown): void {
    const retries = number < consumer.maxAttempts;
    logger.warn({ err: error, consumer: consumer.name, eventId, attempt: number }, retries ? 'event consumer failed; it will retry' : 'event consumer failed its last attempt; the event is parked');
  }

  function retryAt(consumer: Consumer, attempts: number) {
    const seconds = Math.min(MAX_RETRY_DELAY_SECONDS, consumer.retryDelaySeconds * 2 ** (attempts - 1));
    return sql<Date>`now() + make_interval(secs => ${seconds})`;
  }

  type GroupOutcome = { handled: number; failed?: { row: EventRow; error: unknown } };

  /**
   * Handles consecutive events in one transaction with the cursor moved past the last: one commit
   * for many events. When a handler throws, the transaction rolls back whole; the events before the
   * failing one are handled again without it, and the failing one is returned (its first attempt).
   */
  async function handleGroup(consumer: Consumer, group: EventRow[]): Promise<GroupOutcome> {
    let failure: { index: number; error: unknown } | undefined;
    const last = group[group.length - 1]!;
    const many = consumer.handleMany;
    if (many && group.length > 1) {
      try {
        await inLease(consumer, async (trx) => {
          await many(group.map(toEvent), { db: trx, attempt: 1 });
          await moveCursor(consumer, { txid: Number(last.txid), id: Number(last.id) })(trx);
        });
        return { handled: group.length };
      } catch (error) {
        if (error instanceof LostLease || error instanceof Abandoned) throw error;
        // Rolled back whole: one event at a time below finds the one that fails (and retries or parks it).
      }
    }
    try {
      await inLease(consumer, async (trx) => {
        for (const [index, row] of group.entries()) {
          try {
            await consumer.handle(toEvent(row), { db: trx, attempt: 1 });
          } catch (error) {
            failure = { index, error };
            throw error;
          }
        }
        await moveCursor(consumer, { txid: Number(last.txid), id: Number(last.id) })(trx);
      });
      return { handled: group.length };
    } catch (error) {
      if (!failure) throw error;
      const { index } = failure;
      if (index > 0) {
        const before = await handleGroup(consumer, group.slice(0, index));
        if (before.failed) return before;
      }
      return { handled: index, failed: { row: group[index]!, error: failure.error } };
    }
  }

  /** Holds an event back: behind its organization's earlier one ('waiting'), or failed once ('retrying', or 'parked' with one attempt allowed). */
  async function holdBack(consumer: Consumer, row: EventRow, failure?: { error: unknown }): Promise<void> {
    const at = { txid: Number(row.txid), id: Number(row.id) };
    const delivery = { consumer: consumer.name, event_id: at.id, organization_id: row.organization_id };
    const parked = failure !== undefined && consumer.maxAttempts <= 1;
    if (failure) logFailure(consumer, at.id, 1, failure.error);
    await inLease(consumer, async (trx) => {
      await trx
        .insertInto('event_deliveries')
        .values(
          failure
            ? { ...delivery, state: parked ? 'parked' : 'retrying', attempts: 1, next_attempt_at: parked ? null : retryAt(consumer, 1), last_error: errorText(failure.error) }
            : { ...delivery, state: 'waiting' },
        )
        .execute();
      await moveCursor(consumer, at)(trx);
    });
  }

  /** Reads the next events past the cursor and handles them; false when there were none. */
  async function streamBatch(consumer: Consumer, cursor: Cursor): Promise<boolean> {
    guard();
    const rows = (await db
      .selectFrom('events')
      .select(['id', 'txid', 'organization_id', 'type', 'payload', 'actor_user_id', 'created_at'])
      .where(sql<boolean>`(txid, id) > (${cursor.txid}::bigint, ${cursor.id}::bigint)`)
      .where('txid', '<', horizon)
      .orderBy('txid')
      .orderBy('id')
      .limit(batchSize)
      .execute()) as EventRow[];
    if (rows.length === 0) return false;
    guard();
    const blocked = new Set(
      (await db.selectFrom('event_deliveries').select('organization_id').distinct().where('consumer', '=', consumer.name).where('state', 'in', ['retrying', 'waiting']).execute()).map(
        (r) => r.organization_id,
      ),
    );
    const wanted = rows.filter((row) => consumer.types.has(row.type));
    for (let start = 0; start < wanted.length;) {
      if (blocked.has(wanted[start]!.organization_id)) {
        // Behind an earlier event of its organization that is being retried: it waits its turn.
        await holdBack(consumer, wanted[start++]!);
        continue;
      }
      let end = start;
      while (end < wanted.length && end - start < GROUP_SIZE && !blocked.has(wanted[end]!.organization_id)) end++;
      const outcome = await handleGroup(consumer, wanted.slice(start, end));
      start += outcome.handled;
      if (outcome.failed) {
        await holdBack(consumer, outcome.failed.row, outcome.failed);
        if (consumer.maxAttempts > 1) blocked.add(outcome.failed.row.organization_id);
        start++;
      }
    }
    const last = rows[rows.length - 1]!;
    const end = { txid: Number(last.txid), id: Number(last.id) };
    // Events of other types were passed over: the cursor moves past them too.
    const lastWanted = wanted[wanted.length - 1];
    if (lastWanted !== last) await inLease(consumer, moveCursor(consumer, end));
    cursor.txid = end.txid;
    cursor.id = end.id;
    return true;
  }

  /** Gives each organization's first held-back event (when due) another attempt; false when none was due. */
  async function retryDue(consumer: Consumer): Promise<boolean> {
    guard();
    const heads = await db
      .selectFrom('event_deliveries')
      .selectAll()
      .distinctOn('organization_id')
      .where('consumer', '=', consumer.name)
      .where('state', 'in', ['retrying', 'waiting'])
      .orderBy('organization_id')
      .orderBy('event_id')
      .execute();
    let progressed = false;
    const now = Date.now();
    for (const head of heads) {
      if (head.state === 'retrying' && head.next_attempt_at && head.next_attempt_at.getTime() > now) continue;
      let current: Delivery | undefined = head;
      while (current) {
        progressed = true;
        guard();
        const row = (await db
          .selectFrom('events')
          .select(['id', 'txid', 'organization_id', 'type', 'payload', 'actor_user_id', 'created_at'])
          .where('id', '=', current.event_id)
          .executeTakeFirst()) as EventRow | undefined;
        const key = current.event_id;
        const done = (trx: Kysely<Database>) => trx.deleteFrom('event_deliveries').where('consumer', '=', consumer.name).where('event_id', '=', key).execute();
        if (!row) {
          await inLease(consumer, done);
        } else {
          const number = current.attempts + 1;
          const outcome = await attempt(consumer, toEvent(row), number, done);
          if (!outcome.ok) {
            const parked = number >= consumer.maxAttempts;
            await inLease(consumer, (trx) =>
              trx
                .updateTable('event_deliveries')
                .set({ attempts: number, state: parked ? 'parked' : 'retrying', next_attempt_at: parked ? null : retryAt(consumer, number), last_error: outcome.error, updated_at: sql`now()` })
                .where('consumer', '=', consumer.name)
                .where('event_id', '=', key)
                .execute(),
            );
            // Still retrying: the organization's later events keep waiting behind it.
            if (!parked) break;
          }
        }
        guard();
        current = await db
          .selectFrom('event_deliveries')
          .selectAll()
          .where('consumer', '=', consumer.name)
          .where('organization_id', '=', head.organization_id)
          .where('state', 'in', ['retrying', 'waiting'])
          .orderBy('event_id')
          .limit(1)
          .executeTakeFirst();
      }
    }
    return progressed;
  }

  async function run(consumer: Consumer): Promise<void> {
    let held = false;
    try {
      const cursor = await claim(consumer);
      if (!cursor) return; // another process holds it
      held = true;
      while (state === 'started') {
        const retried = await retryDue(consumer);
        const streamed = await streamBatch(consumer, cursor);
        if (!retried && !streamed) break;
      }
    } catch (error) {
      if (error instanceof Abandoned) return;
      if (error instanceof LostLease) logger.warn({ consumer: consumer.name }, 'event consumer was taken over by another process');
      else logger.error({ err: error, consumer: consumer.name }, 'event consumer stopped on an error; it resumes at its cursor');
    } finally {
      // Hand the consumer back at once so that any process may take the next run.
      if (held && !abandoned) {
        await db
          .updateTable('event_consumers')
          .set({ lease_owner: null, lease_until: null })
          .where('name', '=', consumer.name)
          .where('lease_owner', '=', owner)
          .execute()
          .catch((err: unknown) => logger.error({ err, consumer: consumer.name }, 'could not release an event consumer; it is freed when its lease ends'));
      }
    }
  }

  function kick(consumer: Consumer): void {
    if (state !== 'started') return;
    if (consumer.running) {
      consumer.again = true;
      return;
    }
    consumer.again = false;
    consumer.running = run(consumer).finally(() => {
      consumer.running = undefined;
      if (consumer.again) kick(consumer);
    });
  }

  const kickAll = () => {
    for (const consumer of consumers.values()) kick(consumer);
  };

  return {
    onEvent(name, types, handle, consumerOptions = {}) {
      if (state !== 'new') throw new Error(`event consumer "${name}" must be registered before the consumers start`);
      if (consumers.has(name)) throw new Error(`event consumer "${name}" is already registered`);
      const list: readonly EventType[] = typeof types === 'string' ? [types] : types;
      consumers.set(name, {
        name,
        types: new Set(list),
        handle,
        handleMany: consumerOptions.handleMany,
        maxAttempts: consumerOptions.maxAttempts ?? 5,
        retryDelaySeconds: consumerOptions.retryDelaySeconds ?? 10,
        again: false,
      });
    },

    async start() {
      if (state !== 'new') throw new Error('the event consumers can only be started once');
      if (consumers.size > 0) {
        // A new consumer starts at the horizon: it sees events committed from now on, not the past.
        await db
          .insertInto('event_consumers')
          .values([...consumers.keys()].map((name) => ({ name, last_txid: horizon, last_event_id: 0 })))
          .onConflict((oc) => oc.column('name').doNothing())
          .execute();
      }
      state = 'started';
      if (!runsWorkers || consumers.size === 0) return;
      unlisten = await database.listen(EVENTS_CHANNEL, kickAll);
      timer = setInterval(kickAll, pollIntervalMs);
      timer.unref();
      kickAll();
    },

    async stop({ graceful = true } = {}) {
      if (state !== 'started') {
        state = 'stopped';
        return;
      }
      state = 'stopping';
      clearInterval(timer);
      if (!graceful) abandoned = true;
      const stopListening = unlisten;
      unlisten = undefined;
      if (graceful) {
        await stopListening?.().catch(() => {});
        await Promise.allSettled([...consumers.values()].map((c) => c.running));
      }
      state = 'stopped';
    },
  };
}
