import { sql } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../db';
import { scoped } from '../db/scoped';
import { displayName } from '../contacts/lookup';
import { DomainError } from '../errors';
import type { OrgContext } from '../kernel/context';
import { decodePageCursor, encodePageCursor } from '../email/paging';
import type { ZListRunsInput, ZWorkflowIdInput, ZRunIdInput } from './schema';
import { requireWorkflow } from './workflows';

/** Reading runs and their step logs. */

export const runNotFound = () => new DomainError('NOT_FOUND', 'Run not found');

function selectRuns(db: Db, organizationId: string) {
  return scoped(db, organizationId)
    .selectFrom('workflow_runs')
    .innerJoin('workflows', 'workflows.id', 'workflow_runs.workflow_id')
    .leftJoin('contacts', 'contacts.id', 'workflow_runs.contact_id')
    .leftJoin('workflow_timers', 'workflow_timers.run_id', 'workflow_runs.id')
    .select([
      'workflow_runs.id',
      'workflow_runs.workflow_id',
      'workflows.name as workflow_name',
      'workflow_runs.version',
      'workflow_runs.contact_id',
      'contacts.first_name',
      'contacts.last_name',
      'contacts.email',
      'workflow_runs.status',
      'workflow_runs.current_step_id',
      'workflow_timers.due_at',
      'workflow_runs.error',
      'workflow_runs.started_at',
      'workflow_runs.ended_at',
    ]);
}

type RunRow = Awaited<ReturnType<ReturnType<typeof selectRuns>['executeTakeFirstOrThrow']>>;

function toRun(row: RunRow) {
  return {
    id: row.id,
    workflow: { id: row.workflow_id, name: row.workflow_name },
    version: row.version,
    contact: row.contact_id ? { id: row.contact_id, name: displayName({ first_name: row.first_name ?? '', last_name: row.last_name ?? '', email: row.email }) } : null,
    status: row.status,
    currentStepId: row.current_step_id,
    waitingUntil: row.status === 'waiting' && row.due_at ? new Date(row.due_at).toISOString() : null,
    error: row.error,
    startedAt: row.started_at.toISOString(),
    endedAt: row.ended_at ? new Date(row.ended_at).toISOString() : null,
  };
}

/** Runs, newest first, a keyset page at a time. */
export async function listRuns(ctx: OrgContext, input: z.output<typeof ZListRunsInput>) {
  let query = selectRuns(ctx.db, ctx.organizationId);
  if (input.workflowId) query = query.where('workflow_runs.workflow_id', '=', input.workflowId);
  if (input.contactId) query = query.where('workflow_runs.contact_id', '=', input.contactId);
  if (input.status) query = query.where('workflow_runs.status', '=', input.status);
  if (input.cursor) {
    const after = decodePageCursor(input.cursor);
    query = query.where(sql<boolean>`(workflow_runs.started_at, workflow_runs.id) < (${after.createdAt}, ${after.id}::uuid)`);
  }
  const rows = await query
    .orderBy('workflow_runs.started_at', 'desc')
    .orderBy('workflow_runs.id', 'desc')
    .limit(input.limit + 1)
    .execute();
  const page = rows.slice(0, input.limit);
  const last = page[page.length - 1];
  return { items: page.map(toRun), nextCursor: rows.length > input.limit && last ? encodePageCursor({ created_at: last.started_at, id: last.id }) : null };
}

export async function stepLog(db: Db, organizationId: string, runId: string) {
  const rows = await scoped(db, organizationId).selectFrom('workflow_run_steps').selectAll().where('run_id', '=', runId).orderBy('created_at').orderBy('id').limit(1000).execute();
  return rows.map((s) => ({
    id: s.id,
    stepId: s.step_id,
    stepType: s.step_type,
    outcome: s.outcome,
    detail: s.detail,
    branch: s.branch,
    output: s.output,
    error: s.error,
    at: s.created_at.toISOString(),
  }));
}

export async function getRun(ctx: OrgContext, { runId }: z.output<typeof ZRunIdInput>) {
  const row = await selectRuns(ctx.db, ctx.organizationId).where('workflow_runs.id', '=', runId).executeTakeFirst();
  if (!row) throw runNotFound();
  return { ...toRun(row), steps: await stepLog(ctx.db, ctx.organizationId, runId) };
}

/** Per-step counts of the published version's real runs, for the canvas. */
export async function stepCounts(ctx: OrgContext, { id }: z.output<typeof ZWorkflowIdInput>) {
  const workflow = await requireWorkflow(ctx.db, ctx.organizationId, id);
  const rows = await scoped(ctx.db, ctx.organizationId)
    .selectFrom('workflow_run_steps')
    .select((eb) => ['step_id', eb.fn.countAll<number>().filterWhere('outcome', 'in', ['done', 'skipped']).as('done'), eb.fn.countAll<number>().filterWhere('outcome', '=', 'failed').as('failed')])
    .where('workflow_id', '=', id)
    .groupBy('step_id')
    .execute();
  const waiting = await scoped(ctx.db, ctx.organizationId)
    .selectFrom('workflow_runs')
    .select((eb) => ['current_step_id', eb.fn.countAll<number>().as('n')])
    .where('workflow_id', '=', id)
    .where('status', 'in', ['waiting', 'paused', 'running'])
    .groupBy('current_step_id')
    .execute();
  const byStep = new Map<string, { stepId: string; done: number; failed: number; waiting: number }>();
  const entry = (stepId: string) => byStep.get(stepId) ?? byStep.set(stepId, { stepId, done: 0, failed: 0, waiting: 0 }).get(stepId)!;
  for (const r of rows) Object.assign(entry(r.step_id), { done: Number(r.done), failed: Number(r.failed) });
  for (const w of waiting) if (w.current_step_id) entry(w.current_step_id).waiting = Number(w.n);
  return { version: workflow.published_version, steps: [...byStep.values()] };
}
