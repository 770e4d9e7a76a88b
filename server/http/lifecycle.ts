/**
 * Where this process is in its life — what `/api/health/ready` reports — and the requests it is
 * answering, so a graceful stop can wait for them (issue #22).
 */
import type { ServerResponse } from 'node:http';
import type { MiddlewareHandler } from 'hono';

export type LifecyclePhase = 'migrating' | 'seeding' | 'serving' | 'draining';

const NOT_READY: Record<Exclude<LifecyclePhase, 'serving'>, string> = {
  migrating: 'Applying database migrations',
  seeding: 'Creating the demo workspace',
  draining: 'Shutting down: finishing the requests in flight',
};

export type Lifecycle = {
  readonly phase: LifecyclePhase;
  /** Why the process does not take traffic now, or undefined while it serves. */
  readonly notReadyReason: string | undefined;
  enter(phase: LifecyclePhase): void;
  /** Aborted when draining starts: open event streams end with a reconnect hint. */
  readonly draining: AbortSignal;
  /** Requests answered now, event streams excepted (they end when draining starts). */
  readonly inFlight: number;
  /** Resolves once no request is in flight. */
  idle(): Promise<void>;
  /** Counts each request from its start until its response has been written (or its socket closed). */
  tracker: MiddlewareHandler;
};

export function createLifecycle(initial: LifecyclePhase = 'serving'): Lifecycle {
  let phase = initial;
  let inFlight = 0;
  const drain = new AbortController();
  let waiters: (() => void)[] = [];
  const done = () => {
    inFlight -= 1;
    if (inFlight > 0) return;
    for (const wake of waiters) wake();
    waiters = [];
  };
  return {
    get phase() {
      return phase;
    },
    get notReadyReason() {
      return phase === 'serving' ? undefined : NOT_READY[phase];
    },
    enter(next) {
      phase = next;
      if (next === 'draining') drain.abort();
    },
    draining: drain.signal,
    get inFlight() {
      return inFlight;
    },
    idle: () => (inFlight === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve))),
    async tracker(c, next) {
      // EventSource always asks for text/event-stream; those streams are ended, not waited for.
      if (c.req.header('accept')?.includes('text/event-stream')) return next();
      inFlight += 1;
      const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
      // On a socket the count drops once the response's last byte is written, not when the handler returns.
      if (outgoing) outgoing.once('close', done);
      try {
        await next();
      } finally {
        if (!outgoing) done();
      }
    },
  };
}
