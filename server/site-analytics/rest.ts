import { Hono } from 'hono';
import { DomainError, parseInput } from '../errors';
import type { AppEnv } from '../http/env';
import { siteOwnerOrganization } from '../organizations/site-owner';
import { SITE_ANALYTICS_LIMITS, ZRecordSiteEventsInput } from './schema';
import { recordSiteEvents } from './service';

const WINDOW_MS = 60_000;

/** Fixed one-minute windows per IP address, in this process's memory (analytics needs no stricter count). */
export function createRateLimiter(limit: number, windowMs = WINDOW_MS) {
  const windows = new Map<string, { start: number; count: number }>();
  return (key: string, now = Date.now()): { ok: true } | { ok: false; retryAfter: number } => {
    const current = windows.get(key);
    if (!current || now - current.start >= windowMs) {
      if (windows.size > 10_000) for (const [k, w] of windows) if (now - w.start >= windowMs) windows.delete(k);
      windows.set(key, { start: now, count: 1 });
      return { ok: true };
    }
    current.count += 1;
    if (current.count <= limit) return { ok: true };
    return { ok: false, retryAfter: Math.max(1, Math.ceil((current.start + windowMs - now) / 1000)) };
  };
}

/** POST /api/analytics/events: the site's batches (fetch or sendBeacon), for the site owner organization; their size limit is in http/body-limit.ts. */
export function createSiteAnalyticsRest() {
  const allow = createRateLimiter(SITE_ANALYTICS_LIMITS.batchesPerMinutePerIp);
  return new Hono<AppEnv>().post(
    '/events',
    async (c) => {
      const { deps, meta } = c.var;
      const verdict = allow(meta.ip);
      if (!verdict.ok) throw new DomainError('TOO_MANY_REQUESTS', 'Too many analytics batches from this address; try again later', { retryAfter: verdict.retryAfter });
      let body: unknown;
      try {
        body = JSON.parse(await c.req.text());
      } catch {
        throw new DomainError('VALIDATION', 'The body must be a JSON analytics batch');
      }
      const owner = await siteOwnerOrganization(deps.database.db, deps.config).catch((error: unknown) => {
        // A server nobody has signed up to yet has no site owner: visits are not kept, and that is no error.
        if (!deps.config.leadsOrganizationId && error instanceof DomainError && error.code === 'UNAVAILABLE') return null;
        throw error;
      });
      if (!owner) {
        parseInput(ZRecordSiteEventsInput, body);
        return c.json({ stored: 0 }, 202);
      }
      const result = await recordSiteEvents({ db: deps.database.db, organizationId: owner.id }, body);
      return c.json(result, 202);
    },
  );
}
