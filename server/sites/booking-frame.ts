import { createMiddleware } from 'hono/factory';
import { bookingHandleOwner } from '../calendars/repo';
import type { AppDeps } from '../deps';
import { scoped } from '../db/scoped';
import type { AppEnv } from '../http/env';
import { BOOKING_EMBED_PARAM } from './blocks/embed';

/**
 * The booking page as a Booking calendar block frames it (/book/<handle>/<calendar>?embed=1, see
 * ./blocks/components/booking.tsx) may be framed by the product's own origin (the /s/<handle> pages)
 * and by the verified custom domains of the organization the handle names; every other page, and
 * this one without `embed=1`, by none (docs/decisions/053-booking-page-frame.md).
 */

/** Where a verified domain's pages are: PUBLIC_URL's scheme and port (an http source also matches https). */
const domainOrigin = (publicUrl: string, domain: string) => {
  const { protocol, port } = new URL(publicUrl);
  return `${protocol}//${domain}${port ? `:${port}` : ''}`;
};

/** The frame-ancestors sources of a booking page by handle; undefined for a handle no organization has. */
export async function bookingFrameAncestors(deps: AppDeps, handle: string): Promise<string[] | undefined> {
  const owner = await bookingHandleOwner(deps.database.db, handle);
  if (!owner) return undefined;
  const domains = await scoped(deps.database.forOrganization(owner.id), owner.id).selectFrom('site_domains').select('domain').where('verified_at', 'is not', null).orderBy('domain').execute();
  return ["'self'", ...domains.map((d) => domainOrigin(deps.config.publicUrl, d.domain))];
}

/** On GET /book/:handle/:calendar?embed=1, lets the page's policy allow those ancestors (server/http/security-headers.ts applies them). */
export const bookingFrame = createMiddleware<AppEnv>(async (c, next) => {
  if (c.req.query(BOOKING_EMBED_PARAM) === '1') {
    const ancestors = await bookingFrameAncestors(c.var.deps, c.req.param('handle') ?? '');
    if (ancestors) c.set('frameAncestors', ancestors);
  }
  await next();
});

/** The path bookingFrame is mounted on. */
export const BOOKING_PAGE_ROUTE = '/book/:handle/:calendar';
