import { sql } from 'kysely';
import type { StageKind } from '../db/schema';
import { unknownRecord } from '../errors';
import type { OrgContext } from '../kernel/context';
import { compare, round1, type Trend } from './figures';
import { describePeriod, type Days, type ResolvedPeriod } from './period';
import type { TPipelineAnalysisInput } from './schema';
import { n, scopeOf, type Scope } from './scope';

/** Sales Pipeline Analysis: a pipeline's stages with their deals, values and conversion over a period. */

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

/** A pipeline's stages with their figures and conversions; the given pipeline, else the organization's default. */
export async function analysePipeline(s: Scope, p: ResolvedPeriod, pipelineId: string | undefined) {
  const pipeline = await findPipeline(s, pipelineId);
  if (!pipeline) {
    if (pipelineId) throw unknownRecord('pipelineId', 'is not a known pipeline');
    return { pipeline: null, stages: [] as StageAnalysis[] };
  }
  const stages = await pipelineStages(s, pipeline.id);
  const [figures, conversions] = await Promise.all([stageFigures(s, pipeline.id, p), stageConversions(s, pipeline.id, p)]);
  const conversionOf = (c: StageConversion | undefined) => {
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

export async function getPipelineAnalysis(ctx: Pick<OrgContext, 'db' | 'organizationId' | 'auth'>, input: TPipelineAnalysisInput, now = new Date()) {
  const { s, p } = await scopeOf(ctx, input, now);
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

// ——— Queries ———

async function findPipeline(s: Scope, pipelineId: string | undefined) {
  let query = s.org.selectFrom('pipelines').select(['id', 'name', 'is_default']);
  query = pipelineId ? query.where('id', '=', pipelineId) : query.orderBy('is_default', 'desc').orderBy('position').orderBy('created_at').limit(1);
  return query.executeTakeFirst();
}

type StageInfo = { id: string; name: string; position: number; probability: number; kind: StageKind };

/** A pipeline's stages in its order (the order deal_stage_next records: position, creation, id). */
async function pipelineStages(s: Scope, pipelineId: string): Promise<StageInfo[]> {
  return s.org
    .selectFrom('pipeline_stages')
    .select(['id', 'name', 'position', 'probability', 'kind'])
    .where('pipeline_id', '=', pipelineId)
    .orderBy('position')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/**
 * Per stage of a pipeline: the open deals in it now, and the deals won or lost in it during the
 * period; value and weighted value (value × the deal's probability, else the stage's) in the
 * scope's currency, with the deals in other currencies counted apart.
 */
async function stageFigures(s: Scope, pipelineId: string, days: Days) {
  const cur = s.currency;
  const sums = ['stage_id', 'currency', 'deals', 'value_minor', 'value_without_probability_minor', 'value_times_probability_minor'] as const;
  const open = s.org
    .selectFrom('deal_open_days')
    .where('pipeline_id', '=', pipelineId)
    .$if(s.ownerId !== null, (q) => q.where('owner_id', '=', s.ownerId!))
    .select(sums);
  const closed = s.org
    .selectFrom('deal_close_days')
    .where('pipeline_id', '=', pipelineId)
    .where('closed_on', '>=', days.from)
    .where('closed_on', '<=', days.to)
    .$if(s.ownerId !== null, (q) => q.where('owner_id', '=', s.ownerId!))
    .select(sums);
  const rows = await s.db
    .selectFrom(open.unionAll(closed).as('f'))
    .innerJoin('pipeline_stages as st', 'st.id', 'f.stage_id')
    .select([
      'f.stage_id',
      sql<number>`sum(f.deals)`.as('count'),
      sql<string | null>`sum(f.value_minor) filter (where f.currency = ${cur})`.as('value'),
      sql<string | null>`sum(f.value_times_probability_minor + st.probability * f.value_without_probability_minor) filter (where f.currency = ${cur}) / 100.0`.as('weighted'),
      sql<number>`sum(f.deals) filter (where f.currency <> ${cur})`.as('excluded'),
    ])
    .groupBy('f.stage_id')
    .execute();
  return new Map(rows.map((r) => [r.stage_id, { count: n(r.count), valueMinor: n(r.value), weightedValueMinor: Math.round(n(r.weighted)), excluded: n(r.excluded) }]));
}

type StageConversion = { reached: number; advanced: number };

/**
 * Per stage of a pipeline, for a period and the one before it: of the deals that entered the stage
 * during the period (`reached`), those that also entered the next stage by the period's end
 * (`advanced`) — the board's conversion limited to the period.
 *
 * The daily sums count, per day of entry, the entries that are a deal's first in the period (its
 * entry before was earlier) and whether the deal ever entered the next stage. Of those, the deals
 * that entered the next stage only at or after the period's end are taken back: the entries whose
 * (entered, reached next] range holds that instant, found by the GiST index of deal_stage_entries.
 */
async function stageConversions(s: Scope, pipelineId: string, p: ResolvedPeriod): Promise<Map<string, { current: StageConversion; previous: StageConversion }>> {
  const prev = p.previous;
  const firstIn = (from: string) => sql`(previous_entry_on is null or previous_entry_on < ${from})`;
  const firstSince = (start: Date) => sql`(previous_entry_at is null or previous_entry_at < ${start})`;
  const openAt = (at: Date) => sql`tstzrange(entered_at, next_stage_entered_at, '(]') @> ${at}::timestamptz`;
  const [days, late] = await Promise.all([
    s.org
      .selectFrom('deal_stage_entry_days')
      .where('pipeline_id', '=', pipelineId)
      .where('entered_on', '>=', prev.from)
      .where('entered_on', '<=', p.to)
      .$if(s.ownerId !== null, (q) => q.where('owner_id', '=', s.ownerId!))
      .select([
        'stage_id',
        sql<number>`sum(entries) filter (where entered_on >= ${p.from} and ${firstIn(p.from)})`.as('reached'),
        sql<number>`sum(entries) filter (where entered_on >= ${p.from} and ${firstIn(p.from)} and reached_next)`.as('reached_next'),
        sql<number>`sum(entries) filter (where entered_on < ${p.from} and ${firstIn(prev.from)})`.as('prev_reached'),
        sql<number>`sum(entries) filter (where entered_on < ${p.from} and ${firstIn(prev.from)} and reached_next)`.as('prev_reached_next'),
      ])
      .groupBy('stage_id')
      .execute(),
    s.org
      .selectFrom('deal_stage_entries')
      .where('pipeline_id', '=', pipelineId)
      .where(sql<boolean>`next_stage_entered_at > entered_at`)
      .where(sql<boolean>`(${openAt(p.end)} or ${openAt(prev.end)})`)
      .$if(s.ownerId !== null, (q) => q.where('owner_id', '=', s.ownerId!))
      .select([
        'stage_id',
        sql<number>`count(*) filter (where ${openAt(p.end)} and entered_at >= ${p.start} and ${firstSince(p.start)})`.as('late'),
        sql<number>`count(*) filter (where ${openAt(prev.end)} and entered_at >= ${prev.start} and ${firstSince(prev.start)})`.as('prev_late'),
      ])
      .groupBy('stage_id')
      .execute(),
  ]);
  const lateOf = new Map(late.map((r) => [r.stage_id, r]));
  return new Map(
    days.map((r) => {
      const l = lateOf.get(r.stage_id);
      return [
        r.stage_id,
        {
          current: { reached: n(r.reached), advanced: n(r.reached_next) - n(l?.late) },
          previous: { reached: n(r.prev_reached), advanced: n(r.prev_reached_next) - n(l?.prev_late) },
        },
      ];
    }),
  );
}
