import { sql } from 'kysely';
import type { OrgContext } from '../kernel/context';
import { compare, round1, type Trend } from './figures';
import { describePeriod, type ResolvedPeriod } from './period';
import type { TDashboardInput } from './schema';
import { n, nOrNull, scopeOf, type Scope } from './scope';

/**
 * The KPI cards of the dashboards (/app, /analytics): every figure computed from the stored
 * records of the organization, with the same figure for the previous period of the same length.
 */

export type Kpi = {
  key: 'mrr' | 'cac' | 'avgDealSize' | 'salesCycle';
  title: string;
  value: number | null;
  unit: 'money' | 'days';
  /** The currency of a money figure (minor units); null for days. */
  currency: string | null;
  previous: number | null;
  /** (value − previous) / previous × 100, one decimal; null when either is missing or previous is 0. */
  changePercent: number | null;
  trend: Trend;
  /** Which direction is good news, for colouring the trend. */
  better: 'higher' | 'lower';
  definition: string;
  /** Why the value is missing, when it is. */
  hint: string | null;
  /** Records left out because they are in another currency than `currency` (never converted). */
  excludedCount: number;
};

export const CAC_HINT_NO_SPEND = 'Record marketing spend to see CAC';
export const CAC_HINT_NO_CUSTOMERS = 'No new customers in this period';
export const CAC_HINT_OWN_ONLY = 'CAC is an organization-wide figure; it is not shown when you see only your own records';

export async function getDashboard(ctx: Pick<OrgContext, 'db' | 'organizationId' | 'auth'>, input: TDashboardInput, now = new Date()) {
  const { s, p } = await scopeOf(ctx, input, now);
  const [won, mrr, customers, spend] = await Promise.all([wonDealFigures(s, p), mrrFigures(s, p), newCustomerCounts(s, p), spendFigures(s, p)]);
  const cur = s.currency;

  const kpi = (k: Omit<Kpi, 'changePercent' | 'trend'>): Kpi => ({ ...k, ...compare(k.value, k.previous) });

  const cacOf = (side: { spendMinor: number; entries: number; excluded: number }, newCustomers: number): { value: number | null; hint: string | null } => {
    if (s.ownerId !== null) return { value: null, hint: CAC_HINT_OWN_ONLY };
    if (side.entries === 0 && side.excluded > 0) return { value: null, hint: `Marketing spend of this period is recorded in other currencies than ${cur}; record it in ${cur} to see CAC` };
    if (side.entries === 0) return { value: null, hint: CAC_HINT_NO_SPEND };
    if (newCustomers === 0) return { value: null, hint: CAC_HINT_NO_CUSTOMERS };
    return { value: Math.round(side.spendMinor / newCustomers), hint: null };
  };
  const cac = cacOf(spend.current, customers.current);
  const cacPrevious = cacOf(spend.previous, customers.previous);
  const avg = (side: { valueMinor: number; wonInCurrency: number }) => (side.wonInCurrency === 0 ? null : Math.round(side.valueMinor / side.wonInCurrency));
  const days = (v: number | null) => (v === null ? null : round1(v));

  const kpis: Kpi[] = [
    kpi({
      key: 'mrr',
      title: 'Monthly Recurring Revenue',
      value: mrr.current,
      unit: 'money',
      currency: cur,
      previous: mrr.previous,
      better: 'higher',
      definition: `Sum of the monthly values of recurring deals that are won: won before the end of the period and not since lost or reopened, in ${cur}. The previous figure is the same sum at the start of the period.`,
      hint: null,
      excludedCount: mrr.excluded,
    }),
    kpi({
      key: 'cac',
      title: 'Customer Acquisition Cost',
      value: cac.value,
      unit: 'money',
      currency: cur,
      previous: cacPrevious.value,
      better: 'lower',
      definition: `Marketing spend recorded for the days of the period, in ${cur}, divided by the new customers of the period: contacts whose first won deal was won in the period (${customers.current} now, ${customers.previous} in the previous period).`,
      hint: cac.hint,
      excludedCount: spend.current.excluded,
    }),
    kpi({
      key: 'avgDealSize',
      title: 'Average Deal Size',
      value: avg(won.current),
      unit: 'money',
      currency: cur,
      previous: avg(won.previous),
      better: 'higher',
      definition: `Average value of the deals won in the period (${won.current.won} deals), in ${cur}.`,
      hint: won.current.won === 0 ? 'No deals won in this period' : null,
      excludedCount: won.current.excluded,
    }),
    kpi({
      key: 'salesCycle',
      title: 'Sales Cycle Length',
      value: days(won.current.medianCycleDays),
      unit: 'days',
      currency: null,
      previous: days(won.previous.medianCycleDays),
      better: 'lower',
      definition: 'Median number of days from the creation of a deal to its win, over the deals won in the period.',
      hint: won.current.won === 0 ? 'No deals won in this period' : null,
      excludedCount: 0,
    }),
  ];
  return { period: describePeriod(p), currency: cur, ownRecordsOnly: s.ownerId !== null, kpis };
}

// ——— Queries ———

async function wonDealFigures(s: Scope, p: ResolvedPeriod) {
  const cur = s.currency;
  const inCur = sql`closed_on >= ${p.from}`;
  const inPrev = sql`closed_on < ${p.from}`;
  const days = sql`greatest(extract(epoch from (deals.won_at - deals.created_at)), 0)::float8 / 86400`;
  const [sums, cycle] = await Promise.all([
    s.org
      .selectFrom('deal_close_days')
      .where('status', '=', 'won')
      .where('closed_on', '>=', p.previous.from)
      .where('closed_on', '<=', p.to)
      .$if(s.ownerId !== null, (q) => q.where('owner_id', '=', s.ownerId!))
      .select([
        sql<number>`sum(deals) filter (where ${inCur})`.as('won'),
        sql<number>`sum(deals) filter (where ${inCur} and currency = ${cur})`.as('won_in_currency'),
        sql<string | null>`sum(value_minor) filter (where ${inCur} and currency = ${cur})`.as('value'),
        sql<number>`sum(deals) filter (where ${inPrev})`.as('prev_won'),
        sql<number>`sum(deals) filter (where ${inPrev} and currency = ${cur})`.as('prev_won_in_currency'),
        sql<string | null>`sum(value_minor) filter (where ${inPrev} and currency = ${cur})`.as('prev_value'),
      ])
      .executeTakeFirstOrThrow(),
    // A median needs every value: the won deals of both periods, from the won deals' index.
    s.org
      .selectFrom('deals')
      .where('deals.status', '=', 'won')
      .where('deals.won_at', '>=', p.previous.start)
      .where('deals.won_at', '<', p.end)
      .$if(s.ownerId !== null, (q) => q.where('deals.owner_id', '=', s.ownerId!))
      .select([
        sql<number | null>`percentile_cont(0.5) within group (order by ${days}) filter (where deals.won_at >= ${p.start})`.as('cycle'),
        sql<number | null>`percentile_cont(0.5) within group (order by ${days}) filter (where deals.won_at < ${p.start})`.as('prev_cycle'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  const side = (won: unknown, inCurrency: unknown, value: unknown, median: unknown) => ({
    won: n(won),
    wonInCurrency: n(inCurrency),
    excluded: n(won) - n(inCurrency),
    valueMinor: n(value),
    medianCycleDays: nOrNull(median),
  });
  return {
    current: side(sums.won, sums.won_in_currency, sums.value, cycle.cycle),
    previous: side(sums.prev_won, sums.prev_won_in_currency, sums.prev_value, cycle.prev_cycle),
  };
}

/** Monthly recurring revenue as of the period's end and as of its start (the previous period's end). */
async function mrrFigures(s: Scope, p: ResolvedPeriod) {
  const cur = s.currency;
  const row = await s.org
    .selectFrom('deal_close_days')
    .where('status', '=', 'won')
    .where('closed_on', '<=', p.to)
    .$if(s.ownerId !== null, (q) => q.where('owner_id', '=', s.ownerId!))
    .select([
      sql<string | null>`sum(monthly_value_minor) filter (where currency = ${cur})`.as('mrr'),
      sql<string | null>`sum(monthly_value_minor) filter (where currency = ${cur} and closed_on < ${p.from})`.as('prev_mrr'),
      sql<number>`sum(recurring_deals) filter (where currency <> ${cur})`.as('excluded'),
      sql<number>`sum(recurring_deals) filter (where currency <> ${cur} and closed_on < ${p.from})`.as('prev_excluded'),
    ])
    .executeTakeFirstOrThrow();
  return { current: n(row.mrr), previous: n(row.prev_mrr), excluded: n(row.excluded), previousExcluded: n(row.prev_excluded) };
}

/** New customers: contacts whose first won deal (among deals that are won now) was won in the window. */
async function newCustomerCounts(s: Scope, p: ResolvedPeriod) {
  const firsts = s.org
    .selectFrom('deals')
    .where('deals.status', '=', 'won')
    .where('deals.contact_id', 'is not', null)
    .$if(s.ownerId !== null, (q) => q.where('deals.owner_id', '=', s.ownerId!))
    .select(['deals.contact_id', sql<Date>`min(deals.won_at)`.as('first_won')])
    .groupBy('deals.contact_id');
  const row = await s.db
    .selectFrom(firsts.as('f'))
    .select([
      sql<number>`count(*) filter (where f.first_won >= ${p.start} and f.first_won < ${p.end})`.as('current'),
      sql<number>`count(*) filter (where f.first_won >= ${p.previous.start} and f.first_won < ${p.start})`.as('previous'),
    ])
    .executeTakeFirstOrThrow();
  return { current: n(row.current), previous: n(row.previous) };
}

/** Marketing spend on the period's days and on the previous period's, in the scope's currency. */
async function spendFigures(s: Scope, p: ResolvedPeriod) {
  const cur = s.currency;
  const row = await s.org
    .selectFrom('marketing_spend')
    .where('spent_on', '>=', p.previous.from)
    .where('spent_on', '<=', p.to)
    .select([
      sql<string | null>`sum(amount_minor) filter (where spent_on >= ${p.from} and currency = ${cur})`.as('spend'),
      sql<number>`count(*) filter (where spent_on >= ${p.from} and currency = ${cur})`.as('entries'),
      sql<number>`count(*) filter (where spent_on >= ${p.from} and currency <> ${cur})`.as('excluded'),
      sql<string | null>`sum(amount_minor) filter (where spent_on < ${p.from} and currency = ${cur})`.as('prev_spend'),
      sql<number>`count(*) filter (where spent_on < ${p.from} and currency = ${cur})`.as('prev_entries'),
      sql<number>`count(*) filter (where spent_on < ${p.from} and currency <> ${cur})`.as('prev_excluded'),
    ])
    .executeTakeFirstOrThrow();
  return {
    current: { spendMinor: n(row.spend), entries: n(row.entries), excluded: n(row.excluded) },
    previous: { spendMinor: n(row.prev_spend), entries: n(row.prev_entries), excluded: n(row.prev_excluded) },
  };
}
