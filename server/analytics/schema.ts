import { z } from 'zod';

/** Shared by the server's doors and the client's forms: each rule written once. */

export const PERIODS = ['7d', '30d', '90d', '1y'] as const;
export type TPeriod = (typeof PERIODS)[number];
/** Calendar days (in the organization's time zone, today included) each preset covers. */
export const PERIOD_DAYS: Record<TPeriod, number> = { '7d': 7, '30d': 30, '90d': 90, '1y': 365 };
export const DEFAULT_PERIOD: TPeriod = '30d';
/** The longest custom range a report accepts, in days (two years). */
export const MAX_RANGE_DAYS = 731;

export const ZPeriod = z.enum(PERIODS, { error: 'must be one of 7d, 30d, 90d, 1y' });

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar date 'YYYY-MM-DD' that exists (no 2026-02-30). */
export const ZDate = z
  .string({ error: 'must be a date in the form YYYY-MM-DD' })
  .regex(DATE_RE, 'must be a date in the form YYYY-MM-DD')
  .refine((value) => isCalendarDate(value), 'must be a real calendar date');

export function isCalendarDate(value: string): boolean {
  if (!DATE_RE.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d && y >= 1970 && y <= 9999;
}

/** Days from `from` to `to`, both 'YYYY-MM-DD', counting both ends. */
export function daysInclusive(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

export const ZDashboardInput = z
  .object({ period: ZPeriod.default(DEFAULT_PERIOD) })
  .strict()
  .prefault({});
export type TDashboardInput = z.output<typeof ZDashboardInput>;

export const ZInsightsInput = ZDashboardInput;
export type TInsightsInput = z.output<typeof ZInsightsInput>;

export const ZTrendsInput = ZDashboardInput;
export type TTrendsInput = z.output<typeof ZTrendsInput>;

export const ZPipelineAnalysisInput = z
  .object({
    period: ZPeriod.default(DEFAULT_PERIOD),
    /** Another pipeline than the organization's default one. */
    pipelineId: z.uuid('must be a pipeline id').optional(),
  })
  .strict()
  .prefault({});
export type TPipelineAnalysisInput = z.output<typeof ZPipelineAnalysisInput>;

export const REPORTS = ['deals-won', 'pipeline', 'lead-sources', 'tasks', 'appointments'] as const;
export type TReportKey = (typeof REPORTS)[number];
export const REPORT_TITLES: Record<TReportKey, string> = {
  'deals-won': 'Deals won',
  pipeline: 'Pipeline by stage',
  'lead-sources': 'Lead sources',
  tasks: 'Task completion',
  appointments: 'Appointment outcomes',
};
export const ZReportKey = z.enum(REPORTS, { error: `must be one of ${REPORTS.join(', ')}` });

/** A preset period or a custom from/to range, as /reports gives it (checked by `checkRange`). */
export const periodRangeShape = { period: ZPeriod.optional(), from: ZDate.optional(), to: ZDate.optional() };

const rangeShape = {
  ...periodRangeShape,
  /** For the pipeline report: another pipeline than the default one. */
  pipelineId: z.uuid('must be a pipeline id').optional(),
};

/** A preset period, or a custom from/to range (both dates, to on or after from, at most two years). */
export function checkRange(value: { period?: string; from?: string; to?: string }, ctx: z.RefinementCtx): void {
  if (value.from === undefined && value.to === undefined) return;
  if (value.period !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['period'], message: 'must not be given together with from/to' });
    return;
  }
  if (value.from === undefined) ctx.addIssue({ code: 'custom', path: ['from'], message: 'is required when to is given' });
  if (value.to === undefined) ctx.addIssue({ code: 'custom', path: ['to'], message: 'is required when from is given' });
  if (value.from === undefined || value.to === undefined || !isCalendarDate(value.from) || !isCalendarDate(value.to)) return;
  const days = daysInclusive(value.from, value.to);
  if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must be on or after from' });
  else if (days > MAX_RANGE_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: `must be at most two years (${MAX_RANGE_DAYS} days) after from` });
}

/** The query string of a CSV export: the report's range without the report key (it is in the path). */
export const ZReportRange = z.object(rangeShape).strict().superRefine(checkRange);
export type TReportRange = z.output<typeof ZReportRange>;

export const ZReportInput = z
  .object({ report: ZReportKey, ...rangeShape })
  .strict()
  .superRefine(checkRange);
export type TReportInput = z.output<typeof ZReportInput>;

// Marketing spend: the input of Customer Acquisition Cost.

export const SPEND_CHANNEL_SUGGESTIONS = ['google ads', 'facebook', 'linkedin', 'event', 'content', 'email', 'other'] as const;

export const ZCurrency = z
  .string({ error: 'must be a three-letter ISO 4217 currency code such as USD' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, 'must be a three-letter ISO 4217 currency code such as USD');

export const ZCreateSpendInput = z
  .object({
    channel: z.string({ error: 'is required' }).trim().min(1, 'is required').max(60, 'must be at most 60 characters'),
    description: z.string().trim().max(500, 'must be at most 500 characters').optional(),
    /** Integer minor units (cents) of the currency. */
    amountMinor: z
      .number({ error: 'must be an amount in minor units (cents)' })
      .int('must be a whole number of minor units (cents)')
      .positive('must be greater than zero')
      .max(1_000_000_000_000, 'must be at most 10,000,000,000.00'),
    /** Defaults to the organization's primary currency. */
    currency: ZCurrency.optional(),
    spentOn: ZDate,
  })
  .strict();
export type TCreateSpendInput = z.output<typeof ZCreateSpendInput>;

export const ZDeleteSpendInput = z.object({ id: z.uuid('must be a spend entry id') }).strict();
export type TDeleteSpendInput = z.output<typeof ZDeleteSpendInput>;

export const ZListSpendInput = z
  .object({
    from: ZDate.optional(),
    to: ZDate.optional(),
    channel: z.string().trim().max(60, 'must be at most 60 characters').optional(),
    page: z.number({ error: 'must be a page number' }).int('must be a whole number').min(1, 'must be at least 1').default(1),
    limit: z.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').max(200, 'must be at most 200').default(50),
  })
  .strict()
  .refine((v) => !v.from || !v.to || v.from <= v.to, { path: ['to'], message: 'must be on or after from' })
  .prefault({});
export type TListSpendInput = z.output<typeof ZListSpendInput>;
