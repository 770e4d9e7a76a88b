import { sql } from 'kysely';
import type { Db } from '../db';
import { scoped } from '../db/scoped';
import type { AppDeps } from '../deps';
import type { SendOptions } from '../jobs/queue';
import { nextStep, stepById } from './definition';
import { ADVANCE_JOB, loadVersion, SWEEP_JOB, WAKE_JOB } from './enroll';
import { advanceRunsTo, finishRuns, logSteps, type StepLogEntry } from './run-writes';

/**
 * Waking due timers in batches (docs/decisions/040-batched-wake.md). A timer row is the truth of a
 * wait; the queue's delayed `automations.wake` job only says "timers are due now". One wake job
 * serves every timer due in the same second (its singleton key), and it ends the waits of all due
 * timers, WAKE_BATCH at a time: one statement claims them (rows locked, SKIP LOCKED), a few more
 * log the waits' ends, move the runs on and enqueue their next steps. A run is woken once: the
 * claim takes only runs still waiting, locked; the stop, pause, event and goal paths lock the run
 * first, and whoever locks second finds it no longer waiting.
 */

/** Timers claimed per transaction. */
const WAKE_BATCH = 1000;
/** Batches claimed at once by a wake job (2 cores: the claims, logs and updates of one batch are one Postgres backend's work). */
const WAKE_LOOPS = 4;
/** A wake job hands what is left to a fresh job after this long (its expiry is 120 s). */
const WAKE_JOB_SECONDS = 60;
/** A timer overdue by this much had its wake-up lost (a crash, a commit after its job ran): the sweeper wakes it. */
const OVERDUE_SECONDS = 30;
/** How often the sweeper looks while timers exist. */
const SWEEP_EVERY_SECONDS = 60;

/**
 * The wake job of timers due at `dueAt`: one per second (a singleton key, 'short' queue policy),
 * starting once that second is over. `ownKey` (a resumed run's id) gives the job a key of its own:
 * a transaction arming many seconds at once (resuming a workflow's held runs) then holds no key a
 * step's transaction waits for.
 */
export async function armWake(deps: Pick<AppDeps, 'jobs'>, dueAt: Date, options: Pick<SendOptions, 'db'> & { ownKey?: string } = {}): Promise<void> {
  const second = new Date(Math.ceil(dueAt.getTime() / 1000) * 1000);
  const { ownKey, ...send } = options;
  await deps.jobs.send(WAKE_JOB, {}, { ...send, startAfter: second, singletonKey: `wake:${second.toISOString()}${ownKey ? `:${ownKey}` : ''}` });
}

/** Arms the sweeper a minute ahead (one at a time). */
export async function armSweep(deps: Pick<AppDeps, 'jobs'>, options: Pick<SendOptions, 'db'> = {}): Promise<void> {
  await deps.jobs.send(SWEEP_JOB, {}, { ...options, startAfter: SWEEP_EVERY_SECONDS, singletonKey: 'automations-sweep', singletonSeconds: SWEEP_EVERY_SECONDS });
}

type Claimed = {
  run_id: string;
  organization_id: string;
  workflow_id: string;
  version: number;
  contact_id: string | null;
  step_id: string;
  workflow_status: string;
};

/**
 * One batch in one transaction: claims up to `limit` due timers of waiting runs and hands each run
 * on. Runs of a paused workflow become paused with their timer kept (resuming the workflow wakes
 * them). Answers how many timers it claimed.
 */
export async function wakeBatch(trx: Db, deps: Pick<AppDeps, 'jobs'>, limit = WAKE_BATCH): Promise<number> {
  // Every organization's due timers (the system's own work): the writes below are per organization.
  const claimed = await trx
    .selectFrom('workflow_timers')
    .innerJoin('workflow_runs', 'workflow_runs.id', 'workflow_timers.run_id')
    .innerJoin('workflows', 'workflows.id', 'workflow_runs.workflow_id')
    .select([
      'workflow_timers.run_id',
      'workflow_timers.organization_id',
      'workflow_runs.workflow_id',
      'workflow_runs.version',
      'workflow_runs.contact_id',
      'workflow_timers.step_id',
      'workflows.status as workflow_status',
    ])
    .where('workflow_timers.due_at', '<=', sql<Date>`now()`)
    // Held timers (paused runs and workflows) are not in the due index at all (decision 046).
    .where(sql<boolean>`not workflow_timers.held`)
    .where('workflow_runs.status', '=', 'waiting')
    .orderBy('workflow_timers.due_at')
    .limit(limit)
    .forUpdate(['workflow_timers', 'workflow_runs'])
    .skipLocked()
    .execute();
  const byOrganization = new Map<string, Claimed[]>();
  for (const row of claimed) byOrganization.set(row.organization_id, [...(byOrganization.get(row.organization_id) ?? []), row]);
  for (const [organizationId, rows] of byOrganization) await wakeInOrganization(trx, deps, organizationId, rows);
  return claimed.length;
}

async function wakeInOrganization(trx: Db, deps: Pick<AppDeps, 'jobs'>, organizationId: string, rows: Claimed[]) {
  const org = scoped(trx, organizationId);
  const held = rows.filter((r) => r.workflow_status === 'paused').map((r) => r.run_id);
  if (held.length > 0) {
    // A paused workflow holds its runs: the wait is not over for them until it is active again.
    await org
      .updateTable('workflow_runs')
      .set({ status: 'paused', updated_at: new Date() })
      .where(sql<boolean>`id = any(${held}::uuid[])`)
      .execute();
    await org
      .updateTable('workflow_timers')
      .set({ held: true })
      .where(sql<boolean>`run_id = any(${held}::uuid[])`)
      .execute();
  }
  const waking = rows.filter((r) => r.workflow_status !== 'paused');
  if (waking.length === 0) return;
  await org
    .deleteFrom('workflow_timers')
    .where(sql<boolean>`run_id = any(${waking.map((r) => r.run_id)}::uuid[])`)
    .execute();
  const logs: Parameters<typeof logSteps>[1] = [];
  const completed: Claimed[] = [];
  // Runs that go on at a step, by that step (one update each); a send held for the sending window goes on at itself.
  const goingOn = new Map<string, string[]>();
  const resumed: string[] = [];
  for (const row of waking) {
    const { definition } = await loadVersion(trx, organizationId, row.workflow_id, row.version);
    const step = stepById(definition, row.step_id);
    const run = { id: row.run_id, organization_id: organizationId, workflow_id: row.workflow_id };
    if (step && (step.type === 'wait' || step.type === 'wait_for_event' || step.type === 'wait_until')) {
      const branch = step.type === 'wait_for_event' ? 'timeout' : null;
      const entry: StepLogEntry = { outcome: 'done', detail: branch ? 'no event before the timeout' : 'wait over', branch };
      logs.push({ run, step, entry });
      const next = nextStep(definition, step.id, branch);
      if (next) goingOn.set(next, [...(goingOn.get(next) ?? []), row.run_id]);
      else completed.push(row);
    } else {
      resumed.push(row.run_id);
    }
  }
  await logSteps(trx, logs);
  for (const [next, runIds] of goingOn) await advanceRunsTo(trx, organizationId, runIds, next);
  if (resumed.length > 0) {
    await org
      .updateTable('workflow_runs')
      .set({ status: 'running', updated_at: new Date() })
      .where(sql<boolean>`id = any(${resumed}::uuid[])`)
      .execute();
  }
  await finishRuns(
    trx,
    organizationId,
    completed.map((r) => ({ id: r.run_id, organization_id: organizationId, workflow_id: r.workflow_id, contact_id: r.contact_id })),
    'completed',
  );
  const handedOn = [...[...goingOn.values()].flat(), ...resumed];
  await deps.jobs.sendMany(
    ADVANCE_JOB,
    handedOn.map((runId) => ({ data: { organizationId, runId } })),
    { db: trx },
  );
}

/**
 * The wake job: WAKE_LOOPS transactions at a time claim batches (disjoint: SKIP LOCKED) until one
 * comes back short, or WAKE_JOB_SECONDS pass (a fresh job takes the rest). On PGlite's one
 * connection the loops take turns.
 */
export async function wakeDueTimers(deps: AppDeps): Promise<number> {
  const started = Date.now();
  let woken = 0;
  let more = true;
  const loop = async () => {
    while (more) {
      const claimed = await deps.database.db.transaction().execute((trx) => wakeBatch(trx, deps));
      woken += claimed;
      if (claimed < WAKE_BATCH) more = false;
      else if (Date.now() - started > WAKE_JOB_SECONDS * 1000) {
        more = false;
        await armWake(deps, new Date());
      }
    }
  };
  await Promise.all(Array.from({ length: WAKE_LOOPS }, loop));
  return woken;
}

/**
 * Wakes timers whose wake-up was lost (a crash before the job ran, a timer committed after its
 * second's job had already looked): one wake job now when any is overdue. Re-arms itself while
 * timers exist.
 */
export async function sweepTimers(deps: AppDeps): Promise<boolean> {
  const overdue = await deps.database.db
    .selectFrom('workflow_timers')
    .innerJoin('workflow_runs', 'workflow_runs.id', 'workflow_timers.run_id')
    .select('workflow_timers.run_id')
    .where('workflow_timers.due_at', '<', sql<Date>`now() - make_interval(secs => ${OVERDUE_SECONDS})`)
    .where(sql<boolean>`not workflow_timers.held`)
    .where('workflow_runs.status', '=', 'waiting')
    .limit(1)
    .executeTakeFirst();
  if (overdue) await armWake(deps, new Date());
  // Held timers wait for a resume, which arms their wake itself.
  const left = await deps.database.db
    .selectFrom('workflow_timers')
    .select('run_id')
    .where(sql<boolean>`not held`)
    .limit(1)
    .executeTakeFirst();
  if (left) await armSweep(deps);
  return Boolean(overdue);
}
