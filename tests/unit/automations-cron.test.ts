import { describe, expect, it } from 'vitest';
import { cronError, nextOccurrence, parseCron } from '../../server/automations/schedule-cron';
import { scheduleExpression, ZScheduleConfig, ZTrigger } from '../../server/automations/schema';

const next = (expression: string, after: string, zone: string) => {
  const parsed = parseCron(expression);
  if (!parsed.ok) throw new Error(parsed.error);
  return nextOccurrence(parsed.schedule, new Date(after), zone)?.toISOString() ?? null;
};

/** The occurrences one after the other. */
const series = (expression: string, after: string, zone: string, count: number) => {
  const out: string[] = [];
  let at = after;
  for (let i = 0; i < count; i++) out.push((at = next(expression, at, zone)!));
  return out;
};

describe('the 5-field cron parser', () => {
  it('refuses malformed expressions, naming the field and what is wrong', () => {
    expect(cronError('* * * *')).toBe('must have 5 fields: minute hour day-of-month month day-of-week');
    expect(cronError('')).toBe('must have 5 fields: minute hour day-of-month month day-of-week');
    expect(cronError('60 * * * *')).toBe('minute: 60 is out of range 0–59');
    expect(cronError('0 24 * * *')).toBe('hour: 24 is out of range 0–23');
    expect(cronError('0 9 0 * *')).toBe('day of month: 0 is out of range 1–31');
    expect(cronError('0 9 * 13 *')).toBe('month: 13 is out of range 1–12');
    expect(cronError('0 9 * * 8')).toBe('day of week: 8 is out of range 0–7');
    expect(cronError('0 9 * * FUN')).toBe('day of week: "FUN" is not a number or a name');
    expect(cronError('*/0 * * * *')).toBe('minute: the step in "*/0" must be a whole number from 1');
    expect(cronError('0 17-9 * * *')).toBe('hour: the range "17-9" runs backwards');
    expect(cronError('0 9 1,,2 * *')).toBe('day of month: an empty list item');
    expect(cronError('0 9 30 2 *')).toBe('day of month: no chosen month has that day');
    expect(cronError('0 9 * * 1-5')).toBeNull();
    expect(cronError('*/15 8-18/2 1,15 JAN-MAR,dec sun,SAT')).toBeNull();
  });

  it('expands lists, ranges, steps and names; 7 is Sunday', () => {
    const parsed = parseCron('*/20 8-12/2 1,15 JAN,jun-aug 7');
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.schedule.minutes).toEqual([0, 20, 40]);
    expect(parsed.schedule.hours).toEqual([8, 10, 12]);
    expect([...parsed.schedule.days].sort((a, b) => a - b)).toEqual([1, 15]);
    expect([...parsed.schedule.months].sort((a, b) => a - b)).toEqual([1, 6, 7, 8]);
    expect([...parsed.schedule.weekdays]).toEqual([0]);
  });

  it('finds the next occurrence on the zone’s wall clock', () => {
    // Weekdays at 09:00 in Paris (UTC+1 in winter): Friday 27 Nov 2026 after 09:00 → Monday 30th.
    expect(next('0 9 * * 1-5', '2026-11-27T08:00:00Z', 'Europe/Paris')).toBe('2026-11-30T08:00:00.000Z');
    expect(next('0 9 * * 1-5', '2026-11-27T07:59:00Z', 'Europe/Paris')).toBe('2026-11-27T08:00:00.000Z');
    // Strictly after: an occurrence at `after` itself is not the next one.
    expect(next('*/15 * * * *', '2026-11-27T10:15:00Z', 'UTC')).toBe('2026-11-27T10:30:00.000Z');
    // Kolkata is UTC+05:30.
    expect(next('30 6 * * *', '2026-11-27T00:00:00Z', 'Asia/Kolkata')).toBe('2026-11-27T01:00:00.000Z');
  });

  it('when both day fields are restricted, either one matches (Vixie cron)', () => {
    // The 1st of the month or any Monday, at noon UTC: after Fri 27 Nov 2026 → Mon 30 Nov, then Tue 1 Dec.
    expect(series('0 12 1 * 1', '2026-11-27T13:00:00Z', 'UTC', 2)).toEqual(['2026-11-30T12:00:00.000Z', '2026-12-01T12:00:00.000Z']);
    // 29 February comes in 2028.
    expect(next('0 0 29 2 *', '2026-11-27T00:00:00Z', 'UTC')).toBe('2028-02-29T00:00:00.000Z');
  });

  it('is right across daylight-saving changes: a skipped time fires moved forward, a repeated one once', () => {
    // New York springs forward on Sunday 8 March 2026 (02:00 EST → 03:00 EDT): 02:30 does not exist that night.
    expect(series('30 2 * * *', '2026-03-07T12:00:00Z', 'America/New_York', 3)).toEqual([
      '2026-03-08T07:30:00.000Z', // 02:30 EST → read with the offset before the change: 03:30 EDT
      '2026-03-09T06:30:00.000Z', // 02:30 EDT
      '2026-03-10T06:30:00.000Z',
    ]);
    // Daily 09:00 keeps 09:00 local on both sides of the change: the UTC hour moves.
    expect(series('0 9 * * *', '2026-03-07T15:00:00Z', 'America/New_York', 2)).toEqual(['2026-03-08T13:00:00.000Z', '2026-03-09T13:00:00.000Z']);
    // Falls back on Sunday 1 November 2026: 01:30 happens twice; it fires once, at the first (EDT).
    expect(series('30 1 * * *', '2026-10-31T12:00:00Z', 'America/New_York', 2)).toEqual(['2026-11-01T05:30:00.000Z', '2026-11-02T06:30:00.000Z']);
    // Paris weekly on Monday 08:00 across the end of summer time (25 October 2026).
    expect(series('0 8 * * MON', '2026-10-18T00:00:00Z', 'Europe/Paris', 2)).toEqual(['2026-10-19T06:00:00.000Z', '2026-10-26T07:00:00.000Z']);
  });
});

describe('the schedule trigger config', () => {
  it('presets stand for cron expressions; cron needs a valid expression, named in the error', () => {
    expect(scheduleExpression(ZScheduleConfig.parse({ frequency: 'daily', time: '07:05' }))).toBe('5 7 * * *');
    expect(scheduleExpression(ZScheduleConfig.parse({ frequency: 'weekly', time: '18:30', weekday: 'friday' }))).toBe('30 18 * * 5');
    const missing = ZTrigger.safeParse({ type: 'schedule', config: { frequency: 'cron' } });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['config.cron', 'is required for a cron schedule']]);
    const bad = ZTrigger.safeParse({ type: 'schedule', config: { frequency: 'cron', cron: '0 25 * * *' } });
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['config.cron', 'hour: 25 is out of range 0–23']]);
    const time = ZTrigger.safeParse({ type: 'schedule', config: { frequency: 'daily', time: '9am' } });
    expect(time.error?.issues.map((i) => i.path.join('.'))).toEqual(['config.time']);
    expect(ZTrigger.safeParse({ type: 'schedule', config: { frequency: 'cron', cron: '0 9 * * 1-5' } }).success).toBe(true);
  });
});
