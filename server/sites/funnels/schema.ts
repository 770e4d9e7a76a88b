import { z } from 'zod';
import { isoDate } from '../../input/schema';

/** Funnels' rules (issue #20), shared by the tRPC and REST doors and the client's forms. */

export const FUNNEL_LIMITS = { name: 120, steps: 20, variants: 6, weight: 1000, rangeDays: 366 } as const;

const id = (what: string) => z.uuid(`must be ${what} id`);
const name = z.string({ error: 'is required' }).trim().min(1, 'is required').max(FUNNEL_LIMITS.name, `must be at most ${FUNNEL_LIMITS.name} characters`);

export const ZFunnelIdInput = z.strictObject({ funnelId: id('a funnel') });

/** A date range in UTC days, both ends included; from ≤ to, at most a year. */
const ZRangeFields = {
  from: isoDate('must be a date (YYYY-MM-DD)').optional(),
  to: isoDate('must be a date (YYYY-MM-DD)').optional(),
};
const rangeRule = <T extends { from?: string; to?: string }>(s: z.ZodType<T>) =>
  s.superRefine((v, ctx) => {
    if (v.from && v.to && v.from > v.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must be on or after from' });
    if (v.from && v.to && (Date.parse(v.to) - Date.parse(v.from)) / 86_400_000 >= FUNNEL_LIMITS.rangeDays)
      ctx.addIssue({ code: 'custom', path: ['to'], message: `must be at most ${FUNNEL_LIMITS.rangeDays} days after from` });
  });

export const ZListFunnelsInput = rangeRule(z.strictObject(ZRangeFields));
export const ZFunnelStatsInput = rangeRule(z.strictObject({ funnelId: id('a funnel'), ...ZRangeFields }));
/** `GET /api/v1/funnels/{id}/stats`'s query. */
export const ZFunnelStatsQuery = rangeRule(z.strictObject(ZRangeFields));

export const ZCreateFunnelInput = z.strictObject({
  siteId: id('a site'),
  name,
  /** A FUNNEL_TEMPLATES id: its pages are created in the site as drafts, one step each. */
  templateId: z.string().trim().max(60).optional(),
});
export const ZRenameFunnelInput = z.strictObject({ funnelId: id('a funnel'), name });
export const ZAddStepInput = z.strictObject({ funnelId: id('a funnel'), pageId: id('a page'), name: name.optional() });
export const ZMoveStepInput = z.strictObject({
  stepId: id('a step'),
  position: z
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be at least 0')
    .max(FUNNEL_LIMITS.steps - 1, `must be at most ${FUNNEL_LIMITS.steps - 1}`),
});
export const ZStepIdInput = z.strictObject({ stepId: id('a step') });
export const ZAddVariantInput = z.strictObject({ stepId: id('a step'), pageId: id('a page') });
export const ZSetWeightsInput = z.strictObject({
  stepId: id('a step'),
  weights: z
    .array(
      z.strictObject({
        variantId: id('a variant'),
        weight: z.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'must be at least 0').max(FUNNEL_LIMITS.weight, `must be at most ${FUNNEL_LIMITS.weight}`),
      }),
    )
    .min(1, 'must name at least one variant')
    .max(FUNNEL_LIMITS.variants, `must have at most ${FUNNEL_LIMITS.variants} variants`)
    .refine((ws) => ws.reduce((s, w) => s + w.weight, 0) > 0, 'must add up to more than 0'),
});
/** variantId null: no winner, back to the weights. */
export const ZDeclareWinnerInput = z.strictObject({ stepId: id('a step'), variantId: id('a variant').nullable() });

const count = z.number().int();
const rate = z.number().meta({ description: '0–1' });
const ZDay = z.strictObject({ day: z.string(), visitors: count, optIns: count });

export const ZVariantStats = z.strictObject({
  variantId: z.uuid(),
  pageId: z.uuid(),
  pageTitle: z.string(),
  control: z.boolean(),
  weight: count,
  winner: z.boolean(),
  visitors: count.meta({ description: 'Unique visitors: one per day per visitor (the daily salted hash)' }),
  optIns: count,
  optInRate: rate,
  purchases: count,
  revenueCents: count,
  revenuePerVisitorCents: z.number(),
  /** Two-proportion z-test of the opt-in rate against the control; null for the control or too few visitors. */
  pValue: z.number().nullable(),
  significant: z.boolean(),
  /** The variant's visitors and opt-ins per day that had any (the chart of the variants over the period). */
  daily: z.array(ZDay),
});

export const ZStepStats = z.strictObject({
  stepId: z.uuid(),
  position: count,
  name: z.string(),
  pageId: z.uuid(),
  visitors: count,
  optIns: count,
  optInRate: rate,
  /** Visitors of this step seen at the next step the same day; null for the last step. */
  converted: count.nullable(),
  conversionRate: rate.nullable(),
  purchases: count,
  revenueCents: count.meta({ description: 'Paid orders of Payment blocks on this step, in the minor unit of `currencies`' }),
  revenuePerVisitorCents: z.number(),
  variants: z.array(ZVariantStats),
  daily: z.array(ZDay),
});

export const ZFunnelStats = z.strictObject({
  funnelId: z.uuid(),
  from: z.string(),
  to: z.string(),
  /** The currencies of the orders counted in revenue (ISO 4217, lower case): one, or none before the first sale; several only if the payment blocks differ. */
  currencies: z.array(z.string()).meta({ description: 'The currencies (ISO 4217, lower case) of the paid orders counted in revenue; revenue figures are in their minor unit' }),
  steps: z.array(ZStepStats),
});

export type TFunnelStats = z.output<typeof ZFunnelStats>;
