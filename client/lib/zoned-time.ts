import { addDays } from './calendar';

/**
 * Wall-clock time in an IANA time zone: what an instant reads as there, and the instant a date and
 * time there stands for (daylight saving included). Calendar dates are 'YYYY-MM-DD' strings, times
 * 'HH:MM' (24 h); instants are Date objects or ISO strings.
 */

export type ZonedParts = { date: string; time: string; year: number; month: number; day: number; hour: number; minute: number; weekday: number };

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** Whether the browser knows this IANA zone. */
export function isKnownTimeZone(timeZone: string | null | undefined): timeZone is string {
  if (!timeZone) return false;
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** A zone to work in: the given one when known, else UTC. */
export function safeZone(timeZone: string | null | undefined): string {
  return isKnownTimeZone(timeZone) ? timeZone : 'UTC';
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** How an instant reads on a wall clock in `timeZone`. weekday: 0 = Sunday … 6 = Saturday. */
export function zonedParts(instant: Date | string, timeZone: string): ZonedParts {
  const at = typeof instant === 'string' ? new Date(instant) : instant;
  const parts = formatterFor(safeZone(timeZone)).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const year = get('year');
  const month = get('month');
  const day = get('day');
  const hour = get('hour') % 24;
  const minute = get('minute');
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return { year, month, day, hour, minute, weekday, date: `${pad(year, 4)}-${pad(month)}-${pad(day)}`, time: `${pad(hour)}:${pad(minute)}` };
}

/** Milliseconds the zone is ahead of UTC at an instant (Paris in summer: 7 200 000). */
export function zoneOffsetMs(instant: number, timeZone: string): number {
  const p = formatterFor(safeZone(timeZone)).formatToParts(new Date(instant));
  const get = (type: string) => Number(p.find((x) => x.type === type)?.value ?? 0);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour') % 24, get('minute'), get('second'));
  return wall - Math.floor(instant / 1000) * 1000;
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_RE = /^(\d{2}):(\d{2})$/;

export const isCalendarDate = (value: string) => DATE_RE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
export const isWallTime = (value: string) => {
  const m = TIME_RE.exec(value);
  return Boolean(m && Number(m[1]) < 24 && Number(m[2]) < 60);
};

/**
 * The instant a wall-clock date and time in `timeZone` stands for. A time skipped by a daylight
 * saving jump (02:30 on a spring-forward night) lands just after the jump, as calendars do.
 */
export function zonedTimeToInstant(date: string, time: string, timeZone: string): Date {
  const d = DATE_RE.exec(date);
  const t = TIME_RE.exec(time);
  if (!d || !t) throw new Error(`not a date and time: ${date} ${time}`);
  const wall = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]));
  const zone = safeZone(timeZone);
  let instant = wall - zoneOffsetMs(wall, zone);
  // A second pass settles times where the offset at the guess differs from the offset at the answer.
  instant = wall - zoneOffsetMs(instant, zone);
  return new Date(instant);
}

/** Minutes past local midnight an instant reads as in the zone (9:30 → 570). */
export function minutesOfDay(instant: Date | string, timeZone: string): number {
  const p = zonedParts(instant, timeZone);
  return p.hour * 60 + p.minute;
}

/** 'HH:MM' for minutes past midnight (570 → '09:30'), clamped to the day. */
export function minutesToTime(minutes: number): string {
  const m = Math.max(0, Math.min(24 * 60 - 1, Math.round(minutes)));
  return `${pad(Math.floor(m / 60))}:${pad(m % 60)}`;
}

/** Day of the week of a calendar date: 0 = Sunday … 6 = Saturday. */
export function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/** Whole days from one calendar date to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The first day of the week holding `date`; weekStartsOn 1 = Monday, 0 = Sunday, 6 = Saturday. */
export function startOfWeek(date: string, weekStartsOn: number): string {
  const back = (weekdayOf(date) - weekStartsOn + 7) % 7;
  return addDays(date, -back);
}

export function startOfMonth(date: string): string {
  return `${date.slice(0, 7)}-01`;
}

/** The same day of another month, clamped to its length (Jan 31 + 1 month = Feb 28). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return `${pad(first.getUTCFullYear(), 4)}-${pad(first.getUTCMonth() + 1)}-${pad(Math.min(d, last))}`;
}

/** The locale's first day of the week (0 = Sunday, 1 = Monday …), Monday when the browser cannot tell. */
export function localeWeekStart(locale?: string): number {
  try {
    const loc = new Intl.Locale(locale ?? (typeof navigator !== 'undefined' ? navigator.language : 'en-GB')) as Intl.Locale & {
      getWeekInfo?: () => { firstDay: number };
      weekInfo?: { firstDay: number };
    };
    const first = loc.getWeekInfo?.().firstDay ?? loc.weekInfo?.firstDay;
    return first === undefined ? 1 : first % 7;
  } catch {
    return 1;
  }
}

/** "9:30 AM" (or "09:30" where the locale says so) for an instant in a zone. */
export function formatTimeIn(instant: Date | string, timeZone: string): string {
  return new Intl.DateTimeFormat(undefined, { timeStyle: 'short', timeZone: safeZone(timeZone) }).format(typeof instant === 'string' ? new Date(instant) : instant);
}

/** "9:30 – 10:00 AM" */
export function formatTimeRangeIn(start: Date | string, end: Date | string, timeZone: string): string {
  const a = typeof start === 'string' ? new Date(start) : start;
  const b = typeof end === 'string' ? new Date(end) : end;
  return new Intl.DateTimeFormat(undefined, { timeStyle: 'short', timeZone: safeZone(timeZone) }).formatRange(a, b);
}

/** "Tue, May 5, 9:30 – 10:00 AM": a range with its date, as short as the locale allows. */
export function formatDateTimeRangeIn(start: Date | string, end: Date | string, timeZone: string): string {
  const a = typeof start === 'string' ? new Date(start) : start;
  const b = typeof end === 'string' ? new Date(end) : end;
  return new Intl.DateTimeFormat(undefined, { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: safeZone(timeZone) }).formatRange(a, b);
}

/** The zone's short name at an instant, e.g. "CEST" or "GMT+2". */
export function zoneAbbreviation(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat(undefined, { timeZone: safeZone(timeZone), timeZoneName: 'short' }).formatToParts(instant);
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
}
