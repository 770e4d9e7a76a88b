import { addDays, weekdayOf, zonedParts, zonedTimeToInstant } from '../time/zoned';

/**
 * The `wait_until` step's due time: the first instant after `now` that reads `time` (HH:MM) on a
 * wall clock in `timeZone`, on one of `days` (0 = Sunday … 6; empty: any day). Daylight saving is
 * the zone module's (server/time/zoned.ts): a time the clocks skip moves forward by the jump, a
 * repeated one is its first occurrence. A time already past today (or exactly now) is next time.
 */
export function nextTimeOfDay(now: Date, time: string, days: readonly number[], timeZone: string): Date {
  const today = zonedParts(now, timeZone).date;
  // Eight days: today's time may have passed with today the only day chosen.
  for (let offset = 0; offset <= 7; offset++) {
    const date = addDays(today, offset);
    if (days.length > 0 && !days.includes(weekdayOf(date))) continue;
    const at = zonedTimeToInstant(date, time, timeZone);
    if (at.getTime() > now.getTime()) return at;
  }
  // Unreachable with a valid time (the same weekday a week on is always later).
  return zonedTimeToInstant(addDays(today, 7), time, timeZone);
}
