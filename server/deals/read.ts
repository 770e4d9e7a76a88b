import type { z } from 'zod';
import { listActivities } from '../activities/service';
import type { Db } from '../db';
import { scoped } from '../db/scoped';
import { DomainError } from '../errors';
import type { OrgContext } from '../kernel/context';
import { ownerOnlyFilter } from '../organizations/members';
import { dealsOf, selectDeals, toDeal } from './repo';
import type { ZDealIdInput, ZDealTimelineInput } from './schema';

const dealNotFound = () => new DomainError('NOT_FOUND', 'Deal not found');

/** A deal visible to the caller, locked for the change when inside a transaction. */
export async function lockDeal(trx: Db, ctx: OrgContext, ownerOnly: string | null, id: string) {
  let query = scoped(trx, ctx.organizationId)
    .selectFrom('deals')
    .innerJoin('pipeline_stages as stage', 'stage.id', 'deals.stage_id')
    .selectAll('deals')
    .select(['stage.name as stage_name', 'stage.kind as stage_kind'])
    .where('deals.id', '=', id);
  if (ownerOnly) query = query.where('deals.owner_id', '=', ownerOnly);
  const deal = await query.forUpdate('deals').executeTakeFirst();
  if (!deal) throw dealNotFound();
  return deal;
}

export type LockedDeal = Awaited<ReturnType<typeof lockDeal>>;

/** Whether the deal exists in the organization and the caller may see it (its page answers 404 otherwise). */
export async function dealVisible(ctx: Pick<OrgContext, 'db' | 'organizationId' | 'auth'>, id: string): Promise<boolean> {
  const ownerOnly = await ownerOnlyFilter(ctx.db, ctx.auth);
  return (await dealsOf(ctx.db, ctx.organizationId, ownerOnly).select('deals.id').where('deals.id', '=', id).executeTakeFirst()) !== undefined;
}

export async function getDeal(ctx: OrgContext, { id }: z.output<typeof ZDealIdInput>) {
  const ownerOnly = await ownerOnlyFilter(ctx.db, ctx.auth);
  return dealDetail(ctx, id, ownerOnly);
}

async function dealRow(ctx: OrgContext, id: string, ownerOnly: string | null) {
  let query = selectDeals(ctx.db, ctx.organizationId).where('deals.id', '=', id);
  if (ownerOnly) query = query.where('deals.owner_id', '=', ownerOnly);
  const row = await query.executeTakeFirst();
  if (!row) throw dealNotFound();
  return toDeal(row);
}

/** A deal with its pipeline name and stage history (oldest first, with time spent in each stage). */
export async function dealDetail(ctx: OrgContext, id: string, ownerOnly: string | null) {
  const deal = await dealRow(ctx, id, ownerOnly);
  const org = scoped(ctx.db, ctx.organizationId);
  const [pipeline, history] = await Promise.all([
    org.selectFrom('pipelines').select(['id', 'name']).where('id', '=', deal.pipelineId).executeTakeFirstOrThrow(),
    org
      .selectFrom('deal_stage_history')
      .leftJoin('pipeline_stages as from_stage', 'from_stage.id', 'deal_stage_history.from_stage_id')
      .leftJoin('pipeline_stages as to_stage', 'to_stage.id', 'deal_stage_history.to_stage_id')
      .leftJoin('users', 'users.id', 'deal_stage_history.changed_by')
      .select([
        'deal_stage_history.id',
        'deal_stage_history.from_stage_id',
        'from_stage.name as from_name',
        'deal_stage_history.to_stage_id',
        'to_stage.name as to_name',
        'deal_stage_history.changed_by',
        'users.name as changed_by_name',
        'deal_stage_history.changed_at',
      ])
      .where('deal_stage_history.deal_id', '=', id)
      .orderBy('deal_stage_history.changed_at')
      .orderBy('deal_stage_history.id')
      .execute(),
  ]);
  const now = Date.now();
  return {
    ...deal,
    pipeline: { id: pipeline.id, name: pipeline.name },
    stageHistory: history.map((h, i) => {
      const left = history[i + 1]?.changed_at.getTime() ?? now;
      return {
        id: Number(h.id),
        // A deleted stage leaves its history with a null stage.
        fromStage: h.from_stage_id ? { id: h.from_stage_id, name: h.from_name ?? '' } : null,
        toStage: h.to_stage_id ? { id: h.to_stage_id, name: h.to_name ?? '' } : null,
        changedBy: h.changed_by ? { id: h.changed_by, name: h.changed_by_name ?? '' } : null,
        changedAt: h.changed_at.toISOString(),
        /** How long the deal stayed in the stage entered here (until the next move, or until now). */
        durationMs: left - h.changed_at.getTime(),
      };
    }),
  };
}

export async function dealTimeline(ctx: OrgContext, input: z.output<typeof ZDealTimelineInput>) {
  const ownerOnly = await ownerOnlyFilter(ctx.db, ctx.auth);
  await dealRow(ctx, input.dealId, ownerOnly);
  return listActivities(ctx, { dealId: input.dealId }, { before: input.before, limit: input.limit });
}
