import { Link } from '@tanstack/react-router';
import { CalendarDaysIcon, CalendarIcon, VideoIcon } from 'lucide-react';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../../../server/assembly';
import { Badge } from '../../../../components/ui/badge';
import { focusRing } from '../../../../components/ui/focus';
import { formatCalendarDate } from '../../../../lib/calendar';
import { cn } from '../../../../lib/cn';
import { formatCount } from './format';
import { Panel, PanelEmpty } from './panel';
import { ServerLink } from './server-link';

type Out = inferRouterOutputs<AppRouter>;
type TaskCounts = Out['tasks']['counts'];
type Appointments = Out['appointments']['list'];

const APPOINTMENTS_SHOWN = 5;

function timeRange(startsAt: string, endsAt: string, timeZone: string | undefined): string {
  const format = (tz: string | undefined) => new Intl.DateTimeFormat(undefined, { timeStyle: 'short', timeZone: tz }).formatRange(new Date(startsAt), new Date(endsAt));
  try {
    return format(timeZone);
  } catch {
    return format(undefined);
  }
}

const STATUS: Record<Appointments['items'][number]['status'], { label: string; tone: 'gray' | 'green' | 'red' | 'amber' | 'indigo' }> = {
  scheduled: { label: 'Scheduled', tone: 'indigo' },
  completed: { label: 'Completed', tone: 'green' },
  cancelled: { label: 'Cancelled', tone: 'gray' },
  no_show: { label: 'No-show', tone: 'red' },
};

/** The command center's "today": the task counts by view and today's appointments, in the user's time zone. */
export function TodayPanel({
  date,
  counts,
  appointments,
  timeZone,
  className,
}: {
  /** Today, 'YYYY-MM-DD' in the user's zone. */
  date: string;
  counts: TaskCounts | undefined;
  appointments: Appointments | undefined;
  timeZone: string | undefined;
  className?: string;
}) {
  const tiles = counts
    ? ([
        { label: 'Due today', value: counts.today, view: 'today', tone: 'text-indigo-700 dark:text-indigo-300' },
        { label: 'Overdue', value: counts.overdue, view: 'overdue', tone: counts.overdue > 0 ? 'text-red-700 dark:text-red-300' : 'text-gray-900 dark:text-white' },
        { label: 'Upcoming', value: counts.upcoming, view: 'upcoming', tone: 'text-gray-900 dark:text-white' },
        { label: 'My open tasks', value: counts.mine, view: 'mine', tone: 'text-gray-900 dark:text-white' },
      ] as const)
    : null;
  const items = appointments?.items ?? [];
  const upcoming = items.filter((a) => a.status !== 'cancelled');
  return (
    <Panel title="Today" description={formatCalendarDate(date, { weekday: 'long', month: 'long', day: 'numeric' })} className={className}>
      <div className="flex flex-col gap-5">
        {tiles ? (
          <section aria-label="Tasks">
            <h3 className="mb-2 text-xs font-semibold tracking-wide text-gray-500 uppercase dark:text-gray-400">Tasks</h3>
            <ul className="grid grid-cols-2 gap-2">
              {tiles.map((tile) => (
                <li key={tile.view}>
                  <ServerLink
                    link={{ to: '/tasks', search: { view: tile.view } }}
                    className={cn(
                      'flex flex-col rounded-lg border border-gray-200 px-3 py-2 hover:border-indigo-300 hover:bg-indigo-50/50 dark:border-gray-800 dark:hover:border-indigo-700 dark:hover:bg-indigo-950/30',
                      focusRing,
                    )}
                  >
                    <span className={cn('text-xl font-semibold tabular-nums', tile.tone)}>{formatCount(tile.value)}</span>
                    <span className="text-xs text-gray-600 dark:text-gray-400">{tile.label}</span>
                  </ServerLink>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {appointments ? (
          <section aria-label="Appointments today">
            <div className="mb-2 flex items-center justify-between gap-2">
              <h3 className="text-xs font-semibold tracking-wide text-gray-500 uppercase dark:text-gray-400">Appointments</h3>
              <Link
                to="/appointments"
                className="rounded text-xs font-medium text-indigo-600 hover:underline focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none dark:text-indigo-400"
              >
                Open calendar
              </Link>
            </div>
            {items.length === 0 ? (
              <PanelEmpty icon={CalendarIcon} title="No appointments today" />
            ) : (
              <>
                <p className="mb-2 text-sm text-gray-600 dark:text-gray-400">
                  {formatCount(upcoming.length)} {upcoming.length === 1 ? 'appointment' : 'appointments'}
                  {items.length > upcoming.length ? ` (${items.length - upcoming.length} cancelled)` : ''}
                </p>
                <ul className="flex flex-col divide-y divide-gray-100 dark:divide-gray-800">
                  {items.slice(0, APPOINTMENTS_SHOWN).map((a) => (
                    <li key={a.id} className="flex items-start gap-3 py-2">
                      <CalendarDaysIcon className="mt-0.5 size-4 shrink-0 text-gray-400" aria-hidden />
                      <div className="min-w-0 flex-1">
                        <p className={cn('truncate text-sm font-medium text-gray-900 dark:text-white', a.status === 'cancelled' && 'line-through opacity-70')}>{a.title}</p>
                        <p className="text-xs text-gray-600 dark:text-gray-400">
                          {timeRange(a.startsAt, a.endsAt, timeZone)}
                          {a.contact ? ` · ${a.contact.name}` : ''}
                          {a.location ? ` · ${a.location}` : ''}
                        </p>
                      </div>
                      {a.meetingUrl && a.status === 'scheduled' ? (
                        <a
                          href={a.meetingUrl}
                          target="_blank"
                          rel="noreferrer noopener"
                          aria-label={`Join ${a.title}`}
                          className={cn(
                            'inline-flex size-7 items-center justify-center rounded-md text-gray-500 hover:bg-gray-100 hover:text-gray-900 dark:hover:bg-gray-800 dark:hover:text-white',
                            focusRing,
                          )}
                        >
                          <VideoIcon className="size-4" aria-hidden />
                        </a>
                      ) : null}
                      {a.status !== 'scheduled' ? <Badge tone={STATUS[a.status].tone}>{STATUS[a.status].label}</Badge> : null}
                    </li>
                  ))}
                </ul>
                {items.length > APPOINTMENTS_SHOWN ? (
                  <p className="mt-1 text-xs text-gray-600 dark:text-gray-400">
                    and {items.length - APPOINTMENTS_SHOWN} more —{' '}
                    <Link to="/appointments" className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
                      see the calendar
                    </Link>
                  </p>
                ) : null}
              </>
            )}
          </section>
        ) : null}
        {!tiles && !appointments ? <PanelEmpty icon={CalendarIcon} title="Tasks and appointments are not open to your role" /> : null}
      </div>
    </Panel>
  );
}
