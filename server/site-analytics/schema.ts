import { z } from 'zod';
import { isoDateTime } from '../input/schema';
import { DEFAULT_PERIOD, ZPeriod } from '../analytics/schema';

/** Limits of POST /api/analytics/events (client/lib/analytics.ts sends at most 20 events a batch). */
export const SITE_ANALYTICS_LIMITS = {
  maxEventsPerBatch: 50,
  maxBodyBytes: 64 * 1024,
  maxParamsPerEvent: 20,
  /** Batches accepted from one IP address per minute (generous: an office or school is often one address). */
  batchesPerMinutePerIp: 300,
} as const;

const ZParamValue = z.union([z.string().max(500, 'must be at most 500 characters'), z.number().finite(), z.boolean()]);

export const ZSiteAnalyticsEvent = z
  .object({
    name: z.string().regex(/^[a-z][a-z0-9_]{0,63}$/, 'must be a snake_case event name of at most 64 characters'),
    path: z.string().startsWith('/', 'must start with /').max(512, 'must be at most 512 characters'),
    params: z
      .record(z.string().max(64, 'names must be at most 64 characters'), ZParamValue)
      .refine((p) => Object.keys(p).length <= SITE_ANALYTICS_LIMITS.maxParamsPerEvent, `must have at most ${SITE_ANALYTICS_LIMITS.maxParamsPerEvent} parameters`)
      .default({}),
    at: isoDateTime({ offset: true, error: 'must be an ISO date-time' }),
  })
  .strict();

/** The batch client/lib/analytics.ts sends. */
export const ZRecordSiteEventsInput = z
  .object({
    visitorId: z.string().min(1, 'is required').max(64, 'must be at most 64 characters'),
    referrer: z.string().max(1024, 'must be at most 1024 characters').optional(),
    events: z.array(ZSiteAnalyticsEvent).min(1, 'must hold at least one event').max(SITE_ANALYTICS_LIMITS.maxEventsPerBatch, `must hold at most ${SITE_ANALYTICS_LIMITS.maxEventsPerBatch} events`),
  })
  .strict();
export type TRecordSiteEventsInput = z.output<typeof ZRecordSiteEventsInput>;

export const ZWebsiteReportInput = z
  .object({ period: ZPeriod.default(DEFAULT_PERIOD) })
  .strict()
  .prefault({});
export type TWebsiteReportInput = z.output<typeof ZWebsiteReportInput>;

/** How many of the batch's events were kept (only public pages' are). */
export const ZSiteEventsStored = z.strictObject({ stored: z.number().int() });
