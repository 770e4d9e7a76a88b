import type { z } from 'zod';
import type { OrgAuth } from '../kernel/caller';
import type { EventBus } from '../events/bus';
import type { Presence } from '../events/presence';
import type { RealtimeEvent } from '../events/types';
import type { DatabaseHandle } from '../db';
import { hiddenFromOwnOnlyRep, mayReceive } from '../kernel/access';
import type { OrgContext } from '../kernel/context';
import { registry } from '../kernel/registry';
import type { ZRealtimeEventsInput } from './schema';

type StreamDeps = { events: EventBus; presence: Presence; database: Pick<DatabaseHandle, 'db'> };

/**
 * Lets the event loop take a turn. A subscriber catching up (a replay, or a backlog in the pull
 * form below) sends a slice per turn, so that one stream's backlog — and every other stream's
 * own — does not hold the process (no request answered, no NOTIFY read) until it is all sent.
 */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Events handed to `deliver` per turn while a stream catches up (its replay, then what arrived meanwhile). */
const REPLAY_SLICE = 50;
/** Events read from the table per query while replaying; a replay reads pages until it has them all. */
const REPLAY_PAGE = 1000;
/** How often a Sales Rep's stream rereads whether reps see only what they own (an admin may change it while the stream is open). */
const OWN_ONLY_REFRESH_MS = 10_000;
/**
 * How long a stream remembers the ids it replayed after the replay ends. A replayed event's live
 * copy can only be one whose NOTIFY was still on its way (the event had committed: the replay read
 * it), which takes milliseconds; past this the ids are forgotten, so a long replay's memory goes too.
 */
const REPLAYED_MEMORY_MS = 60_000;

export type OrganizationStream = { close(): Promise<void> };

/**
 * The events a subscriber may see, pushed to `deliver` in batches, oldest first: first every event
 * after `lastEventId` from the table (replay, a slice per turn), then live ones as the bus hands
 * them out — synchronously, with no promise between the bus and the socket, and as the very array
 * the bus gives every listener when the subscriber may see all of it (a stream serializes a batch
 * once for all of them). None twice, none of another organization, none its permissions do not
 * allow. Live events arriving during the replay wait in a queue. Resolves once the subscriber is
 * live; `close` stops the stream and leaves presence.
 */
export async function openOrganizationStream(deps: StreamDeps, auth: OrgAuth, lastEventId: number | null, deliver: (events: readonly RealtimeEvent[]) => void): Promise<OrganizationStream> {
  const organizationId = auth.organization.id;
  const ownOnly = await ownOnlyWatch(deps, auth);
  const userId = auth.apiKey?.createdBy ?? auth.user?.id ?? '';
  const allowed = (e: RealtimeEvent) => mayReceive(auth.permissions, e.type) && !(ownOnly.current && hiddenFromOwnOnlyRep(e.type, e.payload, userId));
  // Only a replayed event can come again live (the bus hands each NOTIFY over once): remember the
  // replayed ids, and forget each when its live copy shows up. A fresh stream keeps nothing per event.
  const replayed = new Set<number>();
  const notSeen = (e: RealtimeEvent) => !replayed.delete(e.id);
  let waiting: RealtimeEvent[] | null = [];
  let closed = false;
  const deliverLive = (batch: readonly RealtimeEvent[]) => {
    const fresh = replayed.size > 0 ? batch.filter(notSeen) : batch;
    if (fresh.length > 0) deliver(fresh);
  };
  const unsubscribe = deps.events.subscribe(organizationId, (batch) => {
    if (closed) return;
    const visible = batch.every(allowed) ? batch : batch.filter(allowed);
    if (visible.length === 0) return;
    if (waiting) waiting.push(...visible);
    else deliverLive(visible);
  });
  let leave: (() => Promise<void>) | undefined;
  const close = async () => {
    if (closed) return;
    closed = true;
    unsubscribe();
    ownOnly.stop();
    await leave?.();
  };
  try {
    leave = auth.user ? await deps.presence.join(organizationId, auth.user.id) : undefined;
    for (let after = lastEventId; after !== null && !closed;) {
      const page = await deps.events.since(organizationId, after, REPLAY_PAGE);
      after = page.length === REPLAY_PAGE ? page.at(-1)!.id : null;
      const missed = page.filter(allowed);
      for (let i = 0; i < missed.length && !closed; i += REPLAY_SLICE) {
        const slice = missed.slice(i, i + REPLAY_SLICE);
        for (const event of slice) replayed.add(event.id);
        deliver(slice);
        await nextTurn();
      }
    }
    while (!closed && waiting.length > 0) {
      deliverLive(waiting.splice(0, REPLAY_SLICE));
      if (waiting.length > 0) await nextTurn();
    }
    waiting = null;
    if (replayed.size > 0) setTimeout(() => replayed.clear(), REPLAYED_MEMORY_MS).unref();
  } catch (error) {
    await close();
    throw error;
  }
  return { close };
}

/**
 * The same stream as an async iterable (the tRPC procedure's form). Events the consumer has not
 * pulled yet wait in a queue; with a backlog, one is handed over per turn of the event loop.
 */
export async function* organizationEvents(ctx: Pick<OrgContext, 'deps' | 'auth'>, input: z.output<typeof ZRealtimeEventsInput>, signal: AbortSignal | undefined): AsyncGenerator<RealtimeEvent> {
  const last = input?.lastEventId;
  const lastEventId = last === null || last === undefined || last === '' ? null : Number(last);
  const queue: RealtimeEvent[] = [];
  let wake: (() => void) | undefined;
  // One abort listener for the stream's life (not one per wait: an AbortSignal's listeners are a
  // list that every addEventListener walks, so a long-lived stream would slow down and leak).
  const onAbort = () => wake?.();
  signal?.addEventListener('abort', onAbort, { once: true });
  let stream: OrganizationStream | undefined;
  try {
    stream = await openOrganizationStream(ctx.deps, ctx.auth, Number.isFinite(lastEventId) ? lastEventId : null, (events) => {
      queue.push(...events);
      wake?.();
    });
    while (!signal?.aborted) {
      const event = queue.shift();
      if (event) {
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
    await stream?.close();
  }
}

/** Who is online in the organization now (user ids with names). */
export async function onlineMembers(ctx: Pick<OrgContext, 'db' | 'deps' | 'organizationId'>) {
  const ids = await ctx.deps.presence.online(ctx.organizationId);
  if (ids.length === 0) return [];
  return ctx.db.selectFrom('users').select(['id', 'name', 'email']).where('id', 'in', ids).orderBy('name').execute();
}

/**
 * Whether this subscriber is a Sales Rep who sees only the records they own — read when the stream
 * opens and again every few seconds while it stays open. Other roles see every record.
 */
async function ownOnlyWatch(deps: StreamDeps, auth: OrgAuth): Promise<{ current: boolean; stop(): void }> {
  if (auth.organization.role !== 'sales_rep') return { current: false, stop: () => {} };
  const read = () => registry().repsSeeOwnOnly(deps.database.db, auth.organization.id);
  const watch = { current: await read(), stop: () => clearInterval(timer) };
  const timer = setInterval(() => {
    read().then(
      (value) => (watch.current = value),
      () => {}, // keep the last known answer; the next read tries again
    );
  }, OWN_ONLY_REFRESH_MS).unref();
  return watch;
}
