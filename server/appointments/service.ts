import { sql } from 'kysely';
import type { z } from 'zod';
import { recordActivities, type ActivityInput } from '../activities/service';
import { displayName, requireContact } from '../contacts/lookup';
import { publishEvent } from '../events/publish';
import type { Db } from '../db';
import type { AppointmentStatus } from '../db/schema';
import { keysetPage, orderByKeys, pageQuery, type SortKey } from '../db/keyset';
import { likePattern, titleMatches } from '../db/like';
import { scoped } from '../db/scoped';
import { DomainError, fieldError, unknownRecord } from '../errors';
import { actorIdOf, type OrgContext } from '../kernel/context';
import { assertMember, ownerOnlyFilter } from '../organizations/members';
import { callerTimeZone } from '../tasks/time';
import { buildIcs } from './ics';
import {
  END_AFTER_START,
  type ZAppointmentIdInput,
  type ZCheckConflictsInput,
  type ZCreateAppointmentInput,
  type ZListAppointmentsInput,
  type ZSearchAppointmentsInput,
  type ZRescheduleAppointmentInput,
  type ZSetAppointmentStatusInput,
  type ZUpdateAppointmentInput,
} from './schema';

/** The most appointments one calendar query answers; `truncated` says when there were more. */
export const MAX_LISTED = 1000;

const appointmentNotFound = () => new DomainError('NOT_FOUND', 'Appointment not found');

/** Appointments with their assignee, and their contact when the caller may see it. */
function selectAppointments(db: Db, organizationId: string, ownerOnly: string | null) {
  return scoped(db, organizationId)
    .selectFrom('appointments')
    .leftJoin('users as assignee', 'assignee.id', 'appointments.assignee_id')
    .leftJoin('contacts', (join) => {
      const on = join.onRef('contacts.id', '=', 'appointments.contact_id');
      return ownerOnly ? on.on('contacts.owner_id', '=', ownerOnly) : on;
    })
    .select([
      'appointments.id',
      'appointments.title',
      'appointments.starts_at',
      'appointments.ends_at',
      'appointments.time_zone',
      'appointments.location',
      'appointments.meeting_url',
      'appointments.status',
      'appointments.notes',
      'appointments.assignee_id',
      'assignee.name as assignee_name',
      'contacts.id as contact_id',
      'contacts.first_name as contact_first_name',
      'contacts.last_name as contact_last_name',
      'contacts.email as contact_email',
      'contacts.phone as contact_phone',
      'appointments.created_at',
      'appointments.updated_at',
    ]);
}

type AppointmentRow = Awaited<ReturnType<ReturnType<typeof selectAppointments>['executeTakeFirstOrThrow']>>;

function toAppointment(row: AppointmentRow) {
  return {
    id: row.id,
    title: row.title,
    startsAt: row.starts_at.toISOString(),
    endsAt: row.ends_at.toISOString(),
    timeZone: row.time_zone,
    location: row.location,
    meetingUrl: row.meeting_url,
    status: row.status,
    notes: row.notes,
    assignee: row.assignee_id ? { id: row.assignee_id, name: row.assignee_name ?? '' } : null,
    contact: row.contact_id
      ? {
          id: row.contact_id,
          name: displayName({ first_name: row.contact_first_name, last_name: row.contact_last_name, email: row.contact_email }),
          email: row.contact_email,
          phone: row.contact_phone,
        }
      : null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

async function appointmentView(ctx: OrgContext, id: string) {
  const ownerOnly = await ownerOnlyFilter(ctx.db, ctx.auth);
  const row = await selectAppointments(ctx.db, ctx.organizationId, ownerOnly).where('appointments.id', '=', id).executeTakeFirst();
  if (!row) throw appointmentNotFound();
  return toAppointment(row);
}

export type Conflict = { id: string; title: string; startsAt: string; endsAt: string };

/** The assignee's other appointments (not cancelled) overlapping [startsAt, endsAt): a warning, never a refusal. */
async function findConflicts(db: Db, organizationId: string, slot: { assigneeId: string | null; startsAt: Date; endsAt: Date; excludeId?: string }): Promise<Conflict[]> {
  if (!slot.assigneeId) return [];
  let query = scoped(db, organizationId)
    .selectFrom('appointments')
    .select(['id', 'title', 'starts_at', 'ends_at'])
    .where('assignee_id', '=', slot.assigneeId)
    .where('status', '!=', 'cancelled')
    .where('starts_at', '<', slot.endsAt)
    .where('ends_at', '>', slot.startsAt);
  if (slot.excludeId) query = query.where('id', '!=', slot.excludeId);
  const rows = await query.orderBy('starts_at').orderBy('id').limit(50).execute();
  return rows.map((r) => ({ id: r.id, title: r.title, startsAt: r.starts_at.toISOString(), endsAt: r.ends_at.toISOString() }));
}

async function withConflicts(ctx: OrgContext, id: string) {
  const appointment = await appointmentView(ctx, id);
  const conflicts =
    appointment.status === 'cancelled'
      ? []
      : await findConflicts(ctx.db, ctx.organizationId, {
          assigneeId: appointment.assignee?.id ?? null,
          startsAt: new Date(appointment.startsAt),
          endsAt: new Date(appointment.endsAt),
          excludeId: id,
        });
  return { ...appointment, conflicts };
}

type AppointmentFilters = { assigneeId?: string; contactId?: string; status?: AppointmentStatus; q?: string; from?: string; to?: string; updatedAfter?: string };

/** The filters the calendar and the integrators' list share; a range keeps what overlaps it. */
async function filteredAppointments(ctx: OrgContext, filters: AppointmentFilters) {
  const ownerOnly = await ownerOnlyFilter(ctx.db, ctx.auth);
  if (filters.contactId) await requireContact(ctx.db, ctx.organizationId, filters.contactId, ownerOnly);
  let query = selectAppointments(ctx.db, ctx.organizationId, ownerOnly);
  if (filters.to) query = query.where('appointments.starts_at', '<', new Date(filters.to));
  if (filters.from) query = query.where('appointments.ends_at', '>', new Date(filters.from));
  if (filters.assigneeId) query = query.where('appointments.assignee_id', '=', filters.assigneeId);
  if (filters.contactId) query = query.where('appointments.contact_id', '=', filters.contactId);
  if (filters.status) query = query.where('appointments.status', '=', filters.status);
  if (filters.q) query = query.where('appointments.title', 'ilike', likePattern(filters.q));
  if (filters.updatedAfter) query = query.where('appointments.updated_at', '>', new Date(filters.updatedAfter));
  return query;
}

export async function listAppointments(ctx: OrgContext, input: z.output<typeof ZListAppointmentsInput>) {
  // Everything overlapping the range, so an appointment crossing midnight shows on both days.
  const query = await filteredAppointments(ctx, input);
  const rows = await query
    .orderBy('appointments.starts_at')
    .orderBy('appointments.id')
    .limit(MAX_LISTED + 1)
    .execute();
  const items = rows.slice(0, MAX_LISTED).map(toAppointment);
  return { items, total: items.length, truncated: rows.length > MAX_LISTED, from: input.from, to: input.to };
}

/** Paged, for /api/v1/appointments: {items, total, page, limit}, latest start first. */
/** The integrators' list order, newest start first (keyset paging, server/db/keyset.ts). */
const NEWEST_START_FIRST: SortKey[] = [
  { expr: sql`appointments.starts_at`, type: 'timestamptz', dir: 'desc' },
  { expr: sql`appointments.id`, type: 'uuid', dir: 'desc' },
];

export async function searchAppointments(ctx: OrgContext, input: z.output<typeof ZSearchAppointmentsInput>) {
  const query = await filteredAppointments(ctx, input);
  const page = pageQuery(query, NEWEST_START_FIRST, { ...input, sort: 'startsAt', dir: 'desc' });
  const [rows, count] = await Promise.all([
    page.execute(),
    query
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  const { items, nextCursor } = keysetPage(rows, input.limit, 'startsAt', 'desc');
  return { items: items.map(toAppointment), total: Number(count.n), page: input.cursor ? null : input.page, limit: input.limit, nextCursor };
}

/**
 * The palette's search (issue #21): the first `limit` appointments whose title matches what was typed,
 * latest start first as `searchAppointments`, uncounted; `ownerOnly` as `ownerOnlyFilter` answers.
 */
export async function appointmentsMatching(ctx: OrgContext, ownerOnly: string | null, q: string, limit: number) {
  const rows = await selectAppointments(ctx.db, ctx.organizationId, ownerOnly)
    .where(titleMatches(sql.ref('appointments.title'), q))
    .orderBy(orderByKeys(NEWEST_START_FIRST))
    .limit(limit)
    .execute();
  return rows.map(toAppointment);
}

export async function getAppointment(ctx: OrgContext, { id }: z.output<typeof ZAppointmentIdInput>) {
  return appointmentView(ctx, id);
}

export async function checkConflicts(ctx: OrgContext, input: z.output<typeof ZCheckConflictsInput>) {
  if (input.excludeId) {
    const own = await scoped(ctx.db, ctx.organizationId).selectFrom('appointments').select('id').where('id', '=', input.excludeId).executeTakeFirst();
    if (!own) throw unknownRecord('excludeId', 'is not a known appointment');
  }
  const assigneeId = input.assigneeId ?? actorIdOf(ctx);
  await assertMember(ctx.db, ctx.organizationId, assigneeId, 'assigneeId');
  const conflicts = await findConflicts(ctx.db, ctx.organizationId, { assigneeId, startsAt: new Date(input.startsAt), endsAt: new Date(input.endsAt), excludeId: input.excludeId });
  return { conflicts };
}

const scheduledPayload = (a: { id: string; title: string; starts_at: Date; ends_at: Date; time_zone: string }) => ({
  appointmentId: a.id,
  title: a.title,
  startsAt: a.starts_at.toISOString(),
  endsAt: a.ends_at.toISOString(),
  timeZone: a.time_zone,
});

export type NewAppointment = {
  title: string;
  contactId: string | null;
  assigneeId: string | null;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  location: string | null;
  meetingUrl: string | null;
  status: AppointmentStatus;
  notes: string | null;
};

/**
 * Stores an appointment with its event and the contact's timeline entry, in the caller's transaction:
 * the one way an appointment is made (the calendar screen, the API, a visitor's booking).
 */
export async function insertAppointment(trx: Db, organizationId: string, actorUserId: string | null, input: NewAppointment): Promise<string> {
  const row = await scoped(trx, organizationId)
    .insertInto('appointments', {
      title: input.title,
      contact_id: input.contactId,
      assignee_id: input.assigneeId,
      starts_at: input.startsAt,
      ends_at: input.endsAt,
      time_zone: input.timeZone,
      location: input.location,
      meeting_url: input.meetingUrl,
      status: input.status,
      notes: input.notes,
      created_by: actorUserId,
    })
    .returning(['id', 'title', 'starts_at', 'ends_at', 'time_zone'])
    .executeTakeFirstOrThrow();
  await publishEvent(trx, { organizationId, type: 'appointment_changed', payload: { appointmentId: row.id, change: 'created' }, actorUserId });
  if (input.contactId) {
    await recordActivities(trx, [{ organizationId, contactId: input.contactId, type: 'appointment_scheduled', actorUserId, payload: scheduledPayload(row) }]);
  }
  return row.id;
}

export async function createAppointment(ctx: OrgContext, input: z.output<typeof ZCreateAppointmentInput>) {
  const ownerOnly = await ownerOnlyFilter(ctx.db, ctx.auth);
  const assigneeId = input.assigneeId === undefined ? actorIdOf(ctx) : input.assigneeId;
  await assertMember(ctx.db, ctx.organizationId, assigneeId, 'assigneeId');
  const contact = input.contactId ? await requireContact(ctx.db, ctx.organizationId, input.contactId, ownerOnly) : null;
  const timeZone = input.timeZone ?? (await callerTimeZone(ctx.db, ctx.auth));
  const id = await ctx.db.transaction().execute((trx) =>
    insertAppointment(trx, ctx.organizationId, actorIdOf(ctx), {
      title: input.title,
      contactId: contact?.id ?? null,
      assigneeId,
      startsAt: new Date(input.startsAt),
      endsAt: new Date(input.endsAt),
      timeZone,
      location: input.location ?? null,
      meetingUrl: input.meetingUrl ?? null,
      status: input.status,
      notes: input.notes ?? null,
    }),
  );
  return withConflicts(ctx, id);
}

export type AppointmentChange = Partial<{
  title: string;
  contactId: string | null;
  assigneeId: string | null;
  startsAt: string;
  endsAt: string;
  timeZone: string;
  location: string | null;
  meetingUrl: string | null;
  status: AppointmentStatus;
  notes: string | null;
}>;

/**
 * Applies a partial change in the caller's transaction, with its event and timeline entries on the
 * contact for a new time, a new status, a new contact (what a visitor's reschedule or cancel uses too).
 */
export async function applyAppointmentChange(trx: Db, organizationId: string, actorUserId: string | null, id: string, input: AppointmentChange): Promise<void> {
  const org = scoped(trx, organizationId);
  const current = await org.selectFrom('appointments').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!current) throw appointmentNotFound();
  const startsAt = input.startsAt ? new Date(input.startsAt) : current.starts_at;
  const endsAt = input.endsAt ? new Date(input.endsAt) : current.ends_at;
  if (endsAt <= startsAt) throw fieldError('endsAt', END_AFTER_START);
  const now = new Date();
  await org
    .updateTable('appointments')
    .set({
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.contactId !== undefined ? { contact_id: input.contactId } : {}),
      ...(input.assigneeId !== undefined ? { assignee_id: input.assigneeId } : {}),
      ...(input.timeZone !== undefined ? { time_zone: input.timeZone } : {}),
      ...(input.location !== undefined ? { location: input.location } : {}),
      ...(input.meetingUrl !== undefined ? { meeting_url: input.meetingUrl } : {}),
      ...(input.status !== undefined ? { status: input.status } : {}),
      ...(input.notes !== undefined ? { notes: input.notes } : {}),
      starts_at: startsAt,
      ends_at: endsAt,
      updated_at: now,
    })
    .where('id', '=', id)
    .execute();
  // A new status is named, so a reaction to it (an automation's no-show trigger) fires on the change alone.
  const statusChangedTo = input.status !== undefined && input.status !== current.status ? { statusChangedTo: input.status } : {};
  await publishEvent(trx, { organizationId, type: 'appointment_changed', payload: { appointmentId: id, change: 'updated', ...statusChangedTo }, actorUserId });

  const contactId = input.contactId !== undefined ? input.contactId : current.contact_id;
  if (!contactId) return;
  const base = { organizationId, contactId, actorUserId };
  const title = input.title ?? current.title;
  const entries: ActivityInput[] = [];
  if (contactId !== current.contact_id) {
    entries.push({ ...base, type: 'appointment_scheduled', payload: scheduledPayload({ id, title, starts_at: startsAt, ends_at: endsAt, time_zone: input.timeZone ?? current.time_zone }) });
  } else if (startsAt.getTime() !== current.starts_at.getTime() || endsAt.getTime() !== current.ends_at.getTime()) {
    entries.push({
      ...base,
      type: 'appointment_rescheduled',
      payload: {
        appointmentId: id,
        title,
        from: { startsAt: current.starts_at.toISOString(), endsAt: current.ends_at.toISOString() },
        to: { startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString() },
      },
    });
  }
  if (input.status !== undefined && input.status !== current.status) {
    entries.push({ ...base, type: 'appointment_status_changed', payload: { appointmentId: id, title, from: current.status, to: input.status } });
  }
  await recordActivities(trx, entries);
}

async function changeAppointment(ctx: OrgContext, id: string, input: AppointmentChange) {
  const ownerOnly = await ownerOnlyFilter(ctx.db, ctx.auth);
  if (input.assigneeId) await assertMember(ctx.db, ctx.organizationId, input.assigneeId, 'assigneeId');
  if (input.contactId) await requireContact(ctx.db, ctx.organizationId, input.contactId, ownerOnly);
  await ctx.db.transaction().execute((trx) => applyAppointmentChange(trx, ctx.organizationId, actorIdOf(ctx), id, input));
}

export async function updateAppointment(ctx: OrgContext, { id, ...changes }: z.output<typeof ZUpdateAppointmentInput>) {
  await changeAppointment(ctx, id, changes);
  return withConflicts(ctx, id);
}

export async function rescheduleAppointment(ctx: OrgContext, { id, startsAt, endsAt }: z.output<typeof ZRescheduleAppointmentInput>) {
  await changeAppointment(ctx, id, { startsAt, endsAt });
  return withConflicts(ctx, id);
}

export async function setAppointmentStatus(ctx: OrgContext, { id, status }: z.output<typeof ZSetAppointmentStatusInput>) {
  await changeAppointment(ctx, id, { status });
  return appointmentView(ctx, id);
}

export async function deleteAppointment(ctx: OrgContext, { id }: z.output<typeof ZAppointmentIdInput>) {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await scoped(trx, ctx.organizationId).deleteFrom('appointments').where('id', '=', id).returning(['id', 'title', 'contact_id', 'starts_at', 'ends_at', 'time_zone']).executeTakeFirst();
    if (!row) throw appointmentNotFound();
    await publishEvent(trx, { organizationId: ctx.organizationId, type: 'appointment_changed', payload: { appointmentId: id, change: 'deleted' }, actorUserId: actorIdOf(ctx) });
    if (row.contact_id) {
      await recordActivities(trx, [{ organizationId: ctx.organizationId, contactId: row.contact_id, type: 'appointment_deleted', actorUserId: actorIdOf(ctx), payload: scheduledPayload(row) }]);
    }
  });
  return { id };
}

/** The appointment as an .ics file (RFC 5545), times in UTC. */
export async function appointmentIcs(ctx: OrgContext, { id: appointmentId }: z.output<typeof ZAppointmentIdInput>, domain: string): Promise<{ filename: string; body: string }> {
  const ownerOnly = await ownerOnlyFilter(ctx.db, ctx.auth);
  const row = await selectAppointments(ctx.db, ctx.organizationId, ownerOnly).where('appointments.id', '=', appointmentId).executeTakeFirst();
  if (!row) throw appointmentNotFound();
  const a = toAppointment(row);
  const description = [a.notes, a.meetingUrl ? `Join: ${a.meetingUrl}` : null, a.contact ? `With: ${a.contact.name}` : null].filter(Boolean).join('\n\n');
  const body = buildIcs({
    uid: `${a.id}@${domain}`,
    stamp: new Date(),
    start: row.starts_at,
    end: row.ends_at,
    summary: a.title,
    location: a.location ?? a.meetingUrl,
    url: a.meetingUrl,
    description: description || null,
    status: a.status,
    created: row.created_at,
    lastModified: row.updated_at,
  });
  const slug =
    a.title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'appointment';
  return { filename: `${slug}.ics`, body };
}
