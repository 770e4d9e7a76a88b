import { tzOffset } from '@date-fns/tz';

/**
 * Wall-clock time in IANA time zones, the one module the server and the client share (it is plain
 * TypeScript over `@date-fns/tz`, no zod and no server code: ESLint lets the client import it).
 * Calendar dates are 'YYYY-MM-DD' strings, wall times 'HH:MM' (24 h), instants Date objects or ISO
 * strings. The zone data and offsets come from the library (the runtime's Intl data underneath).
 *
 * A wall time a daylight-saving change skips or repeats resolves like Temporal's 'compatible':
 * - skipped (02:30 on the US spring-forward night): read with the offset before the change, i.e.
 *   moved forward by the jump — 02:30 → 03:30 EDT; a day whose midnight is skipped (America/Santiago,
 *   first Sunday of September) starts at 01:00;
 * - repeated (01:30 on the US fall-back night): the earlier of the two instants — 01:30 EDT.
 * (TZDate's own constructor resolves a repeated time by the host's system time zone, so the same
 * call gives different instants on differently configured machines; this module does not use it
 * for that.)
 */

export type ZonedParts = {
  date: string;
  time: string;
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
};

/** Zone names found valid (a few hundred at most; what is not a zone is not kept, whatever input sends). */
const known = new Set<string>();

/** Whether the runtime knows this IANA zone name. */
export function isTimeZone(timeZone: string | null | undefined): timeZone is string {
  if (!timeZone) return false;
  if (known.has(timeZone)) return true;
  try {
    new Intl.DateTimeFormat('en', { timeZone });
  } catch {
    return false;
  }
  known.add(timeZone);
  return true;
}

/** A zone to work in: the given one when known, else UTC. */
export function safeZone(timeZone: string | null | undefined): string {
  return isTimeZone(timeZone) ? timeZone : 'UTC';
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const toDate = (instant: Date | string | number) => (instant instanceof Date ? instant : new Date(instant));

/** How an instant reads on a wall clock in `timeZone` (UTC when the zone is unknown): the instant moved by the zone's offset, read in UTC. */
export function zonedParts(instant: Date | string | number, timeZone: string): ZonedParts {
  const ms = toDate(instant).getTime();
  const at = new Date(ms + zoneOffsetMs(ms, timeZone));
  const year = at.getUTCFullYear();
  const month = at.getUTCMonth() + 1;
  const day = at.getUTCDate();
  const hour = at.getUTCHours();
  const minute = at.getUTCMinutes();
  return { year, month, day, hour, minute, weekday: at.getUTCDay(), date: `${pad(year, 4)}-${pad(month)}-${pad(day)}`, time: `${pad(hour)}:${pad(minute)}` };
}

const HOUR_MS = 3_600_000;

/**
 * Zone offsets by zone and UTC hour, as the runtime's Intl data gives them: `null` for an hour in
 * which the offset changes (read exactly each time). Each Intl lookup costs microseconds, and a
 * booking page's 60 days of slots needs thousands (decision 043). An hour whose first and last
 * millisecond share an offset keeps it throughout: no zone changes twice within an hour.
 */
const offsetsByHour = new Map<string, number | null>();
/** Past this many (zone, hour) entries the cache starts over, so hostile input cannot grow it without end. */
const OFFSETS_KEPT = 100_000;

const intlOffsetMs = (ms: number, zone: string) => Math.round(tzOffset(zone, new Date(ms)) * 60_000);

/** Milliseconds the zone is ahead of UTC at an instant (Paris in summer: 7 200 000; Kolkata: 19 800 000). */
export function zoneOffsetMs(instant: Date | string | number, timeZone: string): number {
  const zone = safeZone(timeZone);
  const ms = toDate(instant).getTime();
  if (!Number.isFinite(ms)) return intlOffsetMs(ms, zone);
  const hour = Math.floor(ms / HOUR_MS);
  const key = `${zone} ${hour}`;
  let offset = offsetsByHour.get(key);
  if (offset === undefined) {
    const first = intlOffsetMs(hour * HOUR_MS, zone);
    offset = first === intlOffsetMs((hour + 1) * HOUR_MS - 1, zone) ? first : null;
    if (offsetsByHour.size >= OFFSETS_KEPT) offsetsByHour.clear();
    offsetsByHour.set(key, offset);
  }
  return offset ?? intlOffsetMs(ms, zone);
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_RE = /^(\d{2}):(\d{2})$/;

/** A calendar date written 'YYYY-MM-DD' that the Date parser takes. */
export function isCalendarDate(value: string): boolean {
  return DATE_RE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
}

/** A wall time 'HH:MM' from 00:00 to 23:59. */
export function isWallTime(value: string): boolean {
  const m = TIME_RE.exec(value);
  return Boolean(m && Number(m[1]) < 24 && Number(m[2]) < 60);
}

const DAY_MS = 86_400_000;

/**
 * The instant a wall-clock date and time in `timeZone` stands for, daylight saving included; a
 * skipped or repeated time resolves as the module's comment says ('compatible').
 */
export function zonedTimeToInstant(date: string, time: string, timeZone: string): Date {
  const d = DATE_RE.exec(date);
  const t = TIME_RE.exec(time);
  if (!d || !t) throw new Error(`not a date and time: ${date} ${time}`);
  const wall = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]));
  const zone = safeZone(timeZone);
  // The offsets a day either side of the wall time: they differ when a change falls in between
  // (zones change at most once a day).
  const before = zoneOffsetMs(wall - DAY_MS, zone);
  const after = zoneOffsetMs(wall + DAY_MS, zone);
  // Each offset that reads back as itself gives an instant showing this wall time.
  const candidates = [...new Set([before, after])].map((offset) => wall - offset).filter((instant) => wall - zoneOffsetMs(instant, zone) === instant);
  // Repeated: the earlier one. Skipped (no candidate): the offset before the change, which moves the time forward by the jump.
  return new Date(candidates.length > 0 ? Math.min(...candidates) : wall - before);
}

/** The instant a calendar day starts in a zone: its first moment there (01:00 when midnight is skipped). */
export function startOfDayIn(date: string, timeZone: string): Date {
  return zonedTimeToInstant(date, '00:00', timeZone);
}

/** Days added to a calendar date. */
export function addDays(date: string, days: number): string {
  const m = DATE_RE.exec(date);
  if (!m) return date;
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + days)).toISOString().slice(0, 10);
}

/** The local day holding `instant` in a zone as [start, end): its first moment and the next day's (23, 24 or 25 hours apart). */
export function dayRangeIn(instant: Date | string | number, timeZone: string): { date: string; start: Date; end: Date } {
  const { date } = zonedParts(instant, timeZone);
  return { date, start: startOfDayIn(date, timeZone), end: startOfDayIn(addDays(date, 1), timeZone) };
}

/** Minutes past the local day's start an instant reads as on the wall clock (9:30 → 570). */
export function minutesOfDay(instant: Date | string | number, timeZone: string): number {
  const p = zonedParts(instant, timeZone);
  return p.hour * 60 + p.minute;
}

/** Day of the week of a calendar date: 0 = Sunday … 6 = Saturday. */
export function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/** Whole days from one calendar date to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}
