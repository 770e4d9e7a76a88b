import { addDays } from '../../../../lib/calendar';
import { addMonths, daysBetween, minutesOfDay, startOfMonth, startOfWeek, zonedParts, zonedTimeToInstant } from '../../../../lib/zoned-time';

export const CALENDAR_VIEWS = ['day', 'week', 'month'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

/** The days a view shows around `date`, and the instants bounding them in the zone (for the list query). */
export function calendarRange(view: CalendarView, date: string, timeZone: string, weekStartsOn: number): { days: string[]; from: string; to: string } {
  let first: string;
  let count: number;
  if (view === 'day') {
    first = date;
    count = 1;
  } else if (view === 'week') {
    first = startOfWeek(date, weekStartsOn);
    count = 7;
  } else {
    const monthStart = startOfMonth(date);
    const monthEnd = addDays(addMonths(monthStart, 1), -1);
    first = startOfWeek(monthStart, weekStartsOn);
    count = daysBetween(first, addDays(startOfWeek(monthEnd, weekStartsOn), 7));
  }
  const days = Array.from({ length: count }, (_, i) => addDays(first, i));
  return {
    days,
    from: zonedTimeToInstant(first, '00:00', timeZone).toISOString(),
    to: zonedTimeToInstant(addDays(first, count), '00:00', timeZone).toISOString(),
  };
}

/** The anchor date one step before or after (a day, a week, a month). */
export function stepDate(view: CalendarView, date: string, by: -1 | 1): string {
  if (view === 'day') return addDays(date, by);
  if (view === 'week') return addDays(date, 7 * by);
  return addMonths(date, by);
}

/** The part of an appointment on one day, in minutes past that day's midnight (wall clock). */
export type Segment<T> = { item: T; startMin: number; endMin: number; continuesBefore: boolean; continuesAfter: boolean; lane: number; lanes: number };

type Timed = { id: string; startsAt: string; endsAt: string };

/** Minutes on `day` covered by [start, end): clipped to the day, at least a sliver so it stays visible. */
function clip(day: string, item: Timed, timeZone: string): { startMin: number; endMin: number; before: boolean; after: boolean } | null {
  const dayStart = zonedTimeToInstant(day, '00:00', timeZone).getTime();
  const dayEnd = zonedTimeToInstant(addDays(day, 1), '00:00', timeZone).getTime();
  const start = Date.parse(item.startsAt);
  const end = Date.parse(item.endsAt);
  if (!(start < dayEnd && end > dayStart)) return null;
  const before = start < dayStart;
  const after = end > dayEnd;
  const startMin = before ? 0 : minutesOfDay(item.startsAt, timeZone);
  const endMin = after || end === dayEnd ? 24 * 60 : minutesOfDay(item.endsAt, timeZone);
  return { startMin, endMin: Math.min(24 * 60, Math.max(endMin, startMin + 15)), before, after };
}

/**
 * The appointments of one day laid out side by side where they overlap: each gets a lane and the
 * number of lanes of its cluster, so overlapping ones share the column's width.
 */
export function layoutDay<T extends Timed>(day: string, items: readonly T[], timeZone: string): Segment<T>[] {
  const segments = items
    .map((item) => {
      const c = clip(day, item, timeZone);
      return c ? { item, startMin: c.startMin, endMin: c.endMin, continuesBefore: c.before, continuesAfter: c.after, lane: 0, lanes: 1 } : null;
    })
    .filter((s): s is Segment<T> => s !== null)
    .sort((a, b) => a.startMin - b.startMin || b.endMin - a.endMin);

  let cluster: Segment<T>[] = [];
  let clusterEnd = -1;
  const laneEnds: number[] = [];
  const close = () => {
    const lanes = Math.max(1, ...cluster.map((s) => s.lane + 1));
    for (const s of cluster) s.lanes = lanes;
    cluster = [];
    laneEnds.length = 0;
  };
  for (const seg of segments) {
    if (seg.startMin >= clusterEnd) close();
    let lane = laneEnds.findIndex((end) => end <= seg.startMin);
    if (lane < 0) lane = laneEnds.length;
    laneEnds[lane] = seg.endMin;
    seg.lane = lane;
    cluster.push(seg);
    clusterEnd = Math.max(clusterEnd, seg.endMin);
  }
  close();
  return segments;
}

/** The appointments touching a day, in start order (for the month grid). */
export function itemsOnDay<T extends Timed>(day: string, items: readonly T[], timeZone: string): T[] {
  return items.filter((item) => clip(day, item, timeZone) !== null);
}

/**
 * A start moved by whole days and minutes on the wall clock (what a drag on the grid means),
 * keeping the duration: the new [startsAt, endsAt) as ISO instants.
 */
export function shiftedSlot(item: Timed, dayDelta: number, minuteDelta: number, timeZone: string): { startsAt: string; endsAt: string } {
  const start = zonedParts(item.startsAt, timeZone);
  const total = start.hour * 60 + start.minute + minuteDelta;
  const carry = Math.floor(total / 1440);
  const minutes = total - carry * 1440;
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  const mm = String(minutes % 60).padStart(2, '0');
  const startsAt = zonedTimeToInstant(addDays(start.date, dayDelta + carry), `${hh}:${mm}`, timeZone);
  const duration = Date.parse(item.endsAt) - Date.parse(item.startsAt);
  return { startsAt: startsAt.toISOString(), endsAt: new Date(startsAt.getTime() + duration).toISOString() };
}
