import { sql } from 'kysely';
import type { Db } from '../db';
import { scoped } from '../db/scoped';
import type { AppDeps } from '../deps';
import { DomainError } from '../errors';
import { actingAuth } from './acting';
import { stepById } from './definition';
import { loadSnapshot, testConditions, type ContactSnapshot } from './contact-state';
import type { TStep } from './schema';
import { ADVANCE_JOB, enrollContact, loadVersion, type RunJobData } from './enroll';
import { finish, lockRun, logStep, moveOn, type RunRow } from './run-writes';
import { planStep, type StepPlan } from './steps';
import { StepFailedError } from './webhook-step';
import { armSweep, armWake } from './wake';
import { openingAt, planEnvFor } from './window';

/**
 * Runs a run's steps, one transaction per step (docs in the report: the run row is the lock). A
 * step that sends claims its effect row first, in its own commit, then calls the channel's service
 * with an idempotency key made of (run, step, attempt): a retried job answers the same message.
 */

/** Steps one job runs before handing the run to a fresh job (fairness between runs). */
const STEPS_PER_JOB = 50;
/** Tries of a send the channel could not take (its store or queue failing): then the run ends failed. */
const SEND_ATTEMPTS = 3;
/** Seconds before the second try of a send; each later try waits twice as long. */
const SEND_RETRY_SECONDS = 5;

async function sleepUntil(trx: Db, deps: Pick<AppDeps, 'jobs'>, run: RunRow, stepId: string, until: Date, awaitsEvent: string | null) {
  await scoped(trx, run.organization_id)
    .insertInto('workflow_timers', { run_id: run.id, step_id: stepId, due_at: until, awaits_event: awaitsEvent })
    .onConflict((oc) => oc.column('run_id').doUpdateSet({ step_id: stepId, due_at: until, awaits_event: awaitsEvent, held: false }))
    .execute();
  await scoped(trx, run.organization_id).updateTable('workflow_runs').set({ status: 'waiting', current_step_id: stepId, updated_at: new Date() }).where('id', '=', run.id).execute();
  await armWake(deps, until, { db: trx });
  // The sweeper wakes a timer whose wake-up was lost; one sweep a minute is enough.
  await armSweep(deps, { db: trx });
}

/** A goal the contact now meets, not reached before in this run: the run jumps there (ActiveCampaign goals). */
async function goalMet(trx: Db, run: RunRow, definition: Awaited<ReturnType<typeof loadVersion>>['definition'], contact: ContactSnapshot) {
  const goals = definition.steps.filter((s): s is Extract<TStep, { type: 'goal' }> => s.type === 'goal' && s.id !== run.current_step_id);
  for (const goal of goals) {
    if (!testConditions(contact, goal.config.match, goal.config.conditions).met) continue;
    const reached = await scoped(trx, run.organization_id).selectFrom('workflow_run_steps').select('id').where('run_id', '=', run.id).where('step_id', '=', goal.id).executeTakeFirst();
    if (!reached) return goal;
  }
  return undefined;
}

/** The run jumps to a goal its contact meets: logged there, then it ends (unenrol on goal) or goes on after it. Answers whether it goes on. */
async function jumpToGoal(trx: Db, run: RunRow, goal: TStep, settings: Awaited<ReturnType<typeof loadVersion>>['settings'], definition: Awaited<ReturnType<typeof loadVersion>>['definition']) {
  await logStep(trx, run, goal, { outcome: 'done', detail: settings.unenrollOnGoal ? 'goal met: jumped here; the contact leaves the workflow (unenrol on goal)' : 'goal met: jumped here' });
  if (settings.unenrollOnGoal) {
    await finish(trx, run, 'completed');
    return false;
  }
  await moveOn(trx, run, goal.id, null, definition);
  return true;
}

type StepOutcome = { continue: boolean; send?: { plan: StepPlan; stepId: string; stepType: string; attempt: number } };

/** One step of a run in one transaction; a send is claimed here and performed after the commit. */
async function stepOnce(trx: Db, deps: AppDeps, data: RunJobData): Promise<StepOutcome> {
  const run = await lockRun(trx, data.organizationId, data.runId);
  if (!run || run.status !== 'running') return { continue: false };
  if (run.workflow_status === 'paused') {
    // A paused workflow holds its runs at their next step; setting it active again resumes them.
    await scoped(trx, run.organization_id).updateTable('workflow_runs').set({ status: 'paused', updated_at: new Date() }).where('id', '=', run.id).execute();
    return { continue: false };
  }
  const { definition, settings } = await loadVersion(trx, run.organization_id, run.workflow_id, run.version);
  if (!run.current_step_id) {
    await finish(trx, run, 'completed');
    return { continue: false };
  }
  const contact = run.contact_id ? await loadSnapshot(trx, run.organization_id, run.contact_id) : null;
  if (contact) contact.event = run.trigger_payload;
  if (!contact) {
    await finish(trx, run, 'stopped', 'the contact was deleted');
    return { continue: false };
  }
  const goal = await goalMet(trx, run, definition, contact);
  if (goal) return { continue: await jumpToGoal(trx, run, goal, settings, definition) };
  const step = stepById(definition, run.current_step_id)!;
  if (step.type === 'goal' && settings.unenrollOnGoal) {
    await logStep(trx, run, step, { outcome: 'done', detail: 'goal reached; the contact leaves the workflow (unenrol on goal)' });
    await finish(trx, run, 'completed');
    return { continue: false };
  }
  const now = new Date();
  const plan = planStep(step, contact, now, await planEnvFor(trx, run.organization_id, settings, contact, step));
  if (plan.send) {
    const opening = settings.sendingWindow && plan.send.heldForWindow !== false ? await openingAt(trx, run.organization_id, settings.sendingWindow, now, contact) : { at: now, zone: '' };
    if (opening.at > now) {
      await logStep(trx, run, step, { outcome: 'waiting', detail: `held for the sending window until ${opening.at.toISOString()} (${opening.zone})` });
      await sleepUntil(trx, deps, run, step.id, opening.at, null);
      return { continue: false };
    }
    // The run's position, not the job's retry: a retried job finds the same key and the channel answers the first message.
    const attempt = run.steps_taken + 1;
    await trx
      .insertInto('workflow_step_effects')
      .values({ organization_id: run.organization_id, run_id: run.id, step_id: step.id, attempt, kind: plan.send.kind })
      .onConflict((oc) => oc.columns(['run_id', 'step_id', 'attempt']).doNothing())
      .execute();
    return { continue: true, send: { plan, stepId: step.id, stepType: step.type, attempt } };
  }
  if (plan.wait) {
    await logStep(trx, run, step, { outcome: 'waiting', detail: plan.detail });
    await sleepUntil(trx, deps, run, step.id, plan.wait.until, plan.wait.awaitsEvent ?? null);
    return { continue: false };
  }
  const auth = plan.write ? await actingAuth(trx, run.organization_id, run.workflow_id) : null;
  const output = plan.write
    ? await plan.write({
        trx,
        deps,
        organizationId: run.organization_id,
        workflowId: run.workflow_id,
        runId: run.id,
        contactId: contact.id,
        stepId: step.id,
        attempt: run.steps_taken + 1,
        actorUserId: auth!.user?.id ?? null,
        auth: auth!,
        enrollOther: async (workflowId) => {
          const outcome = await enrollContact(trx, deps, { organizationId: run.organization_id, workflowId, contactId: contact.id, trigger: 'manual' });
          if ('skipped' in outcome) throw new Error(`could not enrol in workflow ${workflowId}: ${outcome.skipped}`);
          return outcome.runId;
        },
      })
    : undefined;
  // A change that found nothing to do says why (a deal to move, a run to stop): logged as skipped.
  const skipped = output && typeof output.skipped === 'string' ? output.skipped : null;
  await logStep(trx, run, step, {
    outcome: skipped ? 'skipped' : (plan.outcome ?? 'done'),
    detail: skipped ? `skipped: ${skipped}` : plan.detail,
    branch: plan.branch ?? null,
    output: output ?? null,
  });
  if (plan.end) {
    await finish(trx, run, 'completed');
    return { continue: false };
  }
  await moveOn(trx, run, step.id, plan.branch, definition);
  return { continue: true };
}

/** The job that runs a run forward until it waits, ends, or has run STEPS_PER_JOB steps. */
export async function advanceRun(deps: AppDeps, data: RunJobData): Promise<void> {
  const run = { organizationId: data.organizationId, runId: data.runId };
  for (let i = 0; i < STEPS_PER_JOB; i++) {
    let outcome: StepOutcome;
    try {
      outcome = await deps.database.db.transaction().execute((trx) => stepOnce(trx, deps, run));
    } catch (error) {
      await failRun(deps, run, error);
      return;
    }
    if (outcome.send) {
      try {
        await performSend(deps, run, outcome.send);
      } catch (error) {
        // An answer a retry would not change (a webhook's 4xx, a refused address) fails the run now.
        if (error instanceof StepFailedError) await failRun(deps, run, error);
        else await retrySend(deps, data, error, outcome.send);
        return;
      }
    }
    if (!outcome.continue) return;
  }
  await deps.jobs.send(ADVANCE_JOB, run);
}

/**
 * A send the channel could not take: tried again later (the effect row and idempotency key make
 * the retry answer the first message if it did go), and after SEND_ATTEMPTS the run ends failed.
 * A step with its own retry rule (the webhook call) uses its count and delays and logs each try.
 */
async function retrySend(deps: AppDeps, data: RunJobData, error: unknown, send: NonNullable<StepOutcome['send']>) {
  const failures = (data.sendFailures ?? 0) + 1;
  const retry = send.plan.send!.retry;
  if (failures >= (retry?.attempts ?? SEND_ATTEMPTS)) return failRun(deps, data, error);
  const delay = retry ? retry.delaySeconds(failures, error) : SEND_RETRY_SECONDS * 2 ** (failures - 1);
  deps.logger.warn({ err: error, runId: data.runId, failures }, 'an automation send failed; it will be tried again');
  const next = { organizationId: data.organizationId, runId: data.runId, sendFailures: failures };
  if (!retry) {
    await deps.jobs.send(ADVANCE_JOB, next, { startAfter: delay });
    return;
  }
  // A step with its own retries logs each failed try (what answered, when the next one goes) with the retry's job.
  await deps.database.db.transaction().execute(async (trx) => {
    const run = await lockRun(trx, data.organizationId, data.runId);
    if (!run || run.status !== 'running' || run.current_step_id !== send.stepId) return;
    const message = error instanceof Error ? error.message : String(error);
    const at = new Date(Date.now() + delay * 1000);
    await logStep(
      trx,
      run,
      { id: send.stepId, type: send.stepType },
      { outcome: 'waiting', detail: `try ${failures} of ${retry.attempts} failed; tried again at ${at.toISOString()}`, error: message },
    );
    await deps.jobs.send(ADVANCE_JOB, next, { db: trx, startAfter: delay });
  });
}

async function performSend(deps: AppDeps, data: RunJobData, send: NonNullable<StepOutcome['send']>) {
  const runRow = await scoped(deps.database.db, data.organizationId).selectFrom('workflow_runs').select('workflow_id').where('id', '=', data.runId).executeTakeFirstOrThrow();
  const ctx = { db: deps.database.db, organizationId: data.organizationId, auth: await actingAuth(deps.database.db, data.organizationId, runRow.workflow_id), deps };
  let result: { outcome: 'done' | 'skipped'; output: Record<string, unknown> | null; detail: string };
  try {
    const output = await send.plan.send!.perform(ctx, `automation:${data.runId}:${send.stepId}:${send.attempt}`, { runId: data.runId, workflowId: runRow.workflow_id, stepId: send.stepId });
    result = { outcome: 'done', output, detail: send.plan.detail };
  } catch (error) {
    // Refusals by the channel (opted out, suppressed, no valid number) are the contact's answer, not a failure of the run.
    if (!(error instanceof DomainError) || error.code === 'INTERNAL' || error.code === 'UNAVAILABLE') throw error;
    result = { outcome: 'skipped', output: null, detail: `not sent: ${error.message}` };
  }
  await deps.database.db.transaction().execute(async (trx) => {
    const run = await lockRun(trx, data.organizationId, data.runId);
    // Stopped or moved on meanwhile (a duplicate job): the first one recorded it.
    if (!run || run.status !== 'running' || run.current_step_id !== send.stepId) return;
    const { definition } = await loadVersion(trx, run.organization_id, run.workflow_id, run.version);
    await scoped(trx, run.organization_id)
      .updateTable('workflow_step_effects')
      .set({ result: JSON.stringify(result.output ?? {}) })
      .where('run_id', '=', run.id)
      .where('step_id', '=', send.stepId)
      .where('attempt', '=', send.attempt)
      .execute();
    await logStep(trx, run, { id: send.stepId, type: send.stepType }, { outcome: result.outcome, detail: result.detail, output: result.output });
    await moveOn(trx, run, send.stepId, null, definition);
  });
}

async function failRun(deps: AppDeps, data: RunJobData, error: unknown) {
  const message = error instanceof Error ? error.message : String(error);
  deps.logger.warn({ err: error, runId: data.runId }, 'an automation step failed; the run is marked failed');
  await deps.database.db.transaction().execute(async (trx) => {
    const run = await lockRun(trx, data.organizationId, data.runId);
    if (!run || run.status !== 'running') return;
    if (run.current_step_id) {
      const { definition } = await loadVersion(trx, run.organization_id, run.workflow_id, run.version);
      const step = stepById(definition, run.current_step_id);
      if (step) await logStep(trx, run, step, { outcome: 'failed', detail: 'the step failed', error: message });
    }
    await finish(trx, run, 'failed', message);
  });
}

/** The event a wait_for_event step waits for arrived: its run takes the event branch (in the consumer's transaction). */
export async function resumeOnEvent(trx: Db, deps: AppDeps, organizationId: string, contactId: string, eventType: string): Promise<number> {
  const timers = await scoped(trx, organizationId)
    .selectFrom('workflow_timers')
    .innerJoin('workflow_runs', 'workflow_runs.id', 'workflow_timers.run_id')
    .select(['workflow_timers.run_id'])
    .where('workflow_timers.awaits_event', '=', eventType)
    .where('workflow_runs.contact_id', '=', contactId)
    .where('workflow_runs.status', '=', 'waiting')
    .execute();
  for (const { run_id } of timers) {
    const run = await lockRun(trx, organizationId, run_id);
    if (!run || run.status !== 'waiting' || !run.current_step_id) continue;
    const { definition } = await loadVersion(trx, organizationId, run.workflow_id, run.version);
    const step = stepById(definition, run.current_step_id)!;
    await scoped(trx, organizationId).deleteFrom('workflow_timers').where('run_id', '=', run.id).execute();
    await logStep(trx, run, step, { outcome: 'done', detail: `${eventType} arrived`, branch: 'event' });
    await moveOn(trx, run, step.id, 'event', definition);
    await deps.jobs.send(ADVANCE_JOB, { organizationId, runId: run.id }, { db: trx });
  }
  return timers.length;
}

/**
 * Goals are met when the contact changes, not only when its run moves: the waiting runs of the
 * contacts an event changed jump to a goal they now meet (in the consumer's transaction), their
 * wait given up. One look at the contacts' waiting runs per event; only runs of versions with goals go further.
 */
export async function jumpWaitingRunsToGoals(trx: Db, deps: AppDeps, organizationId: string, contactIds: readonly string[]): Promise<number> {
  if (contactIds.length === 0) return 0;
  const waiting = await scoped(trx, organizationId)
    .selectFrom('workflow_runs')
    .select(['id', 'workflow_id', 'version'])
    .where(sql<boolean>`contact_id = any(${[...new Set(contactIds)]}::uuid[])`)
    .where('status', '=', 'waiting')
    .execute();
  let jumped = 0;
  for (const candidate of waiting) {
    const { definition, settings } = await loadVersion(trx, organizationId, candidate.workflow_id, candidate.version);
    if (!definition.steps.some((s) => s.type === 'goal')) continue;
    const run = await lockRun(trx, organizationId, candidate.id);
    if (!run || run.status !== 'waiting' || !run.contact_id) continue;
    const contact = await loadSnapshot(trx, organizationId, run.contact_id);
    if (!contact) continue;
    contact.event = run.trigger_payload;
    const goal = await goalMet(trx, run, definition, contact);
    if (!goal) continue;
    await scoped(trx, organizationId).deleteFrom('workflow_timers').where('run_id', '=', run.id).execute();
    if (await jumpToGoal(trx, run, goal, settings, definition)) await deps.jobs.send(ADVANCE_JOB, { organizationId, runId: run.id }, { db: trx });
    jumped++;
  }
  return jumped;
}
