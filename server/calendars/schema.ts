import { z } from 'zod';
import { ZTimeZone } from '../appointments/schema';
import { isoDate, isoDateTime, ZEmailAddress } from '../input/schema';
import { ZAnswerInstant } from '../records/schema';

/** Calendars and booking pages (issue #20): shared by the server's doors and the client's forms. */

export const CALENDAR_KINDS = ['personal', 'round_robin', 'collective'] as const;
export const ZCalendarKind = z.enum(CALENDAR_KINDS, { error: 'must be personal, round_robin or collective' });

/** The widest range one slots query covers. */
export const MAX_SLOT_RANGE_DAYS = 62;
export const SLOT_MINUTES = { min: 5, max: 480 } as const;

const WALL_TIME = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;
const ZWallTime = z.string().regex(WALL_TIME, 'must be a time such as 09:00 (24:00 for the end of the day)');

/** One stretch of a day in wall time, start before end. */
export const ZWallInterval = z.strictObject({ start: ZWallTime, end: ZWallTime }).refine((i) => i.start < i.end, { path: ['end'], message: 'must be after the start' });
export type TWallInterval = z.output<typeof ZWallInterval>;

/** A day's stretches, in order and apart (the slot computation walks them in order). */
const ZDayIntervals = z
  .array(ZWallInterval)
  .max(12, 'must have at most 12 intervals')
  .refine((list) => list.every((interval, i) => i === 0 || list[i - 1]!.end <= interval.start), 'must be in order and must not overlap');

/** Seven days, Sunday first (index 0 = Sunday … 6 = Saturday), each a list of intervals. */
export const ZWeeklyAvailability = z.array(ZDayIntervals).length(7, 'must list the seven days, Sunday first');
export type TWeeklyAvailability = z.output<typeof ZWeeklyAvailability>;

/** A date's own hours, replacing the weekday's; no intervals = away that day. */
export const ZDateOverride = z.strictObject({ date: isoDate('must be a date such as 2026-12-24'), intervals: ZDayIntervals });
export type TDateOverride = z.output<typeof ZDateOverride>;

/** Monday to Friday 09:00–17:00: a new member's availability. */
export const DEFAULT_WEEKLY: TWeeklyAvailability = [[], ...Array.from({ length: 5 }, () => [{ start: '09:00', end: '17:00' }]), []];

export const ZBookingQuestion = z.strictObject({
  id: z.string().regex(/^[a-z0-9_-]{1,40}$/, 'must be 1–40 lower-case letters, digits, - or _'),
  label: z.string().trim().min(1, 'is required').max(200, 'must be at most 200 characters'),
  required: z.boolean(),
  multiline: z.boolean(),
});
export type TBookingQuestion = z.output<typeof ZBookingQuestion>;

const ZQuestions = z
  .array(ZBookingQuestion)
  .max(10, 'must have at most 10 questions')
  .refine((list) => new Set(list.map((q) => q.id)).size === list.length, 'must have distinct ids');

export const ZCalendarMemberInput = z.strictObject({
  userId: z.uuid('must be a user id'),
  timeZone: ZTimeZone,
  weekly: ZWeeklyAvailability,
  overrides: z
    .array(ZDateOverride)
    .max(366, 'must have at most 366 dates')
    .refine((list) => new Set(list.map((o) => o.date)).size === list.length, 'must name each date once'),
});
export type TCalendarMemberInput = z.output<typeof ZCalendarMemberInput>;

const minutes = (max: number) => z.int('must be a whole number of minutes').min(0, 'must be at least 0').max(max, `must be at most ${max}`);

const calendarFields = {
  name: z.string({ error: 'is required' }).trim().min(1, 'is required').max(120, 'must be at most 120 characters'),
  slug: z.string({ error: 'is required' }).regex(/^[a-z0-9](?:[a-z0-9-]{0,58}[a-z0-9])?$/, 'must be 1–60 lower-case letters, digits or - (not at either end)'),
  description: z.string().trim().max(2000, 'must be at most 2000 characters').nullable(),
  kind: ZCalendarKind,
  slotMinutes: z.int('must be a whole number of minutes').min(SLOT_MINUTES.min, `must be at least ${SLOT_MINUTES.min}`).max(SLOT_MINUTES.max, `must be at most ${SLOT_MINUTES.max}`),
  bufferBeforeMinutes: minutes(240),
  bufferAfterMinutes: minutes(240),
  minimumNoticeMinutes: minutes(60 * 24 * 30),
  maximumPerDay: z.int('must be a whole number').min(1, 'must be at least 1').max(100, 'must be at most 100').nullable(),
  horizonDays: z.int('must be a whole number of days').min(1, 'must be at least 1').max(365, 'must be at most 365'),
  location: z.string().trim().max(300, 'must be at most 300 characters').nullable(),
  questions: ZQuestions,
  active: z.boolean(),
  members: z.array(ZCalendarMemberInput).min(1, 'must have at least one member').max(50, 'must have at most 50 members'),
};

function membersRule(value: { kind?: string; members?: { userId: string }[] }, ctx: z.RefinementCtx) {
  if (!value.members) return;
  if (new Set(value.members.map((m) => m.userId)).size !== value.members.length) ctx.addIssue({ code: 'custom', path: ['members'], message: 'must name each member once' });
  if (value.kind === 'personal' && value.members.length !== 1) ctx.addIssue({ code: 'custom', path: ['members'], message: 'must be exactly one member on a personal calendar' });
}

export const ZCreateCalendarInput = z
  .strictObject({
    ...calendarFields,
    description: calendarFields.description.optional(),
    bufferBeforeMinutes: calendarFields.bufferBeforeMinutes.default(0),
    bufferAfterMinutes: calendarFields.bufferAfterMinutes.default(0),
    minimumNoticeMinutes: calendarFields.minimumNoticeMinutes.default(0),
    maximumPerDay: calendarFields.maximumPerDay.default(null),
    horizonDays: calendarFields.horizonDays.default(60),
    location: calendarFields.location.optional(),
    questions: calendarFields.questions.default([]),
    active: calendarFields.active.default(true),
  })
  .superRefine(membersRule);
export type TCreateCalendarInput = z.output<typeof ZCreateCalendarInput>;

export const ZCalendarIdInput = z.strictObject({ id: z.uuid('must be a calendar id') });

/** A calendar's change: any field; `members` replaces the whole list (each with its availability). */
export const ZUpdateCalendarInput = z.strictObject({ id: z.uuid('must be a calendar id'), ...z.object(calendarFields).partial().shape }).superRefine(membersRule);
export type TUpdateCalendarInput = z.output<typeof ZUpdateCalendarInput>;

const ZInstant = isoDateTime({ offset: true, error: 'must be a date and time such as 2026-05-01T09:00:00Z' });

/** A slots query: [from, to), at most MAX_SLOT_RANGE_DAYS long; the answer's local times in `timeZone`. */
export const ZSlotsQuery = z.strictObject({ from: ZInstant, to: ZInstant, timeZone: ZTimeZone.default('UTC') }).superRefine((value, ctx) => {
  const span = Date.parse(value.to) - Date.parse(value.from);
  if (span <= 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must be after from' });
  else if (span > MAX_SLOT_RANGE_DAYS * 86_400_000) ctx.addIssue({ code: 'custom', path: ['to'], message: `must be at most ${MAX_SLOT_RANGE_DAYS} days after from` });
});
export const ZCalendarSlotsInput = z.strictObject({ id: z.uuid('must be a calendar id') }).and(ZSlotsQuery);

export const ZSlot = z.strictObject({
  startsAt: ZAnswerInstant,
  endsAt: ZAnswerInstant,
  /** The start on the asker's wall clock ('YYYY-MM-DD', 'HH:MM' in the query's zone). */
  date: z.string(),
  time: z.string(),
});
export const ZSlotsAnswer = z.strictObject({ timeZone: z.string(), slots: z.array(ZSlot) });

/** What a visitor (or an integrator) sends to book a slot; `website` is the honeypot a person leaves empty. */
export const ZBookingInput = z.strictObject({
  startsAt: ZInstant,
  timeZone: ZTimeZone,
  name: z.string({ error: 'is required' }).trim().min(1, 'is required').max(200, 'must be at most 200 characters'),
  email: ZEmailAddress,
  phone: z
    .string()
    .trim()
    .max(40, 'must be at most 40 characters')
    .transform((v) => v || undefined)
    .optional(),
  answers: z.record(z.string().regex(/^[a-z0-9_-]{1,40}$/), z.string().trim().max(5000, 'must be at most 5000 characters')).default({}),
  website: z.string().max(500).optional(),
});
export type TBookingInput = z.output<typeof ZBookingInput>;

export const ZCalendarBookingInput = z.strictObject({ id: z.uuid('must be a calendar id') }).and(ZBookingInput);

export const ZBookingRecord = z.strictObject({
  id: z.uuid(),
  calendarId: z.uuid(),
  status: z.enum(['confirmed', 'cancelled']),
  startsAt: ZAnswerInstant,
  endsAt: ZAnswerInstant,
  timeZone: z.string(),
  contactId: z.uuid().nullable(),
  appointmentIds: z.array(z.uuid()),
  assignees: z.array(z.strictObject({ id: z.uuid(), name: z.string() })),
});

export type TBookingResult = z.output<typeof ZBookingRecord>;

export const ZCalendarRecord = z.strictObject({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  kind: ZCalendarKind,
  slotMinutes: z.number(),
  active: z.boolean(),
  /** The public booking page. */
  bookingUrl: z.string(),
});
export const ZCalendarList = z.strictObject({ items: z.array(ZCalendarRecord) });

/** The reschedule and cancel pages' token in the path. */
export const ZBookingToken = z.string().regex(/^[0-9a-f-]{36}\.(reschedule|cancel)\.[A-Za-z0-9_-]{43}$/, 'is not a valid booking link');
export const ZRescheduleBookingInput = z.strictObject({ startsAt: ZInstant });

/** A public booking page: what the visitor sees of the calendar. */
/** GET /api/booking/site-owner: where the product site's /book-demo books. */
export const ZSiteOwnerBookingPage = z.strictObject({ handle: z.string(), slug: z.string() }).nullable();
export type TSiteOwnerBookingPage = z.infer<typeof ZSiteOwnerBookingPage>;

export const ZBookingPage = z.strictObject({
  organizationName: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  slotMinutes: z.number(),
  location: z.string().nullable(),
  questions: z.array(ZBookingQuestion),
  hosts: z.array(z.string()),
});
export type TBookingPage = z.output<typeof ZBookingPage>;

/** A visitor's booking as the public doors answer it (no ids: the manage links in the e-mail are the handle). */
export const ZPublicBooking = z.strictObject({
  status: z.enum(['confirmed', 'cancelled']),
  startsAt: ZAnswerInstant.optional(),
  endsAt: ZAnswerInstant.optional(),
  timeZone: z.string().optional(),
});

/** What a manage link opens. */
export const ZManagedBooking = z.strictObject({
  action: z.enum(['reschedule', 'cancel']),
  status: z.enum(['confirmed', 'cancelled']),
  startsAt: ZAnswerInstant,
  endsAt: ZAnswerInstant,
  timeZone: z.string(),
  name: z.string(),
  calendar: ZBookingPage,
});
export type TManagedBooking = z.output<typeof ZManagedBooking>;
