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
 * Fan-out across server processes: every process LISTENs; a NOTIFY names an event id and its
 * organization; a process with subscribers in that organization reads the row (ids heard in the
 * same tick are read in one query) and hands the same object to each local subscriber.
 */
export function createEventBus({ database, logger }: { database: DatabaseHandle; logger: Logger }): EventBus {
  const listeners = new Map<string, Set<EventListener>>();
  let pending: number[] = [];
  let flushing: Promise<void> | undefined;
  let unlisten: (() => Promise<void>) | undefined;

  async function flush(): Promise<void> {
    while (pending.length > 0) {
      const ids = pending;
      pending = [];
      try {
        const rows = await database.db.selectFrom('events').selectAll().where('id', 'in', ids).orderBy('id').execute();
        for (const row of rows) {
          const event = toEvent(row);
          for (const listener of listeners.get(event.organizationId) ?? []) listener(event);
        }
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
