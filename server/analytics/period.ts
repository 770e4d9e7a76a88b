import { sql } from 'kysely';
import type { Db } from '../db';
import { daysInclusive, DEFAULT_PERIOD, PERIOD_DAYS, type TPeriod } from './schema';

export type BucketUnit = 'day' | 'week' | 'month';

/**
 * A reporting window: whole calendar days in the organization's time zone, `from` to `to`
 * inclusive, as the instants [start, end). The previous period is the same number of days just
 * before it. A preset ('30d') ends today (today included); a custom range is given as from/to.
 */
export type ResolvedPeriod = {
  key: TPeriod | 'custom';
  from: string;
  to: string;
  days: number;
  start: Date;
  end: Date;
  previous: { from: string; to: string; start: Date; end: Date };
  bucket: BucketUnit;
  timezone: string;
  /** The moment figures are computed at ("overdue", "stalled", "as of"). */
  now: Date;
  /** The local date of `now` and the instant it began: figures "up to now" take whole days before it from the daily sums. */
  today: string;
  todayStart: Date;
};

export function addDays(date: string, days: number): string {
  const t = Date.parse(`${date}T00:00:00Z`) + days * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

/** Day buckets up to a month, weeks (starting Monday) up to four months, months beyond. */
export function bucketFor(days: number): BucketUnit {
  if (days <= 31) return 'day';
  if (days <= 120) return 'week';
  return 'month';
}

/** The first day of the bucket holding `date` (date_trunc semantics: ISO weeks start on Monday). */
export function truncDate(date: string, unit: BucketUnit): string {
  if (unit === 'day') return date;
  if (unit === 'month') return `${date.slice(0, 8)}01`;
  const dow = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((dow + 6) % 7));
}

/** Every bucket between two dates (inclusive), by its first day, so that empty buckets show as zero. */
export function bucketsBetween(from: string, to: string, unit: BucketUnit): string[] {
  const out: string[] = [];
  let cursor = truncDate(from, unit);
  while (cursor <= to) {
    out.push(cursor);
    if (unit === 'day') cursor = addDays(cursor, 1);
    else if (unit === 'week') cursor = addDays(cursor, 7);
    else {
      const [y, m] = cursor.split('-').map(Number) as [number, number];
      cursor = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
    }
  }
  return out;
}

/** Today's date in a time zone, 'YYYY-MM-DD'. */
export function localDate(now: Date, timezone: string): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/**
 * Turns a preset or a custom range into dates and instants; the database converts local midnights
 * to instants so the time zone rules (DST included) are Postgres's own.
 */
export async function resolvePeriod(db: Db, input: { period?: TPeriod; from?: string; to?: string }, options: { timezone: string; now: Date }): Promise<ResolvedPeriod> {
  const { timezone, now } = options;
  let key: ResolvedPeriod['key'];
  let from: string;
  let to: string;
  if (input.from && input.to) {
    key = 'custom';
    from = input.from;
    to = input.to;
  } else {
    key = input.period ?? DEFAULT_PERIOD;
    to = localDate(now, timezone);
    from = addDays(to, -(PERIOD_DAYS[key] - 1));
  }
  const days = daysInclusive(from, to);
  const prevFrom = addDays(from, -days);
  const prevTo = addDays(from, -1);
  const today = localDate(now, timezone);
  const row = (
    await sql<{ start: Date; end: Date; prev_start: Date; today_start: Date }>`
      select (${from}::date::timestamp at time zone ${timezone}) as start,
             (${addDays(to, 1)}::date::timestamp at time zone ${timezone}) as end,
             (${prevFrom}::date::timestamp at time zone ${timezone}) as prev_start,
             (${today}::date::timestamp at time zone ${timezone}) as today_start`.execute(db)
  ).rows[0]!;
  const asDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));
  return {
    key,
    from,
    to,
    days,
    start: asDate(row.start),
    end: asDate(row.end),
    previous: { from: prevFrom, to: prevTo, start: asDate(row.prev_start), end: asDate(row.start) },
    bucket: bucketFor(days),
    timezone,
    now,
    today,
    todayStart: asDate(row.today_start),
  };
}

/** Local dates, both included. */
export type Days = { from: string; to: string };
/** Instants, [start, end). */
export type Window = { start: Date; end: Date };

/**
 * A window cut at now, as whole days from the daily sums (`daysBefore`: the days before this one)
 * and the part of today before now from the facts (`today`), when the window reaches today.
 */
export function upToNow(w: Days & Window, p: ResolvedPeriod): { from: string; daysBefore: string; today: Window | null } {
  if (w.to < p.today) return { from: w.from, daysBefore: addDays(w.to, 1), today: null };
  if (w.from > p.today) return { from: w.from, daysBefore: w.from, today: null };
  return { from: w.from, daysBefore: p.today, today: { start: p.todayStart > w.start ? p.todayStart : w.start, end: p.now } };
}

/** What a response says about its window. */
export function describePeriod(p: ResolvedPeriod) {
  return {
    key: p.key,
    from: p.from,
    to: p.to,
    days: p.days,
    bucket: p.bucket,
    timezone: p.timezone,
    previous: { from: p.previous.from, to: p.previous.to },
    asOf: p.now.toISOString(),
  };
}
