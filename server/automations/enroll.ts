import { sql } from 'kysely';
import type { Db } from '../db';
import { insertJsonRows } from '../db/json-rows';
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

type EnrollInput = { organizationId: string; workflowId: string; trigger: string; eventId?: number; payload?: Record<string, unknown> };

/**
 * Enrols a contact in a workflow's published version. `trigger` 'manual' always enrols (but never
 * beside a run still going); a trigger respects re-enrolment and the loop guard.
 */
export async function enrollContact(trx: Db, deps: Pick<AppDeps, 'jobs'>, input: EnrollInput & { contactId: string }): Promise<EnrollOutcome> {
  const [outcome] = await enrollContacts(trx, deps, { ...input, contactIds: [input.contactId] });
  return outcome!;
}

/**
 * Enrols many contacts at once by the rules of enrollContact, in set-based statements (a tag added
 * to 100,000 contacts is 100 events of 1,000: one lock, one look at earlier runs, one
 * insert of runs and one of their jobs per event, not six round trips per contact). Answers an
 * outcome per contact id, in order; a contact named twice is enrolled once.
 */
export async function enrollContacts(trx: Db, deps: Pick<AppDeps, 'jobs'>, input: EnrollInput & { contactIds: readonly string[] }): Promise<EnrollOutcome[]> {
  const { contactIds, trigger, eventId, ...rest } = input;
  return enrollEntries(trx, deps, { ...rest, entries: contactIds.map((contactId) => ({ contactId, trigger, ...(eventId === undefined ? {} : { eventId }) })) });
}

/** One contact to enrol and what enrols it: the trigger's type and the event that fired it (its run records both). */
export type EnrollEntry = { contactId: string; trigger: string; eventId?: number };

/**
 * enrollContacts with a trigger and event per contact: the trigger consumer enrols the contacts of
 * many events at once (their runs each naming their own event). A contact named twice is enrolled
 * once, by its first entry; the rules do not depend on the trigger, but for 'manual'.
 */
export async function enrollEntries(trx: Db, deps: Pick<AppDeps, 'jobs'>, input: Omit<EnrollInput, 'trigger' | 'eventId'> & { entries: readonly EnrollEntry[] }): Promise<EnrollOutcome[]> {
  const { organizationId, workflowId, entries } = input;
  if (entries.length === 0) return [];
  const org = scoped(trx, organizationId);
  const firstEntry = new Map<string, EnrollEntry>();
  for (const entry of entries) if (!firstEntry.has(entry.contactId)) firstEntry.set(entry.contactId, entry);
  const ids = [...firstEntry.keys()].sort();
  // One enrolment at a time per (workflow, contact): concurrent triggers see each other's run. One contact takes the
  // workflow's lock shared and the contact's alone; many take the workflow's lock alone — one lock, not one per contact
  // (a consumer transaction of 50 events of 1,000 contacts would hold 50,000 and exhaust the server's lock table).
  const workflowKey = `automations:${workflowId}`;
  if (ids.length === 1) {
    await sql`select pg_advisory_xact_lock_shared(hashtext(${workflowKey})), pg_advisory_xact_lock(hashtext(${`${workflowKey}:${ids[0]}`}))`.execute(trx);
  } else {
    await sql`select pg_advisory_xact_lock(hashtext(${workflowKey}))`.execute(trx);
  }
  const workflow = await org.selectFrom('workflows').select(['status', 'published_version']).where('id', '=', workflowId).executeTakeFirst();
  if (!workflow) throw new DomainError('NOT_FOUND', 'Workflow not found');
  const version = workflow.published_version;
  if (!version) return entries.map(() => ({ skipped: 'the workflow is not published' }));
  const { definition, settings } = await loadVersion(trx, organizationId, workflowId, version);
  const earlier = await org
    .selectFrom('workflow_runs')
    .select((eb) => [
      'contact_id',
      eb.fn.countAll<number>().as('runs'),
      eb.fn.countAll<number>().filterWhere('status', 'in', ['running', 'waiting', 'paused']).as('going'),
      eb.fn.max('started_at').as('last'),
    ])
    .where('workflow_id', '=', workflowId)
    .where(sql<boolean>`contact_id = any(${ids}::uuid[])`)
    .groupBy('contact_id')
    .execute();
  const byContact = new Map(earlier.map((e) => [e.contact_id!, e]));
  const skips = new Map<string, string>();
  for (const id of ids) {
    const triggered = firstEntry.get(id)!.trigger !== 'manual';
    const before = byContact.get(id);
    if (triggered && workflow.status !== 'active') skips.set(id, `the workflow is ${workflow.status}`);
    else if (!before) continue;
    else if (Number(before.going) > 0) skips.set(id, 'the contact is already in this workflow');
    else if (triggered && Number(before.runs) > 0 && !settings.allowReenrollment) skips.set(id, 're-enrolment is off');
    else if (triggered && before.last && Date.now() - new Date(before.last).getTime() < LOOP_GUARD_SECONDS * 1000) skips.set(id, 'loop guard: enrolled less than a minute ago');
  }
  const enrolling = ids.filter((id) => !skips.has(id));
  const first = nextStep(definition, START);
  // The runs through one JSON parameter: a multi-row VALUES would bind eight parameters a run.
  const runs =
    enrolling.length === 0
      ? []
      : await insertJsonRows(
          trx,
          'workflow_runs',
          enrolling.map((contactId) => {
            const entry = firstEntry.get(contactId)!;
            return {
              organization_id: organizationId,
              workflow_id: workflowId,
              version,
              contact_id: contactId,
              status: 'running' as const,
              current_step_id: first,
              trigger: entry.trigger,
              trigger_event_id: entry.eventId ?? null,
              // The column's insert type is JSON text; insertJsonRows takes the value itself (as run-writes.ts logs outputs).
              trigger_payload: (input.payload ?? null) as string | null,
            };
          }),
        )
          .returning(['id', 'contact_id'])
          .execute();
  await deps.jobs.sendMany(
    ADVANCE_JOB,
    runs.map((run) => ({ data: { organizationId, runId: run.id } })),
    { db: trx },
  );
  const runOf = new Map(runs.map((run) => [run.contact_id!, run.id]));
  const seen = new Set<string>();
  return entries.map(({ contactId }) => {
    const runId = runOf.get(contactId);
    if (runId && !seen.has(contactId)) {
      seen.add(contactId);
      return { runId };
    }
    return { skipped: skips.get(contactId) ?? 'the contact is already in this workflow' };
  });
}
