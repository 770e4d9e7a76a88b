import { dayRangeIn, isTimeZone, zonedParts } from '../../server/time/zoned';

/**
 * Calendar days as the server reports them ('YYYY-MM-DD' in the organization's time zone) and the
 * bounds of "today" in the user's own time zone (the zone arithmetic is server/time/zoned.ts, shared
 * with the server).
 */
export { addDays, startOfDayIn } from '../../server/time/zoned';

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

function utcDate(date: string): Date | null {
  const m = DATE_RE.exec(date);
  if (!m) return null;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return Number.isNaN(d.getTime()) ? null : d;
}

/** A calendar date as people read it ("Jun 15, 2026"), never shifted by a time zone. */
export function formatCalendarDate(date: string, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }): string {
  const d = utcDate(date);
  return d ? new Intl.DateTimeFormat(undefined, { ...options, timeZone: 'UTC' }).format(d) : date;
}

/** "May 17 – Jun 15, 2026": a range of calendar dates, as short as the locale allows. */
export function formatCalendarRange(from: string, to: string): string {
  const a = utcDate(from);
  const b = utcDate(to);
  if (!a || !b) return `${from} – ${to}`;
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' }).formatRange(a, b);
}

/** The zone to use: the given one when known, else the browser's. */
function zoneOrBrowser(timeZone: string | undefined): string {
  return isTimeZone(timeZone) ? timeZone : Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** Today's date in a time zone, 'YYYY-MM-DD' (the browser's zone when the given one is unknown). */
export function todayIn(timeZone: string | undefined, now: Date = new Date()): string {
  return zonedParts(now, zoneOrBrowser(timeZone)).date;
}

/** [start, end) of the user's today as ISO instants, for range queries (appointments of the day). */
export function todayRangeIn(timeZone: string | undefined, now: Date = new Date()): { from: string; to: string; date: string } {
  const day = dayRangeIn(now, zoneOrBrowser(timeZone));
  return { date: day.date, from: day.start.toISOString(), to: day.end.toISOString() };
}
