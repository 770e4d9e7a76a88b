import { sql } from 'kysely';
import type { Db } from '../db';
import { scoped } from '../db/scoped';

export type SiteEventRow = {
  visitorId: string;
  name: string;
  path: string;
  params: Record<string, string | number | boolean>;
  value: number | null;
  currency: string | null;
  referrer: string | null;
  occurredAt: Date;
};

/** One multi-row insert: a batch is stored whole or not at all. */
export async function insertSiteEvents(db: Db, organizationId: string, rows: SiteEventRow[]): Promise<void> {
  await scoped(db, organizationId)
    .insertInto(
      'site_analytics_events',
      rows.map((r) => ({
        visitor_id: r.visitorId,
        name: r.name,
        path: r.path,
        params: JSON.stringify(r.params) as unknown as SiteEventRow['params'],
        value: r.value,
        currency: r.currency,
        referrer: r.referrer,
        occurred_at: r.occurredAt,
      })),
    )
    .execute();
}

type Window = { start: Date; end: Date };

function inWindow(db: Db, organizationId: string, { start, end }: Window) {
  return scoped(db, organizationId).selectFrom('site_analytics_events').where('occurred_at', '>=', start).where('occurred_at', '<', end);
}

export async function siteTotals(db: Db, organizationId: string, window: Window) {
  const row = await inWindow(db, organizationId, window)
    .select([
      sql<number>`count(distinct visitor_id)::int`.as('visitors'),
      sql<number>`count(*) filter (where name = 'page_view')::int`.as('pageViews'),
      sql<number>`count(*) filter (where name <> 'page_view')::int`.as('events'),
      sql<number>`coalesce(sum(value), 0)::float8`.as('value'),
    ])
    .executeTakeFirstOrThrow();
  return row;
}

export async function topPages(db: Db, organizationId: string, window: Window, limit: number) {
  return inWindow(db, organizationId, window)
    .where('name', '=', 'page_view')
    .select(['path', sql<number>`count(*)::int`.as('views'), sql<number>`count(distinct visitor_id)::int`.as('visitors')])
    .groupBy('path')
    .orderBy('views', 'desc')
    .orderBy('path')
    .limit(limit)
    .execute();
}

export async function conversionsByEvent(db: Db, organizationId: string, window: Window) {
  return inWindow(db, organizationId, window)
    .where('name', '<>', 'page_view')
    .select(['name', sql<number>`count(*)::int`.as('count'), sql<number>`coalesce(sum(value), 0)::float8`.as('value')])
    .groupBy('name')
    .orderBy('value', 'desc')
    .orderBy('count', 'desc')
    .orderBy('name')
    .execute();
}

/** Per UTC day: distinct visitors, page views, named events and their value. */
export async function siteByDay(db: Db, organizationId: string, window: Window) {
  return inWindow(db, organizationId, window)
    .select([
      sql<string>`to_char(occurred_at at time zone 'UTC', 'YYYY-MM-DD')`.as('date'),
      sql<number>`count(distinct visitor_id)::int`.as('visitors'),
      sql<number>`count(*) filter (where name = 'page_view')::int`.as('pageViews'),
      sql<number>`count(*) filter (where name <> 'page_view')::int`.as('conversions'),
      sql<number>`coalesce(sum(value), 0)::float8`.as('value'),
    ])
    .groupBy(sql`1`)
    .orderBy(sql`1`)
    .execute();
}
