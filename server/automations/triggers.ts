import type { Db } from '../db';
import { scoped } from '../db/scoped';
import type { AppDeps } from '../deps';
import type { EventType, RealtimeEvent } from '../events/types';
import { enrollEntries, loadVersion, type EnrollEntry } from './enroll';
import { jumpWaitingRunsToGoals, resumeOnEvent } from './executor';
import { syncAppointmentTimers, syncTaskTimer } from './schedule';
import type { TTrigger } from './schema';

/**
 * Triggers, fed by the durable event consumer (docs/decisions/021): each event is matched against
 * the organization's active workflows and enrols in the consumer's transaction — no table polling.
 */

export const TRIGGER_EVENTS = [
  'contact_created',
  'contact_updated',
  'lead_captured',
  'deal_created',
  'deal_moved',
  'appointment_changed',
  'sms_received',
  'email_received',
  // Time triggers' timers follow their tasks and appointments (schedule.ts).
  'task_created',
  'task_updated',
  'task_completed',
  'task_reopened',
  'task_deleted',
  'campaign_email_opened',
  'campaign_email_clicked',
] as const satisfies readonly EventType[];

/** What an event means for triggers: the contact and the trigger types it fires (with a test of each trigger's config). */
type Firing = { contactId: string; matches: (trigger: TTrigger) => boolean; waitable: string[] };

const text = (v: unknown) => (typeof v === 'string' ? v : '');
const lowered = (v: unknown) => (Array.isArray(v) ? v.map((item) => String(item).toLowerCase()) : []);
const hasWord = (body: string, keyword: string | undefined) => !keyword || new RegExp(`(^|\\W)${keyword.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|\\W)`, 'i').test(body);

async function dealContact(db: Db, organizationId: string, dealId: unknown): Promise<string | null> {
  if (typeof dealId !== 'string') return null;
  const deal = await scoped(db, organizationId).selectFrom('deals').select('contact_id').where('id', '=', dealId).executeTakeFirst();
  return deal?.contact_id ?? null;
}

async function firingsOf(db: Db, event: RealtimeEvent): Promise<Firing[]> {
  const p = event.payload;
  switch (event.type) {
    case 'contact_created': {
      const contactId = text(p.contactId);
      return contactId ? [{ contactId, matches: (t) => t.type === 'contact_created', waitable: [] }] : [];
    }
    case 'contact_updated': {
      const added = lowered(p.tagsAdded);
      const removed = lowered(p.tagsRemoved);
      const fields = lowered(p.fieldsChanged);
      if (added.length === 0 && removed.length === 0 && fields.length === 0) return [];
      const ids = (Array.isArray(p.contactIds) ? p.contactIds : []).map(String);
      return ids.map((contactId) => ({
        contactId,
        matches: (t) =>
          (t.type === 'tag_added' && added.includes(t.config.tag.toLowerCase())) ||
          (t.type === 'tag_removed' && removed.includes(t.config.tag.toLowerCase())) ||
          (t.type === 'field_changed' && fields.includes(t.config.field.toLowerCase())),
        waitable: [],
      }));
    }
    case 'lead_captured': {
      const contactId = text(p.contactId);
      const formId = text(p.formId);
      // A form's tags are added tags like any other: they fire tag triggers.
      const added = lowered(p.tagsAdded);
      return contactId
        ? [
            {
              contactId,
              matches: (t) => (t.type === 'form_submitted' && (!t.config.formId || t.config.formId === formId)) || (t.type === 'tag_added' && added.includes(t.config.tag.toLowerCase())),
              waitable: ['form_submitted'],
            },
          ]
        : [];
    }
    case 'deal_created': {
      const contactId = await dealContact(db, event.organizationId, p.dealId);
      return contactId ? [{ contactId, matches: (t) => t.type === 'deal_created' && (!t.config.pipelineId || t.config.pipelineId === p.pipelineId), waitable: [] }] : [];
    }
    case 'deal_moved': {
      const contactId = await dealContact(db, event.organizationId, p.dealId);
      if (!contactId) return [];
      const status = text(p.status);
      return [
        {
          contactId,
          matches: (t) =>
            (t.type === 'deal_stage_changed' && (!t.config.stageId || t.config.stageId === p.toStageId)) ||
            (t.type === 'deal_won' && status === 'won') ||
            (t.type === 'deal_lost' && status === 'lost'),
          waitable: status === 'won' ? ['deal_won'] : [],
        },
      ];
    }
    case 'appointment_changed': {
      const change = text(p.change);
      const appointment = await scoped(db, event.organizationId).selectFrom('appointments').select(['contact_id', 'status']).where('id', '=', text(p.appointmentId)).executeTakeFirst();
      const contactId = appointment?.contact_id ?? text(p.contactId);
      if (!contactId) return [];
      if (change === 'updated') {
        // Marked no-show by this change (an edit of an appointment already no-show does not fire again).
        return p.statusChangedTo === 'no_show' ? [{ contactId, matches: (t) => t.type === 'appointment_no_show', waitable: [] }] : [];
      }
      if (change !== 'created' && change !== 'deleted') return [];
      return [
        { contactId, matches: (t) => (change === 'created' ? t.type === 'appointment_booked' : t.type === 'appointment_cancelled'), waitable: change === 'created' ? ['appointment_booked'] : [] },
      ];
    }
    case 'sms_received':
    case 'email_received': {
      const contactId = text(p.contactId);
      const body = event.type === 'sms_received' ? text(p.body) : text(p.subject);
      return contactId
        ? [{ contactId, matches: (t) => (t.type === 'sms_received' || t.type === 'email_received') && t.type === event.type && hasWord(body, t.config.keyword), waitable: [event.type] }]
        : [];
    }
    case 'campaign_email_opened':
    case 'campaign_email_clicked': {
      const contactId = text(p.contactId);
      const campaignId = text(p.campaignId);
      const url = text(p.url).toLowerCase();
      const opened = event.type === 'campaign_email_opened';
      return contactId
        ? [
            {
              contactId,
              matches: (t) =>
                (opened && t.type === 'email_opened' && (!t.config.campaignId || t.config.campaignId === campaignId)) ||
                (!opened && t.type === 'email_clicked' && (!t.config.campaignId || t.config.campaignId === campaignId) && (!t.config.urlContains || url.includes(t.config.urlContains.toLowerCase()))),
              waitable: [],
            },
          ]
        : [];
    }
    default:
      return [];
  }
}

/** Stop when the contact replies: their running and waiting runs in workflows that ask for it end. */
async function stopOnReply(trx: Db, organizationId: string, contactId: string): Promise<void> {
  const going = await scoped(trx, organizationId)
    .selectFrom('workflow_runs')
    .select(['id', 'workflow_id', 'version'])
    .where('contact_id', '=', contactId)
    .where('status', 'in', ['running', 'waiting', 'paused'])
    .execute();
  for (const run of going) {
    const { settings, definition } = await loadVersion(trx, organizationId, run.workflow_id, run.version);
    if (!settings.stopOnReply) continue;
    // A workflow waiting for this very reply is not stopped by it.
    if (definition.steps.some((s) => s.type === 'wait_for_event' && (s.config.event === 'sms_received' || s.config.event === 'email_received'))) continue;
    await scoped(trx, organizationId).deleteFrom('workflow_timers').where('run_id', '=', run.id).execute();
    await scoped(trx, organizationId)
      .updateTable('workflow_runs')
      .set({ status: 'stopped', current_step_id: null, error: 'stopped: the contact replied', ended_at: new Date(), updated_at: new Date() })
      .where('id', '=', run.id)
      .execute();
  }
}

/** One event's firings, for one organization. */
type EventFirings = { event: RealtimeEvent; firings: Firing[] };

/**
 * Enrols the contacts the events fired in the organization's active workflows: per workflow, each
 * contact by the first of its firings a trigger matches (a later one would be skipped: its run is
 * going), their runs each naming the event that fired them — one set of statements per workflow.
 */
async function enrolFirings(trx: Db, deps: AppDeps, organizationId: string, fired: readonly EventFirings[]): Promise<void> {
  const workflows = await scoped(trx, organizationId).selectFrom('workflows').select(['id', 'published_version']).where('status', '=', 'active').where('published_version', 'is not', null).execute();
  for (const workflow of workflows) {
    // A workflow's own change does not re-enrol in itself beyond the loop guard (enroll.ts).
    const { definition } = await loadVersion(trx, organizationId, workflow.id, workflow.published_version!);
    const entries: EnrollEntry[] = [];
    for (const { event, firings } of fired) {
      for (const firing of firings) {
        const trigger = definition.triggers.find((t) => firing.matches(t));
        if (!trigger) continue;
        if (trigger.type === 'contact_created' && !trigger.config.includeImports && event.payload.importId) continue;
        entries.push({ contactId: firing.contactId, trigger: trigger.type, eventId: event.id });
      }
    }
    await enrollEntries(trx, deps, { organizationId, workflowId: workflow.id, entries });
  }
}

/** The consumer's handler: runs in the transaction that moves its cursor. */
export async function handleTriggerEvent(deps: AppDeps, event: RealtimeEvent, trx: Db): Promise<void> {
  if (event.type.startsWith('task_')) return syncTaskTimer(trx, deps, event.organizationId, text(event.payload.taskId), new Date(event.createdAt));
  if (event.type === 'appointment_changed') await syncAppointmentTimers(trx, deps, event.organizationId, text(event.payload.appointmentId), new Date(event.createdAt));
  const firings = await firingsOf(trx, event);
  if (firings.length === 0) return;
  const org = event.organizationId;
  if (event.type === 'sms_received' || event.type === 'email_received') for (const f of firings) await stopOnReply(trx, org, f.contactId);
  // A waiting contact who now meets a goal jumps there before anything waits on this event.
  await jumpWaitingRunsToGoals(
    trx,
    deps,
    org,
    firings.map((f) => f.contactId),
  );
  for (const f of firings) for (const type of f.waitable) await resumeOnEvent(trx, deps, org, f.contactId, type);
  await enrolFirings(trx, deps, org, [{ event, firings }]);
}

/**
 * Events whose handling is the goal jump and enrolment alone (no reply stops, resumed waits or
 * timers): consecutive ones are handled together. Doing every goal jump before every enrolment is
 * what one at a time does — a jump reads the contact as it is now and moves only waiting runs, and
 * an enrolment makes only running ones.
 */
const ENROLMENT_ONLY: ReadonlySet<string> = new Set<EventType>(['contact_created', 'contact_updated']);

/**
 * The consumer's group handler (the events of one of its transactions, in order): each run of
 * consecutive enrolment-only events in a few statements per organization — one look at waiting runs,
 * one at the workflows, one enrolment per workflow — rather than per event; the steps' own changes
 * announce one contact an event, a few hundred a second beside a bulk action's thousand-contact ones.
 */
export async function handleTriggerEvents(deps: AppDeps, events: readonly RealtimeEvent[], trx: Db): Promise<void> {
  for (let start = 0; start < events.length;) {
    let end = start;
    while (end < events.length && ENROLMENT_ONLY.has(events[end]!.type)) end++;
    if (end === start) {
      await handleTriggerEvent(deps, events[start++]!, trx);
      continue;
    }
    const byOrganization = new Map<string, EventFirings[]>();
    for (const event of events.slice(start, end)) {
      const firings = await firingsOf(trx, event);
      if (firings.length === 0) continue;
      const fired = byOrganization.get(event.organizationId) ?? [];
      fired.push({ event, firings });
      byOrganization.set(event.organizationId, fired);
    }
    for (const [org, fired] of byOrganization) {
      await jumpWaitingRunsToGoals(
        trx,
        deps,
        org,
        fired.flatMap(({ firings }) => firings.map((f) => f.contactId)),
      );
      await enrolFirings(trx, deps, org, fired);
    }
    start = end;
  }
}
