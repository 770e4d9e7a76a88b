import { sql } from 'kysely';
import type { Db } from '../db';

/** A token bucket: holds up to `capacity` tokens, refilled continuously at `refillPerSecond`; a request spends one. */
export type TokenBucket = { name: string; capacity: number; refillPerSecond: number };

/**
 * What a take answers, for the most constrained bucket (the one with the fewest tokens left): its
 * capacity, the whole tokens left after this request, the seconds until it is full again, and — when
 * refused — the seconds until it holds a token.
 */
export type BucketVerdict = { ok: boolean; limit: number; remaining: number; resetSeconds: number; retryAfter: number };

/**
 * Spends one token from every bucket named, or from none, in ONE statement (the function
 * rate_buckets_take, db/migrations/2026_12_01_300_rate_bucket_take.ts): each bucket's row is
 * refilled for the time since its last refill and locked, in one order of names so two takes never
 * deadlock; only when every bucket holds a whole token is one taken from each. The rows stay locked
 * only while the function runs, and its commit does not wait for the disk: every request of an
 * organization takes its bucket. Runs as a statement of its own, never inside a transaction (whose
 * commit would then not wait for the disk either).
 */
export async function takeTokens(db: Db, buckets: readonly TokenBucket[]): Promise<BucketVerdict> {
  const ordered = [...buckets].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const { rows } = await sql<{ levels: number[]; taken: boolean }>`
    select levels, taken from rate_buckets_take(
      ${ordered.map((b) => b.name)}::text[], ${ordered.map((b) => b.capacity)}::float8[], ${ordered.map((b) => b.refillPerSecond)}::float8[])
  `.execute(db);
  const { levels, taken: ok } = rows[0]!;
  const tightest = ordered.map((bucket, i) => ({ bucket, tokens: Number(levels[i]) })).reduce((a, b) => (b.tokens < a.tokens ? b : a));
  const { capacity, refillPerSecond } = tightest.bucket;
  return {
    ok,
    limit: capacity,
    remaining: Math.max(0, Math.floor(tightest.tokens)),
    resetSeconds: Math.ceil((capacity - tightest.tokens) / refillPerSecond),
    retryAfter: ok ? 0 : Math.max(1, Math.ceil((1 - tightest.tokens) / refillPerSecond)),
  };
}
