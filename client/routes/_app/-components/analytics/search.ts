import { z } from 'zod/mini';

/**
 * Search parameters of /app, /analytics and /reports: the period (and on /reports a custom range and
 * the spend list's page) live in the URL, so a reload, the back button or a shared link shows the
 * same figures. A value that breaks its rule is dropped (`z.catch`), never an error screen. zod/mini
 * keeps these out of the first page load; the constants mirror server/analytics/schema.ts (a unit
 * test holds them equal).
 */

export const PERIOD_KEYS = ['7d', '30d', '90d', '1y'] as const;
export type PeriodKey = (typeof PERIOD_KEYS)[number];
export const DEFAULT_PERIOD_KEY: PeriodKey = '30d';
/** The longest custom range the reports accept, in days (two years). */
export const MAX_CUSTOM_DAYS = 731;
/** Marketing spend entries per page on /reports. */
export const SPEND_PAGE_SIZE = 20;

export const PERIOD_LABELS: Record<PeriodKey, { short: string; long: string }> = {
  '7d': { short: '7d', long: 'Last 7 days' },
  '30d': { short: '30d', long: 'Last 30 days' },
  '90d': { short: '90d', long: 'Last 90 days' },
  '1y': { short: '1y', long: 'Last 12 months' },
};

const optional = <T extends z.core.SomeType>(schema: T) => z.catch(z.optional(schema), undefined);
const period = optional(z.enum(PERIOD_KEYS));
const calendarDate = optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)));

/** /app and /analytics: the period, and on /analytics another pipeline than the default one. */
export const ZDashboardSearch = z.object({
  period,
  pipelineId: optional(z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i))),
});
export type DashboardSearch = z.output<typeof ZDashboardSearch>;

/** /reports: a preset period or a custom from/to range, and the marketing spend list's page. */
export const ZReportsSearch = z.object({
  period,
  from: calendarDate,
  to: calendarDate,
  spendPage: optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000))),
});
export type ReportsSearch = z.output<typeof ZReportsSearch>;

/** The period a dashboard shows: the URL's, else 30 days. */
export const periodOf = (search: { period?: PeriodKey | undefined }): PeriodKey => search.period ?? DEFAULT_PERIOD_KEY;

function dayNumber(date: string): number | null {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const t = Date.UTC(y, m - 1, d);
  const back = new Date(t);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== m - 1 || back.getUTCDate() !== d || y < 1970) return null;
  return t / 86_400_000;
}

export type ReportRange = { period: PeriodKey } | { from: string; to: string };

/**
 * The range the reports show: a custom from/to when both are real dates in order and at most two
 * years apart, else the preset period (30 days by default). An unusable custom range in a typed URL
 * falls back to the preset rather than an error screen.
 */
export function reportRangeOf(search: ReportsSearch): ReportRange {
  if (search.from && search.to && search.period === undefined) {
    const from = dayNumber(search.from);
    const to = dayNumber(search.to);
    if (from !== null && to !== null && to >= from && to - from + 1 <= MAX_CUSTOM_DAYS) return { from: search.from, to: search.to };
  }
  return { period: periodOf(search) };
}

/** The query string of a CSV export for the range (the REST door takes the same period or from/to). */
export function rangeQuery(range: ReportRange): string {
  return 'period' in range ? `period=${range.period}` : `from=${range.from}&to=${range.to}`;
}
