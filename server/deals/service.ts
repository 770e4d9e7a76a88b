import { sql } from 'kysely';
import type { z } from 'zod';
import { listActivities, recordActivities, type ActivityInput } from '../activities/service';
import { displayName, requireContact } from '../contacts/lookup';
import { publishEvent } from '../events/publish';
import type { Db } from '../db';
import type { StageKind } from '../db/schema';
import { likePattern } from '../db/like';
import { scoped } from '../db/scoped';
import { DomainError, fieldError } from '../errors';
import { actorIdOf, type OrgContext } from '../kernel/context';
import { assertMember, ownerOnlyFilter } from '../organizations/members';
import { ensureDefaultPipeline } from './default-pipeline';
import { dealsOf, primaryCurrency, requirePipeline, requireStage, selectDeals, stagesOf, toDeal, type StageRow } from './repo';
import {
  RECURRING_NEEDS_MONTHLY,
  type ZCreateDealInput,
  type ZDealBoardInput,
  type ZDealIdInput,
  type ZDealTimelineInput,
  type ZListDealsInput,
  type ZMoveDealInput,
  type ZUpdateDealInput,
  type TMoney,
} from './schema';

export const LOST_REASON_REQUIRED = 'is required when a deal is lost';

const dealNotFound = () => new DomainError('NOT_FOUND', 'Deal not found');

/** The organization's default pipeline (created on first use for organizations that predate pipelines). */
async function defaultPipeline(db: Db, organizationId: string) {
  await ensureDefaultPipeline(db, organizationId);
  return scoped(db, organizationId).selectFrom('pipelines').select(['id', 'name']).orderBy('is_default', 'desc').orderBy('position').orderBy('created_at').limit(1).executeTakeFirstOrThrow();
}

/** The first open stage of a pipeline, else its first stage: where a deal lands by default. */
function entryStage(stages: StageRow[]): StageRow {
  const stage = stages.find((s) => s.kind === 'open') ?? stages[0];
  if (!stage) throw fieldError('stageId', 'is required: the pipeline has no stages');
  return stage;
}

/** A deal visible to the caller, locked for the change when inside a transaction. */
async function lockDeal(trx: Db, ctx: OrgContext, ownerOnly: string | null, id: string) {
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

/**
 * Where a deal goes in a stage's column: at `index` (0-based) among the others, or on top. Positions
 * are doubles; a drop between two neighbours takes their midpoint, and a column whose gaps wore
 * out is renumbered first.
 */
/** Where a deal goes in a column: at a 0-based index, or right after another deal (null: the top). */
type Place = { index: number } | { after: string | null };

async function positionIn(trx: Db, organizationId: string, stageId: string, place: Place | undefined, excludeId: string | null): Promise<number> {
  const column = () => {
    let q = scoped(trx, organizationId).selectFrom('deals').select('position').where('stage_id', '=', stageId);
    if (excludeId) q = q.where('id', '!=', excludeId);
    return q.orderBy('position').orderBy('updated_at', 'desc').orderBy('id');
  };
  const index = place && 'after' in place ? (place.after === null ? 0 : await indexAfter(trx, organizationId, stageId, place.after, excludeId)) : place?.index;
  if (index === undefined || index === 0) {
    const first = await column().limit(1).executeTakeFirst();
    return first ? first.position - 1 : 0;
  }
  const around = await column()
    .offset(index - 1)
    .limit(2)
    .execute();
  const [before, after] = around;
  if (!before) {
    const last = await column().clearOrderBy().orderBy('position', 'desc').limit(1).executeTakeFirst();
    return last ? last.position + 1 : 0;
  }
  if (!after) return before.position + 1;
  if (after.position - before.position > 1e-6) return (before.position + after.position) / 2;
  await renumberColumn(trx, organizationId, stageId);
  return positionIn(trx, organizationId, stageId, { index }, excludeId);
}

/** The 0-based index just below `afterId` in its column (not counting the deal being moved). */
async function indexAfter(trx: Db, organizationId: string, stageId: string, afterId: string, excludeId: string | null): Promise<number> {
  if (afterId === excludeId) throw fieldError('afterDealId', 'must be another deal than the one moved');
  const org = scoped(trx, organizationId);
  const anchor = await org.selectFrom('deals').select(['position', 'updated_at', 'id', 'stage_id']).where('id', '=', afterId).executeTakeFirst();
  if (!anchor || anchor.stage_id !== stageId) throw fieldError('afterDealId', 'is not a deal in the target stage');
  // How many deals sort at or before the anchor, in the column's order (position, updated_at desc, id).
  let ahead = org
    .selectFrom('deals')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('stage_id', '=', stageId)
    .where((eb) =>
      eb.or([
        eb('position', '<', anchor.position),
        eb.and([eb('position', '=', anchor.position), eb('updated_at', '>', anchor.updated_at)]),
        eb.and([eb('position', '=', anchor.position), eb('updated_at', '=', anchor.updated_at), eb('id', '<=', anchor.id)]),
      ]),
    );
  if (excludeId) ahead = ahead.where('id', '!=', excludeId);
  return Number((await ahead.executeTakeFirstOrThrow()).n);
}

async function renumberColumn(trx: Db, organizationId: string, stageId: string) {
  const org = scoped(trx, organizationId);
  const ranked = org
    .selectFrom('deals')
    .select(['id', sql<number>`row_number() over (order by position, updated_at desc, id)`.as('rn')])
    .where('stage_id', '=', stageId)
    .as('ranked');
  await org
    .updateTable('deals')
    .from(ranked)
    .set((eb) => ({ position: eb.ref('ranked.rn') }))
    .whereRef('deals.id', '=', 'ranked.id')
    .execute();
}

type LockedDeal = Awaited<ReturnType<typeof lockDeal>>;

/** The columns a move into `to` sets, keeping status, won/lost dates and the lost reason in step with the stage kind. */
function stageColumns(deal: { status: StageKind; won_at: Date | null; lost_at: Date | null }, to: StageRow, lostReason: string | null, now: Date) {
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
function moveActivities(
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

function requireLostReason(to: StageRow, reason: string | null | undefined): string | null {
  if (to.kind !== 'lost') return null;
  const trimmed = reason?.trim();
  if (!trimmed) throw fieldError('lostReason', LOST_REASON_REQUIRED);
  return trimmed;
}

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
async function dealDetail(ctx: OrgContext, id: string, ownerOnly: string | null) {
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

export async function createDeal(ctx: OrgContext, input: z.output<typeof ZCreateDealInput>) {
  const { db, organizationId } = ctx;
  const ownerOnly = await ownerOnlyFilter(db, ctx.auth);

  let stage: StageRow;
  if (input.stageId) {
    stage = await requireStage(db, organizationId, input.stageId);
    if (input.pipelineId && stage.pipeline_id !== input.pipelineId) {
      await requirePipeline(db, organizationId, input.pipelineId);
      throw fieldError('stageId', 'does not belong to this pipeline');
    }
  } else {
    const pipeline = input.pipelineId ? await requirePipeline(db, organizationId, input.pipelineId) : await defaultPipeline(db, organizationId);
    stage = entryStage(await stagesOf(db, organizationId, pipeline.id));
  }
  const lostReason = requireLostReason(stage, input.lostReason);
  if (input.lostReason && stage.kind !== 'lost') throw fieldError('lostReason', 'can be set only on a lost deal');
  const ownerId = input.ownerId === undefined ? actorIdOf(ctx) : input.ownerId;
  await assertMember(db, organizationId, ownerId, 'ownerId');
  const contact = input.contactId ? await requireContact(db, organizationId, input.contactId, ownerOnly) : null;
  const value: TMoney = input.value ?? { valueMinor: 0, currency: await primaryCurrency(db, organizationId) };
  if (input.isRecurring && input.monthlyValueMinor == null) throw fieldError('monthlyValueMinor', RECURRING_NEEDS_MONTHLY);

  const id = await db.transaction().execute(async (trx) => {
    const org = scoped(trx, organizationId);
    const now = new Date();
    const position = await positionIn(trx, organizationId, stage.id, undefined, null);
    const deal = await org
      .insertInto('deals', {
        title: input.title,
        value_minor: value.valueMinor,
        currency: value.currency,
        contact_id: contact?.id ?? null,
        owner_id: ownerId ?? null,
        expected_close_date: input.expectedCloseDate ?? null,
        probability: input.probability ?? null,
        is_recurring: input.isRecurring,
        monthly_value_minor: input.isRecurring ? (input.monthlyValueMinor ?? null) : null,
        position,
        created_at: now,
        updated_at: now,
        ...stageColumns({ status: 'open', won_at: null, lost_at: null }, stage, lostReason, now),
      })
      .returning(['id'])
      .executeTakeFirstOrThrow();
    await org.insertInto('deal_stage_history', { deal_id: deal.id, from_stage_id: null, to_stage_id: stage.id, changed_by: actorIdOf(ctx), changed_at: now }).execute();
    const base = { organizationId, dealId: deal.id, contactId: contact?.id ?? null, actorUserId: actorIdOf(ctx) };
    await recordActivities(trx, [
      { ...base, type: 'deal_created', payload: { title: input.title, valueMinor: value.valueMinor, currency: value.currency, stage: stage.name, stageId: stage.id } },
      ...moveActivities(ctx, { id: deal.id, title: input.title, contact_id: contact?.id ?? null, status: 'open', value_minor: value.valueMinor, currency: value.currency }, null, stage, lostReason),
    ]);
    await publishEvent(trx, { organizationId, type: 'deal_created', payload: { dealId: deal.id, title: input.title, pipelineId: stage.pipeline_id, stageId: stage.id }, actorUserId: actorIdOf(ctx) });
    if (stage.kind !== 'open') {
      await announceStage(
        trx,
        ctx,
        { id: deal.id, title: input.title, value_minor: value.valueMinor, currency: value.currency, pipeline_id: stage.pipeline_id, owner_id: ownerId ?? null, status: 'open' },
        null,
        stage,
      );
    }
    return deal.id;
  });
  return dealDetail(ctx, id, null);
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

/** The realtime side of a stage change: deal_moved for live boards, and deal_won / deal_lost when it closes. */
async function announceStage(
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
    payload: { dealId: deal.id, title: deal.title, pipelineId: deal.pipeline_id, fromStageId: from, toStageId: to.id, toStage: to.name, status: to.kind },
    actorUserId,
  });
  if (to.kind !== deal.status && to.kind !== 'open') {
    await publishEvent(trx, {
      organizationId,
      type: to.kind === 'won' ? 'deal_won' : 'deal_lost',
      // ownerId: who is told (a Sales Rep who sees only their own deals hears only of those).
      payload: { dealId: deal.id, title: deal.title, valueMinor: deal.value_minor, currency: deal.currency, ownerId: deal.owner_id },
      actorUserId,
    });
  }
}

/** Puts a locked deal in `to` (or moves it within its column), with history and timeline when the stage changes. */
async function applyStageChange(trx: Db, ctx: OrgContext, deal: LockedDeal, to: StageRow, reason: string | null | undefined, place: Place | undefined, extra: Record<string, unknown> = {}) {
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

type FieldChange = { field: string; from: unknown; to: unknown };

export async function updateDeal(ctx: OrgContext, input: z.output<typeof ZUpdateDealInput>) {
  const { db, organizationId } = ctx;
  const ownerOnly = await ownerOnlyFilter(db, ctx.auth);
  if (input.ownerId) await assertMember(db, organizationId, input.ownerId, 'ownerId');
  const contact = input.contactId ? await requireContact(db, organizationId, input.contactId, ownerOnly) : null;
  const targetPipeline = input.pipelineId ? await requirePipeline(db, organizationId, input.pipelineId) : null;
  const targetStage = input.stageId ? await requireStage(db, organizationId, input.stageId) : null;

  await db.transaction().execute(async (trx) => {
    const deal = await lockDeal(trx, ctx, ownerOnly, input.id);
    const org = scoped(trx, organizationId);
    const changes: FieldChange[] = [];
    const set: Record<string, unknown> = {};
    const change = (field: string, column: string, from: unknown, to: unknown, stored: unknown = to) => {
      if (to === undefined || JSON.stringify(from) === JSON.stringify(to)) return;
      changes.push({ field, from, to });
      set[column] = stored;
    };

    change('title', 'title', deal.title, input.title);
    if (input.value) {
      const from = { valueMinor: deal.value_minor, currency: deal.currency };
      if (from.valueMinor !== input.value.valueMinor || from.currency !== input.value.currency) {
        changes.push({ field: 'value', from, to: input.value });
        set.value_minor = input.value.valueMinor;
        set.currency = input.value.currency;
      }
    }
    if (input.contactId !== undefined && input.contactId !== deal.contact_id) {
      const previous = deal.contact_id ? await org.selectFrom('contacts').select(['first_name', 'last_name', 'email']).where('id', '=', deal.contact_id).executeTakeFirst() : undefined;
      changes.push({ field: 'contact', from: previous ? { id: deal.contact_id, name: displayName(previous) } : null, to: contact ? { id: contact.id, name: displayName(contact) } : null });
      set.contact_id = input.contactId;
    }
    if (input.ownerId !== undefined && input.ownerId !== deal.owner_id) {
      const ids = [deal.owner_id, input.ownerId].filter((v): v is string => Boolean(v));
      const names = ids.length > 0 ? await trx.selectFrom('users').select(['id', 'name']).where('id', 'in', ids).execute() : [];
      const named = (userId: string | null) => (userId ? { id: userId, name: names.find((u) => u.id === userId)?.name ?? '' } : null);
      changes.push({ field: 'owner', from: named(deal.owner_id), to: named(input.ownerId) });
      set.owner_id = input.ownerId;
    }
    change('expectedCloseDate', 'expected_close_date', deal.expected_close_date, input.expectedCloseDate);
    change('probability', 'probability', deal.probability, input.probability);
    const isRecurring = input.isRecurring ?? deal.is_recurring;
    const monthly = isRecurring ? (input.monthlyValueMinor === undefined ? deal.monthly_value_minor : input.monthlyValueMinor) : null;
    if (isRecurring && monthly == null) throw fieldError('monthlyValueMinor', RECURRING_NEEDS_MONTHLY);
    change('isRecurring', 'is_recurring', deal.is_recurring, isRecurring);
    change('monthlyValueMinor', 'monthly_value_minor', deal.monthly_value_minor, monthly);

    // A stage change goes through the same path as a move; another pipeline starts at its first stage by default.
    let to: StageRow | null = null;
    if (targetStage) {
      const pipelineId = targetPipeline?.id ?? deal.pipeline_id;
      if (targetStage.pipeline_id !== pipelineId) throw fieldError('stageId', 'does not belong to this pipeline');
      to = targetStage;
    } else if (targetPipeline && targetPipeline.id !== deal.pipeline_id) {
      to = entryStage(await stagesOf(trx, organizationId, targetPipeline.id));
    }
    if (to && to.id === deal.stage_id) to = null;
    const staysLost = (to ?? { kind: deal.status }).kind === 'lost';
    if (input.lostReason !== undefined && !staysLost && input.lostReason) throw fieldError('lostReason', 'can be set only on a lost deal');
    if (staysLost && !to && input.lostReason !== undefined) {
      if (!input.lostReason) throw fieldError('lostReason', LOST_REASON_REQUIRED);
      change('lostReason', 'lost_reason', deal.lost_reason, input.lostReason);
    }

    if (changes.length > 0) {
      await org
        .updateTable('deals')
        .set({ ...set, updated_at: new Date() })
        .where('id', '=', deal.id)
        .execute();
      // Entries go to the contact the deal has after the change.
      const contactId = (set.contact_id as string | null | undefined) !== undefined ? (set.contact_id as string | null) : deal.contact_id;
      await recordActivities(
        trx,
        changes.map((c) => ({ organizationId, dealId: deal.id, contactId, type: 'field_changed', actorUserId: actorIdOf(ctx), payload: c })),
      );
      await publishEvent(trx, { organizationId, type: 'deal_updated', payload: { dealId: deal.id, title: deal.title, fields: changes.map((c) => c.field) }, actorUserId: actorIdOf(ctx) });
    }
    if (to) {
      const fresh = await lockDeal(trx, ctx, null, deal.id);
      const fromPipeline = to.pipeline_id !== deal.pipeline_id ? { fromPipelineId: deal.pipeline_id, toPipelineId: to.pipeline_id } : {};
      await applyStageChange(trx, ctx, fresh, to, input.lostReason ?? (deal.status === 'lost' ? deal.lost_reason : null), undefined, fromPipeline);
    }
  });
  return dealDetail(ctx, input.id, null);
}

export async function deleteDeal(ctx: OrgContext, { id }: z.output<typeof ZDealIdInput>) {
  const ownerOnly = await ownerOnlyFilter(ctx.db, ctx.auth);
  await ctx.db.transaction().execute(async (trx) => {
    const deal = await lockDeal(trx, ctx, ownerOnly, id);
    // The deal's own timeline goes with it; its contact keeps a trace.
    await scoped(trx, ctx.organizationId).deleteFrom('deals').where('id', '=', id).execute();
    await publishEvent(trx, { organizationId: ctx.organizationId, type: 'deal_deleted', payload: { dealId: id, title: deal.title, pipelineId: deal.pipeline_id }, actorUserId: actorIdOf(ctx) });
    if (deal.contact_id) {
      await recordActivities(trx, [
        {
          organizationId: ctx.organizationId,
          contactId: deal.contact_id,
          dealId: null,
          type: 'deal_deleted',
          actorUserId: actorIdOf(ctx),
          payload: { dealId: id, title: deal.title, valueMinor: deal.value_minor, currency: deal.currency, status: deal.status },
        },
      ]);
    }
  });
  return { id };
}

export async function dealTimeline(ctx: OrgContext, input: z.output<typeof ZDealTimelineInput>) {
  const ownerOnly = await ownerOnlyFilter(ctx.db, ctx.auth);
  await dealRow(ctx, input.dealId, ownerOnly);
  return listActivities(ctx, { dealId: input.dealId }, { before: input.before, limit: input.limit });
}

type DealFilters = { q?: string; ownerId?: string; closeFrom?: string; closeTo?: string };

/** The filtered deals query shared by the board, its sums and its conversion rates. */
function filteredDeals(ctx: OrgContext, ownerOnly: string | null, filters: DealFilters & { pipelineId?: string; stageId?: string; status?: StageKind; contactId?: string; stalledDays?: number }) {
  let query = selectDeals(ctx.db, ctx.organizationId);
  if (ownerOnly) query = query.where('deals.owner_id', '=', ownerOnly);
  if (filters.pipelineId) query = query.where('deals.pipeline_id', '=', filters.pipelineId);
  if (filters.stageId) query = query.where('deals.stage_id', '=', filters.stageId);
  if (filters.status) query = query.where('deals.status', '=', filters.status);
  if (filters.contactId) query = query.where('deals.contact_id', '=', filters.contactId);
  if (filters.ownerId) query = query.where('deals.owner_id', '=', filters.ownerId);
  if (filters.closeFrom) query = query.where('deals.expected_close_date', '>=', filters.closeFrom);
  if (filters.closeTo) query = query.where('deals.expected_close_date', '<=', filters.closeTo);
  if (filters.q) query = query.where('deals.title', 'ilike', likePattern(filters.q));
  if (filters.stalledDays) {
    query = query.where('deals.status', '=', 'open').where('deals.stage_changed_at', '<', new Date(Date.now() - filters.stalledDays * 86_400_000));
  }
  return query;
}

function assertDateRange(from: string | undefined, to: string | undefined) {
  if (from && to && to < from) throw fieldError('closeTo', 'must be on or after closeFrom');
}

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

const SORT_COLUMNS = {
  title: 'deals.title',
  value: 'deals.value_minor',
  expectedCloseDate: 'deals.expected_close_date',
  createdAt: 'deals.created_at',
  updatedAt: 'deals.updated_at',
  stageChangedAt: 'deals.stage_changed_at',
  position: 'deals.position',
} as const;

/** The list view: filtered, sorted, paged. */
export async function listDeals(ctx: OrgContext, input: z.output<typeof ZListDealsInput>) {
  assertDateRange(input.closeFrom, input.closeTo);
  const { db, organizationId } = ctx;
  const ownerOnly = await ownerOnlyFilter(db, ctx.auth);
  if (input.pipelineId) await requirePipeline(db, organizationId, input.pipelineId);
  if (input.stageId) await requireStage(db, organizationId, input.stageId);
  if (input.contactId) await requireContact(db, organizationId, input.contactId, ownerOnly);
  const base = filteredDeals(ctx, ownerOnly, input);
  const column = SORT_COLUMNS[input.sortBy];
  const [rows, count] = await Promise.all([
    base
      .orderBy(sql.ref(column), (ob) => {
        const ordered = input.sortDir === 'asc' ? ob.asc() : ob.desc();
        // Deals without an expected close date come last either way.
        return input.sortBy === 'expectedCloseDate' ? ordered.nullsLast() : ordered;
      })
      .orderBy('deals.id', input.sortDir)
      .limit(input.limit)
      .offset((input.page - 1) * input.limit)
      .execute(),
    base
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map((r) => toDeal(r)), total: Number(count.n), page: input.page, limit: input.limit };
}
