import { addDays, daysBetween, startOfDayIn, weekdayOf, zonedParts, zonedTimeToInstant } from '../time/zoned';
import type { TDateOverride, TWeeklyAvailability, TWallInterval } from './schema';

/**
 * Slot computation, pure and in memory (the caller reads every busy interval of the range in one
 * query). Availability is wall time in each member's zone, turned into instants per local date with
 * server/time/zoned.ts, so a daylight-saving change moves the instants and never the wall hours; a
 * wall time the change skips moves forward by the jump, a repeated one takes the first (decision 018).
 */

export type SlotRules = {
  kind: 'personal' | 'round_robin' | 'collective';
  slotMinutes: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  minimumNoticeMinutes: number;
  maximumPerDay: number | null;
};

export type SlotMember = {
  userId: string;
  timeZone: string;
  weekly: TWeeklyAvailability;
  overrides: TDateOverride[];
};

/** A member's time taken: an appointment's [start, end) in ms; `fromCalendar` counts toward the calendar's maximum per day. */
export type BusyInterval = { userId: string; start: number; end: number; fromCalendar: boolean };

export type Slot = { start: Date; end: Date; userIds: string[] };

const MINUTE = 60_000;

/** The instant a wall time of a date starts in a zone; '24:00' is the next day's midnight. */
function wallInstant(date: string, time: string, timeZone: string): number {
  return time === '24:00' ? startOfDayIn(addDays(date, 1), timeZone).getTime() : zonedTimeToInstant(date, time, timeZone).getTime();
}

/** The wall intervals a member offers on a local date: the date's override when there is one, else the weekday's hours. */
export function intervalsOn(member: Pick<SlotMember, 'weekly' | 'overrides'>, date: string): TWallInterval[] {
  const override = member.overrides.find((o) => o.date === date);
  return override ? override.intervals : (member.weekly[weekdayOf(date)] ?? []);
}

/** The starts (ms) a member is free to take, in [from, to), ascending; busy must be this member's, sorted by start. */
function memberStarts(rules: SlotRules, member: SlotMember, busy: BusyInterval[], range: { from: number; to: number; earliest: number }): number[] {
  const length = rules.slotMinutes * MINUTE;
  // Buffers pad every appointment and the slot alike: a slot and an appointment keep `before + after` apart.
  const gap = (rules.bufferBeforeMinutes + rules.bufferAfterMinutes) * MINUTE;
  // Local dates that can hold a slot of the range: one day either side covers any zone's offset.
  const firstDate = addDays(zonedParts(range.from, member.timeZone).date, -1);
  const days = daysBetween(firstDate, zonedParts(range.to, member.timeZone).date) + 1;
  const perDay = new Map<string, number>();
  if (rules.maximumPerDay !== null) {
    for (const b of busy) {
      if (!b.fromCalendar) continue;
      const date = zonedParts(b.start, member.timeZone).date;
      perDay.set(date, (perDay.get(date) ?? 0) + 1);
    }
  }
  const starts: number[] = [];
  let cursor = 0; // busy[cursor..] may still overlap what comes next (starts only grow)
  for (let d = 0; d <= days; d++) {
    const date = addDays(firstDate, d);
    if (rules.maximumPerDay !== null && (perDay.get(date) ?? 0) >= rules.maximumPerDay) continue;
    for (const interval of intervalsOn(member, date)) {
      const open = wallInstant(date, interval.start, member.timeZone);
      const close = wallInstant(date, interval.end, member.timeZone);
      for (let start = open; start + length <= close; start += length) {
        if (start < range.from || start < range.earliest) continue;
        if (start >= range.to) break;
        const end = start + length;
        // What ended before this slot's buffers can touch no later slot either.
        while (cursor < busy.length && busy[cursor]!.end + gap <= start) cursor++;
        let blocked = false;
        for (let i = cursor; i < busy.length && busy[i]!.start < end + gap; i++) {
          if (busy[i]!.end + gap > start) {
            blocked = true;
            break;
          }
        }
        if (!blocked) starts.push(start);
      }
    }
  }
  return starts;
}

/**
 * The calendar's bookable slots in [from, to): each member's free starts, then a personal calendar's
 * own, a round robin's union (with who is free), a collective's intersection (everyone).
 */
export function computeSlots(rules: SlotRules, members: SlotMember[], busy: BusyInterval[], range: { from: Date; to: Date; now: Date }): Slot[] {
  const window = { from: range.from.getTime(), to: range.to.getTime(), earliest: range.now.getTime() + rules.minimumNoticeMinutes * MINUTE };
  const byMember = new Map<string, BusyInterval[]>(members.map((m) => [m.userId, []]));
  for (const b of busy) byMember.get(b.userId)?.push(b);
  const freeAt = new Map<number, string[]>();
  for (const member of members) {
    const own = byMember.get(member.userId)!.sort((a, b) => a.start - b.start);
    for (const start of memberStarts(rules, member, own, window)) {
      const users = freeAt.get(start);
      if (users) users.push(member.userId);
      else freeAt.set(start, [member.userId]);
    }
  }
  const length = rules.slotMinutes * MINUTE;
  const slots: Slot[] = [];
  for (const [start, userIds] of freeAt) {
    if (rules.kind === 'collective' && userIds.length < members.length) continue;
    slots.push({ start: new Date(start), end: new Date(start + length), userIds });
  }
  return slots.sort((a, b) => a.start.getTime() - b.start.getTime());
}
