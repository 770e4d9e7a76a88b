import type { RealtimeFrame } from '../../../server/events/types';
import type { ConnectionStatus } from '../../state/realtime';

/**
 * One realtime connection that stays up: the tRPC subscription `realtime.events` (SSE through
 * httpSubscriptionLink), opened again with a growing delay when it fails, resumed from the last
 * event id so the server replays what was missed. While the browser's own EventSource reconnects
 * (a dropped stream) the status is 'disconnected' too, until the server confirms the stream again.
 */

/** The subset of the tRPC subscription observer this uses (see TRPCSubscriptionObserver). */
export type SubscriptionHandlers = {
  onStarted: () => void;
  onData: (tracked: { id: string; data: RealtimeFrame }) => void;
  onError: (error: unknown) => void;
  onComplete: () => void;
  onConnectionStateChange: (state: { state: 'idle' | 'connecting' | 'pending'; error: unknown }) => void;
};

export type Subscribe = (input: { lastEventId: string } | undefined, handlers: SubscriptionHandlers) => { unsubscribe: () => void };

export type ConnectionCallbacks = {
  onStatus: (status: ConnectionStatus) => void;
  onEvent: (event: RealtimeFrame) => void;
  /**
   * The server confirmed the stream. `resumed`: it had been up before in this page (a reconnect);
   * `replayed`: the server was told the last event seen, so it sends what was missed.
   */
  onConnected: (info: { resumed: boolean; replayed: boolean }) => void;
  /** An attempt failed; `failures` in a row so far (the provider checks whether the session still exists). */
  onFailure?: (failures: number) => void;
};

export const BACKOFF_BASE_MS = 1000;
export const BACKOFF_MAX_MS = 30_000;

/** Delay before attempt n (1-based) after a failure: 1 s, 2 s, 4 s … up to 30 s, ±20 % jitter. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const exponent = Math.max(0, Math.min(attempt - 1, 20));
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** exponent);
  return Math.round(base * (0.8 + 0.4 * random()));
}

export type RealtimeConnection = {
  /** Connect now (e.g. the browser came back online), forgetting the pending delay. */
  retryNow: () => void;
  /** Drop the stream because the network is gone; it is opened again by retryNow or the backoff. */
  suspend: () => void;
  /** When the next attempt is due (ms since epoch), or null when none is waiting. */
  nextAttemptAt: () => number | null;
  close: () => void;
};

type Timers = { setTimeout: (fn: () => void, ms: number) => unknown; clearTimeout: (handle: unknown) => void; now: () => number };
const realTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
};

export function openRealtimeConnection(subscribe: Subscribe, callbacks: ConnectionCallbacks, options: { timers?: Timers; random?: () => number; suspendedRetryMs?: number } = {}): RealtimeConnection {
  const timers = options.timers ?? realTimers;
  let closed = false;
  let everConnected = false;
  let lastEventId: string | undefined;
  let failures = 0;
  let timer: unknown = null;
  let dueAt: number | null = null;
  let current: { unsubscribe: () => void; alive: boolean } | null = null;
  let status: ConnectionStatus | null = null;

  const setStatus = (next: ConnectionStatus) => {
    if (next === status) return;
    status = next;
    callbacks.onStatus(next);
  };

  const clearTimer = () => {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
    dueAt = null;
  };

  const drop = () => {
    if (!current) return;
    const sub = current;
    current = null;
    sub.alive = false;
    sub.unsubscribe();
  };

  const schedule = (ms: number) => {
    clearTimer();
    dueAt = timers.now() + ms;
    timer = timers.setTimeout(() => {
      timer = null;
      dueAt = null;
      open();
    }, ms);
  };

  const fail = () => {
    drop();
    if (closed) return;
    setStatus('disconnected');
    failures += 1;
    schedule(backoffDelay(failures, options.random));
    callbacks.onFailure?.(failures);
  };

  function open() {
    if (closed) return;
    clearTimer();
    drop();
    setStatus(everConnected || failures > 0 ? 'disconnected' : 'connecting');
    const resumeFrom = lastEventId;
    const sub = { alive: true, unsubscribe: () => {} };
    current = sub;
    const handle = subscribe(resumeFrom ? { lastEventId: resumeFrom } : undefined, {
      onStarted() {
        if (!sub.alive) return;
        failures = 0;
        const resumed = everConnected;
        everConnected = true;
        setStatus('connected');
        // The browser's own reconnect sends Last-Event-ID, so it is a replay whenever an event was seen.
        callbacks.onConnected({ resumed, replayed: lastEventId !== undefined });
      },
      onData(tracked) {
        if (!sub.alive) return;
        if (tracked.id) lastEventId = tracked.id;
        callbacks.onEvent(tracked.data);
      },
      onConnectionStateChange(state) {
        if (!sub.alive) return;
        // 'connecting' after the stream was up (or with an error): the EventSource is reconnecting by itself.
        if (state.state === 'connecting' && (state.error || status === 'connected')) setStatus('disconnected');
      },
      onError() {
        if (!sub.alive) return;
        fail();
      },
      onComplete() {
        if (!sub.alive) return;
        // The server ended the stream (e.g. it is shutting down): open it again.
        fail();
      },
    });
    sub.unsubscribe = () => handle.unsubscribe();
    // A subscribe that failed synchronously may already have dropped it.
    if (!sub.alive) handle.unsubscribe();
  }

  open();

  return {
    retryNow() {
      if (closed || (current && status === 'connected')) return;
      failures = 0;
      open();
    },
    suspend() {
      if (closed) return;
      drop();
      setStatus('disconnected');
      // Offline: try again now and then anyway; coming back online retries at once.
      schedule(options.suspendedRetryMs ?? BACKOFF_MAX_MS);
    },
    nextAttemptAt: () => dueAt,
    close() {
      closed = true;
      clearTimer();
      drop();
    },
  };
}
