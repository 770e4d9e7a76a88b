import { z } from 'zod';
import { ZAnswerInstant, ZCursor, ZNamedRef, ZUpdatedAfter, pageOf } from '../records/schema';
import { isTimeZone } from '../time/zoned';
import { isoDateTime } from '../input/schema';

/** Appointments: shared by the server's doors and the client's forms. */

export const APPOINTMENT_STATUSES = ['scheduled', 'completed', 'cancelled', 'no_show'] as const;
export const ZAppointmentStatus = z.enum(APPOINTMENT_STATUSES, { error: 'must be scheduled, completed, cancelled or no_show' });

export const END_AFTER_START = 'must be after the start';
/** The widest range one calendar query covers (a month view with its leading and trailing weeks fits easily). */
export const MAX_RANGE_DAYS = 100;

const ZInstant = isoDateTime({ offset: true, error: 'must be a date and time such as 2026-05-01T09:00:00Z' });
const id = (what: string) => z.uuid(`must be ${what} id`);

export const ZTimeZone = z.string().refine(isTimeZone, 'must be an IANA time zone such as Europe/Paris');

export const ZMeetingUrl = z
  .string()
  .trim()
  .max(2000, 'must be at most 2000 characters')
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.length > 0;
    } catch {
      return false;
    }
  }, 'must be a valid http(s) URL such as https://meet.example.com/abc');

/**
 * The calendar days a form picked the two ends on ('YYYY-MM-DD' in the appointment's zone), for a form
 * that asks each end as a date and a time (the API's inputs have no such key; it is stripped there).
 */
type EndDays = { startDate?: string; endDate?: string };

/**
 * The one "end after start" rule: adds 'must be after the start' when both ends are given and in the
 * wrong order, on the field that is wrong. The API has one field per end, `endsAt`; a form that asks
 * the end as a date and a time gets it on `endTime` when the end is on the start's day (the time is
 * what is wrong) and on `endDate` when the end's day is another (before the start's).
 */
function endAfterStart(value: { startsAt?: string; endsAt?: string } & EndDays, ctx: z.RefinementCtx) {
  if (value.startsAt && value.endsAt && Date.parse(value.endsAt) <= Date.parse(value.startsAt)) {
    const path = value.startDate === undefined || value.endDate === undefined ? 'endsAt' : value.endDate === value.startDate ? 'endTime' : 'endDate';
    ctx.addIssue({ code: 'custom', path: [path], message: END_AFTER_START });
  }
}

const appointmentFields = {
  title: z.string({ error: 'is required' }).trim().min(1, 'is required').max(200, 'must be at most 200 characters'),
  contactId: id('a contact').nullable(),
  assigneeId: id('a user').nullable(),
  startsAt: ZInstant,
  endsAt: ZInstant,
  /** The zone the appointment was planned in (the calendar shows it in the viewer's zone). */
  timeZone: ZTimeZone,
  location: z.string().trim().max(300, 'must be at most 300 characters').nullable(),
  meetingUrl: ZMeetingUrl.nullable(),
  status: ZAppointmentStatus,
  notes: z.string().trim().max(5000, 'must be at most 5000 characters').nullable(),
};

export const ZCreateAppointmentInput = z
  .object({
    ...appointmentFields,
    contactId: appointmentFields.contactId.optional(),
    /** Defaults to the caller. */
    assigneeId: appointmentFields.assigneeId.optional(),
    /** Defaults to the caller's time zone. */
    timeZone: appointmentFields.timeZone.optional(),
    location: appointmentFields.location.optional(),
    meetingUrl: appointmentFields.meetingUrl.optional(),
    status: appointmentFields.status.default('scheduled'),
    notes: appointmentFields.notes.optional(),
  })
  .strict()
  .superRefine(endAfterStart);
export type TCreateAppointmentInput = z.input<typeof ZCreateAppointmentInput>;

/**
 * The appointment form (create and edit): the create input's fields plus the calendar days the ends
 * were picked on, so the end-after-start rule names the end date or the end time. What is sent to the
 * server is the create or update input, which the same rule checks again on `endsAt`.
 */
export const ZAppointmentFormInput = z
  .object({
    ...appointmentFields,
    startDate: z.string(),
    endDate: z.string(),
  })
  .superRefine(endAfterStart);
export type TAppointmentFormInput = z.input<typeof ZAppointmentFormInput>;

export const ZUpdateAppointmentInput = z.strictObject({ id: id('an appointment'), ...z.object(appointmentFields).partial().shape }).superRefine(endAfterStart);
export type TUpdateAppointmentInput = z.input<typeof ZUpdateAppointmentInput>;

/** Drag to reschedule on the calendar. */
export const ZRescheduleAppointmentInput = z.object({ id: id('an appointment'), startsAt: ZInstant, endsAt: ZInstant }).superRefine(endAfterStart);
export type TRescheduleAppointmentInput = z.input<typeof ZRescheduleAppointmentInput>;

export const ZSetAppointmentStatusInput = z.object({ id: id('an appointment'), status: ZAppointmentStatus });
export type TSetAppointmentStatusInput = z.input<typeof ZSetAppointmentStatusInput>;

export const ZAppointmentIdInput = z.object({ id: id('an appointment') });

export const ZListAppointmentsInput = z
  .object({
    from: ZInstant,
    to: ZInstant,
    assigneeId: id('a user').optional(),
    contactId: id('a contact').optional(),
    status: ZAppointmentStatus.optional(),
    q: z.string().trim().max(200, 'must be at most 200 characters').optional(),
  })
  .superRefine((value, ctx) => {
    const span = Date.parse(value.to) - Date.parse(value.from);
    if (span <= 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must be after from' });
    else if (span > MAX_RANGE_DAYS * 86_400_000) ctx.addIssue({ code: 'custom', path: ['to'], message: `must be at most ${MAX_RANGE_DAYS} days after from` });
  });
export type TListAppointmentsInput = z.input<typeof ZListAppointmentsInput>;

/** A paged list for integrators (/api/v1/appointments): every filter optional, newest start first. */
export const ZSearchAppointmentsInput = z
  .object({
    q: z.string().trim().max(200, 'must be at most 200 characters').optional(),
    page: z.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').default(1),
    cursor: ZCursor.optional(),
    updatedAfter: ZUpdatedAfter.optional(),
    limit: z.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').max(100, 'must be at most 100').default(20),
    from: ZInstant.optional(),
    to: ZInstant.optional(),
    assigneeId: id('a user').optional(),
    contactId: id('a contact').optional(),
    status: ZAppointmentStatus.optional(),
  })
  .strict();
export type TSearchAppointmentsInput = z.input<typeof ZSearchAppointmentsInput>;

/** For the form: which appointments of the assignee (by default the caller) overlap a time slot. */
export const ZCheckConflictsInput = z
  .object({
    assigneeId: id('a user').optional(),
    startsAt: ZInstant,
    endsAt: ZInstant,
    /** The appointment being edited, which does not conflict with itself. */
    excludeId: id('an appointment').optional(),
  })
  .superRefine(endAfterStart);
export type TCheckConflictsInput = z.input<typeof ZCheckConflictsInput>;

// ——— Records the doors answer with ———

/** An appointment as every door answers it (server/appointments/service.ts toAppointment). */
export const ZAppointmentRecord = z.strictObject({
  id: z.uuid(),
  title: z.string(),
  startsAt: ZAnswerInstant,
  endsAt: ZAnswerInstant,
  timeZone: z.string().meta({ description: 'IANA time zone the times are shown in, e.g. America/New_York' }),
  location: z.string().nullable(),
  meetingUrl: z.string().nullable(),
  status: ZAppointmentStatus,
  notes: z.string().nullable(),
  assignee: ZNamedRef.nullable(),
  contact: z.strictObject({ id: z.uuid(), name: z.string(), email: z.string().nullable(), phone: z.string().nullable() }).nullable(),
  createdAt: ZAnswerInstant,
  updatedAt: ZAnswerInstant,
});

/** The assignee's other appointments overlapping this one: a warning, never a refusal. */
export const ZAppointmentConflict = z.strictObject({ id: z.uuid(), title: z.string(), startsAt: ZAnswerInstant, endsAt: ZAnswerInstant });

/** What create, update and reschedule answer: the record, with the assignee's other appointments it overlaps. */
export const ZAppointmentWithConflicts = ZAppointmentRecord.extend({
  conflicts: z.array(ZAppointmentConflict).meta({ description: "The assignee's other appointments this one overlaps (saved all the same)" }),
});

export const ZAppointmentPage = pageOf(ZAppointmentRecord);
