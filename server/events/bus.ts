import type { DatabaseHandle } from '../db';
import type { Logger } from '../logging';
import { EVENTS_CHANNEL } from './publish';
import type { EventType, RealtimeEvent } from './types';

export type EventListener = (event: RealtimeEvent) => void;

export type EventBus = {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Live events of one organization, in commit order as this process hears of them. */
  subscribe(organizationId: string, listener: EventListener): () => void;
  /** Events of an organization after `afterId` (replay on reconnect), oldest first. */
  since(organizationId: string, afterId: number, limit?: number): Promise<RealtimeEvent[]>;
  subscriberCount(): number;
};

type EventRow = { id: number; organization_id: string; type: string; payload: unknown; actor_user_id: string | null; created_at: Date };

function toEvent(row: EventRow): RealtimeEvent {
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
 * and then (tens of microseconds); a large organization's fan-out is still split into turns so that
 * requests and NOTIFYs are served between them, not after thousands of writes.
 */
const FANOUT_SLICE = 100;

/**
 * Fan-out across server processes: every process LISTENs; a NOTIFY names an event id and its
 * organization; a process with subscribers in that organization reads the row (ids heard in the
 * same tick are read in one query) and hands the same object to each local subscriber, at most
 * FANOUT_SLICE of them per turn of the event loop, events in order.
 */
export function createEventBus({ database, logger }: { database: DatabaseHandle; logger: Logger }): EventBus {
  const listeners = new Map<string, Set<EventListener>>();
  let pending: number[] = [];
  let flushing: Promise<void> | undefined;
  let unlisten: (() => Promise<void>) | undefined;
  /** Events being handed out, oldest first, each with the listeners it still has to reach. */
  const deliveries: { event: RealtimeEvent; set: Set<EventListener>; to: EventListener[]; next: number }[] = [];
  let delivering: NodeJS.Immediate | undefined;

  function deliverSlice(): void {
    delivering = undefined;
    let budget = FANOUT_SLICE;
    while (deliveries.length > 0 && budget > 0) {
      const delivery = deliveries[0]!;
      while (delivery.next < delivery.to.length && budget > 0) {
        const listener = delivery.to[delivery.next++]!;
        if (!delivery.set.has(listener)) continue; // unsubscribed meanwhile
        budget--;
        try {
          listener(delivery.event);
        } catch (error) {
          logger.error({ err: error, eventId: delivery.event.id }, 'event listener failed');
        }
      }
      if (delivery.next === delivery.to.length) deliveries.shift();
    }
    // An immediate set from within one runs on the next turn, after I/O.
    if (deliveries.length > 0) delivering = setImmediate(deliverSlice);
  }

  function deliver(event: RealtimeEvent): void {
    const set = listeners.get(event.organizationId);
    if (!set) return;
    deliveries.push({ event, set, to: [...set], next: 0 });
    delivering ??= setImmediate(deliverSlice);
  }

  async function flush(): Promise<void> {
    while (pending.length > 0) {
      const ids = pending;
      pending = [];
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
    pending.push(Number(id));
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
      deliveries.length = 0;
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
      const rows = await database.db
        .selectFrom('events')
        .selectAll()
        .where('organization_id', '=', organizationId)
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map(toEvent);
    },
    subscriberCount() {
      let n = 0;
      for (const set of listeners.values()) n += set.size;
      return n;
    },
  };
}
