import { type MouseEvent, type PointerEvent, useEffect, useMemo, useRef, useState } from 'react';
import { focusRing } from '../../../../components/ui/focus';
import { formatCalendarDate } from '../../../../lib/calendar';
import { cn } from '../../../../lib/cn';
import { formatTimeRangeIn, minutesOfDay, minutesToTime, zoneAbbreviation } from '../../../../lib/zoned-time';
import type { Appointment } from '../crm/types';
import { STATUS_BLOCKS, STATUS_LABELS } from './appointment-meta';
import { layoutDay, type Segment, shiftedSlot } from './calendar-model';

export const HOUR_PX = 48;
const MIN_PX = HOUR_PX / 60;
/** Drags snap to a quarter of an hour; a click on an empty slot starts on the half hour. */
const SNAP_MIN = 15;
const SLOT_MIN = 30;
const HOURS = Array.from({ length: 24 }, (_, h) => h);

type Drag = { id: string; dayIndex: number; x: number; y: number; moved: boolean; dayDelta: number; minuteDelta: number; columnWidth: number };

/**
 * Day and week views: a 24-hour grid per day in the user's time zone, appointments placed by their
 * wall-clock time (overlapping ones side by side). A click on an empty slot proposes a new
 * appointment there; an appointment dragged with a mouse or pen moves by quarter hours and days.
 */
export function TimeGrid({
  days,
  items,
  timeZone,
  today,
  canWrite,
  onOpen,
  onSlot,
  onMove,
  onDay,
}: {
  days: string[];
  items: readonly Appointment[];
  timeZone: string;
  today: string;
  canWrite: boolean;
  onOpen: (appointment: Appointment) => void;
  onSlot: (date: string, time: string) => void;
  onMove: (appointment: Appointment, slot: { startsAt: string; endsAt: string }) => void;
  onDay: (date: string) => void;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const columns = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  const dragRef = useRef<Drag | null>(null);
  // After a drop the preview stays until the calendar's data changes (the optimistic update lands a tick later).
  const [settling, setSettling] = useState<{ drag: Drag; items: readonly Appointment[] } | null>(null);
  // The click that ends a drag is not a click that opens the appointment.
  const suppressClick = useRef(false);
  const segments = useMemo(() => days.map((day) => layoutDay(day, items, timeZone)), [days, items, timeZone]);
  const now = useNow();
  const preview = drag ?? (settling && settling.items === items ? settling.drag : null);

  // Opens scrolled to the working day (or the earliest appointment before it).
  const firstStart = Math.min(8 * 60, ...segments.flat().map((s) => s.startMin));
  useEffect(() => {
    if (scroller.current) scroller.current.scrollTop = Math.max(0, firstStart * MIN_PX - HOUR_PX / 2);
    // Only when the range changes, not on every refetch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [days.join()]);

  function start(event: PointerEvent<HTMLButtonElement>, appointment: Appointment, dayIndex: number) {
    if (!canWrite || event.button !== 0 || event.pointerType === 'touch' || appointment.status === 'cancelled') return;
    const width = columns.current ? columns.current.getBoundingClientRect().width / days.length : 0;
    suppressClick.current = false;
    dragRef.current = { id: appointment.id, dayIndex, x: event.clientX, y: event.clientY, moved: false, dayDelta: 0, minuteDelta: 0, columnWidth: width };
    event.currentTarget.setPointerCapture(event.pointerId);
  }

  function move(event: PointerEvent<HTMLButtonElement>) {
    const current = dragRef.current;
    if (!current || !columns.current) return;
    if (!current.moved && Math.abs(event.clientY - current.y) < 5 && Math.abs(event.clientX - current.x) < 5) return;
    const rect = columns.current.getBoundingClientRect();
    const index = Math.min(days.length - 1, Math.max(0, Math.floor((event.clientX - rect.left) / (rect.width / days.length))));
    const next = { ...current, moved: true, dayDelta: index - current.dayIndex, minuteDelta: Math.round((event.clientY - current.y) / MIN_PX / SNAP_MIN) * SNAP_MIN };
    dragRef.current = next;
    if (next.dayDelta !== drag?.dayDelta || next.minuteDelta !== drag?.minuteDelta || !drag) setDrag(next);
  }

  function end(appointment: Appointment) {
    const current = dragRef.current;
    dragRef.current = null;
    setDrag(null);
    if (!current?.moved) return;
    suppressClick.current = true;
    if (current.dayDelta === 0 && current.minuteDelta === 0) return;
    setSettling({ drag: current, items });
    onMove(appointment, shiftedSlot(appointment, current.dayDelta, current.minuteDelta, timeZone));
  }

  function cancel() {
    dragRef.current = null;
    setDrag(null);
  }

  function slotAt(event: MouseEvent<HTMLDivElement>, date: string) {
    if (!canWrite || event.target !== event.currentTarget) return;
    const rect = event.currentTarget.getBoundingClientRect();
    const minutes = Math.floor((event.clientY - rect.top) / MIN_PX / SLOT_MIN) * SLOT_MIN;
    onSlot(date, minutesToTime(Math.min(minutes, 24 * 60 - SLOT_MIN)));
  }

  const template = { gridTemplateColumns: `3.5rem repeat(${days.length}, minmax(0, 1fr))` };
  return (
    <div className="relative overflow-x-auto rounded-xl border border-gray-200 bg-white dark:border-gray-800 dark:bg-gray-900">
      <div className={cn(days.length > 1 && 'min-w-[44rem]')}>
        <div className="grid overflow-y-hidden border-b border-gray-200 [scrollbar-gutter:stable] dark:border-gray-800" style={template}>
          <div className="px-1 py-2 text-right text-[0.65rem] text-gray-500 dark:text-gray-400">{zoneAbbreviation(now, timeZone)}</div>
          {days.map((day) => (
            <div key={day} className="border-l border-gray-200 px-1 py-1.5 text-center dark:border-gray-800">
              <button
                type="button"
                onClick={() => onDay(day)}
                aria-label={`${formatCalendarDate(day, { dateStyle: 'full' })}${day === today ? ' (today)' : ''}: day view`}
                className={cn('inline-flex flex-col items-center rounded-md px-2 py-0.5 text-xs hover:bg-gray-100 dark:hover:bg-gray-800', focusRing)}
              >
                <span className="text-gray-500 uppercase dark:text-gray-400">{formatCalendarDate(day, { weekday: 'short' })}</span>
                <span
                  className={cn(
                    'mt-0.5 flex size-7 items-center justify-center rounded-full text-sm font-semibold',
                    day === today ? 'bg-indigo-600 text-white dark:bg-indigo-500' : 'text-gray-900 dark:text-gray-100',
                  )}
                >
                  {Number(day.slice(8))}
                </span>
              </button>
            </div>
          ))}
        </div>
        <div ref={scroller} className="relative max-h-[68vh] overflow-y-auto [scrollbar-gutter:stable]">
          <div className="relative grid" style={{ gridTemplateColumns: '3.5rem minmax(0, 1fr)', height: 24 * HOUR_PX }}>
            <div className="relative" aria-hidden>
              {HOURS.slice(1).map((h) => (
                <span key={h} className="absolute right-1.5 -translate-y-1/2 text-[0.65rem] text-gray-500 tabular-nums dark:text-gray-400" style={{ top: h * HOUR_PX }}>
                  {hourLabel(h)}
                </span>
              ))}
            </div>
            <div ref={columns} className="grid" style={{ gridTemplateColumns: `repeat(${days.length}, minmax(0, 1fr))` }}>
              {days.map((day, dayIndex) => (
                <div
                  key={day}
                  data-date={day}
                  onClick={(e) => slotAt(e, day)}
                  className={cn(
                    'relative border-l border-gray-200 dark:border-gray-800',
                    canWrite && 'cursor-copy',
                    day === today && 'bg-indigo-50/30 dark:bg-indigo-950/20',
                    '[background-image:repeating-linear-gradient(to_bottom,transparent_0,transparent_47px,var(--grid-line)_47px,var(--grid-line)_48px)] [--grid-line:var(--color-gray-200)] dark:[--grid-line:var(--color-gray-800)]',
                  )}
                >
                  {segments[dayIndex]!.map((segment) => (
                    <EventBlock
                      key={segment.item.id}
                      segment={segment}
                      timeZone={timeZone}
                      canWrite={canWrite}
                      preview={preview?.id === segment.item.id ? preview : null}
                      onPointerDown={(e) => start(e, segment.item, dayIndex)}
                      onPointerMove={move}
                      onPointerUp={() => end(segment.item)}
                      onPointerCancel={cancel}
                      onClick={() => {
                        if (suppressClick.current) suppressClick.current = false;
                        else onOpen(segment.item);
                      }}
                    />
                  ))}
                  {day === today ? <NowLine minutes={minutesOfDay(now, timeZone)} /> : null}
                </div>
              ))}
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}

function EventBlock({
  segment,
  timeZone,
  canWrite,
  preview,
  ...handlers
}: {
  segment: Segment<Appointment>;
  timeZone: string;
  canWrite: boolean;
  preview: Drag | null;
  onPointerDown: (e: PointerEvent<HTMLButtonElement>) => void;
  onPointerMove: (e: PointerEvent<HTMLButtonElement>) => void;
  onPointerUp: () => void;
  onPointerCancel: () => void;
  onClick: () => void;
}) {
  const a = segment.item;
  const height = Math.max((segment.endMin - segment.startMin) * MIN_PX, 18);
  const compact = height < 40;
  const moved = preview ? shiftedSlot(a, preview.dayDelta, preview.minuteDelta, timeZone) : null;
  const time = moved ? formatTimeRangeIn(moved.startsAt, moved.endsAt, timeZone) : formatTimeRangeIn(a.startsAt, a.endsAt, timeZone);
  return (
    <button
      type="button"
      data-appointment={a.id}
      aria-label={`${a.title}, ${formatTimeRangeIn(a.startsAt, a.endsAt, timeZone)}${a.contact ? `, with ${a.contact.name}` : ''}, ${STATUS_LABELS[a.status]}`}
      className={cn(
        'absolute flex flex-col overflow-hidden rounded-md border px-1.5 py-0.5 text-left text-xs shadow-sm select-none',
        STATUS_BLOCKS[a.status],
        canWrite && a.status !== 'cancelled' && 'cursor-grab active:cursor-grabbing',
        preview && 'z-20 opacity-90 shadow-lg ring-2 ring-indigo-500',
        segment.continuesBefore && 'rounded-t-none border-t-dashed',
        segment.continuesAfter && 'rounded-b-none border-b-dashed',
        focusRing,
        'focus-visible:z-10 focus-visible:ring-offset-0',
      )}
      style={{
        top: segment.startMin * MIN_PX,
        height,
        left: `calc(${(segment.lane / segment.lanes) * 100}% + 2px)`,
        width: `calc(${100 / segment.lanes}% - 4px)`,
        transform: preview ? `translate(${preview.dayDelta * preview.columnWidth}px, ${preview.minuteDelta * MIN_PX}px)` : undefined,
      }}
      {...handlers}
    >
      <span className={cn('truncate font-semibold', compact && 'inline')}>
        {a.title}
        {compact ? <span className="ml-1 font-normal opacity-80">{time}</span> : null}
      </span>
      {!compact ? <span className="truncate opacity-80">{time}</span> : null}
      {!compact && a.contact ? <span className="truncate opacity-80">{a.contact.name}</span> : null}
    </button>
  );
}

function NowLine({ minutes }: { minutes: number }) {
  return (
    <div className="pointer-events-none absolute inset-x-0 z-10 flex items-center" style={{ top: minutes * MIN_PX }} aria-hidden>
      <span className="-ml-1 size-2 rounded-full bg-red-500" />
      <span className="h-px flex-1 bg-red-500" />
    </div>
  );
}

/** The current time, refreshed every minute (the "now" line). */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function hourLabel(hour: number): string {
  return new Intl.DateTimeFormat(undefined, { hour: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(2000, 0, 1, hour)));
}
