import { sql } from 'kysely';
import type { Db } from '../db';
import { scoped } from '../db/scoped';
import type { AppDeps } from '../deps';
import { DomainError, fieldError } from '../errors';
import type { OrgContext } from '../kernel/context';
import { readSettings } from '../organizations/settings';
import { loadVersion, enrollContact } from './enroll';
import { enrollEach, viewContactIds } from './enroll-contacts';
import { actingAuth } from './acting';
import { nextOccurrence, parseCron } from './schedule-cron';
import { scheduleExpression, type TScheduleConfig, type TTrigger } from './schema';

/**
 * Triggers whose cause is time itself (docs/decisions/032-time-triggers.md): a schedule's next
 * occurrence, a task's due time, an appointment's "24 hours before". Each is a
 * `workflow_trigger_timers` row, unique by its key, armed with a delayed job in the same transaction;
 * the job deletes the row in the transaction that enrols, so an occurrence fires once whatever
 * retries, restarts or second processes do. Rows are kept current by the durable event consumer
 * (task and appointment events) and by publishing / pausing a workflow; a sweep re-arms any row
 * whose wake-up was lost.
 */

export const TRIGGER_TIMER_JOB = 'automations.trigger-timer';
export const TRIGGER_SWEEP_JOB = 'automations.trigger-sweep';
export type TriggerTimerJob = { organizationId: string; timerId: string };

/** Seconds between sweeps while timers exist, and how late a timer must be before a sweep re-arms it. */
const SWEEP_EVERY_SECONDS = 300;
const LATE_SECONDS = 30;
/** Missed occurrences counted when a schedule fires late (a minutely cron down for a week is 10,080); past it the count stops there. */
const MISSED_COUNTED = 10_080;
/** Upcoming appointments armed for one relative trigger when a workflow is published. */
const APPOINTMENTS_ARMED = 10_000;

type Kind = 'schedule' | 'task_overdue' | 'appointment';
type TimerSpec = { key: string; kind: Kind; workflowId?: string; version?: number; triggerIndex?: number; subjectId?: string; dueAt: Date };

const UNIT_MS = { minutes: 60_000, hours: 3_600_000, days: 86_400_000 } as const;

/** Inserts the timer, or moves it to a new due time; a new or moved timer gets its wake-up job. */
async function arm(trx: Db, deps: Pick<AppDeps, 'jobs'>, organizationId: string, spec: TimerSpec): Promise<void> {
  const row = await scoped(trx, organizationId)
    .insertInto('workflow_trigger_timers', {
      key: spec.key,
      kind: spec.kind,
      workflow_id: spec.workflowId ?? null,
      version: spec.version ?? null,
      trigger_index: spec.triggerIndex ?? null,
      subject_id: spec.subjectId ?? null,
      due_at: spec.dueAt,
    })
    .onConflict((oc) => oc.columns(['organization_id', 'key']).doUpdateSet({ due_at: spec.dueAt }).where('workflow_trigger_timers.due_at', '<>', spec.dueAt))
    .returning('id')
    .executeTakeFirst();
  if (!row) return;
  await deps.jobs.send(TRIGGER_TIMER_JOB, { organizationId, timerId: row.id }, { db: trx, startAfter: spec.dueAt });
  await deps.jobs.send(TRIGGER_SWEEP_JOB, {}, { db: trx, startAfter: SWEEP_EVERY_SECONDS, singletonKey: 'automations-trigger-sweep', singletonSeconds: SWEEP_EVERY_SECONDS });
}

async function orgZone(db: Db, organizationId: string): Promise<string> {
  return (await readSettings(db, organizationId)).timezone;
}

/** The next occurrence of a schedule trigger after `after`, in the organization's zone. */
export function nextScheduled(config: TScheduleConfig, after: Date, timeZone: string): Date | null {
  const parsed = parseCron(scheduleExpression(config));
  return parsed.ok ? nextOccurrence(parsed.schedule, after, timeZone) : null;
}

/** When an appointment-relative trigger fires for an appointment starting at `startsAt`. */
export function relativeDue(config: Extract<TTrigger, { type: 'appointment_relative' }>['config'], startsAt: Date): Date {
  const offset = config.amount * UNIT_MS[config.unit];
  return new Date(startsAt.getTime() + (config.direction === 'before' ? -offset : offset));
}

const appointmentKey = (workflowId: string, version: number, index: number, appointmentId: string) => `appointment:${workflowId}:${version}:${index}:${appointmentId}`;

/** Appointments a relative trigger may fire for: booked (scheduled), and completed ones for "after". */
const FIRING_STATUSES = ['scheduled', 'completed'] as const;

/** The workflow context a schedule acts in: its creator's (their saved views), with the organization's full rights like every automation. */
async function actingContext(trx: Db, deps: AppDeps, organizationId: string, workflowId: string): Promise<OrgContext> {
  return { db: trx, organizationId, auth: await actingAuth(trx, organizationId, workflowId), deps };
}

/**
 * After a publish or a status change, in its transaction: the workflow's schedule and appointment
 * timers are those of its published version while it is active, and none otherwise (pausing stops
 * the schedule). A schedule without a saved view, or naming one its creator no longer has, is refused.
 */
export async function syncWorkflowTimers(trx: Db, deps: AppDeps, organizationId: string, workflowId: string): Promise<void> {
  const org = scoped(trx, organizationId);
  await org.deleteFrom('workflow_trigger_timers').where('workflow_id', '=', workflowId).execute();
  const workflow = await org.selectFrom('workflows').select(['status', 'published_version']).where('id', '=', workflowId).executeTakeFirst();
  if (!workflow || workflow.status !== 'active' || !workflow.published_version) return;
  const version = workflow.published_version;
  const { definition } = await loadVersion(trx, organizationId, workflowId, version);
  const now = new Date();
  for (const [index, trigger] of definition.triggers.entries()) {
    if (trigger.type === 'schedule') {
      const path = `definition.triggers.${index}.config.viewId`;
      if (!trigger.config.viewId) throw fieldError(path, 'choose the saved view whose contacts the schedule enrols');
      try {
        await viewContactIds(await actingContext(trx, deps, organizationId, workflowId), trigger.config.viewId);
      } catch (error) {
        if (error instanceof DomainError && (error.code === 'NOT_FOUND' || error.code === 'VALIDATION'))
          throw fieldError(path, error.code === 'NOT_FOUND' ? 'is not a saved view of the workflow’s creator' : error.message.replace(/^viewId: /, ''));
        throw error;
      }
      const due = nextScheduled(trigger.config, now, await orgZone(trx, organizationId));
      if (!due) throw fieldError(`definition.triggers.${index}.config.cron`, 'never comes in the next eight years');
      await arm(trx, deps, organizationId, { key: `schedule:${workflowId}:${version}:${index}:${due.toISOString()}`, kind: 'schedule', workflowId, version, triggerIndex: index, dueAt: due });
    } else if (trigger.type === 'appointment_relative') {
      const offset = trigger.config.amount * UNIT_MS[trigger.config.unit] * (trigger.config.direction === 'before' ? 1 : -1);
      const upcoming = await scoped(trx, organizationId)
        .selectFrom('appointments')
        .select(['id', 'starts_at'])
        .where('status', '=', 'scheduled')
        .where('contact_id', 'is not', null)
        .where('starts_at', '>', new Date(now.getTime() + offset))
        .orderBy('starts_at')
        .limit(APPOINTMENTS_ARMED)
        .execute();
      for (const appointment of upcoming) {
        const dueAt = relativeDue(trigger.config, new Date(appointment.starts_at));
        await arm(trx, deps, organizationId, {
          key: appointmentKey(workflowId, version, index, appointment.id),
          kind: 'appointment',
          workflowId,
          version,
          triggerIndex: index,
          subjectId: appointment.id,
          dueAt,
        });
      }
    }
  }
}

/**
 * A task's due-time timer after any change to it (the consumer of task events): armed at its due
 * time while it is open, has a contact and is due after the change; moved with its due date;
 * removed when completed, deleted, or its due date cleared.
 */
export async function syncTaskTimer(trx: Db, deps: Pick<AppDeps, 'jobs'>, organizationId: string, taskId: string, changedAt: Date): Promise<void> {
  if (!taskId) return;
  const task = await scoped(trx, organizationId).selectFrom('tasks').select(['status', 'due_at', 'contact_id']).where('id', '=', taskId).executeTakeFirst();
  const key = `task:${taskId}`;
  if (task && task.status === 'open' && task.contact_id && task.due_at && new Date(task.due_at) > changedAt) {
    await arm(trx, deps, organizationId, { key, kind: 'task_overdue', subjectId: taskId, dueAt: new Date(task.due_at) });
  } else {
    await scoped(trx, organizationId).deleteFrom('workflow_trigger_timers').where('key', '=', key).execute();
  }
}

/** Active workflows' published versions, with the triggers of one type (and their index). */
async function listening<T extends TTrigger['type']>(trx: Db, organizationId: string, type: T) {
  const workflows = await scoped(trx, organizationId).selectFrom('workflows').select(['id', 'published_version']).where('status', '=', 'active').where('published_version', 'is not', null).execute();
  const out: { workflowId: string; version: number; index: number; trigger: Extract<TTrigger, { type: T }> }[] = [];
  for (const w of workflows) {
    const { definition } = await loadVersion(trx, organizationId, w.id, w.published_version!);
    definition.triggers.forEach((trigger, index) => {
      if (trigger.type === type) out.push({ workflowId: w.id, version: w.published_version!, index, trigger: trigger as Extract<TTrigger, { type: T }> });
    });
  }
  return out;
}

/**
 * An appointment's relative-time timers after any change to it (the consumer of appointment
 * events): one per active workflow's relative trigger while it is booked and the time comes after the change;
 * moved by a reschedule; removed when it is cancelled, deleted or loses its contact.
 */
export async function syncAppointmentTimers(trx: Db, deps: Pick<AppDeps, 'jobs'>, organizationId: string, appointmentId: string, changedAt: Date): Promise<void> {
  if (!appointmentId) return;
  const appointment = await scoped(trx, organizationId).selectFrom('appointments').select(['status', 'starts_at', 'contact_id']).where('id', '=', appointmentId).executeTakeFirst();
  const wanted: TimerSpec[] = [];
  if (appointment && appointment.status === 'scheduled' && appointment.contact_id) {
    // Due after the change, not after now: a consumer running late still arms (and at once fires) it.
    for (const l of await listening(trx, organizationId, 'appointment_relative')) {
      const dueAt = relativeDue(l.trigger.config, new Date(appointment.starts_at));
      if (dueAt > changedAt) {
        wanted.push({
          key: appointmentKey(l.workflowId, l.version, l.index, appointmentId),
          kind: 'appointment',
          workflowId: l.workflowId,
          version: l.version,
          triggerIndex: l.index,
          subjectId: appointmentId,
          dueAt,
        });
      }
    }
  }
  let stale = scoped(trx, organizationId).deleteFrom('workflow_trigger_timers').where('kind', '=', 'appointment').where('subject_id', '=', appointmentId);
  if (wanted.length > 0)
    stale = stale.where(
      'key',
      'not in',
      wanted.map((w) => w.key),
    );
  await stale.execute();
  for (const spec of wanted) await arm(trx, deps, organizationId, spec);
}

type TimerRow = { id: string; organization_id: string; kind: Kind; workflow_id: string | null; version: number | null; trigger_index: number | null; subject_id: string | null; due_at: Date };

/** The job: fires a due timer once (the row is the lock and is deleted in the enrolling transaction). */
export async function fireTriggerTimer(deps: AppDeps, data: TriggerTimerJob): Promise<void> {
  await deps.database.db.transaction().execute(async (trx) => {
    const timer = (await scoped(trx, data.organizationId)
      .selectFrom('workflow_trigger_timers')
      .select(['id', 'organization_id', 'kind', 'workflow_id', 'version', 'trigger_index', 'subject_id', 'due_at'])
      .where('id', '=', data.timerId)
      .where('due_at', '<=', sql<Date>`now()`)
      .forUpdate()
      .executeTakeFirst()) as TimerRow | undefined;
    // Fired already, cancelled, or moved later (its own job comes then).
    if (!timer) return;
    await scoped(trx, data.organizationId).deleteFrom('workflow_trigger_timers').where('id', '=', timer.id).execute();
    if (timer.kind === 'schedule') await fireSchedule(trx, deps, timer);
    else if (timer.kind === 'task_overdue') await fireTaskOverdue(trx, deps, timer);
    else await fireAppointment(trx, deps, timer);
  });
}

async function fireSchedule(trx: Db, deps: AppDeps, timer: TimerRow) {
  const org = timer.organization_id;
  const workflow = await scoped(trx, org).selectFrom('workflows').select(['status', 'published_version']).where('id', '=', timer.workflow_id!).executeTakeFirst();
  if (!workflow || workflow.status !== 'active' || workflow.published_version !== timer.version) return;
  const { definition } = await loadVersion(trx, org, timer.workflow_id!, timer.version!);
  const trigger = definition.triggers[timer.trigger_index!];
  if (trigger?.type !== 'schedule') return;
  const zone = await orgZone(trx, org);
  // Occurrences missed while the server was down are caught up once, not in a burst: this firing stands for the most recent one (decision 032).
  let occurrence = new Date(timer.due_at);
  let missed = 0;
  for (let later = nextScheduled(trigger.config, occurrence, zone); later && later.getTime() <= Date.now() && missed < MISSED_COUNTED; later = nextScheduled(trigger.config, later, zone)) {
    occurrence = later;
    missed++;
  }
  if (missed > 0) deps.logger.info({ workflowId: timer.workflow_id, missed, occurrence }, 'schedule occurrences missed while the server was down: the most recent fires once');
  if (trigger.config.viewId) {
    try {
      const ids = await viewContactIds(await actingContext(trx, deps, org, timer.workflow_id!), trigger.config.viewId);
      await enrollEach(trx, deps, org, timer.workflow_id!, ids, 'schedule', { occurrence: occurrence.toISOString(), missedOccurrences: missed });
    } catch (error) {
      // The view was deleted or grew past the limit: this occurrence enrols nobody; the next is still armed.
      if (!(error instanceof DomainError)) throw error;
      deps.logger.warn({ workflowId: timer.workflow_id, err: error }, 'a scheduled enrolment was skipped');
    }
  }
  // The next occurrence after this one (or after now, when this one fired late after downtime).
  const from = new Date(Math.max(occurrence.getTime(), Date.now()));
  const next = nextScheduled(trigger.config, from, zone);
  if (next) {
    await arm(trx, deps, org, {
      key: `schedule:${timer.workflow_id}:${timer.version}:${timer.trigger_index}:${next.toISOString()}`,
      kind: 'schedule',
      workflowId: timer.workflow_id!,
      version: timer.version!,
      triggerIndex: timer.trigger_index!,
      dueAt: next,
    });
  }
}

async function fireTaskOverdue(trx: Db, deps: AppDeps, timer: TimerRow) {
  const org = timer.organization_id;
  const task = await scoped(trx, org).selectFrom('tasks').select(['id', 'title', 'status', 'due_at', 'contact_id']).where('id', '=', timer.subject_id!).executeTakeFirst();
  if (!task || task.status !== 'open' || !task.contact_id || !task.due_at || new Date(task.due_at).getTime() !== new Date(timer.due_at).getTime()) return;
  const dueAt = new Date(task.due_at).toISOString();
  for (const l of await listening(trx, org, 'task_overdue')) {
    await enrollContact(trx, deps, { organizationId: org, workflowId: l.workflowId, contactId: task.contact_id, trigger: 'task_overdue', payload: { taskId: task.id, title: task.title, dueAt } });
  }
}

async function fireAppointment(trx: Db, deps: AppDeps, timer: TimerRow) {
  const org = timer.organization_id;
  const workflow = await scoped(trx, org).selectFrom('workflows').select(['status', 'published_version']).where('id', '=', timer.workflow_id!).executeTakeFirst();
  if (!workflow || workflow.status !== 'active' || workflow.published_version !== timer.version) return;
  const { definition } = await loadVersion(trx, org, timer.workflow_id!, timer.version!);
  const trigger = definition.triggers[timer.trigger_index!];
  if (trigger?.type !== 'appointment_relative') return;
  const appointment = await scoped(trx, org).selectFrom('appointments').select(['id', 'status', 'starts_at', 'contact_id']).where('id', '=', timer.subject_id!).executeTakeFirst();
  if (!appointment || !appointment.contact_id || !(FIRING_STATUSES as readonly string[]).includes(appointment.status)) return;
  // A reschedule moved the timer; a timer that does not match the appointment's time is stale.
  if (relativeDue(trigger.config, new Date(appointment.starts_at)).getTime() !== new Date(timer.due_at).getTime()) return;
  await enrollContact(trx, deps, {
    organizationId: org,
    workflowId: timer.workflow_id!,
    contactId: appointment.contact_id,
    trigger: 'appointment_relative',
    payload: { appointmentId: appointment.id, startsAt: new Date(appointment.starts_at).toISOString() },
  });
}

/** Re-arms timers past their due time whose wake-up job was lost or gave up; runs while timers exist. */
export async function sweepTriggerTimers(deps: AppDeps): Promise<number> {
  const late = await deps.database.db
    .selectFrom('workflow_trigger_timers')
    .select(['id', 'organization_id'])
    .where('due_at', '<', sql<Date>`now() - make_interval(secs => ${LATE_SECONDS})`)
    .orderBy('due_at')
    .limit(5000)
    .execute();
  await deps.jobs.sendMany(
    TRIGGER_TIMER_JOB,
    late.map((t) => ({ data: { organizationId: t.organization_id, timerId: t.id } })),
  );
  const left = await deps.database.db.selectFrom('workflow_trigger_timers').select('id').limit(1).executeTakeFirst();
  if (left) await deps.jobs.send(TRIGGER_SWEEP_JOB, {}, { startAfter: SWEEP_EVERY_SECONDS, singletonKey: 'automations-trigger-sweep', singletonSeconds: SWEEP_EVERY_SECONDS });
  return late.length;
}
