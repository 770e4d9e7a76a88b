import { sql } from 'kysely';
import type { z } from 'zod';
import { scoped } from '../db/scoped';
import type { OrgContext } from '../kernel/context';
import { ownerOnlyFilter } from '../organizations/members';
import { defaultPipeline } from './default-pipeline';
import { assertDateRange, filteredDeals, type DealFilters } from './list';
import { primaryCurrency, requirePipeline, stagesOf, toDeal, type StageRow } from './repo';
import type { ZDealBoardInput } from './schema';

/**
 * The pipeline board: per stage its deals (first `perStageLimit`), count, value per currency and
 * in the primary currency, weighted value, and conversion to the next stage from stage history.
 */
export async function dealBoard(ctx: OrgContext, input: z.output<typeof ZDealBoardInput>) {
  assertDateRange(input.closeFrom, input.closeTo);
  const { db, organizationId } = ctx;
  const pipeline = input.pipelineId ? await requirePipeline(db, organizationId, input.pipelineId) : await defaultPipeline(db, organizationId);
  const ownerOnly = await ownerOnlyFilter(db, ctx.auth);
  const filters = { ...input, pipelineId: pipeline.id };
  const [stages, currency] = await Promise.all([stagesOf(db, organizationId, pipeline.id), primaryCurrency(db, organizationId)]);

  const order = input.sort === 'updated' ? sql`deals.updated_at desc, deals.id` : sql`deals.position, deals.updated_at desc, deals.id`;
  const ranked = filteredDeals(ctx, ownerOnly, filters)
    .select(sql<number>`row_number() over (partition by deals.stage_id order by ${order})`.as('rn'))
    .as('ranked');
  const [rows, sums, reached] = await Promise.all([
    db.selectFrom(ranked).selectAll().where('ranked.rn', '<=', input.perStageLimit).orderBy('ranked.rn').execute(),
    filteredDeals(ctx, ownerOnly, filters)
      .clearSelect()
      .select([
        'deals.stage_id',
        'deals.currency',
        (eb) => eb.fn.countAll<number>().as('n'),
        sql<number>`coalesce(sum(deals.value_minor), 0)::bigint`.as('total'),
        sql<number>`coalesce(round(sum(deals.value_minor * coalesce(deals.probability, stage.probability)) / 100.0), 0)::bigint`.as('weighted'),
      ])
      .groupBy(['deals.stage_id', 'deals.currency'])
      .execute(),
    stageReach(ctx, ownerOnly, filters, stages),
  ]);

  const items = stages.map((stage, i) => {
    const own = sums.filter((s) => s.stage_id === stage.id);
    const totals = own
      .map((s) => ({ currency: s.currency, count: Number(s.n), valueMinor: Number(s.total), weightedValueMinor: Number(s.weighted) }))
      .sort((a, b) => (a.currency === currency ? -1 : b.currency === currency ? 1 : a.currency.localeCompare(b.currency)));
    const primary = totals.find((t) => t.currency === currency);
    const next = stages[i + 1];
    const reachedHere = reached.get(stage.id);
    const conversion =
      next && stage.kind === 'open' && reachedHere && reachedHere.size > 0
        ? (() => {
            const advanced = [...reachedHere].filter((dealId) => reached.get(next.id)?.has(dealId)).length;
            return { toStageId: next.id, reached: reachedHere.size, advanced, rate: advanced / reachedHere.size };
          })()
        : null;
    return {
      id: stage.id,
      name: stage.name,
      kind: stage.kind,
      probability: stage.probability,
      position: stage.position,
      count: totals.reduce((n, t) => n + t.count, 0),
      /** Sum of the deals in the primary currency only: never converted. */
      value: { valueMinor: primary?.valueMinor ?? 0, currency },
      weightedValue: { valueMinor: primary?.weightedValueMinor ?? 0, currency },
      /** Every currency present, primary first. */
      totals,
      /** Share of the deals that ever entered this stage that also entered the next one; null for won/lost stages and the last. */
      conversion,
      deals: rows.filter((r) => r.stage_id === stage.id).map((r) => toDeal(r)),
      hasMore: totals.reduce((n, t) => n + t.count, 0) > input.perStageLimit,
    };
  });

  const allTotals = new Map<string, { currency: string; count: number; valueMinor: number; weightedValueMinor: number }>();
  for (const t of items.flatMap((s) => s.totals)) {
    const sum = allTotals.get(t.currency) ?? { currency: t.currency, count: 0, valueMinor: 0, weightedValueMinor: 0 };
    allTotals.set(t.currency, { currency: t.currency, count: sum.count + t.count, valueMinor: sum.valueMinor + t.valueMinor, weightedValueMinor: sum.weightedValueMinor + t.weightedValueMinor });
  }
  const totals = [...allTotals.values()].sort((a, b) => (a.currency === currency ? -1 : b.currency === currency ? 1 : a.currency.localeCompare(b.currency)));
  const primary = allTotals.get(currency);
  return {
    pipeline: { id: pipeline.id, name: pipeline.name },
    primaryCurrency: currency,
    stages: items,
    summary: {
      count: totals.reduce((n, t) => n + t.count, 0),
      value: { valueMinor: primary?.valueMinor ?? 0, currency },
      weightedValue: { valueMinor: primary?.weightedValueMinor ?? 0, currency },
      totals,
    },
  };
}

/** For each stage: the (filtered) deals of the pipeline whose history ever entered it. */
async function stageReach(ctx: OrgContext, ownerOnly: string | null, filters: DealFilters & { pipelineId: string }, stages: StageRow[]): Promise<Map<string, Set<string>>> {
  const reached = new Map<string, Set<string>>();
  if (stages.length === 0) return reached;
  const dealIds = filteredDeals(ctx, ownerOnly, filters).clearSelect().select('deals.id');
  const rows = await scoped(ctx.db, ctx.organizationId)
    .selectFrom('deal_stage_history')
    .select(['deal_id', 'to_stage_id'])
    .distinct()
    .where('deal_id', 'in', dealIds)
    .where(
      'to_stage_id',
      'in',
      stages.map((s) => s.id),
    )
    .execute();
  for (const row of rows) {
    if (!row.to_stage_id) continue;
    const set = reached.get(row.to_stage_id) ?? new Set<string>();
    set.add(row.deal_id);
    reached.set(row.to_stage_id, set);
  }
  return reached;
}
