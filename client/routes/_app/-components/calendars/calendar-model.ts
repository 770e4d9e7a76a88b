import { type CALENDAR_KINDS, DEFAULT_WEEKLY, type TBookingQuestion, type TCalendarMemberInput, type TWallInterval, type TWeeklyAvailability } from '../../../../lib/calendars-schema';

/** What the calendar form edits: numbers as typed (checked by the server's schema on save), empty optional text as ''. */
export type CalendarFormValues = {
  name: string;
  slug: string;
  description: string;
  kind: (typeof CALENDAR_KINDS)[number];
  slotMinutes: string;
  bufferBeforeMinutes: string;
  bufferAfterMinutes: string;
  minimumNoticeMinutes: string;
  maximumPerDay: string;
  horizonDays: string;
  location: string;
  active: boolean;
  questions: TBookingQuestion[];
  members: TCalendarMemberInput[];
};

/** A calendar as `calendars.get` answers it (the fields the form edits). */
export type CalendarDetails = Omit<
  CalendarFormValues,
  'slotMinutes' | 'bufferBeforeMinutes' | 'bufferAfterMinutes' | 'minimumNoticeMinutes' | 'maximumPerDay' | 'horizonDays' | 'description' | 'location'
> & {
  description: string | null;
  location: string | null;
  slotMinutes: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  minimumNoticeMinutes: number;
  maximumPerDay: number | null;
  horizonDays: number;
};

export const KIND_LABELS: Record<CalendarFormValues['kind'], string> = { personal: 'Personal', round_robin: 'Round robin', collective: 'Collective' };

/** Days as the editor lists them, Monday first; each with its index in the schema's Sunday-first week. */
export const WEEK_DAYS = [
  { index: 1, name: 'Monday' },
  { index: 2, name: 'Tuesday' },
  { index: 3, name: 'Wednesday' },
  { index: 4, name: 'Thursday' },
  { index: 5, name: 'Friday' },
  { index: 6, name: 'Saturday' },
  { index: 0, name: 'Sunday' },
] as const;

const DAY_START: TWallInterval = { start: '09:00', end: '17:00' };

/** "Discovery Call — 30 min!" → "discovery-call-30-min": lower-case letters, digits and single dashes, at most 60 characters. */
export function slugFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 60)
    .replace(/^-+|-+$/g, '');
}

/** A member newly put on a calendar: Monday to Friday 09:00–17:00 in the given zone, no date overrides. */
export function newMember(userId: string, timeZone: string): TCalendarMemberInput {
  return { userId, timeZone, weekly: DEFAULT_WEEKLY.map((day) => day.map((i) => ({ ...i }))), overrides: [] };
}

/** A new calendar: a 30-minute personal calendar of the one who creates it. */
export function blankCalendar(userId: string, timeZone: string): CalendarFormValues {
  return {
    name: '',
    slug: '',
    description: '',
    kind: 'personal',
    slotMinutes: '30',
    bufferBeforeMinutes: '0',
    bufferAfterMinutes: '0',
    minimumNoticeMinutes: '0',
    maximumPerDay: '',
    horizonDays: '60',
    location: '',
    active: true,
    questions: [],
    members: [newMember(userId, timeZone)],
  };
}

export function formValuesOf(calendar: CalendarDetails): CalendarFormValues {
  return {
    name: calendar.name,
    slug: calendar.slug,
    description: calendar.description ?? '',
    kind: calendar.kind,
    slotMinutes: String(calendar.slotMinutes),
    bufferBeforeMinutes: String(calendar.bufferBeforeMinutes),
    bufferAfterMinutes: String(calendar.bufferAfterMinutes),
    minimumNoticeMinutes: String(calendar.minimumNoticeMinutes),
    maximumPerDay: calendar.maximumPerDay === null ? '' : String(calendar.maximumPerDay),
    horizonDays: String(calendar.horizonDays),
    location: calendar.location ?? '',
    active: calendar.active,
    questions: calendar.questions,
    members: calendar.members.map(({ userId, timeZone, weekly, overrides }) => ({ userId, timeZone, weekly, overrides })),
  };
}

/** A typed number: '' stays missing (NaN fails the schema's "whole number" rule, naming the field). */
const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** The values as the create and update inputs take them (before the schema's check). */
export function calendarInputOf(values: CalendarFormValues) {
  return {
    ...values,
    description: values.description.trim() || null,
    location: values.location.trim() || null,
    slotMinutes: numberOf(values.slotMinutes),
    bufferBeforeMinutes: numberOf(values.bufferBeforeMinutes),
    bufferAfterMinutes: numberOf(values.bufferAfterMinutes),
    minimumNoticeMinutes: numberOf(values.minimumNoticeMinutes),
    maximumPerDay: values.maximumPerDay.trim() === '' ? null : numberOf(values.maximumPerDay),
    horizonDays: numberOf(values.horizonDays),
  };
}

/** The top-level fields of the form: an error whose path starts with one of them is shown in the form, by its field. */
export const CALENDAR_FIELDS = Object.keys(blankCalendar('', 'UTC'));

/** The first error at `path` or below it ("members.0" finds "members.0.weekly.1.0.end"). */
export function errorAt(errors: Partial<Record<string, string>>, path: string): string | undefined {
  return errors[path] ?? Object.entries(errors).find(([key]) => key.startsWith(`${path}.`))?.[1];
}

/** A new question's id, distinct from the others' (kept when the label changes: stored answers are keyed by it). */
export function nextQuestionId(taken: readonly string[]): string {
  let n = taken.length + 1;
  while (taken.includes(`question-${n}`)) n += 1;
  return `question-${n}`;
}

/** The week with one day replaced. */
export function withDay(weekly: TWeeklyAvailability, day: number, intervals: TWallInterval[]): TWeeklyAvailability {
  return weekly.map((current, index) => (index === day ? intervals : current));
}

/** A day made available (09:00–17:00) or unavailable (no intervals). */
export function setDayAvailable(weekly: TWeeklyAvailability, day: number, available: boolean): TWeeklyAvailability {
  return withDay(weekly, day, available ? [{ ...DAY_START }] : []);
}

/** Monday's hours copied to Tuesday through Friday; the weekend kept. */
export function copyMondayToWeekdays(weekly: TWeeklyAvailability): TWeeklyAvailability {
  return weekly.map((day, index) => (index >= 2 && index <= 5 ? weekly[1]!.map((i) => ({ ...i })) : day));
}

const wallHour = (hour: number) => (hour >= 24 ? '24:00' : `${String(hour).padStart(2, '0')}:00`);

/** Another interval after the last one: from the next full hour after it ends, an hour long (09:00–17:00 on an empty day). */
export function appendInterval(intervals: TWallInterval[]): TWallInterval[] {
  const end = /^(\d\d):\d\d$/.exec(intervals[intervals.length - 1]?.end ?? '');
  if (!end) return [...intervals, { ...DAY_START }];
  const start = Math.min(Number(end[1]) + 1, 23);
  return [...intervals, { start: wallHour(start), end: wallHour(start + 1) }];
}

export function removeInterval(intervals: TWallInterval[], position: number): TWallInterval[] {
  return intervals.filter((_, i) => i !== position);
}

export function changeInterval(intervals: TWallInterval[], position: number, patch: Partial<TWallInterval>): TWallInterval[] {
  return intervals.map((interval, i) => (i === position ? { ...interval, ...patch } : interval));
}
