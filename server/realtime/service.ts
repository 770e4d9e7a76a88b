import type { OrgAuth } from '../auth/resolve';
import type { EventBus } from '../events/bus';
import type { Presence } from '../events/presence';
import { mayReceive, type RealtimeEvent } from '../events/types';

const SEEN_KEPT = 2000;

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
  const leave = auth.user ? await deps.presence.join(organizationId, auth.user.id) : undefined;
  const seen = new Set<number>();
  const remember = (id: number) => {
    seen.add(id);
    if (seen.size > SEEN_KEPT) seen.delete(seen.values().next().value!);
  };
  try {
    if (lastEventId !== null) {
      for (const event of await deps.events.since(organizationId, lastEventId)) {
        if (!allowed(event)) continue;
        remember(event.id);
        yield event;
      }
    }
    while (!signal?.aborted) {
      const event = queue.shift();
      if (event) {
        if (seen.has(event.id)) continue;
        remember(event.id);
        yield event;
        continue;
      }
      await new Promise<void>((resolve) => {
        wake = resolve;
        signal?.addEventListener('abort', () => resolve(), { once: true });
      });
      wake = undefined;
    }
  } finally {
    unsubscribe();
    await leave?.();
  }
}
