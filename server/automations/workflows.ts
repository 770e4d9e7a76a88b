import type { z } from 'zod';
import type { Db } from '../db';
import { scoped } from '../db/scoped';
import { DomainError, fieldError } from '../errors';
import { actorIdOf, type OrgContext } from '../kernel/context';
import { EMPTY_DEFINITION, parseDefinition, parseDraft } from './definition';
import { DEFAULT_WORKFLOW_SETTINGS, ZWorkflowSettings, type ZCreateWorkflowInput, type ZSaveDraftInput, type ZSetStatusInput, type ZWorkflowIdInput } from './schema';
import { assertStepReferences } from './references';
import { syncWorkflowTimers } from './schedule';
import { templateByKey } from './templates';
import { withoutWebhookSecrets, withWebhookSecrets } from './webhook-step';

/** Workflows: the drafts the builder edits, publishing and status. */

export const workflowNotFound = () => new DomainError('NOT_FOUND', 'Workflow not found');

const json = (value: unknown) => JSON.stringify(value);

export async function requireWorkflow(db: Db, organizationId: string, id: string, options: { lock?: boolean } = {}) {
  let query = scoped(db, organizationId).selectFrom('workflows').selectAll().where('id', '=', id);
  if (options.lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw workflowNotFound();
  return row;
}

type WorkflowRow = Awaited<ReturnType<typeof requireWorkflow>>;

/** Enrolled / active / completed runs and the last start, per workflow. */
async function runCounts(db: Db, organizationId: string, ids: string[]) {
  if (ids.length === 0) return new Map<string, { enrolled: number; active: number; completed: number; lastRunAt: Date | null }>();
  const rows = await scoped(db, organizationId)
    .selectFrom('workflow_runs')
    .select((eb) => [
      'workflow_id',
      eb.fn.countAll<number>().as('enrolled'),
      eb.fn.countAll<number>().filterWhere('status', 'in', ['running', 'waiting', 'paused']).as('active'),
      eb.fn.countAll<number>().filterWhere('status', '=', 'completed').as('completed'),
      eb.fn.max('started_at').as('last_run_at'),
    ])
    .where('workflow_id', 'in', ids)
    .groupBy('workflow_id')
    .execute();
  return new Map(
    rows.map((r) => [r.workflow_id, { enrolled: Number(r.enrolled), active: Number(r.active), completed: Number(r.completed), lastRunAt: r.last_run_at ? new Date(r.last_run_at) : null }]),
  );
}

function summary(row: WorkflowRow, counts: { enrolled: number; active: number; completed: number; lastRunAt: Date | null } | undefined) {
  const definition = row.draft_definition as { triggers?: { type: string }[] };
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    status: row.status,
    publishedVersion: row.published_version,
    hasUnpublishedChanges: row.draft_changed,
    triggerTypes: (definition.triggers ?? []).map((t) => t.type),
    counts: { enrolled: counts?.enrolled ?? 0, active: counts?.active ?? 0, completed: counts?.completed ?? 0 },
    lastRunAt: counts?.lastRunAt?.toISOString() ?? null,
    updatedAt: row.updated_at.toISOString(),
  };
}

export async function listWorkflows(ctx: OrgContext) {
  const rows = await scoped(ctx.db, ctx.organizationId).selectFrom('workflows').selectAll().orderBy('updated_at', 'desc').orderBy('id').limit(500).execute();
  const counts = await runCounts(
    ctx.db,
    ctx.organizationId,
    rows.map((r) => r.id),
  );
  return { items: rows.map((r) => summary(r, counts.get(r.id))) };
}

export async function getWorkflow(ctx: OrgContext, { id }: z.output<typeof ZWorkflowIdInput>) {
  const row = await requireWorkflow(ctx.db, ctx.organizationId, id);
  const counts = await runCounts(ctx.db, ctx.organizationId, [id]);
  const published = row.published_version
    ? await scoped(ctx.db, ctx.organizationId).selectFrom('workflow_versions').selectAll().where('workflow_id', '=', id).where('version', '=', row.published_version).executeTakeFirst()
    : undefined;
  // Webhook steps' signing secrets are for the members who may edit the workflow (and wire up its receivers).
  const shown = ctx.auth.permissions.includes('automations:write') ? <D>(d: D) => d : withoutWebhookSecrets;
  return {
    ...summary(row, counts.get(id)),
    definition: shown(parseDraft(row.draft_definition)),
    settings: ZWorkflowSettings.parse(row.settings),
    published: published ? { version: published.version, definition: shown(parseDraft(published.definition)), publishedAt: published.published_at.toISOString() } : null,
  };
}

export async function createWorkflow(ctx: OrgContext, input: z.output<typeof ZCreateWorkflowInput>) {
  const template = input.templateKey ? templateByKey(input.templateKey) : undefined;
  if (input.templateKey && !template) throw fieldError('templateKey', 'is not a known template');
  const row = await scoped(ctx.db, ctx.organizationId)
    .insertInto('workflows', {
      name: input.name,
      description: input.description ?? template?.description ?? null,
      draft_definition: json(withWebhookSecrets(template?.definition ?? EMPTY_DEFINITION, null)),
      settings: json(DEFAULT_WORKFLOW_SETTINGS),
      template_key: template?.key ?? null,
      created_by: actorIdOf(ctx),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return getWorkflow(ctx, { id: row.id });
}

export async function saveDraft(ctx: OrgContext, input: z.output<typeof ZSaveDraftInput>) {
  const stored = await scoped(ctx.db, ctx.organizationId).selectFrom('workflows').select('draft_definition').where('id', '=', input.id).executeTakeFirst();
  if (!stored) throw workflowNotFound();
  // A webhook step keeps its signing secret from save to save (the builder may send it without one).
  const definition = withWebhookSecrets(parseDraft(input.definition), stored.draft_definition);
  const result = await scoped(ctx.db, ctx.organizationId)
    .updateTable('workflows')
    .set({
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.description !== undefined ? { description: input.description || null } : {}),
      ...(input.settings !== undefined ? { settings: json(input.settings) } : {}),
      draft_definition: json(definition),
      draft_changed: true,
      updated_at: new Date(),
    })
    .where('id', '=', input.id)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw workflowNotFound();
  return getWorkflow(ctx, { id: input.id });
}

/** Freezes the draft as the next version (checked as a graph) and activates the workflow. */
export async function publishWorkflow(ctx: OrgContext, { id }: z.output<typeof ZWorkflowIdInput>) {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await requireWorkflow(trx, ctx.organizationId, id, { lock: true });
    const definition = parseDefinition(row.draft_definition);
    if (definition.steps.length === 0) throw fieldError('definition.steps', 'needs at least one step to publish');
    await assertStepReferences(trx, ctx.organizationId, id, definition);
    const version = (row.published_version ?? 0) + 1;
    await scoped(trx, ctx.organizationId)
      .insertInto('workflow_versions', { workflow_id: id, version, definition: json(definition), settings: json(ZWorkflowSettings.parse(row.settings)), published_by: actorIdOf(ctx) })
      .execute();
    await scoped(trx, ctx.organizationId)
      .updateTable('workflows')
      .set({ published_version: version, draft_changed: false, status: row.status === 'paused' ? 'paused' : 'active', updated_at: new Date() })
      .where('id', '=', id)
      .execute();
    // Schedule and appointment-time triggers follow the published version (schedule.ts).
    await syncWorkflowTimers(trx, ctx.deps, ctx.organizationId, id);
  });
  return getWorkflow(ctx, { id });
}

export async function revertDraft(ctx: OrgContext, { id }: z.output<typeof ZWorkflowIdInput>) {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await requireWorkflow(trx, ctx.organizationId, id, { lock: true });
    if (!row.published_version) throw new DomainError('CONFLICT', 'This workflow has no published version to revert to');
    const version = await scoped(trx, ctx.organizationId)
      .selectFrom('workflow_versions')
      .selectAll()
      .where('workflow_id', '=', id)
      .where('version', '=', row.published_version)
      .executeTakeFirstOrThrow();
    await scoped(trx, ctx.organizationId)
      .updateTable('workflows')
      .set({ draft_definition: json(version.definition), settings: json(version.settings), draft_changed: false, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
  });
  return getWorkflow(ctx, { id });
}

/** Active enrols and runs; paused holds every run at its next step (the executor checks it). */
export async function setWorkflowStatus(
  ctx: OrgContext,
  input: z.output<typeof ZSetStatusInput>,
  runs: { resumeHeld: (trx: Db, workflowId: string) => Promise<void>; hold: (trx: Db, workflowId: string) => Promise<void> },
) {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await requireWorkflow(trx, ctx.organizationId, input.id, { lock: true });
    if (input.status === 'active' && !row.published_version) throw fieldError('status', 'publish the workflow before activating it');
    await scoped(trx, ctx.organizationId).updateTable('workflows').set({ status: input.status, updated_at: new Date() }).where('id', '=', input.id).execute();
    if (input.status === 'active' && row.status === 'paused') await runs.resumeHeld(trx, input.id);
    // Pausing holds the waiting runs and their timers in this transaction (decision 046).
    if (input.status === 'paused' && row.status !== 'paused') await runs.hold(trx, input.id);
    // Pausing stops the schedule; activating arms it again (schedule.ts).
    await syncWorkflowTimers(trx, ctx.deps, ctx.organizationId, input.id);
  });
  return getWorkflow(ctx, { id: input.id });
}

export async function removeWorkflow(ctx: OrgContext, { id }: z.output<typeof ZWorkflowIdInput>) {
  const result = await scoped(ctx.db, ctx.organizationId).deleteFrom('workflows').where('id', '=', id).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw workflowNotFound();
  return { id };
}
