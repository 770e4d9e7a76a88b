import { focusRing } from '../../../../components/ui/focus';
import { formatCalendarDate } from '../../../../lib/calendar';
import { cn } from '../../../../lib/cn';
import { formatTimeIn } from '../../../../lib/zoned-time';
import type { Appointment } from '../crm/types';
import { STATUS_BLOCKS, STATUS_LABELS } from './appointment-meta';
import { itemsOnDay } from './calendar-model';

const SHOWN_PER_DAY = 3;

/** Month view: six or so weeks of days, each listing its first appointments and how many more. */
export function MonthGrid({
  days,
  month,
  items,
  timeZone,
  today,
  onOpen,
  onDay,
}: {
  days: string[];
  /** 'YYYY-MM' of the month shown; days outside it are dimmed. */
  month: string;
  items: readonly Appointment[];
  timeZone: string;
  today: string;
  onOpen: (appointment: Appointment) => void;
  onDay: (date: string) => void;
}) {
  const weekdays = days.slice(0, 7);
  return (
    <div className="relative overflow-hidden rounded-xl border border-gray-200 bg-white dark:border-gray-800 dark:bg-gray-900">
      <div className="grid grid-cols-7 border-b border-gray-200 dark:border-gray-800" aria-hidden>
        {weekdays.map((day) => (
          <div key={day} className="px-1 py-2 text-center text-xs font-medium text-gray-500 uppercase dark:text-gray-400">
            <span className="sm:hidden">{formatCalendarDate(day, { weekday: 'narrow' })}</span>
            <span className="hidden sm:inline">{formatCalendarDate(day, { weekday: 'short' })}</span>
          </div>
        ))}
      </div>
      <ol className="grid grid-cols-7" aria-label="Days">
        {days.map((day) => {
          const own = itemsOnDay(day, items, timeZone);
          const inMonth = day.startsWith(month);
          return (
            <li
              key={day}
              className={cn(
                'flex min-h-24 min-w-0 flex-col gap-0.5 border-r border-b border-gray-100 p-1 sm:min-h-28 dark:border-gray-800 [&:nth-child(7n)]:border-r-0',
                !inMonth && 'bg-gray-50/70 dark:bg-gray-950/40',
              )}
            >
              <button
                type="button"
                onClick={() => onDay(day)}
                aria-label={`${formatCalendarDate(day, { dateStyle: 'full' })}${day === today ? ' (today)' : ''}, ${own.length === 0 ? 'no appointments' : `${own.length} ${own.length === 1 ? 'appointment' : 'appointments'}`}: day view`}
                className={cn(
                  'flex size-7 items-center justify-center self-end rounded-full text-xs font-medium hover:bg-gray-100 sm:self-start dark:hover:bg-gray-800',
                  day === today ? 'bg-indigo-600 text-white hover:bg-indigo-500 dark:bg-indigo-500' : inMonth ? 'text-gray-900 dark:text-gray-100' : 'text-gray-400 dark:text-gray-500',
                  focusRing,
                )}
              >
                {Number(day.slice(8))}
              </button>
              {own.slice(0, SHOWN_PER_DAY).map((a) => (
                <button
                  key={a.id}
                  type="button"
                  onClick={() => onOpen(a)}
                  aria-label={`${a.title}, ${formatTimeIn(a.startsAt, timeZone)}, ${STATUS_LABELS[a.status]}`}
                  className={cn('truncate rounded border px-1 py-px text-left text-[0.7rem] leading-tight', STATUS_BLOCKS[a.status], focusRing, 'focus-visible:ring-offset-0')}
                >
                  <span className="hidden font-medium tabular-nums sm:inline">{formatTimeIn(a.startsAt, timeZone)} </span>
                  {a.title}
                </button>
              ))}
              {own.length > SHOWN_PER_DAY ? (
                <button type="button" onClick={() => onDay(day)} className={cn('rounded px-1 text-left text-[0.7rem] font-medium text-gray-600 hover:underline dark:text-gray-300', focusRing)}>
                  +{own.length - SHOWN_PER_DAY} more
                </button>
              ) : null}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
