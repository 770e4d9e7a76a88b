import { addDays, safeZone, weekdayOf } from '../../server/time/zoned';

/**
 * Wall-clock time in the user's zone for the screens. The zone arithmetic itself (what an instant
 * reads as in a zone, the instant a date and time there stands for, daylight saving included) is
 * the one module the server shares, server/time/zoned.ts; this file re-exports it and adds the
 * browser's formatting and week conventions. Calendar dates are 'YYYY-MM-DD' strings, times
 * 'HH:MM' (24 h); instants are Date objects or ISO strings.
 */
export {
  daysBetween,
  isCalendarDate,
  isTimeZone as isKnownTimeZone,
  isWallTime,
  minutesOfDay,
  safeZone,
  weekdayOf,
  zonedParts,
  zonedTimeToInstant,
  zoneOffsetMs,
  type ZonedParts,
} from '../../server/time/zoned';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** 'HH:MM' for minutes past midnight (570 → '09:30'), clamped to the day. */
export function minutesToTime(minutes: number): string {
  const m = Math.max(0, Math.min(24 * 60 - 1, Math.round(minutes)));
  return `${pad(Math.floor(m / 60))}:${pad(m % 60)}`;
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
