import { sql } from 'kysely';
import type { Db } from '../db';
import { scoped } from '../db/scoped';
import type { AppDeps } from '../deps';
import { DomainError } from '../errors';
import { nextStep, normalize, START } from './definition';
import { ZWorkflowSettings } from './schema';

/** Enrolment: a run row and its first job, written in the caller's transaction (a consumer's or a request's). */

export const ADVANCE_JOB = 'automations.advance';
export const WAKE_JOB = 'automations.wake';
export const SWEEP_JOB = 'automations.sweep';
/** `sendFailures`: how many tries of the run's current send failed (executor.ts retries it). */
export type RunJobData = { organizationId: string; runId: string; sendFailures?: number };

/** Loop guard: a contact enrolled by a trigger at most once a minute per workflow. */
const LOOP_GUARD_SECONDS = 60;

/** Definitions of published versions never change: read each once per process. */
const versionCache = new Map<string, { definition: ReturnType<typeof normalize>; settings: ReturnType<typeof ZWorkflowSettings.parse> }>();

export async function loadVersion(db: Db, organizationId: string, workflowId: string, version: number) {
  const key = `${workflowId}:${version}`;
  const cached = versionCache.get(key);
  if (cached) return cached;
  const row = await scoped(db, organizationId)
    .selectFrom('workflow_versions')
    .select(['definition', 'settings'])
    .where('workflow_id', '=', workflowId)
    .where('version', '=', version)
    .executeTakeFirstOrThrow();
  const loaded = { definition: normalize(row.definition), settings: ZWorkflowSettings.parse(row.settings) };
  if (versionCache.size > 1000) versionCache.clear();
  versionCache.set(key, loaded);
  return loaded;
}

export type EnrollOutcome = { runId: string } | { skipped: string };

/**
 * Enrols a contact in a workflow's published version. `trigger` 'manual' always enrols (but never
 * beside a run still going); a trigger respects re-enrolment and the loop guard.
 */
export async function enrollContact(
  trx: Db,
  deps: Pick<AppDeps, 'jobs'>,
  input: { organizationId: string; workflowId: string; contactId: string; trigger: string; eventId?: number; payload?: Record<string, unknown> },
): Promise<EnrollOutcome> {
  const { organizationId, workflowId, contactId } = input;
  const org = scoped(trx, organizationId);
  // One enrolment at a time per (workflow, contact): concurrent triggers see each other's run.
  await sql`select pg_advisory_xact_lock(hashtext(${`automations:${workflowId}:${contactId}`}))`.execute(trx);
  const workflow = await org.selectFrom('workflows').select(['status', 'published_version']).where('id', '=', workflowId).executeTakeFirst();
  if (!workflow) throw new DomainError('NOT_FOUND', 'Workflow not found');
  if (!workflow.published_version) return { skipped: 'the workflow is not published' };
  if (input.trigger !== 'manual' && workflow.status !== 'active') return { skipped: `the workflow is ${workflow.status}` };
  const { definition, settings } = await loadVersion(trx, organizationId, workflowId, workflow.published_version);
  const earlier = await org
    .selectFrom('workflow_runs')
    .select((eb) => [eb.fn.countAll<number>().as('runs'), eb.fn.countAll<number>().filterWhere('status', 'in', ['running', 'waiting', 'paused']).as('going'), eb.fn.max('started_at').as('last')])
    .where('workflow_id', '=', workflowId)
    .where('contact_id', '=', contactId)
    .executeTakeFirstOrThrow();
  if (Number(earlier.going) > 0) return { skipped: 'the contact is already in this workflow' };
  if (input.trigger !== 'manual') {
    if (Number(earlier.runs) > 0 && !settings.allowReenrollment) return { skipped: 're-enrolment is off' };
    if (earlier.last && Date.now() - new Date(earlier.last).getTime() < LOOP_GUARD_SECONDS * 1000) return { skipped: 'loop guard: enrolled less than a minute ago' };
  }
  const first = nextStep(definition, START);
  const run = await org
    .insertInto('workflow_runs', {
      workflow_id: workflowId,
      version: workflow.published_version,
      contact_id: contactId,
      status: 'running',
      current_step_id: first,
      trigger: input.trigger,
      trigger_event_id: input.eventId ?? null,
      trigger_payload: input.payload ? JSON.stringify(input.payload) : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await deps.jobs.send(ADVANCE_JOB, { organizationId, runId: run.id }, { db: trx });
  return { runId: run.id };
}
