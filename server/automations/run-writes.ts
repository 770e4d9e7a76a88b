import { sql } from 'kysely';
import type { Db } from '../db';
import { insertJsonRows } from '../db/json-rows';
import { scoped } from '../db/scoped';
import { publishEvent, publishEvents } from '../events/publish';
import { actingAuth } from './acting';
import { nextStep } from './definition';

/**
 * The writes that move runs: the run row is the lock, the step log is one row per executed step,
 * and ending a run announces it. Shared by the one-run executor (executor.ts) and the batched
 * wake of due timers (wake.ts), so one run and a thousand end the same way.
 */

export type RunRow = {
  id: string;
  organization_id: string;
  workflow_id: string;
  version: number;
  contact_id: string | null;
  status: string;
  current_step_id: string | null;
  steps_taken: number;
  /** What the run's trigger carried (read with the lock: one statement, not two). */
  trigger_payload: Record<string, unknown> | null;
  /** The workflow's status now: a paused workflow holds its runs. */
  workflow_status: string;
};

/** Locks the run's row (the workflow's is read, not locked). */
export async function lockRun(trx: Db, organizationId: string, runId: string): Promise<RunRow | undefined> {
  return scoped(trx, organizationId)
    .selectFrom('workflow_runs')
    .innerJoin('workflows', 'workflows.id', 'workflow_runs.workflow_id')
    .select([
      'workflow_runs.id',
      'workflow_runs.organization_id',
      'workflow_runs.workflow_id',
      'workflow_runs.version',
      'workflow_runs.contact_id',
      'workflow_runs.status',
      'workflow_runs.current_step_id',
      'workflow_runs.steps_taken',
      'workflow_runs.trigger_payload',
      'workflows.status as workflow_status',
    ])
    .where('workflow_runs.id', '=', runId)
    .forUpdate('workflow_runs')
    .executeTakeFirst();
}

export type StepLogEntry = { outcome: 'done' | 'skipped' | 'waiting' | 'failed'; detail: string; branch?: string | null; output?: unknown; error?: string | null };

type LoggedRun = Pick<RunRow, 'id' | 'organization_id' | 'workflow_id'>;

const logRow = (run: LoggedRun, step: { id: string; type: string }, entry: StepLogEntry) => ({
  organization_id: run.organization_id,
  run_id: run.id,
  workflow_id: run.workflow_id,
  step_id: step.id,
  step_type: step.type,
  outcome: entry.outcome,
  detail: entry.detail.slice(0, 1000),
  branch: entry.branch ?? null,
  // The column's insert type is JSON text; insertJsonRows takes the value itself (jsonb_populate_recordset makes it jsonb).
  output: (entry.output ?? null) as string | null,
  error: entry.error?.slice(0, 1000) ?? null,
});

/** Step log rows for many runs in one statement (one JSON parameter). */
export async function logSteps(trx: Db, entries: { run: LoggedRun; step: { id: string; type: string }; entry: StepLogEntry }[]): Promise<void> {
  if (entries.length === 0) return;
  await insertJsonRows(
    trx,
    'workflow_run_steps',
    entries.map((e) => logRow(e.run, e.step, e.entry)),
  ).execute();
}

export async function logStep(trx: Db, run: LoggedRun, step: { id: string; type: string }, entry: StepLogEntry): Promise<void> {
  await logSteps(trx, [{ run, step, entry }]);
}

type EndingRun = Pick<RunRow, 'id' | 'organization_id' | 'workflow_id' | 'contact_id'>;

/**
 * Ends runs of one organization: completed runs announce automation_completed (the spec's
 * notification); failed ones tell the workflow's owner. The statements are the same for one run
 * or a thousand.
 */
export async function finishRuns(trx: Db, organizationId: string, runs: readonly EndingRun[], status: 'completed' | 'failed' | 'stopped', error: string | null = null): Promise<void> {
  if (runs.length === 0) return;
  const ids = runs.map((r) => r.id);
  const org = scoped(trx, organizationId);
  await org
    .updateTable('workflow_runs')
    .set({ status, current_step_id: null, error, ended_at: new Date(), updated_at: new Date() })
    .where(sql<boolean>`id = any(${ids}::uuid[])`)
    .execute();
  await org
    .deleteFrom('workflow_timers')
    .where(sql<boolean>`run_id = any(${ids}::uuid[])`)
    .execute();
  if (status === 'stopped') return;
  const workflowIds = [...new Set(runs.map((r) => r.workflow_id))];
  const names = new Map(
    (
      await org
        .selectFrom('workflows')
        .select(['id', 'name'])
        .where(sql<boolean>`id = any(${workflowIds}::uuid[])`)
        .execute()
    ).map((w) => [w.id, w.name]),
  );
  const payloadOf = (run: EndingRun) => ({ automationId: run.workflow_id, runId: run.id, contactId: run.contact_id, name: names.get(run.workflow_id) ?? null });
  if (status === 'completed') {
    await publishEvents(
      trx,
      runs.map((run) => ({ organizationId, type: 'automation_completed' as const, payload: payloadOf(run), actorUserId: null })),
    );
    return;
  }
  for (const run of runs) {
    const owner = (await actingAuth(trx, organizationId, run.workflow_id)).user;
    await publishEvent(trx, { organizationId, type: 'automation_failed', payload: { ...payloadOf(run), error, ownerId: owner?.id ?? null }, actorUserId: null });
  }
}

export async function finish(trx: Db, run: EndingRun, status: 'completed' | 'failed' | 'stopped', error: string | null = null): Promise<void> {
  await finishRuns(trx, run.organization_id, [run], status, error);
}

/** Runs of one organization go on at `next` (one step further along). */
export async function advanceRunsTo(trx: Db, organizationId: string, runIds: readonly string[], next: string): Promise<void> {
  if (runIds.length === 0) return;
  await scoped(trx, organizationId)
    .updateTable('workflow_runs')
    .set({ current_step_id: next, status: 'running', steps_taken: sql<number>`steps_taken + 1`, updated_at: new Date() })
    .where(sql<boolean>`id = any(${runIds}::uuid[])`)
    .execute();
}

/** Moves the run past a step on `branch`; with no step after, the run is complete. */
export async function moveOn(trx: Db, run: EndingRun, from: string, branch: string | null | undefined, definition: Parameters<typeof nextStep>[0]): Promise<void> {
  const next = nextStep(definition, from, branch);
  if (!next) return finish(trx, run, 'completed');
  await advanceRunsTo(trx, run.organization_id, [run.id], next);
}
