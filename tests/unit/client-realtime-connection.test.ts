import { describe, expect, it } from 'vitest';
import type { RealtimeFrame } from '../../server/events/types';
import { BACKOFF_MAX_MS, backoffDelay, openRealtimeConnection, type Subscribe, type SubscriptionHandlers } from '../../client/components/realtime/connection';
import type { ConnectionStatus } from '../../client/state/realtime';

/** A stand-in for trpcClient.realtime.events.subscribe that the test drives. */
function fakeServer() {
  const calls: { input: { lastEventId: string } | undefined; handlers: SubscriptionHandlers; closed: boolean }[] = [];
  const subscribe: Subscribe = (input, handlers) => {
    const call = { input, handlers, closed: false };
    calls.push(call);
    return { unsubscribe: () => void (call.closed = true) };
  };
  return { subscribe, calls, last: () => calls[calls.length - 1]! };
}

/** Timers the test advances by hand. */
function fakeTimers() {
  let now = 0;
  let seq = 0;
  const pending = new Map<number, { at: number; fn: () => void }>();
  return {
    timers: {
      setTimeout: (fn: () => void, ms: number) => {
        seq += 1;
        pending.set(seq, { at: now + ms, fn });
        return seq;
      },
      clearTimeout: (handle: unknown) => void pending.delete(handle as number),
      now: () => now,
    },
    pendingDelays: () => [...pending.values()].map((p) => p.at - now),
    advance(ms: number) {
      now += ms;
      for (const [id, p] of [...pending].sort((a, b) => a[1].at - b[1].at)) {
        if (p.at <= now) {
          pending.delete(id);
          p.fn();
        }
      }
    },
  };
}

const ev = (id: number): RealtimeFrame => ({
  id,
  organizationId: 'o',
  type: 'contact_created',
  payload: { name: `c${id}` },
  actorUserId: null,
  createdAt: new Date(0).toISOString(),
  invalidates: ['contacts.list'],
  notifies: true,
  notifiesActor: false,
});

function setup() {
  const server = fakeServer();
  const clock = fakeTimers();
  const statuses: ConnectionStatus[] = [];
  const events: RealtimeFrame[] = [];
  const connected: { resumed: boolean; replayed: boolean }[] = [];
  const failures: number[] = [];
  const connection = openRealtimeConnection(
    server.subscribe,
    { onStatus: (s) => statuses.push(s), onEvent: (e) => events.push(e), onConnected: (info) => connected.push(info), onFailure: (n) => failures.push(n) },
    { timers: clock.timers, random: () => 0.5 },
  );
  return { server, clock, statuses, events, connected, failures, connection };
}

describe('backoff', () => {
  it('doubles from 1 s up to 30 s, with ±20 % jitter', () => {
    const mid = () => 0.5;
    expect([1, 2, 3, 4, 5, 6, 7, 20].map((n) => backoffDelay(n, mid))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
    expect(backoffDelay(1, () => 0)).toBe(800);
    expect(backoffDelay(1, () => 1)).toBe(1200);
    expect(backoffDelay(100, () => 1)).toBe(BACKOFF_MAX_MS * 1.2);
  });
});

describe('realtime connection', () => {
  it('is connecting until the server confirms the stream, then connected; events flow', () => {
    const { server, statuses, events, connected } = setup();
    expect(statuses).toEqual(['connecting']);
    expect(server.last().input).toBeUndefined();
    server.last().handlers.onStarted();
    expect(statuses).toEqual(['connecting', 'connected']);
    expect(connected).toEqual([{ resumed: false, replayed: false }]);
    server.last().handlers.onData({ id: '7', data: ev(7) });
    expect(events.map((e) => e.id)).toEqual([7]);
  });

  it('shows disconnected while the EventSource reconnects by itself, connected again when the server confirms (a replay)', () => {
    const { server, statuses, connected } = setup();
    const sub = server.last().handlers;
    sub.onStarted();
    sub.onData({ id: '3', data: ev(3) });
    sub.onConnectionStateChange({ state: 'connecting', error: new Error('stream dropped') });
    expect(statuses.at(-1)).toBe('disconnected');
    sub.onStarted();
    expect(statuses.at(-1)).toBe('connected');
    expect(connected.at(-1)).toEqual({ resumed: true, replayed: true });
    expect(server.calls).toHaveLength(1);
  });

  it('after a failure opens a new subscription with growing delays, resuming from the last event id', () => {
    const { server, clock, statuses, connected, failures } = setup();
    server.last().handlers.onStarted();
    server.last().handlers.onData({ id: '41', data: ev(41) });
    server.last().handlers.onError(new Error('closed'));
    expect(statuses.at(-1)).toBe('disconnected');
    expect(server.last().closed).toBe(true);
    expect(clock.pendingDelays()).toEqual([1000]);

    clock.advance(1000);
    expect(server.calls).toHaveLength(2);
    expect(server.last().input).toEqual({ lastEventId: '41' });
    // Still not confirmed: stays disconnected (not "connecting"), and the next failure waits longer.
    expect(statuses.at(-1)).toBe('disconnected');
    server.last().handlers.onError(new Error('refused'));
    expect(clock.pendingDelays()).toEqual([2000]);
    clock.advance(2000);
    server.last().handlers.onError(new Error('refused'));
    expect(clock.pendingDelays()).toEqual([4000]);
    clock.advance(4000);

    server.last().handlers.onStarted();
    expect(statuses.at(-1)).toBe('connected');
    expect(connected.at(-1)).toEqual({ resumed: true, replayed: true });
    // Failures in a row are counted for the provider (which checks the session from the second on).
    expect(failures).toEqual([1, 2, 3]);
    // A success resets the delays.
    server.last().handlers.onError(new Error('again'));
    expect(clock.pendingDelays()).toEqual([1000]);
  });

  it('treats the server ending the stream like a failure', () => {
    const { server, clock, statuses } = setup();
    server.last().handlers.onStarted();
    server.last().handlers.onComplete();
    expect(statuses.at(-1)).toBe('disconnected');
    clock.advance(1000);
    expect(server.calls).toHaveLength(2);
  });

  it('ignores whatever a dropped subscription still reports', () => {
    const { server, clock, statuses, events } = setup();
    const first = server.last().handlers;
    first.onError(new Error('x'));
    clock.advance(1000);
    const count = statuses.length;
    first.onStarted();
    first.onData({ id: '1', data: ev(1) });
    first.onError(new Error('late'));
    expect(statuses).toHaveLength(count);
    expect(events).toEqual([]);
    expect(server.calls).toHaveLength(2);
  });

  it('suspends while offline and retries at once when told (back online), without double connections', () => {
    const { server, clock, statuses, connection } = setup();
    server.last().handlers.onStarted();
    connection.retryNow(); // already connected: nothing happens
    expect(server.calls).toHaveLength(1);
    connection.suspend();
    expect(server.last().closed).toBe(true);
    expect(statuses.at(-1)).toBe('disconnected');
    expect(connection.nextAttemptAt()).not.toBeNull();
    connection.retryNow();
    expect(server.calls).toHaveLength(2);
    expect(clock.pendingDelays()).toEqual([]);
    server.last().handlers.onStarted();
    expect(statuses.at(-1)).toBe('connected');
  });

  it('close stops everything: no retry, no status', () => {
    const { server, clock, statuses, connection } = setup();
    server.last().handlers.onError(new Error('x'));
    const count = statuses.length;
    connection.close();
    clock.advance(60_000);
    expect(server.calls).toHaveLength(1);
    expect(statuses).toHaveLength(count);
  });
});
