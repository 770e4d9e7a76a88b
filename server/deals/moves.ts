import type { z } from 'zod';
import { recordActivities, type ActivityInput } from '../activities/service';
import { publishEvent } from '../events/publish';
import type { Db } from '../db';
import type { StageKind } from '../db/schema';
import { scoped } from '../db/scoped';
import { fieldError } from '../errors';
import { actorIdOf, type OrgContext } from '../kernel/context';
import { ownerOnlyFilter } from '../organizations/members';
import { positionIn, type Place } from './placement';
import { dealDetail, lockDeal, type LockedDeal } from './read';
import { requireStage, type StageRow } from './repo';
import type { ZMoveDealInput } from './schema';

export const LOST_REASON_REQUIRED = 'is required when a deal is lost';

/** The first open stage of a pipeline, else its first stage: where a deal lands by default. */
export function entryStage(stages: StageRow[]): StageRow {
  const stage = stages.find((s) => s.kind === 'open') ?? stages[0];
  if (!stage) throw fieldError('stageId', 'is required: the pipeline has no stages');
  return stage;
}

/** The columns a move into `to` sets, keeping status, won/lost dates and the lost reason in step with the stage kind. */
export function stageColumns(deal: { status: StageKind; won_at: Date | null; lost_at: Date | null }, to: StageRow, lostReason: string | null, now: Date) {
  return {
    stage_id: to.id,
    pipeline_id: to.pipeline_id,
    status: to.kind,
    won_at: to.kind === 'won' ? (deal.status === 'won' ? deal.won_at : now) : null,
    lost_at: to.kind === 'lost' ? (deal.status === 'lost' ? deal.lost_at : now) : null,
    lost_reason: to.kind === 'lost' ? lostReason : null,
    stage_changed_at: now,
  };
}

/** The timeline entries of entering a stage: deal_moved, plus deal_won / deal_lost when the outcome changes. */
export function moveActivities(
  ctx: OrgContext,
  deal: { id: string; title: string; contact_id: string | null; status: StageKind; value_minor: number; currency: string },
  from: { id: string; name: string } | null,
  to: StageRow,
  lostReason: string | null,
): ActivityInput[] {
  const base = { organizationId: ctx.organizationId, dealId: deal.id, contactId: deal.contact_id, actorUserId: actorIdOf(ctx) };
  const entries: ActivityInput[] = [];
  if (from) {
    entries.push({
      ...base,
      type: 'deal_moved',
      payload: { from: from.name, to: to.name, fromStageId: from.id, toStageId: to.id, ...(deal.status !== 'open' && to.kind === 'open' ? { reopened: true } : {}) },
    });
  }
  if (to.kind === 'won' && deal.status !== 'won') entries.push({ ...base, type: 'deal_won', payload: { title: deal.title, valueMinor: deal.value_minor, currency: deal.currency, stage: to.name } });
  if (to.kind === 'lost' && deal.status !== 'lost') entries.push({ ...base, type: 'deal_lost', payload: { title: deal.title, reason: lostReason, stage: to.name } });
  return entries;
}

export function requireLostReason(to: StageRow, reason: string | null | undefined): string | null {
  if (to.kind !== 'lost') return null;
  const trimmed = reason?.trim();
  if (!trimmed) throw fieldError('lostReason', LOST_REASON_REQUIRED);
  return trimmed;
}

/** Moves a deal to a stage of its pipeline (drag and drop), or to another place in its column. */
export async function moveDeal(ctx: OrgContext, input: z.output<typeof ZMoveDealInput>) {
  const ownerOnly = await ownerOnlyFilter(ctx.db, ctx.auth);
  await ctx.db.transaction().execute(async (trx) => {
    const deal = await lockDeal(trx, ctx, ownerOnly, input.dealId);
    const to = await requireStage(trx, ctx.organizationId, input.stageId);
    if (to.pipeline_id !== deal.pipeline_id) throw fieldError('stageId', 'does not belong to this pipeline');
    const place: Place | undefined = input.afterDealId !== undefined ? { after: input.afterDealId } : input.position !== undefined ? { index: input.position } : undefined;
    await applyStageChange(trx, ctx, deal, to, input.lostReason ?? (deal.status === 'lost' ? deal.lost_reason : null), place);
  });
  return dealDetail(ctx, input.dealId, ownerOnly);
}

/**
 * moveDeal inside the caller's transaction (an automation step's): the same pipeline rule, history,
 * timeline entries and events (deal_moved, deal_won / deal_lost); no owner-only filter (the caller
 * decides who may move it). Answers the stage it left; unchanged when it is already there.
 * `timeline` is added to the deal_moved entry (an automation names itself there).
 */
export async function moveDealIn(
  trx: Db,
  ctx: OrgContext,
  input: { dealId: string; stageId: string; lostReason?: string | null; timeline?: Record<string, unknown> },
): Promise<{ fromStageId: string; moved: boolean }> {
  const deal = await lockDeal(trx, ctx, null, input.dealId);
  const to = await requireStage(trx, ctx.organizationId, input.stageId);
  if (to.pipeline_id !== deal.pipeline_id) throw fieldError('stageId', 'does not belong to this pipeline');
  if (to.id === deal.stage_id) return { fromStageId: deal.stage_id, moved: false };
  await applyStageChange(trx, ctx, deal, to, input.lostReason ?? (deal.status === 'lost' ? deal.lost_reason : null), undefined, input.timeline ?? {});
  return { fromStageId: deal.stage_id, moved: true };
}

/** The realtime side of a stage change: deal_moved for live boards, and deal_won / deal_lost when it closes. */
export async function announceStage(
  trx: Db,
  ctx: OrgContext,
  deal: { id: string; title: string; value_minor: number; currency: string; pipeline_id: string; owner_id: string | null; status: StageKind },
  from: string | null,
  to: StageRow,
): Promise<void> {
  const organizationId = ctx.organizationId;
  const actorUserId = actorIdOf(ctx);
  await publishEvent(trx, {
    organizationId,
    type: 'deal_moved',
    payload: { dealId: deal.id, title: deal.title, pipelineId: deal.pipeline_id, fromStageId: from, toStageId: to.id, toStage: to.name, status: to.kind, ownerId: deal.owner_id },
    actorUserId,
  });
  if (to.kind !== deal.status && to.kind !== 'open') {
    await publishEvent(trx, {
      organizationId,
      type: to.kind === 'won' ? 'deal_won' : 'deal_lost',
      payload: { dealId: deal.id, title: deal.title, valueMinor: deal.value_minor, currency: deal.currency, ownerId: deal.owner_id },
      actorUserId,
    });
  }
}

/** Puts a locked deal in `to` (or moves it within its column), with history and timeline when the stage changes. */
export async function applyStageChange(trx: Db, ctx: OrgContext, deal: LockedDeal, to: StageRow, reason: string | null | undefined, place: Place | undefined, extra: Record<string, unknown> = {}) {
  const org = scoped(trx, ctx.organizationId);
  const now = new Date();
  if (to.id === deal.stage_id) {
    if (place !== undefined) {
      await org
        .updateTable('deals')
        .set({ position: await positionIn(trx, ctx.organizationId, to.id, place, deal.id) })
        .where('id', '=', deal.id)
        .execute();
      await announceStage(trx, ctx, deal, deal.stage_id, to);
    }
    return;
  }
  const lostReason = requireLostReason(to, reason);
  const position = await positionIn(trx, ctx.organizationId, to.id, place, deal.id);
  await org
    .updateTable('deals')
    .set({ ...stageColumns(deal, to, lostReason, now), position, updated_at: now })
    .where('id', '=', deal.id)
    .execute();
  await org.insertInto('deal_stage_history', { deal_id: deal.id, from_stage_id: deal.stage_id, to_stage_id: to.id, changed_by: actorIdOf(ctx), changed_at: now }).execute();
  const entries = moveActivities(ctx, deal, { id: deal.stage_id, name: deal.stage_name }, to, lostReason);
  if (entries[0]) entries[0].payload = { ...entries[0].payload, ...extra };
  await recordActivities(trx, entries);
  await announceStage(trx, ctx, deal, deal.stage_id, to);
}
