import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '../../../server/db';
import { publishEvent } from '../../../server/events/publish';
import { percentile } from './common';

/**
 * The realtime bench's events: contact_updated (every member may see it, and it raises no
 * notification rows, so what is measured is the fan-out), each carrying the run, its sequence
 * number and the moment it was published.
 */
export const BENCH_EVENT_TYPE = 'contact_updated';

/**
 * Microseconds on the system's monotonic clock (CLOCK_MONOTONIC, the same in every process on the
 * machine): a publisher in one process and subscribers in another compare these directly.
 */
export function monotonicMicros(): number {
  return Number(process.hrtime.bigint() / 1000n);
}

export type PublishOptions = {
  organizationId: string;
  runId: string;
  count: number;
  ratePerSecond: number;
  /** Stop early after this long (a publisher sharing a saturated event loop falls far behind). */
  maxSeconds: number;
};

export type PublishResult = {
  /** Events published: `count`, unless maxSeconds ran out first. */
  published: number;
  /** Wall time of the whole series. */
  seconds: number;
  /** How late the publisher started an event against its schedule (its own event loop was busy). */
  lagP50Ms: number;
  lagMaxMs: number;
  /** Time one publishEvent transaction took (insert, NOTIFY, commit), as the publisher saw it. */
  commitP50Ms: number;
  commitP99Ms: number;
};

/**
 * Publishes `count` events one after another at a fixed rate (fewer if maxSeconds runs out), each
 * in its own transaction through the app's publishEvent (the row, then NOTIFY on commit). The
 * timestamp in the payload is taken just before the transaction opens, so delivery latency
 * includes the commit.
 */
export async function publishSeries(db: Db, options: PublishOptions): Promise<PublishResult> {
  const intervalMs = 1000 / options.ratePerSecond;
  const lags: number[] = [];
  const commits: number[] = [];
  const started = performance.now();
  let seq = 0;
  for (; seq < options.count; seq++) {
    if (performance.now() - started > options.maxSeconds * 1000) break;
    const due = started + seq * intervalMs;
    const wait = due - performance.now();
    // Behind schedule, still one publish per turn of the event loop, as separate requests would be:
    // on PGlite every query resolves without I/O, so back-to-back publishes would hold the loop.
    if (wait > 1) await sleep(wait);
    else await new Promise((resolve) => setImmediate(resolve));
    const begin = performance.now();
    lags.push(Math.max(0, begin - due));
    const payload = { bench: options.runId, seq, t: monotonicMicros() };
    await db.transaction().execute((trx) => publishEvent(trx, { organizationId: options.organizationId, type: BENCH_EVENT_TYPE, payload, actorUserId: null }));
    commits.push(performance.now() - begin);
  }
  const seconds = (performance.now() - started) / 1000;
  lags.sort((a, b) => a - b);
  commits.sort((a, b) => a - b);
  return {
    published: seq,
    seconds,
    lagP50Ms: percentile(lags, 50),
    lagMaxMs: lags.at(-1) ?? 0,
    commitP50Ms: percentile(commits, 50),
    commitP99Ms: percentile(commits, 99),
  };
}
