import { sql } from 'kysely';
import { CSV_BOM, csvLine } from '../../contacts/csv';
import type { Db } from '../../db';
import { scoped } from '../../db/scoped';
import { loadFunnelSteps } from './repo';
import type { TFunnelStats } from './schema';

/** Days of the default range, today included. */
export const DEFAULT_RANGE_DAYS = 30;
const DAY_MS = 86_400_000;

/** The range asked for, else the last DEFAULT_RANGE_DAYS days to today (UTC days). */
export function rangeOf(input: { from?: string; to?: string }, now: Date = new Date()): { from: string; to: string } {
  const to = input.to ?? now.toISOString().slice(0, 10);
  const from = input.from ?? new Date(Date.parse(to) - (DEFAULT_RANGE_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
  return { from, to };
}

/** Φ(x), the standard normal distribution (Abramowitz–Stegun 7.1.26, error < 1.5e-7). */
function normalCdf(x: number): number {
  const t = 1 / (1 + 0.3275911 * (Math.abs(x) / Math.SQRT2));
  const erf = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-(x * x) / 2);
  return x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/** Two-sided p-value of a two-proportion z-test (pooled); null when either side has no visitors or nothing varies. */
export function twoProportionPValue(successesA: number, totalA: number, successesB: number, totalB: number): number | null {
  if (totalA <= 0 || totalB <= 0) return null;
  const pooled = (successesA + successesB) / (totalA + totalB);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / totalA + 1 / totalB));
  if (se === 0) return null;
  const z = (successesB / totalB - successesA / totalA) / se;
  return Math.min(1, 2 * (1 - normalCdf(Math.abs(z))));
}

/** Significance threshold of the per-variant badge. */
export const SIGNIFICANCE = 0.05;

const ratio = (a: number, b: number) => (b > 0 ? a / b : 0);
const dailyOf = (rows: { day: string; visitors: string; opt_ins: string }[]) => rows.map((d) => ({ day: d.day, visitors: Number(d.visitors), optIns: Number(d.opt_ins) }));
const visitorKey = sql<string>`funnel_visits.day::text || ':' || funnel_visits.visitor_hash`;

/**
 * One funnel's figures over [from, to] (UTC days): per step and per variant, unique visitors (a
 * visitor is one daily salted hash, so the same person on two days counts twice: nothing links the
 * days), opt-ins, purchases and revenue, conversion to the next step (the same hash on the same day
 * at step n+1), the z-test of each variant against the control, and a daily series per step and
 * per variant. Grouped statements over the (funnel, day) index.
 */
export async function funnelStats(db: Db, organizationId: string, funnelId: string, range: { from: string; to: string }): Promise<TFunnelStats> {
  const visits = () =>
    scoped(db, organizationId).selectFrom('funnel_visits').where('funnel_visits.funnel_id', '=', funnelId).where('funnel_visits.day', '>=', range.from).where('funnel_visits.day', '<=', range.to);
  const [steps, byVariant, byStep, daily, variantDaily, conversions, currencies] = await Promise.all([
    loadFunnelSteps(db, organizationId, [funnelId]),
    visits()
      .select([
        'funnel_visits.variant_id',
        sql<string>`count(*)`.as('visitors'),
        sql<string>`count(*) filter (where funnel_visits.opted_in)`.as('opt_ins'),
        sql<string>`coalesce(sum(funnel_visits.purchases), 0)`.as('purchases'),
        sql<string>`coalesce(sum(funnel_visits.revenue_cents), 0)`.as('revenue'),
      ])
      .groupBy('funnel_visits.variant_id')
      .execute(),
    visits()
      .select(['funnel_visits.step_id', sql<string>`count(distinct ${visitorKey})`.as('visitors'), sql<string>`count(distinct ${visitorKey}) filter (where funnel_visits.opted_in)`.as('opt_ins')])
      .groupBy('funnel_visits.step_id')
      .execute(),
    visits()
      .select([
        'funnel_visits.step_id',
        sql<string>`funnel_visits.day::text`.as('day'),
        sql<string>`count(distinct funnel_visits.visitor_hash)`.as('visitors'),
        sql<string>`count(distinct funnel_visits.visitor_hash) filter (where funnel_visits.opted_in)`.as('opt_ins'),
      ])
      .groupBy(['funnel_visits.step_id', 'funnel_visits.day'])
      .orderBy('funnel_visits.day')
      .execute(),
    // A visit row is one visitor of one variant on one day (the primary key), so rows count visitors.
    visits()
      .select([
        'funnel_visits.variant_id',
        sql<string>`funnel_visits.day::text`.as('day'),
        sql<string>`count(*)`.as('visitors'),
        sql<string>`count(*) filter (where funnel_visits.opted_in)`.as('opt_ins'),
      ])
      .groupBy(['funnel_visits.variant_id', 'funnel_visits.day'])
      .orderBy('funnel_visits.day')
      .execute(),
    visits()
      .innerJoin('funnel_steps as s', 's.id', 'funnel_visits.step_id')
      // The next step by position (a page deleted with its step leaves a gap until the next move).
      .innerJoin('funnel_steps as n', (j) =>
        j.onRef('n.funnel_id', '=', 's.funnel_id').on('n.position', '=', sql<number>`(select min(x.position) from funnel_steps x where x.funnel_id = s.funnel_id and x.position > s.position)`),
      )
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('funnel_visits as b')
            .select(sql`1`.as('one'))
            .whereRef('b.step_id', '=', 'n.id')
            .whereRef('b.day', '=', 'funnel_visits.day')
            .whereRef('b.visitor_hash', '=', 'funnel_visits.visitor_hash'),
        ),
      )
      .select(['funnel_visits.step_id', sql<string>`count(distinct ${visitorKey})`.as('converted')])
      .groupBy('funnel_visits.step_id')
      .execute(),
    scoped(db, organizationId)
      .selectFrom('site_orders')
      .select('site_orders.currency')
      .distinct()
      .where('site_orders.funnel_id', '=', funnelId)
      .where('site_orders.status', '=', 'paid')
      .where('site_orders.day', '>=', range.from)
      .where('site_orders.day', '<=', range.to)
      .orderBy('site_orders.currency')
      .execute(),
  ]);

  const variantFigures = new Map(byVariant.map((r) => [r.variant_id, r]));
  const stepFigures = new Map(byStep.map((r) => [r.step_id, r]));
  const converted = new Map(conversions.map((r) => [r.step_id, Number(r.converted)]));
  return {
    funnelId,
    from: range.from,
    to: range.to,
    currencies: currencies.map((c) => c.currency),
    steps: steps.map((step, index) => {
      const variants = step.variants.map((v) => {
        const f = variantFigures.get(v.id);
        const visitors = Number(f?.visitors ?? 0);
        const revenueCents = Number(f?.revenue ?? 0);
        return { v, visitors, optIns: Number(f?.opt_ins ?? 0), purchases: Number(f?.purchases ?? 0), revenueCents };
      });
      const control = variants.find((x) => x.v.pageId === step.pageId);
      const visitors = Number(stepFigures.get(step.id)?.visitors ?? 0);
      const optIns = Number(stepFigures.get(step.id)?.opt_ins ?? 0);
      const purchases = variants.reduce((s, x) => s + x.purchases, 0);
      const revenueCents = variants.reduce((s, x) => s + x.revenueCents, 0);
      const last = index === steps.length - 1;
      const stepConverted = last ? null : (converted.get(step.id) ?? 0);
      return {
        stepId: step.id,
        position: step.position,
        name: step.name,
        pageId: step.pageId,
        visitors,
        optIns,
        optInRate: ratio(optIns, visitors),
        converted: stepConverted,
        conversionRate: stepConverted === null ? null : ratio(stepConverted, visitors),
        purchases,
        revenueCents,
        revenuePerVisitorCents: ratio(revenueCents, visitors),
        variants: variants.map((x) => {
          const isControl = x === control;
          const pValue = isControl || !control ? null : twoProportionPValue(control.optIns, control.visitors, x.optIns, x.visitors);
          return {
            variantId: x.v.id,
            pageId: x.v.pageId,
            pageTitle: x.v.pageTitle,
            control: isControl,
            weight: x.v.weight,
            winner: x.v.winner,
            visitors: x.visitors,
            optIns: x.optIns,
            optInRate: ratio(x.optIns, x.visitors),
            purchases: x.purchases,
            revenueCents: x.revenueCents,
            revenuePerVisitorCents: ratio(x.revenueCents, x.visitors),
            pValue,
            significant: pValue !== null && pValue < SIGNIFICANCE,
            daily: dailyOf(variantDaily.filter((d) => d.variant_id === x.v.id)),
          };
        }),
        daily: dailyOf(daily.filter((d) => d.step_id === step.id)),
      };
    }),
  };
}

/** The same figures as CSV: one line per step (variant blank) and one per variant. */
export function funnelStatsCsv(stats: TFunnelStats): string {
  const lines = [
    csvLine([
      'from',
      'to',
      'step',
      'step_name',
      'variant_page',
      'control',
      'weight',
      'winner',
      'visitors',
      'opt_ins',
      'opt_in_rate',
      'converted',
      'conversion_rate',
      'purchases',
      'revenue_cents',
      'revenue_per_visitor_cents',
      'currency',
      'p_value',
      'significant',
    ]),
  ];
  const currency = stats.currencies.join(' ');
  for (const s of stats.steps) {
    lines.push(
      csvLine([
        stats.from,
        stats.to,
        s.position + 1,
        s.name,
        '',
        '',
        '',
        '',
        s.visitors,
        s.optIns,
        s.optInRate,
        s.converted,
        s.conversionRate,
        s.purchases,
        s.revenueCents,
        s.revenuePerVisitorCents,
        currency,
        '',
        '',
      ]),
    );
    for (const v of s.variants)
      lines.push(
        csvLine([
          stats.from,
          stats.to,
          s.position + 1,
          s.name,
          v.pageTitle,
          v.control,
          v.weight,
          v.winner,
          v.visitors,
          v.optIns,
          v.optInRate,
          '',
          '',
          v.purchases,
          v.revenueCents,
          v.revenuePerVisitorCents,
          currency,
          v.pValue,
          v.significant,
        ]),
      );
  }
  return CSV_BOM + lines.join('');
}
