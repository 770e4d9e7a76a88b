import { sql } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../db';
import { scoped } from '../db/scoped';
import { DomainError } from '../errors';
import type { OrgContext } from '../kernel/context';
import { ADVANCE_JOB } from './enroll';
import { runNotFound } from './runs';
import { requireWorkflow } from './workflows';
import { finishRuns } from './run-writes';
import type { ZRunIdInput, ZWorkflowIdInput } from './schema';
import { armWake } from './wake';

/** Stop, pause and resume one run; resuming a paused workflow's held runs. */

async function lockRun(trx: Db, organizationId: string, runId: string) {
  const run = await scoped(trx, organizationId).selectFrom('workflow_runs').select(['id', 'status']).where('id', '=', runId).forUpdate().executeTakeFirst();
  if (!run) throw runNotFound();
  return run;
}

const ended = (status: string) => status === 'completed' || status === 'failed' || status === 'stopped';

export async function stopRun(ctx: OrgContext, { runId }: z.output<typeof ZRunIdInput>) {
  return ctx.db.transaction().execute(async (trx) => {
    const run = await lockRun(trx, ctx.organizationId, runId);
    if (ended(run.status)) throw new DomainError('CONFLICT', `The run has already ${run.status === 'stopped' ? 'been stopped' : run.status}`);
    await stopRunIn(trx, ctx.organizationId, runId);
    return { runId, status: 'stopped' as const };
  });
}

/**
 * Stops a run in the caller's transaction (a member's Stop, or another workflow's "remove from
 * workflow" step): its timer goes, it keeps no next step; `reason` is shown as the run's error.
 * The run's row is locked first; one that has ended already is left as it is.
 */
export async function stopRunIn(trx: Db, organizationId: string, runId: string, reason: string | null = null): Promise<boolean> {
  const run = await scoped(trx, organizationId).selectFrom('workflow_runs').select('status').where('id', '=', runId).forUpdate().executeTakeFirst();
  if (!run || ended(run.status)) return false;
  await scoped(trx, organizationId).deleteFrom('workflow_timers').where('run_id', '=', runId).execute();
  await scoped(trx, organizationId)
    .updateTable('workflow_runs')
    .set({ status: 'stopped', current_step_id: null, ended_at: new Date(), updated_at: new Date(), ...(reason ? { error: reason } : {}) })
    .where('id', '=', runId)
    .execute();
  return true;
}

/** Stops every run of a workflow still going (running, waiting or held), in one transaction: their timers go, none takes another step. */
export async function stopRuns(ctx: OrgContext, { id }: z.output<typeof ZWorkflowIdInput>) {
  return ctx.db.transaction().execute(async (trx) => {
    await requireWorkflow(trx, ctx.organizationId, id);
    // Locked as every other path that moves a run locks it: a step under way finishes first, then finds its run stopped.
    const going = await scoped(trx, ctx.organizationId)
      .selectFrom('workflow_runs')
      .select(['id', 'organization_id', 'workflow_id', 'contact_id'])
      .where('workflow_id', '=', id)
      .where('status', 'in', ['running', 'waiting', 'paused'])
      .orderBy('id')
      .forUpdate()
      .execute();
    await finishRuns(trx, ctx.organizationId, going, 'stopped');
    return { stopped: going.length };
  });
}

/** A paused run keeps its place (and its timer): resuming it goes on from there. */
export async function pauseRun(ctx: OrgContext, { runId }: z.output<typeof ZRunIdInput>) {
  return ctx.db.transaction().execute(async (trx) => {
    const run = await lockRun(trx, ctx.organizationId, runId);
    if (ended(run.status)) throw new DomainError('CONFLICT', `The run has ended (${run.status})`);
    await scoped(trx, ctx.organizationId).updateTable('workflow_runs').set({ status: 'paused', updated_at: new Date() }).where('id', '=', runId).execute();
    // Its timer (if it waits) leaves the wake's index until it is resumed.
    await scoped(trx, ctx.organizationId).updateTable('workflow_timers').set({ held: true }).where('run_id', '=', runId).execute();
    return { runId, status: 'paused' as const };
  });
}

/** Puts a paused run back: waiting again if its timer is still ahead, else running (now). */
export async function resumeRunIn(trx: Db, deps: OrgContext['deps'], organizationId: string, runId: string): Promise<'running' | 'waiting'> {
  const timer = await scoped(trx, organizationId).updateTable('workflow_timers').set({ held: false }).where('run_id', '=', runId).returning('due_at').executeTakeFirst();
  const status = timer ? 'waiting' : 'running';
  await scoped(trx, organizationId).updateTable('workflow_runs').set({ status, updated_at: new Date() }).where('id', '=', runId).execute();
  if (timer) await armWake(deps, timer.due_at, { db: trx, ownKey: runId });
  else await deps.jobs.send(ADVANCE_JOB, { organizationId, runId }, { db: trx });
  return status;
}

export async function resumeRun(ctx: OrgContext, { runId }: z.output<typeof ZRunIdInput>) {
  return ctx.db.transaction().execute(async (trx) => {
    const run = await lockRun(trx, ctx.organizationId, runId);
    if (run.status !== 'paused') throw new DomainError('CONFLICT', `Only a paused run can be resumed (this one is ${run.status})`);
    const workflow = await scoped(trx, ctx.organizationId)
      .selectFrom('workflows')
      .innerJoin('workflow_runs', 'workflow_runs.workflow_id', 'workflows.id')
      .select('workflows.status')
      .where('workflow_runs.id', '=', runId)
      .executeTakeFirstOrThrow();
    if (workflow.status === 'paused') throw new DomainError('CONFLICT', 'The workflow is paused: activate it to resume its runs');
    return { runId, status: await resumeRunIn(trx, ctx.deps, ctx.organizationId, runId) };
  });
}

/**
 * Pausing a workflow holds its waiting runs at their wait, in the pausing transaction: the runs
 * become paused and their timers held, out of the wake's due index (decision 046), so a paused
 * workflow's due waits cost the wake nothing. Runs in the middle of a step are held by the
 * executor at their next step. One statement for any number of runs.
 */
export async function holdWorkflowRuns(trx: Db, organizationId: string, workflowId: string): Promise<number> {
  const held = await sql<{ run_id: string }>`
    with held_runs as (
      update workflow_runs set status = 'paused', updated_at = now()
      where organization_id = ${organizationId} and workflow_id = ${workflowId} and status = 'waiting'
      returning id
    )
    update workflow_timers set held = true
    where organization_id = ${organizationId} and run_id in (select id from held_runs)
    returning run_id`.execute(trx);
  return held.rows.length;
}

/**
 * Activating a paused workflow resumes every run it held, set-based: their timers leave the held
 * state, the runs with a timer wait again (one wake armed now for those already due, one per
 * later second otherwise), the others go on with one insert of their step jobs.
 */
export async function resumeHeldRuns(trx: Db, deps: OrgContext['deps'], organizationId: string, workflowId: string): Promise<void> {
  const resumed = await sql<{ id: string; due_at: Date | string | null }>`
    with held_runs as (
      select id from workflow_runs
      where organization_id = ${organizationId} and workflow_id = ${workflowId} and status = 'paused'
      for update
    ), released as (
      update workflow_timers set held = false
      where organization_id = ${organizationId} and run_id in (select id from held_runs)
      returning run_id, due_at
    ), moved as (
      update workflow_runs set status = case when released.run_id is null then 'running' else 'waiting' end, updated_at = now()
      from held_runs left join released on released.run_id = held_runs.id
      where workflow_runs.id = held_runs.id
      returning workflow_runs.id, released.due_at
    )
    select id, due_at from moved`.execute(trx);
  const now = Date.now();
  const seconds = new Set<number>();
  for (const row of resumed.rows) {
    if (row.due_at === null) continue;
    seconds.add(Math.max(now, new Date(row.due_at).getTime()));
  }
  // Everything already due shares one wake now; later waits one per second (the wake wakes every timer due by then).
  const due = new Set([...seconds].map((at) => Math.ceil(at / 1000)));
  for (const second of due) await armWake(deps, new Date(second * 1000), { db: trx, ownKey: `resume:${workflowId}` });
  await deps.jobs.sendMany(
    ADVANCE_JOB,
    resumed.rows.filter((row) => row.due_at === null).map((row) => ({ data: { organizationId, runId: row.id } })),
    { db: trx },
  );
}
