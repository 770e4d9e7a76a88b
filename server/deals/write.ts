import type { z } from 'zod';
import { recordActivities } from '../activities/service';
import { displayName, requireContact } from '../contacts/lookup';
import type { Db } from '../db';
import { publishEvent } from '../events/publish';
import { scoped } from '../db/scoped';
import { fieldError } from '../errors';
import { actorIdOf, type OrgContext } from '../kernel/context';
import { assertMember, ownerOnlyFilter } from '../organizations/members';
import { defaultPipeline } from './default-pipeline';
import { announceStage, applyStageChange, entryStage, LOST_REASON_REQUIRED, moveActivities, requireLostReason, stageColumns } from './moves';
import { positionIn } from './placement';
import { dealDetail, lockDeal } from './read';
import { primaryCurrency, requirePipeline, requireStage, stagesOf, type StageRow } from './repo';
import { RECURRING_NEEDS_MONTHLY, type TMoney, type ZCreateDealInput, type ZDealIdInput, type ZUpdateDealInput } from './schema';

export async function createDeal(ctx: OrgContext, input: z.output<typeof ZCreateDealInput>) {
  const id = await ctx.db.transaction().execute((trx) => createDealIn(trx, ctx, input));
  return dealDetail(ctx, id, null);
}

/**
 * createDeal inside the caller's transaction (an automation step's): the same checks, rows,
 * timeline entries and events (deal_created, and deal_moved when it starts closed); answers its id.
 */
export async function createDealIn(trx: Db, ctx: OrgContext, input: z.output<typeof ZCreateDealInput>, timeline: Record<string, unknown> = {}): Promise<string> {
  const { organizationId } = ctx;
  const db = trx;
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
    { ...base, type: 'deal_created', payload: { title: input.title, valueMinor: value.valueMinor, currency: value.currency, stage: stage.name, stageId: stage.id, ...timeline } },
    ...moveActivities(ctx, { id: deal.id, title: input.title, contact_id: contact?.id ?? null, status: 'open', value_minor: value.valueMinor, currency: value.currency }, null, stage, lostReason),
  ]);
  await publishEvent(trx, {
    organizationId,
    type: 'deal_created',
    payload: { dealId: deal.id, title: input.title, pipelineId: stage.pipeline_id, stageId: stage.id, ownerId: ownerId ?? null },
    actorUserId: actorIdOf(ctx),
  });
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
      const owners = set.owner_id === undefined ? { ownerId: deal.owner_id } : { ownerId: set.owner_id as string | null, previousOwnerId: deal.owner_id };
      await publishEvent(trx, { organizationId, type: 'deal_updated', payload: { dealId: deal.id, title: deal.title, fields: changes.map((c) => c.field), ...owners }, actorUserId: actorIdOf(ctx) });
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
    await publishEvent(trx, {
      organizationId: ctx.organizationId,
      type: 'deal_deleted',
      payload: { dealId: id, title: deal.title, pipelineId: deal.pipeline_id, ownerId: deal.owner_id },
      actorUserId: actorIdOf(ctx),
    });
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
