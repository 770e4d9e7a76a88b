import { addDays, zonedParts, zonedTimeToInstant } from '../time/zoned';

/**
 * A small 5-field cron parser (minute hour day-of-month month day-of-week) and the next occurrence
 * of an expression on a time zone's wall clock, daylight saving included (server/time/zoned.ts).
 * Zod-free and server-free: schema.ts validates a schedule trigger's expression with it, in the
 * builder too.
 *
 * Syntax per field: `*`, a number, a range `a-b`, a step `*\/n`, `a-b/n` or `a/n`, and lists of
 * those joined by commas; months JAN–DEC and weekdays SUN–SAT by name too; weekday 7 is Sunday.
 * Like Vixie cron, when both day fields are restricted a day matching either one matches.
 *
 * Daylight saving: a wall time the change skips fires at the same time on the moved clock (02:30 on
 * the spring-forward night fires at 03:30); a repeated wall time fires once, at its first instant.
 */

export type CronSchedule = {
  minutes: number[];
  hours: number[];
  days: Set<number>;
  months: Set<number>;
  weekdays: Set<number>;
  /** Whether day-of-month / day-of-week were restricted (not `*`). */
  dayRestricted: boolean;
  weekdayRestricted: boolean;
};

export type CronParse = { ok: true; schedule: CronSchedule } | { ok: false; error: string };

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const WEEKDAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];

type FieldRule = { name: string; min: number; max: number; names?: string[]; namesFrom?: number };
const FIELDS: FieldRule[] = [
  { name: 'minute', min: 0, max: 59 },
  { name: 'hour', min: 0, max: 23 },
  { name: 'day of month', min: 1, max: 31 },
  { name: 'month', min: 1, max: 12, names: MONTHS, namesFrom: 1 },
  { name: 'day of week', min: 0, max: 7, names: WEEKDAYS, namesFrom: 0 },
];

function valueOf(token: string, rule: FieldRule): number | string {
  const upper = token.toUpperCase();
  if (rule.names) {
    const index = rule.names.indexOf(upper);
    if (index >= 0) return index + (rule.namesFrom ?? 0);
  }
  if (!/^\d{1,2}$/.test(token)) return `${rule.name}: "${token}" is not a number${rule.names ? ' or a name' : ''}`;
  const n = Number(token);
  if (n < rule.min || n > rule.max) return `${rule.name}: ${n} is out of range ${rule.min}–${rule.max}`;
  return n;
}

function parseField(text: string, rule: FieldRule): Set<number> | string {
  const out = new Set<number>();
  for (const part of text.split(',')) {
    if (part === '') return `${rule.name}: an empty list item`;
    const [range, stepText, extra] = part.split('/');
    if (extra !== undefined) return `${rule.name}: "${part}" has more than one /`;
    let step = 1;
    if (stepText !== undefined) {
      if (!/^\d{1,2}$/.test(stepText) || Number(stepText) === 0) return `${rule.name}: the step in "${part}" must be a whole number from 1`;
      step = Number(stepText);
    }
    let from: number;
    let to: number;
    if (range === '*') {
      from = rule.min;
      to = rule.max;
    } else {
      const bounds = range!.split('-');
      if (bounds.length > 2) return `${rule.name}: "${part}" is not a range`;
      const a = valueOf(bounds[0]!, rule);
      if (typeof a === 'string') return a;
      from = a;
      if (bounds.length === 2) {
        const b = valueOf(bounds[1]!, rule);
        if (typeof b === 'string') return b;
        if (b < a) return `${rule.name}: the range "${part}" runs backwards`;
        to = b;
      } else {
        to = stepText !== undefined ? rule.max : a;
      }
    }
    for (let v = from; v <= to; v += step) out.add(v);
  }
  return out;
}

/** Parses a 5-field expression; the error names the field and what is wrong. */
export function parseCron(expression: string): CronParse {
  const fields = expression.trim().split(/\s+/);
  if (fields.length !== 5 || fields[0] === '') return { ok: false, error: 'must have 5 fields: minute hour day-of-month month day-of-week' };
  const sets: Set<number>[] = [];
  for (let i = 0; i < 5; i++) {
    const parsed = parseField(fields[i]!, FIELDS[i]!);
    if (typeof parsed === 'string') return { ok: false, error: parsed };
    sets.push(parsed);
  }
  const weekdays = new Set([...sets[4]!].map((d) => d % 7));
  const schedule: CronSchedule = {
    minutes: [...sets[0]!].sort((a, b) => a - b),
    hours: [...sets[1]!].sort((a, b) => a - b),
    days: sets[2]!,
    months: sets[3]!,
    weekdays,
    dayRestricted: !fields[2]!.startsWith('*'),
    weekdayRestricted: !fields[4]!.startsWith('*'),
  };
  // A day that can never come (30 February) would never fire.
  const possible = [...schedule.months].some((m) => [...schedule.days].some((d) => d <= [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]!));
  if (schedule.dayRestricted && !schedule.weekdayRestricted && !possible) return { ok: false, error: 'day of month: no chosen month has that day' };
  return { ok: true, schedule };
}

/** The error of an expression, or null when it parses. */
export function cronError(expression: string): string | null {
  const parsed = parseCron(expression);
  return parsed.ok ? null : parsed.error;
}

function dayMatches(s: CronSchedule, date: string): boolean {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  if (!s.months.has(month)) return false;
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  const byDay = s.days.has(day);
  const byWeekday = s.weekdays.has(weekday);
  if (s.dayRestricted && s.weekdayRestricted) return byDay || byWeekday;
  return byDay && byWeekday;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Days searched ahead before giving up (29 February on a Monday is years away). */
const SEARCH_DAYS = 366 * 8;

/** The first occurrence strictly after `after`, on the wall clock of `timeZone`; null when none comes within eight years. */
export function nextOccurrence(schedule: CronSchedule, after: Date, timeZone: string): Date | null {
  // From the day before (a skipped time can resolve into the next day's first hour) onwards.
  let date = addDays(zonedParts(after, timeZone).date, -1);
  for (let i = 0; i < SEARCH_DAYS; i++, date = addDays(date, 1)) {
    if (!dayMatches(schedule, date)) continue;
    // The day's earliest instant after `after` (a skipped wall time moved forward may pass a later one).
    let best: Date | null = null;
    for (const hour of schedule.hours) {
      for (const minute of schedule.minutes) {
        const at = zonedTimeToInstant(date, `${pad(hour)}:${pad(minute)}`, timeZone);
        if (at.getTime() > after.getTime() && (!best || at < best)) best = at;
      }
      if (best) break;
    }
    if (best) return best;
  }
  return null;
}
