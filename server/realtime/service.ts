import type { OrgAuth } from '../auth/resolve';
import type { EventBus } from '../events/bus';
import type { Presence } from '../events/presence';
import { mayReceive, type RealtimeEvent } from '../events/types';

/**
 * Lets the event loop take a turn. Writing an event to an SSE stream is promise work end to end
 * (tRPC's generators, web streams, the socket write), so a stream with events queued would otherwise
 * send its whole backlog — and every other stream of the organization its own — before any I/O runs:
 * a burst of events froze the process (no request answered, no NOTIFY read) for as long as the whole
 * fan-out took. With a backlog, each stream sends one event per turn.
 */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The events a subscriber may see, as an async stream: first every event after `lastEventId` from
 * the table (replay), then live ones; none twice, none of another organization, none its
 * permissions do not allow. Live events arriving during the replay wait in a queue.
 */
export async function* organizationEvents(
  deps: { events: EventBus; presence: Presence },
  auth: OrgAuth,
  lastEventId: number | null,
  signal: AbortSignal | undefined,
): AsyncGenerator<RealtimeEvent> {
  const organizationId = auth.organization.id;
  const allowed = (e: RealtimeEvent) => mayReceive(auth.permissions, e.type);
  const queue: RealtimeEvent[] = [];
  let wake: (() => void) | undefined;
  const unsubscribe = deps.events.subscribe(organizationId, (event) => {
    if (!allowed(event)) return;
    queue.push(event);
    wake?.();
  });
  let leave: (() => Promise<void>) | undefined;
  try {
    leave = auth.user ? await deps.presence.join(organizationId, auth.user.id) : undefined;
  } catch (error) {
    unsubscribe();
    throw error;
  }
  // One abort listener for the stream's life (not one per wait: an AbortSignal's listeners are a
  // list that every addEventListener walks, so a long-lived stream would slow down and leak).
  const onAbort = () => wake?.();
  signal?.addEventListener('abort', onAbort, { once: true });
  // Only a replayed event can come again live (the bus hands each NOTIFY over once): remember the
  // replayed ids, and forget each when its live copy shows up. A fresh stream keeps nothing per event.
  const replayed = new Set<number>();
  try {
    if (lastEventId !== null) {
      for (const event of await deps.events.since(organizationId, lastEventId)) {
        if (!allowed(event)) continue;
        replayed.add(event.id);
        yield event;
        await nextTurn();
      }
    }
    while (!signal?.aborted) {
      const event = queue.shift();
      if (event) {
        if (replayed.size > 0 && replayed.delete(event.id)) continue;
        yield event;
        if (queue.length > 0) await nextTurn();
        continue;
      }
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
      wake = undefined;
    }
  } finally {
    signal?.removeEventListener('abort', onAbort);
    unsubscribe();
    await leave?.();
  }
}
