import { sql } from 'kysely';
import type { Db } from '../db';
import type { CalendarsTable } from '../db/schema';
import { scoped } from '../db/scoped';
import type { Selectable } from 'kysely';
import type { BusyInterval, SlotMember, SlotRules } from './slots';
import { ZBookingQuestion, ZDateOverride, ZWeeklyAvailability, type TBookingQuestion } from './schema';

export type CalendarRow = Selectable<CalendarsTable>;

export type LoadedCalendar = {
  row: CalendarRow;
  rules: SlotRules;
  members: (SlotMember & { name: string; email: string; position: number; lastBookedAt: Date | null })[];
  questions: TBookingQuestion[];
};

const DAY_MS = 86_400_000;

export function rulesOf(row: CalendarRow): SlotRules {
  return {
    kind: row.kind,
    slotMinutes: row.slot_minutes,
    bufferBeforeMinutes: row.buffer_before_minutes,
    bufferAfterMinutes: row.buffer_after_minutes,
    minimumNoticeMinutes: row.minimum_notice_minutes,
    maximumPerDay: row.maximum_per_day,
  };
}

/** Stored JSON read through its schema; a value that no longer fits reads as nothing offered (never a 500). */
function parsed<T>(schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } }, value: unknown, fallback: T): T {
  const result = schema.safeParse(value);
  return result.success ? result.data : fallback;
}

/** The calendar with its members (in their order) and their availability; null when the organization has no such calendar. */
export async function loadCalendar(db: Db, organizationId: string, id: string): Promise<LoadedCalendar | null> {
  const row = await scoped(db, organizationId).selectFrom('calendars').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  const members = await scoped(db, organizationId)
    .selectFrom('calendar_members')
    .innerJoin('users', 'users.id', 'calendar_members.user_id')
    .select([
      'calendar_members.user_id',
      'calendar_members.time_zone',
      'calendar_members.weekly',
      'calendar_members.overrides',
      'calendar_members.position',
      'calendar_members.last_booked_at',
      'users.name',
      'users.email',
    ])
    .where('calendar_members.calendar_id', '=', id)
    .orderBy('calendar_members.position')
    .execute();
  return {
    row,
    rules: rulesOf(row),
    questions: parsed(ZBookingQuestion.array(), row.questions, []),
    members: members.map((m) => ({
      userId: m.user_id,
      name: m.name,
      email: m.email,
      position: m.position,
      timeZone: m.time_zone,
      weekly: parsed(ZWeeklyAvailability, m.weekly, [[], [], [], [], [], [], []]),
      overrides: parsed(ZDateOverride.array(), m.overrides, []),
      lastBookedAt: m.last_booked_at,
    })),
  };
}

/**
 * The members' taken time around [from, to), in ONE range query: every appointment not cancelled
 * (from any calendar or none), widened by a day either side so the maximum per local day counts
 * whole days; `fromCalendar` marks this calendar's bookings. A booking being moved leaves its own out.
 */
export async function busyIntervals(db: Db, organizationId: string, calendarId: string, userIds: string[], from: Date, to: Date, exceptAppointmentIds: string[] = []): Promise<BusyInterval[]> {
  if (userIds.length === 0) return [];
  let query = scoped(db, organizationId)
    .selectFrom('appointments')
    .leftJoin('calendar_booking_appointments as cba', 'cba.appointment_id', 'appointments.id')
    .leftJoin('calendar_bookings as cb', 'cb.id', 'cba.booking_id')
    .select(['appointments.assignee_id', 'appointments.starts_at', 'appointments.ends_at', sql<boolean>`coalesce(cb.calendar_id = ${calendarId}, false)`.as('from_calendar')])
    .where('appointments.assignee_id', 'in', userIds)
    .where('appointments.status', '!=', 'cancelled')
    .where('appointments.ends_at', '>', new Date(from.getTime() - DAY_MS))
    .where('appointments.starts_at', '<', new Date(to.getTime() + DAY_MS));
  if (exceptAppointmentIds.length > 0) query = query.where('appointments.id', 'not in', exceptAppointmentIds);
  const rows = await query.execute();
  return rows.map((r) => ({ userId: r.assignee_id!, start: r.starts_at.getTime(), end: r.ends_at.getTime(), fromCalendar: Boolean(r.from_calendar) }));
}

/** The organization's handle in booking links; it exists once a calendar does (ensureBookingHandle). */
export async function readBookingHandle(db: Db, organizationId: string): Promise<string | null> {
  const row = await scoped(db, organizationId).selectFrom('booking_handles').select('slug').executeTakeFirst();
  return row?.slug ?? null;
}

/** The organization a booking link's handle names (any handle; an unknown one names none). */
export async function bookingHandleOwner(db: Db, handle: string): Promise<{ id: string; name: string } | undefined> {
  // Handles are made of lower-case letters, digits and dashes (ensureBookingHandle): anything else (a NUL, a lone surrogate, a page of text) names none, unasked.
  if (!BOOKING_HANDLE.test(handle)) return undefined;
  return db
    .selectFrom('booking_handles')
    .innerJoin('organizations', 'organizations.id', 'booking_handles.organization_id')
    .select(['organizations.id', 'organizations.name'])
    .where('booking_handles.slug', '=', handle)
    .executeTakeFirst();
}

/** What ensureBookingHandle makes: its name's letters and digits (40 at most) joined by dashes, and a number when taken. */
const BOOKING_HANDLE = /^[a-z0-9-]{1,60}$/;

/** The organization's handle, made from its name the first time (with a number when another organization has it). */
export async function ensureBookingHandle(db: Db, organizationId: string): Promise<string> {
  const existing = await readBookingHandle(db, organizationId);
  if (existing) return existing;
  const org = await db.selectFrom('organizations').select('name').where('id', '=', organizationId).executeTakeFirstOrThrow();
  const base =
    org.name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .slice(0, 40)
      .replace(/^-+|-+$/g, '') || 'team';
  // /book/manage/<token> is the manage page, so no organization is called 'manage'.
  const name = base === 'manage' ? 'manage-team' : base;
  for (let attempt = 1; ; attempt++) {
    const slug = attempt === 1 ? name : `${name}-${attempt}`;
    const inserted = await scoped(db, organizationId)
      .insertInto('booking_handles', { slug })
      .onConflict((oc) => oc.doNothing())
      .returning('slug')
      .executeTakeFirst();
    if (inserted) return inserted.slug;
    const mine = await readBookingHandle(db, organizationId);
    if (mine) return mine;
  }
}

/** The public booking page of a calendar. */
export const bookingUrl = (publicUrl: string, handle: string, calendarSlug: string) => `${publicUrl}/book/${handle}/${calendarSlug}`;
