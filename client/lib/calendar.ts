/**
 * Calendar days as the server reports them ('YYYY-MM-DD' in the organization's time zone) and the
 * bounds of "today" in the user's own time zone.
 */

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

/** Today's date in a time zone, 'YYYY-MM-DD' (the browser's zone when the given one is unknown). */
export function todayIn(timeZone: string | undefined, now: Date = new Date()): string {
  const format = (tz: string | undefined) => new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  try {
    return format(timeZone);
  } catch {
    return format(undefined);
  }
}

/** Days added to a calendar date. */
export function addDays(date: string, days: number): string {
  const d = utcDate(date);
  if (!d) return date;
  return new Date(d.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

/** Milliseconds the zone is ahead of UTC at `instant`. */
function offsetAt(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The instant a calendar day starts in a time zone (DST-aware: the first moment of that local date). */
export function startOfDayIn(date: string, timeZone: string): Date {
  const d = utcDate(date);
  if (!d) throw new Error(`not a date: ${date}`);
  const guess = d.getTime();
  let instant = guess - offsetAt(guess, timeZone);
  // A second pass settles days where the offset changes between the guess and the answer.
  instant = guess - offsetAt(instant, timeZone);
  return new Date(instant);
}

/** [start, end) of the user's today as ISO instants, for range queries (appointments of the day). */
export function todayRangeIn(timeZone: string | undefined, now: Date = new Date()): { from: string; to: string; date: string } {
  let zone = timeZone ?? 'UTC';
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
  } catch {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  }
  const date = todayIn(zone, now);
  return { date, from: startOfDayIn(date, zone).toISOString(), to: startOfDayIn(addDays(date, 1), zone).toISOString() };
}
