import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db';
import { DomainError } from '../errors';

/**
 * The one rate-limit kernel every database-backed limit goes through (public leads, website chat,
 * site analytics, sign-up, password change; sign-in's failure counts take the same locks,
 * server/auth/throttle.ts). A limit lets `max` requests per key through within a sliding window of
 * `windowSeconds`; its numbers are defined once, by the domain that owns it.
 *
 * Race-free: the hits of a key are counted and the new one recorded inside one transaction that
 * holds an advisory lock on the key (`pg_advisory_xact_lock`, on Postgres and PGlite alike), so N
 * simultaneous requests let exactly `max` through, in one process or across many.
 */
export type RateLimit = {
  /** Names the limit in the hits table, e.g. 'leads.ip'. */
  bucket: string;
  max: number;
  windowSeconds: number;
};

export type Slot = { limit: RateLimit; key: string };

export type Verdict = { ok: true } | { ok: false; retryAfter: number };

/** A 64-bit advisory-lock id for a name (the first 8 bytes of its SHA-256), as decimal text. */
export function lockIdOf(name: string): string {
  return createHash('sha256').update(name).digest().readBigInt64BE(0).toString();
}

/**
 * Takes transaction-scoped advisory locks on every name, in one global order (ascending id), so
 * callers locking several names never deadlock one another. Released at commit or rollback.
 */
export async function lockNames(trx: Db, names: readonly string[]): Promise<void> {
  const ids = [...new Set(names.map(lockIdOf))].map(BigInt).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  for (const id of ids) await sql`select pg_advisory_xact_lock(${id.toString()}::bigint)`.execute(trx);
}

/** Whole seconds until a moment (at least 1), for Retry-After. */
export const secondsUntil = (seconds: number | string | null | undefined): number => Math.max(1, Math.ceil(Number(seconds ?? 1)));

let takes = 0;
const PRUNE_EVERY = 100;

/**
 * Takes one request's place in every limit named, or in none: under advisory locks on each
 * (bucket, key) it counts the hits still in each window and, when every limit has room, records a
 * hit in each. Otherwise answers how long until the fullest window frees a place.
 */
export async function takeSlots(db: Db, slots: readonly Slot[]): Promise<Verdict> {
  const verdict = await db.transaction().execute(async (trx): Promise<Verdict> => {
    await lockNames(
      trx,
      slots.map((s) => `rate:${s.limit.bucket}:${s.key}`),
    );
    let retryAfter = 0;
    for (const { limit, key } of slots) {
      const row = await trx
        .selectFrom('rate_limit_hits')
        .select([(eb) => eb.fn.countAll<number>().as('n'), sql<number | null>`extract(epoch from min(expires_at) - now())::float8`.as('frees_in')])
        .where('bucket', '=', limit.bucket)
        .where('key', '=', key)
        .where('expires_at', '>', sql<Date>`now()`)
        .executeTakeFirstOrThrow();
      if (Number(row.n) >= limit.max) retryAfter = Math.max(retryAfter, secondsUntil(row.frees_in));
    }
    if (retryAfter > 0) return { ok: false, retryAfter };
    await trx
      .insertInto('rate_limit_hits')
      .values(slots.map(({ limit, key }) => ({ bucket: limit.bucket, key, expires_at: sql<Date>`now() + make_interval(secs => ${limit.windowSeconds})` })))
      .execute();
    return { ok: true };
  });
  if (++takes % PRUNE_EVERY === 0) await pruneExpiredHits(db);
  return verdict;
}

/** Takes one place in every limit named, or throws TOO_MANY_REQUESTS (429 with Retry-After) with the caller's message. */
export async function assertSlots(db: Db, slots: readonly Slot[], message: (retryAfter: number) => string): Promise<void> {
  const verdict = await takeSlots(db, slots);
  if (!verdict.ok) throw tooManyRequests(message(verdict.retryAfter), verdict.retryAfter);
}

export function tooManyRequests(message: string, retryAfter: number): DomainError {
  return new DomainError('TOO_MANY_REQUESTS', message, { retryAfter });
}

/** "30 seconds", "a minute", "15 minutes": how a message says a Retry-After. */
export function waitText(retryAfter: number): string {
  if (retryAfter < 60) return `${retryAfter} second${retryAfter === 1 ? '' : 's'}`;
  const minutes = Math.ceil(retryAfter / 60);
  return minutes === 1 ? 'a minute' : `${minutes} minutes`;
}

/** Deletes hits that no longer count, a batch at a time, skipping rows another transaction holds. */
export async function pruneExpiredHits(db: Db): Promise<void> {
  await db
    .deleteFrom('rate_limit_hits')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('rate_limit_hits')
        .select('id')
        .where('expires_at', '<=', sql<Date>`now()`)
        .limit(1000)
        .forUpdate()
        .skipLocked(),
    )
    .execute();
}

export { takeTokens, type TokenBucket, type BucketVerdict } from './token-bucket';
