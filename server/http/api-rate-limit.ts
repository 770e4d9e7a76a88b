import { createMiddleware } from 'hono/factory';
import { takeTokens, tooManyRequests, waitText, type TokenBucket } from '../rate-limit';
import { authOf } from './auth';
import type { AppEnv } from './env';

const perMinute = (name: string, limit: number): TokenBucket => ({ name, capacity: limit, refillPerSecond: limit / 60 });

export const apiRateLimitMessage = (limit: number, retryAfter: number) => `Rate limit reached: at most ${limit} API requests per minute. Retry in ${waitText(retryAfter)}.`;

/**
 * Rate limits of /api/v1 (issue #19): a token bucket per API key and one per organization, in the
 * database every process shares (server/rate-limit/token-bucket.ts). Every answer says where the
 * caller stands (`RateLimit-Limit`, `-Remaining`, `-Reset`, the IETF httpapi draft's fields, for the
 * tighter bucket); a request with no token left is refused 429 with `Retry-After` before it runs.
 * Callers outside an organization are left to the route, which refuses them in its own words.
 */
export const apiRateLimit = createMiddleware<AppEnv>(async (c, next) => {
  const auth = await authOf(c);
  if (!auth?.organization) return next();
  const { perKey, perOrganization } = c.var.deps.config.apiRateLimit;
  const buckets = [perMinute(`api:org:${auth.organization.id}`, perOrganization)];
  if (auth.apiKey) buckets.push(perMinute(`api:key:${auth.apiKey.id}`, perKey));
  const verdict = await takeTokens(c.var.deps.database.db, buckets);
  c.header('RateLimit-Limit', String(verdict.limit));
  c.header('RateLimit-Remaining', String(verdict.remaining));
  c.header('RateLimit-Reset', String(verdict.resetSeconds));
  if (!verdict.ok) throw tooManyRequests(apiRateLimitMessage(verdict.limit, verdict.retryAfter), verdict.retryAfter);
  return next();
});
