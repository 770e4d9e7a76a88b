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
 * Spends one token from every bucket named, or from none. Each bucket's row is refilled for the time
 * since its last refill and locked (insert … on conflict do update), in one order of names so two
 * takes never deadlock; only when every bucket holds a whole token is one taken from each. Time is
 * read after the lock (clock_timestamp), so a take that waited never refills for time it did not see.
 */
export async function takeTokens(db: Db, buckets: readonly TokenBucket[]): Promise<BucketVerdict> {
  const ordered = [...buckets].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return db.transaction().execute(async (trx) => {
    const levels: { bucket: TokenBucket; tokens: number }[] = [];
    for (const bucket of ordered) {
      const { rows } = await sql<{ tokens: number }>`
        insert into rate_buckets as b (name, tokens, refilled_at) values (${bucket.name}, ${bucket.capacity}, clock_timestamp())
        on conflict (name) do update set
          tokens = least(${bucket.capacity}::float8, b.tokens + greatest(0, extract(epoch from clock_timestamp() - b.refilled_at)) * ${bucket.refillPerSecond}::float8),
          refilled_at = greatest(b.refilled_at, clock_timestamp())
        returning tokens
      `.execute(trx);
      levels.push({ bucket, tokens: Number(rows[0]!.tokens) });
    }
    const ok = levels.every((level) => level.tokens >= 1);
    if (ok) {
      for (const level of levels) level.tokens -= 1;
      await trx
        .updateTable('rate_buckets')
        .set({ tokens: sql`tokens - 1` })
        .where(
          'name',
          'in',
          ordered.map((b) => b.name),
        )
        .execute();
    }
    const tightest = levels.reduce((a, b) => (b.tokens < a.tokens ? b : a));
    const { capacity, refillPerSecond } = tightest.bucket;
    return {
      ok,
      limit: capacity,
      remaining: Math.max(0, Math.floor(tightest.tokens)),
      resetSeconds: Math.ceil((capacity - tightest.tokens) / refillPerSecond),
      retryAfter: ok ? 0 : Math.max(1, Math.ceil((1 - tightest.tokens) / refillPerSecond)),
    };
  });
}
