import { Hono } from 'hono';
import { DomainError } from '../errors';
import { readBody } from '../http/body';
import type { AppEnv } from '../http/env';
import { siteOwnerOrganization } from '../organizations/site-owner';
import { assertSlots, type RateLimit } from '../rate-limit';
import { SITE_ANALYTICS_LIMITS, ZRecordSiteEventsInput } from './schema';
import { recordSiteEvents } from './service';

/** Batches from one client address per minute, counted by the rate-limit kernel (shared by every process, race-free). */
const BATCHES_PER_ADDRESS: RateLimit = { bucket: 'analytics.ip', max: SITE_ANALYTICS_LIMITS.batchesPerMinutePerIp, windowSeconds: 60 };

/** POST /api/analytics/events: the site's batches (fetch or sendBeacon), for the site owner organization; their size limit is in server/body-limits.ts. */
export function createSiteAnalyticsRest() {
  return new Hono<AppEnv>().post('/events', async (c) => {
    const { deps, meta } = c.var;
    await assertSlots(deps.database.db, [{ limit: BATCHES_PER_ADDRESS, key: meta.ip }], () => 'Too many analytics batches from this address; try again later');
    const batch = await readBody(c, ZRecordSiteEventsInput, { notJson: 'The body must be a JSON analytics batch' });
    const owner = await siteOwnerOrganization(deps.database.db, deps.config).catch((error: unknown) => {
      // A server nobody has signed up to yet has no site owner: visits are not kept, and that is no error.
      if (!deps.config.leadsOrganizationId && error instanceof DomainError && error.code === 'UNAVAILABLE') return null;
      throw error;
    });
    if (!owner) return c.json({ stored: 0 }, 202);
    return c.json(await recordSiteEvents({ db: deps.database.forOrganization(owner.id), organizationId: owner.id }, batch), 202);
  });
}
