import type { DatabaseHandle } from '../db';
import type { Logger } from '../logging';
import { EVENTS_CHANNEL } from './publish';
import type { EventType, RealtimeEvent } from './types';

/**
 * Called with the live events of one organization that reached this process since the listener's
 * last call, oldest first: one event when the process keeps up, more when a fan-out falls behind
 * (see createEventBus). The same array goes to every listener of the organization; do not change it.
 */
export type EventListener = (events: readonly RealtimeEvent[]) => void;

export type EventBus = {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Live events of one organization, in commit order as this process hears of them. */
  subscribe(organizationId: string, listener: EventListener): () => void;
  /** Events of an organization after `afterId` (replay on reconnect), oldest first, at most `limit` (default 1,000). */
  since(organizationId: string, afterId: number, limit?: number): Promise<RealtimeEvent[]>;
  subscriberCount(): number;
};

/** An events row as read for delivery. */
export type EventRow = { id: number; organization_id: string; type: string; payload: unknown; actor_user_id: string | null; created_at: Date };

export function toEvent(row: EventRow): RealtimeEvent {
  return {
    id: Number(row.id),
    organizationId: row.organization_id,
    type: row.type as EventType,
    payload: row.payload as Record<string, unknown>,
    actorUserId: row.actor_user_id,
    createdAt: row.created_at.toISOString(),
  };
}

/**
 * Listeners called per turn of the event loop. A live stream's listener writes to its socket there
 * and then (microseconds); a large organization's fan-out is still split into turns so that
 * requests and NOTIFYs are served between them, not after thousands of writes.
 */
const FANOUT_SLICE = 100;

/** An organization's events on their way to its listeners in this process. */
type Outbox = {
  /** Arrived and not yet handed out, oldest first: the next round's batch. */
  pending: RealtimeEvent[];
  /** The batch being handed out, and the listeners it still has to reach. */
  round: { batch: readonly RealtimeEvent[]; set: Set<EventListener>; to: EventListener[]; next: number } | undefined;
};

/**
 * Fan-out across server processes: every process LISTENs; a NOTIFY names an event id and its
 * organization; a process with subscribers in that organization reads the row (ids heard in the
 * same tick are read in one query) and hands the events to each local subscriber, at most
 * FANOUT_SLICE of them per turn of the event loop, in order.
 *
 * Events are handed out in rounds: a round gives every listener of the organization the same array
 * of the events that arrived before it began. While a process keeps up, a round carries one event;
 * when events come faster than a round reaches every listener, the next round carries all that
 * arrived meanwhile, so each listener pays its per-call cost (a socket write, mostly) once per round
 * rather than once per event, and the fan-out catches up instead of falling further behind.
 */
export function createEventBus({ database, logger }: { database: DatabaseHandle; logger: Logger }): EventBus {
  const listeners = new Map<string, Set<EventListener>>();
  /** Event ids heard of and not yet read. */
  let notified: number[] = [];
  let flushing: Promise<void> | undefined;
  let unlisten: (() => Promise<void>) | undefined;
  /** Organizations with events to hand out, in the order they take turns. */
  const outboxes = new Map<string, Outbox>();
  let delivering: NodeJS.Immediate | undefined;

  function deliverSlice(): void {
    delivering = undefined;
    let budget = FANOUT_SLICE;
    for (const [organizationId, outbox] of outboxes) {
      if (budget === 0) break;
      if (!outbox.round) {
        const set = listeners.get(organizationId) ?? new Set<EventListener>();
        outbox.round = { batch: outbox.pending, set, to: [...set], next: 0 };
        outbox.pending = [];
      }
      const round = outbox.round;
      while (round.next < round.to.length && budget > 0) {
        const listener = round.to[round.next++]!;
        if (!round.set.has(listener)) continue; // unsubscribed meanwhile
        budget--;
        try {
          listener(round.batch);
        } catch (error) {
          logger.error({ err: error, eventIds: round.batch.map((e) => e.id) }, 'event listener failed');
        }
      }
      // To the back of the line, so that the next turn starts with another organization's events.
      outboxes.delete(organizationId);
      if (round.next < round.to.length) {
        outboxes.set(organizationId, outbox);
        break;
      }
      outbox.round = undefined;
      if (outbox.pending.length > 0) outboxes.set(organizationId, outbox);
    }
    // An immediate set from within one runs on the next turn, after I/O.
    if (outboxes.size > 0) delivering = setImmediate(deliverSlice);
  }

  function deliver(event: RealtimeEvent): void {
    if (!listeners.has(event.organizationId)) return;
    let outbox = outboxes.get(event.organizationId);
    if (!outbox) outboxes.set(event.organizationId, (outbox = { pending: [], round: undefined }));
    outbox.pending.push(event);
    delivering ??= setImmediate(deliverSlice);
  }

  async function flush(): Promise<void> {
    while (notified.length > 0) {
      const ids = notified;
      notified = [];
      try {
        const rows = await database.db.selectFrom('events').selectAll().where('id', 'in', ids).orderBy('id').execute();
        for (const row of rows) deliver(toEvent(row));
      } catch (error) {
        logger.error({ err: error, ids }, 'could not read published events');
      }
    }
  }

  function onNotify(payload: string): void {
    const [id, organizationId] = payload.split(':');
    if (!id || !organizationId || !listeners.has(organizationId)) return;
    notified.push(Number(id));
    flushing ??= Promise.resolve()
      .then(flush)
      .finally(() => (flushing = undefined));
  }

  return {
    async start() {
      unlisten ??= await database.listen(EVENTS_CHANNEL, onNotify);
    },
    async stop() {
      const stop = unlisten;
      unlisten = undefined;
      listeners.clear();
      clearImmediate(delivering);
      delivering = undefined;
      outboxes.clear();
      await flushing;
      await stop?.().catch(() => {});
    },
    subscribe(organizationId, listener) {
      let set = listeners.get(organizationId);
      if (!set) listeners.set(organizationId, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0 && listeners.get(organizationId) === set) listeners.delete(organizationId);
      };
    },
    async since(organizationId, afterId, limit = 1000) {
      const rows = await database.db.selectFrom('events').selectAll().where('organization_id', '=', organizationId).where('id', '>', afterId).orderBy('id').limit(limit).execute();
      return rows.map(toEvent);
    },
    subscriberCount() {
      let n = 0;
      for (const set of listeners.values()) n += set.size;
      return n;
    },
  };
}
