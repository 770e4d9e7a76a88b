import { sql } from 'kysely';
import type { OrgContext } from '../kernel/context';
import { overdueByAssignee } from './activity';
import { pct, round1 } from './figures';
import { formatMoney } from './money';
import { describePeriod, type ResolvedPeriod } from './period';
import { analysePipeline, CONVERSION_DEFINITION } from './pipeline';
import type { TInsightsInput } from './schema';
import { n, scopeOf, type Scope } from './scope';
import { spendByChannel, wonBySource } from './sources';

/** AI Revenue Intelligence: evidence-based insights, each with the numbers, records and rule behind it, and one action each. */

export type Impact = 'critical' | 'high' | 'medium';
export type Link = { to: string; search: Record<string, string> };
export type Insight = {
  key: string;
  kind: 'stalled_deals' | 'conversion_drop' | 'overdue_concentration' | 'best_lead_source';
  impact: Impact;
  title: string;
  message: string;
  /** The numbers behind the message. */
  metrics: Record<string, number | string | null>;
  /** The records or groups behind it, largest first. */
  breakdown: Record<string, number | string | null>[];
  /** The rule that fired and its thresholds, in words. */
  rule: string;
  link: Link;
};
export type Action = { key: string; insightKey: string; impact: Impact; title: string; link: Link };

/** Days without a stage change after which an open deal is stalled. */
export const STALLED_DAYS = 14;

/** The thresholds of the insight rules; `rule` texts quote them. */
export const INSIGHT_RULES = {
  stalled: { days: STALLED_DAYS, critical: { share: 50, count: 25 }, high: { share: 25, count: 10 } },
  conversionDrop: { points: 10, minDeals: 5, critical: 30, high: 20 },
  overdue: { share: 30, minTotal: 5, count: 10, critical: { share: 60, count: 25 }, high: { share: 45, count: 15 } },
  leadSource: { high: { share: 50, minDeals: 3 } },
} as const;

const IMPACT_ORDER: Record<Impact, number> = { critical: 0, high: 1, medium: 2 };

const sourceLabel = (source: string) => source.replace(/[_-]+/g, ' ').trim();
const normalizeChannel = (v: string) => sourceLabel(v).toLowerCase().replace(/\s+/g, ' ');

export async function getInsights(ctx: Pick<OrgContext, 'db' | 'organizationId' | 'auth'>, input: TInsightsInput, now = new Date()) {
  const { s, p } = await scopeOf(ctx, input, now);
  const cur = s.currency;
  const [stalled, pipeline, overdue, sources, spend] = await Promise.all([
    stalledDeals(s, p),
    analysePipeline(s, p, undefined),
    overdueByAssignee(s, p),
    wonBySource(s, p),
    spendByChannel(s, p.from, p.to),
  ]);
  const insights: Insight[] = [];
  const R = INSIGHT_RULES;

  // Stalled deals.
  if (stalled.stalled > 0) {
    const share = pct(stalled.stalledValueMinor, stalled.openValueMinor);
    const impact: Impact =
      share >= R.stalled.critical.share || stalled.stalled >= R.stalled.critical.count ? 'critical' : share >= R.stalled.high.share || stalled.stalled >= R.stalled.high.count ? 'high' : 'medium';
    insights.push({
      key: 'stalled-deals',
      kind: 'stalled_deals',
      impact,
      title: 'Stalled deals',
      message: `${stalled.stalled} open ${stalled.stalled === 1 ? 'deal has' : 'deals have'} had no stage change for more than ${R.stalled.days} days, worth ${formatMoney(stalled.stalledValueMinor, cur)} (${share}% of the open pipeline value).`,
      metrics: {
        stalledDeals: stalled.stalled,
        stalledValueMinor: stalled.stalledValueMinor,
        openDeals: stalled.open,
        openValueMinor: stalled.openValueMinor,
        shareOfOpenValue: share,
        excludedCount: stalled.stalledExcluded,
        currency: cur,
        days: R.stalled.days,
      },
      breakdown: stalled.top.map((d) => ({ dealId: d.id, title: d.title, valueMinor: d.valueMinor, currency: d.currency, stage: d.stage, daysInStage: d.daysInStage })),
      rule: `Open deals with no stage change for more than ${R.stalled.days} days. Critical when they hold ≥ ${R.stalled.critical.share}% of the open value or number ≥ ${R.stalled.critical.count}; high at ≥ ${R.stalled.high.share}% or ≥ ${R.stalled.high.count}; medium otherwise.`,
      // The deal list, open deals longest without a stage change first; `stalled` narrows it to exactly these.
      link: { to: '/pipeline', search: { view: 'list', status: 'open', sortBy: 'stageChangedAt', sortDir: 'asc', stalledDays: String(R.stalled.days) } },
    });
  }

  // Conversion drops between stages of the default pipeline.
  for (const [i, st] of pipeline.stages.entries()) {
    const next = pipeline.stages[i + 1];
    if (!next || st.conversion === null || st.previousConversion === null) continue;
    if ((st.reached ?? 0) < R.conversionDrop.minDeals || (st.previousReached ?? 0) < R.conversionDrop.minDeals) continue;
    const drop = round1(st.previousConversion - st.conversion);
    if (drop <= R.conversionDrop.points) continue;
    const impact: Impact = drop >= R.conversionDrop.critical ? 'critical' : drop >= R.conversionDrop.high ? 'high' : 'medium';
    insights.push({
      key: `conversion-drop:${st.id}`,
      kind: 'conversion_drop',
      impact,
      title: `Conversion drop: ${st.name} → ${next.name}`,
      message: `${st.name} → ${next.name} conversion fell from ${st.previousConversion}% to ${st.conversion}% (${drop} points) compared with the previous ${p.days} days.`,
      metrics: {
        stageId: st.id,
        stage: st.name,
        nextStage: next.name,
        conversion: st.conversion,
        previousConversion: st.previousConversion,
        dropPoints: drop,
        reached: st.reached,
        advanced: st.advanced,
        previousReached: st.previousReached,
      },
      breakdown: [],
      rule: `A stage's conversion to the next (${CONVERSION_DEFINITION}) is more than ${R.conversionDrop.points} points below the previous period's, with at least ${R.conversionDrop.minDeals} deals entering the stage in both periods. Critical from ${R.conversionDrop.critical} points, high from ${R.conversionDrop.high}, medium otherwise.`,
      link: { to: '/pipeline', search: { view: 'list', pipelineId: pipeline.pipeline!.id, stageId: st.id } },
    });
  }

  // Overdue-task concentration.
  const totalOverdue = overdue.reduce((sum, o) => sum + o.overdue, 0);
  for (const o of overdue) {
    if (!o.assigneeId) continue;
    const share = pct(o.overdue, totalOverdue);
    const concentrated = s.ownerId === null && totalOverdue >= R.overdue.minTotal && share > R.overdue.share;
    if (!concentrated && o.overdue <= R.overdue.count) continue;
    const impact: Impact =
      o.overdue >= R.overdue.critical.count || (s.ownerId === null && totalOverdue >= R.overdue.minTotal && share >= R.overdue.critical.share)
        ? 'critical'
        : o.overdue >= R.overdue.high.count || (s.ownerId === null && totalOverdue >= R.overdue.minTotal && share >= R.overdue.high.share)
          ? 'high'
          : 'medium';
    const name = o.name ?? 'A former member';
    insights.push({
      key: `overdue-tasks:${o.assigneeId}`,
      kind: 'overdue_concentration',
      impact,
      title: `Overdue tasks pile up for ${name}`,
      message: `${name} has ${o.overdue} of the ${totalOverdue} overdue tasks (${share}%).`,
      metrics: { assigneeId: o.assigneeId, assignee: name, overdue: o.overdue, totalOverdue, share },
      breakdown: overdue
        .slice()
        .sort((a, b) => b.overdue - a.overdue)
        .map((x) => ({ assigneeId: x.assigneeId, assignee: x.assigneeId ? (x.name ?? 'A former member') : 'Unassigned', overdue: x.overdue })),
      rule: `A member holds more than ${R.overdue.share}% of the overdue tasks (when there are at least ${R.overdue.minTotal}), or more than ${R.overdue.count} overdue tasks. Critical from ${R.overdue.critical.share}% or ${R.overdue.critical.count} tasks, high from ${R.overdue.high.share}% or ${R.overdue.high.count}, medium otherwise.`,
      link: { to: '/tasks', search: { view: 'overdue', assigneeId: o.assigneeId } },
    });
  }

  // Best lead sources by won value in the period.
  const ranked = sources
    .filter((x): x is typeof x & { source: string } => x.source !== null && x.source !== '')
    .sort((a, b) => b.valueMinor - a.valueMinor || b.won - a.won || a.source.localeCompare(b.source));
  const totalWonValue = sources.reduce((sum, x) => sum + x.valueMinor, 0);
  const best = ranked[0];
  if (best && best.won > 0) {
    const share = pct(best.valueMinor, totalWonValue);
    const spendOf = (source: string) => spend.filter((c) => normalizeChannel(c.channel) === normalizeChannel(source)).reduce((sum, c) => sum + c.spendMinor, 0);
    const bestSpend = spendOf(best.source);
    insights.push({
      key: `best-lead-source:${best.source}`,
      kind: 'best_lead_source',
      impact: share >= R.leadSource.high.share && best.won >= R.leadSource.high.minDeals ? 'high' : 'medium',
      title: `Best lead source: ${sourceLabel(best.source)}`,
      message: `Contacts from ${sourceLabel(best.source)} brought ${formatMoney(best.valueMinor, cur)} in ${best.won} won ${best.won === 1 ? 'deal' : 'deals'} over the last ${p.days} days (${share}% of the won value)${bestSpend > 0 ? `, for ${formatMoney(bestSpend, cur)} of recorded spend` : ''}.`,
      metrics: {
        source: best.source,
        wonDeals: best.won,
        wonValueMinor: best.valueMinor,
        shareOfWonValue: share,
        spendMinor: bestSpend > 0 ? bestSpend : null,
        returnOnSpend: bestSpend > 0 ? round1(best.valueMinor / bestSpend) : null,
        currency: cur,
      },
      breakdown: ranked.slice(0, 5).map((x) => ({ source: x.source, wonDeals: x.won, wonValueMinor: x.valueMinor, spendMinor: spendOf(x.source) || null })),
      rule: `The contact source with the highest won value in the period (deals won in ${cur}). High when it brings ≥ ${R.leadSource.high.share}% of the won value over at least ${R.leadSource.high.minDeals} deals; medium otherwise.`,
      link: { to: '/contacts', search: { source: best.source } },
    });
  }

  insights.sort((a, b) => IMPACT_ORDER[a.impact] - IMPACT_ORDER[b.impact]);
  return { period: describePeriod(p), currency: cur, insights, actions: insights.map(actionFor) };
}

/** One recommended action per insight, linking to the filtered list of the records behind it. */
function actionFor(insight: Insight): Action {
  const m = insight.metrics;
  const base = { key: `action:${insight.key}`, insightKey: insight.key, impact: insight.impact, link: insight.link };
  switch (insight.kind) {
    case 'stalled_deals':
      return { ...base, title: `Follow up on the ${m.stalledDeals} stalled ${m.stalledDeals === 1 ? 'deal' : 'deals'} (${formatMoney(Number(m.stalledValueMinor), String(m.currency))})` };
    case 'conversion_drop':
      return { ...base, title: `Review the deals in ${m.stage}: conversion to ${m.nextStage} fell ${m.dropPoints} points` };
    case 'overdue_concentration':
      return { ...base, title: `Clear or reassign ${m.assignee}'s ${m.overdue} overdue tasks` };
    case 'best_lead_source':
      return {
        ...base,
        title: `Invest more in ${sourceLabel(String(m.source))}: ${formatMoney(Number(m.wonValueMinor), String(m.currency))} won from ${m.wonDeals} ${m.wonDeals === 1 ? 'deal' : 'deals'}`,
      };
  }
}

// ——— Queries ———

/** Open deals whose stage has not changed for more than STALLED_DAYS days, against all open deals. */
async function stalledDeals(s: Scope, p: ResolvedPeriod) {
  const cur = s.currency;
  const now = p.now;
  const cutoff = new Date(now.getTime() - STALLED_DAYS * 86_400_000);
  // Whole days before the cutoff's from the daily sums; that day up to the cutoff from the open deals.
  const cutoffDay = sql<string>`(${cutoff}::timestamptz at time zone ${s.timezone})::date`;
  const open = () =>
    s.org
      .selectFrom('deals')
      .where('deals.status', '=', 'open')
      .$if(s.ownerId !== null, (q) => q.where('deals.owner_id', '=', s.ownerId!));
  const largest = (inCurrency: boolean) =>
    open()
      .innerJoin('pipeline_stages as st', 'st.id', 'deals.stage_id')
      .where('deals.currency', inCurrency ? '=' : '<>', cur)
      .where('deals.stage_changed_at', '<', cutoff)
      .select(['deals.id', 'deals.title', 'deals.value_minor', 'deals.currency', 'deals.stage_changed_at', 'st.name as stage_name'])
      .orderBy('deals.value_minor', 'desc')
      .orderBy('deals.stage_changed_at')
      .limit(5)
      .execute();
  const [days, cutoffDayPart, inCurrency] = await Promise.all([
    s.org
      .selectFrom('deal_open_days')
      .$if(s.ownerId !== null, (q) => q.where('owner_id', '=', s.ownerId!))
      .select([
        sql<number>`sum(deals)`.as('open'),
        sql<string | null>`sum(value_minor) filter (where currency = ${cur})`.as('open_value'),
        sql<number>`sum(deals) filter (where stage_changed_on < ${cutoffDay})`.as('stalled'),
        sql<string | null>`sum(value_minor) filter (where stage_changed_on < ${cutoffDay} and currency = ${cur})`.as('stalled_value'),
        sql<number>`sum(deals) filter (where stage_changed_on < ${cutoffDay} and currency <> ${cur})`.as('stalled_excluded'),
      ])
      .executeTakeFirstOrThrow(),
    open()
      .where('deals.stage_changed_at', '>=', sql<Date>`(${cutoffDay}::timestamp at time zone ${s.timezone})`)
      .where('deals.stage_changed_at', '<', cutoff)
      .select([
        sql<number>`count(*)`.as('stalled'),
        sql<string | null>`sum(deals.value_minor) filter (where deals.currency = ${cur})`.as('stalled_value'),
        sql<number>`count(*) filter (where deals.currency <> ${cur})`.as('stalled_excluded'),
      ])
      .executeTakeFirstOrThrow(),
    largest(true),
  ]);
  // The largest stalled deals, those in the scope's currency first.
  const top = inCurrency.length < 5 ? [...inCurrency, ...(await largest(false))].slice(0, 5) : inCurrency;
  return {
    cutoff,
    open: n(days.open),
    openValueMinor: n(days.open_value),
    stalled: n(days.stalled) + n(cutoffDayPart.stalled),
    stalledValueMinor: n(days.stalled_value) + n(cutoffDayPart.stalled_value),
    stalledExcluded: n(days.stalled_excluded) + n(cutoffDayPart.stalled_excluded),
    top: top.map((d) => ({
      id: d.id,
      title: d.title,
      valueMinor: d.value_minor,
      currency: d.currency,
      stage: d.stage_name,
      daysInStage: Math.floor((now.getTime() - d.stage_changed_at.getTime()) / 86_400_000),
    })),
  };
}
