import type { OrgAuth } from '../kernel/caller';
import type { Db } from '../db';
import { primaryCurrency } from '../deals/repo';
import { readSettings } from '../organizations/settings';
import { DomainError, parseInput } from '../errors';
import { ownerOnlyFilter } from '../organizations/members';
import { bucketsBetween, describePeriod, resolvePeriod, type ResolvedPeriod } from './period';
import { formatMoney } from './money';
import * as repo from './repo';
import { REPORT_TITLES, ZDashboardInput, ZInsightsInput, ZPipelineAnalysisInput, ZReportInput, ZTrendsInput, ZReportRange, type TPeriod, type TReportKey } from './schema';
import { reportToCsv } from './csv';

/**
 * Dashboards (/app, /analytics) and reports (/reports): every figure computed from the stored
 * records of the organization, with the same figure for the previous period of the same length.
 */
export type AnalyticsCtx = { db: Db; organizationId: string; auth: OrgAuth; now?: Date };

export type Trend = 'up' | 'down' | 'flat';
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

const round1 = (v: number) => Math.round(v * 10) / 10;

export function compare(value: number | null, previous: number | null): { changePercent: number | null; trend: Trend } {
  const trend: Trend = value === null || previous === null || value === previous ? 'flat' : value > previous ? 'up' : 'down';
  const changePercent = value === null || previous === null || previous === 0 ? null : round1(((value - previous) / Math.abs(previous)) * 100);
  return { changePercent, trend };
}

async function timezoneOf(db: Db, organizationId: string): Promise<string> {
  return (await readSettings(db, organizationId)).timezone;
}

/** The caller's view: organization, owner-only visibility, primary currency, time zone and the resolved period. */
async function prepare(ctx: AnalyticsCtx, range: { period?: TPeriod; from?: string; to?: string }) {
  const now = ctx.now ?? new Date();
  const [timezone, ownerId, currency] = await Promise.all([timezoneOf(ctx.db, ctx.organizationId), ownerOnlyFilter(ctx.db, ctx.auth), primaryCurrency(ctx.db, ctx.organizationId)]);
  const period = await resolvePeriod(ctx.db, range, { timezone, now });
  return { s: repo.makeScope(ctx.db, ctx.organizationId, ownerId, currency, timezone), p: period };
}

// ——— KPI cards ———

export const CAC_HINT_NO_SPEND = 'Record marketing spend to see CAC';
export const CAC_HINT_NO_CUSTOMERS = 'No new customers in this period';
export const CAC_HINT_OWN_ONLY = 'CAC is an organization-wide figure; it is not shown when you see only your own records';

export async function getDashboard(ctx: AnalyticsCtx, rawInput: unknown) {
  const input = parseInput(ZDashboardInput, rawInput);
  const { s, p } = await prepare(ctx, input);
  const [won, mrr, customers, spend] = await Promise.all([repo.wonDealFigures(s, p), repo.mrrFigures(s, p), repo.newCustomerCounts(s, p), repo.spendFigures(s, p)]);
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

// ——— Sales Pipeline Analysis ———

export type StageAnalysis = {
  id: string;
  name: string;
  kind: 'open' | 'won' | 'lost';
  position: number;
  probability: number;
  /** Open stages: deals in the stage now. Won and lost stages: deals won or lost in the period. */
  count: number;
  valueMinor: number;
  weightedValueMinor: number;
  excludedCount: number;
  /** Deals that entered this stage during the period (null for won and lost stages). */
  reached: number | null;
  /** Of those, the deals that also entered the next stage by the period's end. */
  advanced: number | null;
  previousReached: number | null;
  /** advanced ÷ reached, percent; null for won/lost stages, the last stage, or when no deal entered. */
  conversion: number | null;
  previousConversion: number | null;
  /** Percentage points, current − previous. */
  conversionChange: number | null;
  trend: Trend;
};

export const CONVERSION_DEFINITION =
  "The board's conversion limited to the period: of the deals that entered a stage during the period, the share that also entered the next stage by the period's end, from the deals' stage history.";

async function analysePipeline(s: repo.Scope, p: ResolvedPeriod, pipelineId: string | undefined) {
  const pipeline = await repo.findPipeline(s, pipelineId);
  if (!pipeline) {
    if (pipelineId) throw new DomainError('NOT_FOUND', 'pipelineId: is not a known pipeline', { issues: [{ path: 'pipelineId', message: 'is not a known pipeline' }] });
    return { pipeline: null, stages: [] as StageAnalysis[] };
  }
  const stages = await repo.pipelineStages(s, pipeline.id);
  const [figures, conversions] = await Promise.all([repo.stageFigures(s, pipeline.id, p), repo.stageConversions(s, pipeline.id, p)]);
  const conversionOf = (c: repo.StageConversion | undefined) => {
    const reached = c?.reached ?? 0;
    const advanced = c?.advanced ?? 0;
    return { reached, advanced, rate: reached === 0 ? null : round1((advanced / reached) * 100) };
  };
  const analysed: StageAnalysis[] = stages.map((st, i) => {
    const f = figures.get(st.id) ?? { count: 0, valueMinor: 0, weightedValueMinor: 0, excluded: 0 };
    const open = st.kind === 'open';
    const hasNext = open && i < stages.length - 1;
    const now = open ? conversionOf(conversions.get(st.id)?.current) : null;
    const before = open ? conversionOf(conversions.get(st.id)?.previous) : null;
    const conversion = hasNext ? (now?.rate ?? null) : null;
    const previousConversion = hasNext ? (before?.rate ?? null) : null;
    return {
      id: st.id,
      name: st.name,
      kind: st.kind,
      position: st.position,
      probability: st.probability,
      count: f.count,
      valueMinor: f.valueMinor,
      weightedValueMinor: f.weightedValueMinor,
      excludedCount: f.excluded,
      reached: now?.reached ?? null,
      advanced: hasNext ? (now?.advanced ?? null) : null,
      previousReached: before?.reached ?? null,
      conversion,
      previousConversion,
      conversionChange: conversion === null || previousConversion === null ? null : round1(conversion - previousConversion),
      trend: compare(conversion, previousConversion).trend,
    };
  });
  return { pipeline: { id: pipeline.id, name: pipeline.name, isDefault: pipeline.is_default }, stages: analysed };
}

export async function getPipelineAnalysis(ctx: AnalyticsCtx, rawInput: unknown) {
  const input = parseInput(ZPipelineAnalysisInput, rawInput);
  const { s, p } = await prepare(ctx, input);
  const { pipeline, stages } = await analysePipeline(s, p, input.pipelineId);
  const open = stages.filter((st) => st.kind === 'open');
  const won = stages.filter((st) => st.kind === 'won').reduce((sum, st) => sum + st.count, 0);
  const lost = stages.filter((st) => st.kind === 'lost').reduce((sum, st) => sum + st.count, 0);
  return {
    period: describePeriod(p),
    currency: s.currency,
    pipeline,
    stages,
    totals: {
      openCount: open.reduce((sum, st) => sum + st.count, 0),
      openValueMinor: open.reduce((sum, st) => sum + st.valueMinor, 0),
      weightedValueMinor: open.reduce((sum, st) => sum + st.weightedValueMinor, 0),
      wonCount: won,
      lostCount: lost,
      /** Won ÷ (won + lost) among the deals of this pipeline closed in the period. */
      winRate: won + lost === 0 ? null : round1((won / (won + lost)) * 100),
      excludedCount: stages.reduce((sum, st) => sum + st.excludedCount, 0),
    },
    conversionDefinition: CONVERSION_DEFINITION,
  };
}

// ——— AI Revenue Intelligence: evidence-based insights ———

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

/** The thresholds of the insight rules; `rule` texts quote them. */
export const INSIGHT_RULES = {
  stalled: { days: repo.STALLED_DAYS, critical: { share: 50, count: 25 }, high: { share: 25, count: 10 } },
  conversionDrop: { points: 10, minDeals: 5, critical: 30, high: 20 },
  overdue: { share: 30, minTotal: 5, count: 10, critical: { share: 60, count: 25 }, high: { share: 45, count: 15 } },
  leadSource: { high: { share: 50, minDeals: 3 } },
} as const;

const IMPACT_ORDER: Record<Impact, number> = { critical: 0, high: 1, medium: 2 };
const pct = (part: number, whole: number) => (whole === 0 ? 0 : round1((part / whole) * 100));

const sourceLabel = (source: string) => source.replace(/[_-]+/g, ' ').trim();
const normalizeChannel = (v: string) => sourceLabel(v).toLowerCase().replace(/\s+/g, ' ');

export async function getInsights(ctx: AnalyticsCtx, rawInput: unknown) {
  const input = parseInput(ZInsightsInput, rawInput);
  const { s, p } = await prepare(ctx, input);
  const cur = s.currency;
  const [stalled, pipeline, overdue, sources, spend] = await Promise.all([
    repo.stalledDeals(s, p),
    analysePipeline(s, p, undefined),
    repo.overdueByAssignee(s, p),
    repo.wonBySource(s, p),
    repo.spendByChannel(s, p.from, p.to),
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

// ——— Performance Trends ———

export type TrendItem = {
  key: 'leadToCustomer' | 'winRate' | 'tasksOnTime' | 'showRate';
  title: string;
  /** Percent, one decimal; null when there is nothing to divide by. */
  value: number | null;
  unit: 'percent';
  numerator: number;
  denominator: number;
  previous: number | null;
  previousNumerator: number;
  previousDenominator: number;
  /** Percentage points, value − previous. */
  changePoints: number | null;
  trend: Trend;
  better: 'higher';
  definition: string;
};

export async function getTrends(ctx: AnalyticsCtx, rawInput: unknown) {
  const input = parseInput(ZTrendsInput, rawInput);
  const { s, p } = await prepare(ctx, input);
  const counts = await repo.trendCounts(s, p);
  const item = (key: TrendItem['key'], title: string, definition: string): TrendItem => {
    const c = counts[key];
    const [num, den] = c.current;
    const [pNum, pDen] = c.previous;
    const value = den === 0 ? null : pct(num, den);
    const previous = pDen === 0 ? null : pct(pNum, pDen);
    return {
      key,
      title,
      value,
      unit: 'percent',
      numerator: num,
      denominator: den,
      previous,
      previousNumerator: pNum,
      previousDenominator: pDen,
      changePoints: value === null || previous === null ? null : round1(value - previous),
      trend: compare(value, previous).trend,
      better: 'higher',
      definition,
    };
  };
  return {
    period: describePeriod(p),
    items: [
      item('leadToCustomer', 'Lead → customer conversion', "Share of the contacts created in the period that have a deal won by the period's end."),
      item('winRate', 'Win rate', 'Deals won ÷ deals closed (won or lost) in the period.'),
      item('tasksOnTime', 'Tasks completed on time', 'Share of the tasks due in the period (up to now) that were completed by their due time.'),
      item(
        'showRate',
        'Appointment show rate',
        `Appointments of the period marked completed ÷ those marked completed or no-show; cancelled ones are left out, and ${counts.showRate.unrecorded.current} past appointments still without an outcome are not counted.`,
      ),
    ],
  };
}

// ——— Reports ———

export type ColumnType = 'date' | 'text' | 'count' | 'money' | 'percent';
export type ReportColumn = { key: string; label: string; type: ColumnType };
export type ReportCell = string | number | null;
export type Report = {
  report: TReportKey;
  title: string;
  period: ReturnType<typeof describePeriod>;
  currency: string;
  columns: ReportColumn[];
  rows: Record<string, ReportCell>[];
  totals: Record<string, ReportCell> | null;
  /** Records left out of money columns because of their currency. */
  excludedCount: number;
  notes: string[];
};

const sumOf = (rows: Record<string, ReportCell>[], key: string) => rows.reduce((sum, r) => sum + (typeof r[key] === 'number' ? (r[key] as number) : 0), 0);
const NO_SOURCE = '(no source)';

export async function getReport(ctx: AnalyticsCtx, rawInput: unknown): Promise<Report> {
  const input = parseInput(ZReportInput, rawInput);
  const { s, p } = await prepare(ctx, input);
  const buckets = bucketsBetween(p.from, p.to, p.bucket);
  const base = { report: input.report, title: REPORT_TITLES[input.report], period: describePeriod(p), currency: s.currency };
  const currencyNote = (excluded: number) => (excluded > 0 ? [`${excluded} records in other currencies than ${s.currency} are left out of the money columns.`] : []);

  switch (input.report) {
    case 'deals-won': {
      const series = await repo.dealsWonSeries(s, p);
      const rows = buckets.map((bucket) => {
        const b = series.get(bucket);
        return { bucket, won: b?.won ?? 0, valueMinor: b?.valueMinor ?? 0 };
      });
      const excluded = [...series.values()].reduce((sum, b) => sum + b.excluded, 0);
      return {
        ...base,
        columns: [
          { key: 'bucket', label: bucketLabel(p.bucket), type: 'date' },
          { key: 'won', label: 'Deals won', type: 'count' },
          { key: 'valueMinor', label: 'Won value', type: 'money' },
        ],
        rows,
        totals: { bucket: 'Total', won: sumOf(rows, 'won'), valueMinor: sumOf(rows, 'valueMinor') },
        excludedCount: excluded,
        notes: currencyNote(excluded),
      };
    }
    case 'pipeline': {
      const { pipeline, stages } = await analysePipeline(s, p, input.pipelineId);
      const rows = stages.map((st) => ({
        stage: st.name,
        kind: st.kind,
        deals: st.count,
        valueMinor: st.valueMinor,
        weightedValueMinor: st.weightedValueMinor,
        conversion: st.conversion,
      }));
      const excluded = stages.reduce((sum, st) => sum + st.excludedCount, 0);
      return {
        ...base,
        title: pipeline ? `${base.title}: ${pipeline.name}` : base.title,
        columns: [
          { key: 'stage', label: 'Stage', type: 'text' },
          { key: 'kind', label: 'Kind', type: 'text' },
          { key: 'deals', label: 'Deals', type: 'count' },
          { key: 'valueMinor', label: 'Value', type: 'money' },
          { key: 'weightedValueMinor', label: 'Weighted value', type: 'money' },
          { key: 'conversion', label: 'Conversion to next stage (%)', type: 'percent' },
        ],
        rows,
        totals: { stage: 'Total', kind: null, deals: sumOf(rows, 'deals'), valueMinor: sumOf(rows, 'valueMinor'), weightedValueMinor: sumOf(rows, 'weightedValueMinor'), conversion: null },
        excludedCount: excluded,
        notes: ['Open stages count the deals in them now; won and lost stages count the deals won or lost in the period.', `Conversion: ${CONVERSION_DEFINITION}`, ...currencyNote(excluded)],
      };
    }
    case 'lead-sources': {
      const [created, won] = await Promise.all([repo.contactsBySource(s, p), repo.wonBySource(s, p)]);
      const bySource = new Map<string, { source: string; contactsCreated: number; dealsWon: number; wonValueMinor: number }>();
      const entry = (source: string | null) => {
        const key = source || NO_SOURCE;
        let e = bySource.get(key);
        if (!e) bySource.set(key, (e = { source: key, contactsCreated: 0, dealsWon: 0, wonValueMinor: 0 }));
        return e;
      };
      for (const c of created) entry(c.source).contactsCreated += c.created;
      for (const w of won) {
        const e = entry(w.source);
        e.dealsWon += w.won;
        e.wonValueMinor += w.valueMinor;
      }
      const rows = [...bySource.values()].sort((a, b) => b.wonValueMinor - a.wonValueMinor || b.contactsCreated - a.contactsCreated || a.source.localeCompare(b.source));
      const excluded = won.reduce((sum, w) => sum + w.excluded, 0);
      return {
        ...base,
        columns: [
          { key: 'source', label: 'Source', type: 'text' },
          { key: 'contactsCreated', label: 'Contacts created', type: 'count' },
          { key: 'dealsWon', label: 'Deals won', type: 'count' },
          { key: 'wonValueMinor', label: 'Won value', type: 'money' },
        ],
        rows,
        totals: { source: 'Total', contactsCreated: sumOf(rows, 'contactsCreated'), dealsWon: sumOf(rows, 'dealsWon'), wonValueMinor: sumOf(rows, 'wonValueMinor') },
        excludedCount: excluded,
        notes: ["Won deals are counted under their contact's source.", ...currencyNote(excluded)],
      };
    }
    case 'tasks': {
      const t = await repo.taskSeries(s, p);
      const rows = buckets.map((bucket) => {
        const due = t.due.get(bucket) ?? { due: 0, onTime: 0 };
        return {
          bucket,
          created: t.created.get(bucket) ?? 0,
          completed: t.completed.get(bucket) ?? 0,
          due: due.due,
          completedOnTime: due.onTime,
          onTimePercent: due.due === 0 ? null : pct(due.onTime, due.due),
        };
      });
      const due = sumOf(rows, 'due');
      const onTime = sumOf(rows, 'completedOnTime');
      return {
        ...base,
        columns: [
          { key: 'bucket', label: bucketLabel(p.bucket), type: 'date' },
          { key: 'created', label: 'Created', type: 'count' },
          { key: 'completed', label: 'Completed', type: 'count' },
          { key: 'due', label: 'Due', type: 'count' },
          { key: 'completedOnTime', label: 'Completed on time', type: 'count' },
          { key: 'onTimePercent', label: 'On time (%)', type: 'percent' },
        ],
        rows,
        totals: { bucket: 'Total', created: sumOf(rows, 'created'), completed: sumOf(rows, 'completed'), due, completedOnTime: onTime, onTimePercent: due === 0 ? null : pct(onTime, due) },
        excludedCount: 0,
        notes: ['Due: tasks whose due time falls in the bucket and has passed; on time: those completed by their due time.'],
      };
    }
    case 'appointments': {
      const series = await repo.appointmentSeries(s, p);
      const rows = buckets.map((bucket) => {
        const b = series.get(bucket) ?? { scheduled: 0, completed: 0, cancelled: 0, noShow: 0 };
        return { bucket, ...b, showRate: b.completed + b.noShow === 0 ? null : pct(b.completed, b.completed + b.noShow) };
      });
      const completed = sumOf(rows, 'completed');
      const noShow = sumOf(rows, 'noShow');
      return {
        ...base,
        columns: [
          { key: 'bucket', label: bucketLabel(p.bucket), type: 'date' },
          { key: 'scheduled', label: 'Scheduled', type: 'count' },
          { key: 'completed', label: 'Completed', type: 'count' },
          { key: 'cancelled', label: 'Cancelled', type: 'count' },
          { key: 'noShow', label: 'No-show', type: 'count' },
          { key: 'showRate', label: 'Show rate (%)', type: 'percent' },
        ],
        rows,
        totals: {
          bucket: 'Total',
          scheduled: sumOf(rows, 'scheduled'),
          completed,
          cancelled: sumOf(rows, 'cancelled'),
          noShow,
          showRate: completed + noShow === 0 ? null : pct(completed, completed + noShow),
        },
        excludedCount: 0,
        notes: ['Appointments are counted in the bucket they start in, by their current status; show rate = completed ÷ (completed + no-show).'],
      };
    }
  }
}

function bucketLabel(unit: ResolvedPeriod['bucket']): string {
  return unit === 'day' ? 'Day' : unit === 'week' ? 'Week starting' : 'Month';
}

/** A report as an RFC 4180 CSV file, for GET /api/reports/<report>.csv?period=… (or from/to). */
export async function exportReportCsv(ctx: AnalyticsCtx, report: TReportKey, rawQuery: unknown): Promise<{ filename: string; csv: string }> {
  const range = parseInput(ZReportRange, rawQuery);
  const data = await getReport(ctx, { report, ...range });
  return { filename: `${report}_${data.period.from}_${data.period.to}.csv`, csv: reportToCsv(data) };
}
