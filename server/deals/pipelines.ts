import { sql } from 'kysely';
import type { z } from 'zod';
import { recordActivities } from '../activities/service';
import type { Db } from '../db';
import type { StageKind } from '../db/schema';
import { scoped } from '../db/scoped';
import { DomainError, fieldError, unknownRecord } from '../errors';
import { actorIdOf, type OrgContext } from '../kernel/context';
import { ownerOnlyFilter } from '../organizations/members';
import { DEFAULT_STAGES, ensureDefaultPipeline } from './default-pipeline';
import { requirePipeline, requireStage, stagesOf, type StageRow } from './repo';
import {
  type ZCreatePipelineInput,
  type ZCreateStageInput,
  type ZDeletePipelineInput,
  type ZDeleteStageInput,
  type ZPipelineIdInput,
  type ZReorderStagesInput,
  type ZUpdatePipelineInput,
  type ZUpdateStageInput,
} from './schema';

export const MAX_STAGES = 30;

/** A stage's probability when none is given: certain for won, none for lost and open. */
const defaultProbability = (kind: StageKind) => (kind === 'won' ? 100 : 0);

const conflict = (message: string, field?: string, rule?: string) => new DomainError('CONFLICT', message, field ? { issues: [{ path: field, message: rule ?? message }] } : {});

async function findPipeline(db: Db, organizationId: string, id: string) {
  const pipeline = await scoped(db, organizationId).selectFrom('pipelines').select(['id', 'name', 'is_default', 'position']).where('id', '=', id).executeTakeFirst();
  if (!pipeline) throw unknownRecord('id', 'is not a known pipeline');
  return pipeline;
}

async function findStage(db: Db, organizationId: string, id: string): Promise<StageRow> {
  const stage = await scoped(db, organizationId).selectFrom('pipeline_stages').select(['id', 'pipeline_id', 'name', 'position', 'probability', 'kind']).where('id', '=', id).executeTakeFirst();
  if (!stage) throw unknownRecord('id', 'is not a known stage');
  return stage;
}

async function assertPipelineNameFree(db: Db, organizationId: string, name: string, exceptId?: string) {
  let query = scoped(db, organizationId)
    .selectFrom('pipelines')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
  if (exceptId) query = query.where('id', '!=', exceptId);
  if (await query.executeTakeFirst()) throw conflict('name: a pipeline with this name already exists', 'name', 'a pipeline with this name already exists');
}

function assertStageNameFree(stages: { id: string; name: string }[], name: string, exceptId?: string) {
  if (stages.some((s) => s.id !== exceptId && s.name.toLowerCase() === name.toLowerCase())) {
    throw conflict('name: a stage with this name already exists in this pipeline', 'name', 'a stage with this name already exists in this pipeline');
  }
}

/** Every pipeline with its stages in order and how many deals (the caller may see) each holds. */
export async function listPipelines(ctx: OrgContext) {
  await ensureDefaultPipeline(ctx.db, ctx.organizationId);
  const org = scoped(ctx.db, ctx.organizationId);
  const ownerOnly = await ownerOnlyFilter(ctx.db, ctx.auth);
  let counts = org
    .selectFrom('deals')
    .select(['stage_id', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('stage_id');
  if (ownerOnly) counts = counts.where('owner_id', '=', ownerOnly);
  const [pipelines, stages, dealCounts] = await Promise.all([
    org.selectFrom('pipelines').select(['id', 'name', 'is_default', 'position', 'created_at']).orderBy('position').orderBy('created_at').execute(),
    org.selectFrom('pipeline_stages').select(['id', 'pipeline_id', 'name', 'position', 'probability', 'kind']).orderBy('position').orderBy('created_at').execute(),
    counts.execute(),
  ]);
  const countOf = new Map(dealCounts.map((c) => [c.stage_id, Number(c.n)]));
  return {
    items: pipelines.map((p) => {
      const own = stages
        .filter((s) => s.pipeline_id === p.id)
        .map((s) => ({ id: s.id, name: s.name, position: s.position, probability: s.probability, kind: s.kind, dealCount: countOf.get(s.id) ?? 0 }));
      return { id: p.id, name: p.name, isDefault: p.is_default, position: p.position, createdAt: p.created_at.toISOString(), dealCount: own.reduce((n, s) => n + s.dealCount, 0), stages: own };
    }),
  };
}

/** One pipeline as the list answers it. */
export function getPipeline(ctx: OrgContext, input: z.output<typeof ZPipelineIdInput>) {
  return pipelineView(ctx, input.id);
}

async function pipelineView(ctx: OrgContext, id: string) {
  const { items } = await listPipelines(ctx);
  const pipeline = items.find((p) => p.id === id);
  if (!pipeline) throw unknownRecord('id', 'is not a known pipeline');
  return pipeline;
}

export async function createPipeline(ctx: OrgContext, input: z.output<typeof ZCreatePipelineInput>) {
  await assertPipelineNameFree(ctx.db, ctx.organizationId, input.name);
  const stages = input.stages ?? DEFAULT_STAGES;
  const seen = new Set<string>();
  stages.forEach((stage, i) => {
    if (seen.has(stage.name.toLowerCase())) throw fieldError(`stages.${i}.name`, 'is used by another stage');
    seen.add(stage.name.toLowerCase());
  });
  const id = await ctx.db.transaction().execute(async (trx) => {
    const org = scoped(trx, ctx.organizationId);
    const last = await org
      .selectFrom('pipelines')
      .select([(eb) => eb.fn.max('position').as('max'), (eb) => eb.fn.countAll<number>().filterWhere('is_default', '=', true).as('defaults')])
      .executeTakeFirstOrThrow();
    const isDefault = input.isDefault === true || Number(last.defaults) === 0;
    if (isDefault) await org.updateTable('pipelines').set({ is_default: false }).where('is_default', '=', true).execute();
    const pipeline = await org
      .insertInto('pipelines', { name: input.name, is_default: isDefault, position: last.max === null ? 0 : Number(last.max) + 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await org
      .insertInto(
        'pipeline_stages',
        stages.map((s, position) => ({ pipeline_id: pipeline.id, name: s.name, kind: s.kind, probability: s.probability ?? defaultProbability(s.kind), position })),
      )
      .execute();
    return pipeline.id;
  });
  return pipelineView(ctx, id);
}

export async function updatePipeline(ctx: OrgContext, input: z.output<typeof ZUpdatePipelineInput>) {
  const pipeline = await findPipeline(ctx.db, ctx.organizationId, input.id);
  if (input.name !== undefined) await assertPipelineNameFree(ctx.db, ctx.organizationId, input.name, pipeline.id);
  if (input.isDefault === false && pipeline.is_default) throw fieldError('isDefault', 'make another pipeline the default instead');
  await ctx.db.transaction().execute(async (trx) => {
    const org = scoped(trx, ctx.organizationId);
    if (input.isDefault && !pipeline.is_default) {
      await org.updateTable('pipelines').set({ is_default: false }).where('is_default', '=', true).execute();
      await org.updateTable('pipelines').set({ is_default: true }).where('id', '=', pipeline.id).execute();
    }
    if (input.name !== undefined && input.name !== pipeline.name) await org.updateTable('pipelines').set({ name: input.name }).where('id', '=', pipeline.id).execute();
  });
  return pipelineView(ctx, pipeline.id);
}

type MovingDeal = { id: string; title: string; contact_id: string | null; stage_id: string; stage_name: string; status: StageKind };

async function dealsIn(db: Db, organizationId: string, where: { pipelineId: string } | { stageId: string }): Promise<MovingDeal[]> {
  let query = scoped(db, organizationId)
    .selectFrom('deals')
    .innerJoin('pipeline_stages as stage', 'stage.id', 'deals.stage_id')
    .select(['deals.id', 'deals.title', 'deals.contact_id', 'deals.stage_id', 'stage.name as stage_name', 'deals.status']);
  query = 'pipelineId' in where ? query.where('deals.pipeline_id', '=', where.pipelineId) : query.where('deals.stage_id', '=', where.stageId);
  return query.forUpdate('deals').execute();
}

/**
 * Moves deals into a stage keeping their status (a stage of the same kind), after the deals
 * already there, with a stage-history row and a deal_moved timeline entry for each.
 */
async function relocateDeals(trx: Db, ctx: OrgContext, deals: MovingDeal[], to: StageRow, reason: string) {
  if (deals.length === 0) return;
  const org = scoped(trx, ctx.organizationId);
  const now = new Date();
  const bounds = await org
    .selectFrom('deals')
    .select((eb) => eb.fn.max('position').as('max'))
    .where('stage_id', '=', to.id)
    .executeTakeFirstOrThrow();
  const moving = await org
    .selectFrom('deals')
    .select((eb) => eb.fn.min('position').as('min'))
    .where(
      'id',
      'in',
      deals.map((d) => d.id),
    )
    .executeTakeFirstOrThrow();
  const offset = (bounds.max === null ? 0 : Number(bounds.max) + 1) - Number(moving.min ?? 0);
  await org
    .updateTable('deals')
    .set((eb) => ({ stage_id: to.id, pipeline_id: to.pipeline_id, stage_changed_at: now, updated_at: now, position: eb('position', '+', offset) }))
    .where(
      'id',
      'in',
      deals.map((d) => d.id),
    )
    .execute();
  await org
    .insertInto(
      'deal_stage_history',
      deals.map((d) => ({ deal_id: d.id, from_stage_id: d.stage_id, to_stage_id: to.id, changed_by: actorIdOf(ctx), changed_at: now })),
    )
    .execute();
  await recordActivities(
    trx,
    deals.map((d) => ({
      organizationId: ctx.organizationId,
      dealId: d.id,
      contactId: d.contact_id,
      type: 'deal_moved',
      actorUserId: actorIdOf(ctx),
      payload: { from: d.stage_name, to: to.name, fromStageId: d.stage_id, toStageId: to.id, reason },
    })),
  );
}

/** Deletes a pipeline; its deals must first go to another pipeline (moveDealsToStageId), or it is refused. */
export async function deletePipeline(ctx: OrgContext, input: z.output<typeof ZDeletePipelineInput>) {
  const pipeline = await findPipeline(ctx.db, ctx.organizationId, input.id);
  const org = scoped(ctx.db, ctx.organizationId);
  const total = await org
    .selectFrom('pipelines')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  if (Number(total.n) <= 1) throw conflict('An organization keeps at least one pipeline; create another before deleting this one');
  const target = input.moveDealsToStageId ? await requireStage(ctx.db, ctx.organizationId, input.moveDealsToStageId, 'moveDealsToStageId') : null;
  if (target && target.pipeline_id === pipeline.id) throw fieldError('moveDealsToStageId', 'must be a stage of another pipeline');
  if (target && target.kind !== 'open') throw fieldError('moveDealsToStageId', 'must be an open stage');
  const targetStages = target ? await stagesOf(ctx.db, ctx.organizationId, target.pipeline_id) : [];

  await ctx.db
    .transaction()
    .execute(async (trx) => {
      const deals = await dealsIn(trx, ctx.organizationId, { pipelineId: pipeline.id });
      if (deals.length > 0 && !target) {
        throw conflict(
          `The pipeline still has ${deals.length} deal${deals.length === 1 ? '' : 's'}; choose a stage of another pipeline to move them to`,
          'moveDealsToStageId',
          'is required while the pipeline has deals',
        );
      }
      if (target) {
        const toPipeline = await requirePipeline(trx, ctx.organizationId, target.pipeline_id, 'moveDealsToStageId');
        for (const kind of ['open', 'won', 'lost'] as const) {
          const group = deals.filter((d) => d.status === kind);
          if (group.length === 0) continue;
          const to = kind === 'open' ? target : targetStages.find((s) => s.kind === kind);
          if (!to) throw fieldError('moveDealsToStageId', `its pipeline has no ${kind} stage for the ${group.length} ${kind} deal${group.length === 1 ? '' : 's'}`);
          await relocateDeals(trx, ctx, group, to, `Pipeline "${pipeline.name}" was deleted; moved to "${toPipeline.name}"`);
        }
      }
      const org = scoped(trx, ctx.organizationId);
      await org.deleteFrom('pipelines').where('id', '=', pipeline.id).execute();
      if (pipeline.is_default) {
        const next = await org.selectFrom('pipelines').select('id').orderBy('position').orderBy('created_at').limit(1).executeTakeFirstOrThrow();
        await org.updateTable('pipelines').set({ is_default: true }).where('id', '=', next.id).execute();
      }
    })
    .catch(rethrowForeignKey);
  return { id: pipeline.id };
}

/** A deal added to a stage while it was being deleted: ask to try again rather than fail with 500. */
function rethrowForeignKey(error: unknown): never {
  if (typeof error === 'object' && error !== null && (error as { code?: string }).code === '23503') {
    throw conflict('Deals were added while deleting; try again');
  }
  throw error;
}

export async function createStage(ctx: OrgContext, input: z.output<typeof ZCreateStageInput>) {
  const pipeline = await requirePipeline(ctx.db, ctx.organizationId, input.pipelineId);
  await ctx.db.transaction().execute(async (trx) => {
    await scoped(trx, ctx.organizationId).selectFrom('pipelines').select('id').where('id', '=', pipeline.id).forUpdate().executeTakeFirstOrThrow();
    const stages = await stagesOf(trx, ctx.organizationId, pipeline.id);
    if (stages.length >= MAX_STAGES) throw conflict(`A pipeline has at most ${MAX_STAGES} stages`);
    assertStageNameFree(stages, input.name);
    const firstClosed = stages.findIndex((s) => s.kind !== 'open');
    const defaultPosition = input.kind === 'open' && firstClosed >= 0 ? firstClosed : stages.length;
    const position = Math.min(input.position ?? defaultPosition, stages.length);
    const ordered = [...stages.slice(0, position).map((s) => s.id), null, ...stages.slice(position).map((s) => s.id)];
    // Room first, then the stage: the pipeline's order changes once.
    await renumber(trx, ctx.organizationId, ordered);
    await scoped(trx, ctx.organizationId)
      .insertInto('pipeline_stages', { pipeline_id: pipeline.id, name: input.name, kind: input.kind, probability: input.probability ?? defaultProbability(input.kind), position })
      .execute();
  });
  return pipelineView(ctx, pipeline.id);
}

/**
 * Numbers stages by their place in the list (a null keeps its place free), in one statement: each
 * change to a pipeline's order refreshes the stage entries it affects (migration 800).
 */
async function renumber(trx: Db, organizationId: string, stageIds: (string | null)[]) {
  const places = stageIds.flatMap((id, position) => (id === null ? [] : [{ id, position }]));
  if (places.length === 0) return;
  await scoped(trx, organizationId)
    .updateTable('pipeline_stages')
    .set({
      position: sql<number>`case ${sql.join(
        places.map((p) => sql`when id = ${p.id} then ${p.position}::integer`),
        sql` `,
      )} end`,
    })
    .where(
      'id',
      'in',
      places.map((p) => p.id),
    )
    .execute();
}

export async function updateStage(ctx: OrgContext, input: z.output<typeof ZUpdateStageInput>) {
  const stage = await findStage(ctx.db, ctx.organizationId, input.id);
  if (input.name !== undefined) assertStageNameFree(await stagesOf(ctx.db, ctx.organizationId, stage.pipeline_id), input.name, stage.id);
  await ctx.db.transaction().execute(async (trx) => {
    const org = scoped(trx, ctx.organizationId);
    if (input.kind !== undefined && input.kind !== stage.kind) {
      // Deals follow their stage's kind (won/lost dates, lost reasons): change it only on an empty stage.
      const held = await org
        .selectFrom('deals')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('stage_id', '=', stage.id)
        .executeTakeFirstOrThrow();
      if (Number(held.n) > 0) throw conflict(`kind: cannot change while the stage holds deals (${held.n}); move them first`, 'kind', 'cannot change while the stage holds deals; move them first');
    }
    const changes = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.probability !== undefined ? { probability: input.probability } : {}),
      ...(input.kind !== undefined ? { kind: input.kind } : {}),
    };
    // No field given (an empty PATCH body) changes nothing, as a pipeline's update does: an UPDATE needs a column.
    if (Object.keys(changes).length > 0) await org.updateTable('pipeline_stages').set(changes).where('id', '=', stage.id).execute();
  });
  return pipelineView(ctx, stage.pipeline_id);
}

/** Deletes a stage; its deals must first go to another stage of the same pipeline and kind. */
export async function deleteStage(ctx: OrgContext, input: z.output<typeof ZDeleteStageInput>) {
  const stage = await findStage(ctx.db, ctx.organizationId, input.id);
  const target = input.moveDealsToStageId ? await requireStage(ctx.db, ctx.organizationId, input.moveDealsToStageId, 'moveDealsToStageId') : null;
  if (target && (target.pipeline_id !== stage.pipeline_id || target.id === stage.id)) throw fieldError('moveDealsToStageId', 'must be another stage of this pipeline');
  if (target && target.kind !== stage.kind) throw fieldError('moveDealsToStageId', `must be a stage of the same kind (${stage.kind})`);
  await ctx.db
    .transaction()
    .execute(async (trx) => {
      await scoped(trx, ctx.organizationId).selectFrom('pipelines').select('id').where('id', '=', stage.pipeline_id).forUpdate().executeTakeFirstOrThrow();
      const stages = await stagesOf(trx, ctx.organizationId, stage.pipeline_id);
      if (stages.length <= 1) throw conflict('A pipeline keeps at least one stage');
      const deals = await dealsIn(trx, ctx.organizationId, { stageId: stage.id });
      if (deals.length > 0 && !target) {
        throw conflict(
          `The stage still has ${deals.length} deal${deals.length === 1 ? '' : 's'}; choose another stage of this pipeline to move them to`,
          'moveDealsToStageId',
          'is required while the stage has deals',
        );
      }
      if (target) await relocateDeals(trx, ctx, deals, target, `Stage "${stage.name}" was deleted`);
      await scoped(trx, ctx.organizationId).deleteFrom('pipeline_stages').where('id', '=', stage.id).execute();
      await renumber(
        trx,
        ctx.organizationId,
        stages.filter((s) => s.id !== stage.id).map((s) => s.id),
      );
    })
    .catch(rethrowForeignKey);
  return pipelineView(ctx, stage.pipeline_id);
}

export async function reorderStages(ctx: OrgContext, input: z.output<typeof ZReorderStagesInput>) {
  const pipeline = await requirePipeline(ctx.db, ctx.organizationId, input.pipelineId);
  await ctx.db.transaction().execute(async (trx) => {
    await scoped(trx, ctx.organizationId).selectFrom('pipelines').select('id').where('id', '=', pipeline.id).forUpdate().executeTakeFirstOrThrow();
    const stages = await stagesOf(trx, ctx.organizationId, pipeline.id);
    const current = new Set(stages.map((s) => s.id));
    const given = new Set(input.stageIds);
    if (given.size !== input.stageIds.length || given.size !== current.size || [...given].some((id) => !current.has(id))) {
      throw fieldError('stageIds', 'must list every stage of the pipeline exactly once');
    }
    await renumber(trx, ctx.organizationId, input.stageIds);
  });
  return pipelineView(ctx, pipeline.id);
}
