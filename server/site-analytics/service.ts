import { PERIOD_DAYS } from '../analytics/schema';
import { isPublicPagePath } from '../http/public-routes';
import type { OrgContext } from '../kernel/context';
import { conversionsByEvent, insertSiteEvents, siteByDay, siteTotals, topPages, type SiteEventRow } from './repo';
import type { TRecordSiteEventsInput, TWebsiteReportInput } from './schema';

/** A browser clock further off than this is not trusted: the event is dated when it arrived. */
const CLOCK_SKEW_MS = 24 * 60 * 60 * 1000;
const DAY_MS = 86_400_000;
const TOP_PAGES = 10;

/**
 * Stores a batch from client/lib/analytics.ts for the site owner organization. Only the public
 * site's pages count: events of any other path (the signed-in app's /pipeline, /contacts, …, or no
 * page at all) are ignored, whoever sent them. The public door has no caller, hence only the
 * organization and its database.
 */
export async function recordSiteEvents(ctx: Pick<OrgContext, 'db' | 'organizationId'>, input: TRecordSiteEventsInput, now = new Date()): Promise<{ stored: number }> {
  const events = input.events.filter((e) => isPublicPagePath(e.path));
  if (events.length === 0) return { stored: 0 };
  const rows: SiteEventRow[] = events.map((e) => {
    const at = new Date(e.at);
    const value = typeof e.params.value === 'number' ? e.params.value : null;
    return {
      visitorId: input.visitorId,
      name: e.name,
      path: e.path,
      params: e.params,
      value,
      currency: value !== null && typeof e.params.currency === 'string' ? e.params.currency.slice(0, 3).toUpperCase() : null,
      referrer: input.referrer ?? null,
      occurredAt: Math.abs(at.getTime() - now.getTime()) > CLOCK_SKEW_MS ? now : at,
    };
  });
  await insertSiteEvents(ctx.db, ctx.organizationId, rows);
  return { stored: rows.length };
}

export type WebsiteReport = {
  from: string;
  to: string;
  visitors: number;
  pageViews: number;
  conversions: number;
  conversionValue: number;
  topPages: { path: string; views: number; visitors: number }[];
  byEvent: { name: string; count: number; value: number }[];
  byDay: { date: string; visitors: number; pageViews: number; conversions: number; value: number }[];
};

/** The Reports page's Website section: the last N whole UTC days, today included. */
export async function getWebsiteReport(ctx: OrgContext, input: TWebsiteReportInput, now = new Date()): Promise<WebsiteReport> {
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + DAY_MS);
  const start = new Date(end.getTime() - PERIOD_DAYS[input.period] * DAY_MS);
  const window = { start, end };
  const [totals, pages, byEvent, byDay] = await Promise.all([
    siteTotals(ctx.db, ctx.organizationId, window),
    topPages(ctx.db, ctx.organizationId, window, TOP_PAGES),
    conversionsByEvent(ctx.db, ctx.organizationId, window),
    siteByDay(ctx.db, ctx.organizationId, window),
  ]);
  return {
    from: start.toISOString().slice(0, 10),
    to: new Date(end.getTime() - DAY_MS).toISOString().slice(0, 10),
    visitors: totals.visitors,
    pageViews: totals.pageViews,
    conversions: totals.events,
    conversionValue: totals.value,
    topPages: pages,
    byEvent,
    byDay,
  };
}
