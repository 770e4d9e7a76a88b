import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { CalendarCogIcon, CalendarDaysIcon, ChevronLeftIcon, ChevronRightIcon, PlusIcon } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { z } from 'zod';
import { FormAlert } from '../../components/form';
import { Page } from '../../components/page';
import { Button } from '../../components/ui/button';
import { focusRing } from '../../components/ui/focus';
import { Label, Select } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { APPOINTMENT_STATUSES, type TListAppointmentsInput } from '../../lib/appointments-schema';
import { useCan, useMe } from '../../lib/auth';
import { formatCalendarDate, formatCalendarRange, todayIn } from '../../lib/calendar';
import { cn } from '../../lib/cn';
import { errorMessageOf } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { localeWeekStart, safeZone } from '../../lib/zoned-time';
import { AppointmentDetails, useReschedule } from './-components/appointments/appointment-details';
import { AppointmentDialog, type AppointmentSlot } from './-components/appointments/appointment-dialog';
import { STATUS_LABELS } from './-components/appointments/appointment-meta';
import { CALENDAR_VIEWS, type CalendarView, calendarRange, stepDate } from './-components/appointments/calendar-model';
import { MonthGrid } from './-components/appointments/month-grid';
import { TimeGrid } from './-components/appointments/time-grid';
import { LiveRegion } from './-components/crm/live-region';
import { useMembers } from './-components/crm/pickers';
import type { Appointment } from './-components/crm/types';

const optional = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

/** View, the date it shows and the filters live in the URL: reload, Back and shared links keep them. */
const ZAppointmentsSearch = z.object({
  view: optional(z.enum(CALENDAR_VIEWS)),
  date: optional(z.iso.date()),
  assigneeId: optional(z.uuid()),
  status: optional(z.enum(APPOINTMENT_STATUSES)),
});
type AppointmentsSearch = z.infer<typeof ZAppointmentsSearch>;

const VIEW_LABELS: Record<CalendarView, string> = { day: 'Day', week: 'Week', month: 'Month' };

/** Everything the calendar needs from the URL and the user's zone: the days shown and the list query. */
function calendarOf(search: AppointmentsSearch, timeZone: string) {
  const view = search.view ?? 'week';
  const date = search.date ?? todayIn(timeZone);
  const range = calendarRange(view, date, timeZone, localeWeekStart());
  const input: TListAppointmentsInput = { from: range.from, to: range.to, assigneeId: search.assigneeId, status: search.status };
  return { view, date, days: range.days, input };
}

export const Route = createFileRoute('/_app/appointments')({
  validateSearch: ZAppointmentsSearch,
  staticData: { title: 'Appointments', nav: { label: 'Appointments', icon: CalendarDaysIcon, order: 90 } },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    const timeZone = safeZone(context.trpc.auth.me.getData()?.user.preferences.timezone);
    return Promise.all([context.trpc.appointments.list.ensureData(calendarOf(deps, timeZone).input), context.trpc.members.list.ensureData()]);
  },
  component: AppointmentsPage,
});

function AppointmentsPage() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const { data: me } = useMe();
  const canWrite = useCan('appointments:write');
  const canReadCalendars = useCan('calendars:read');
  const timeZone = safeZone(me?.user.preferences.timezone);
  const { view, date, days, input } = calendarOf(search, timeZone);
  const today = todayIn(timeZone);
  const list = trpc.appointments.list.useQuery(input);
  const { reschedule } = useReschedule(input);
  const [selected, setSelected] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ appointment?: Appointment; slot?: AppointmentSlot } | null>(null);
  const onSearch = (patch: Partial<AppointmentsSearch>) => void navigate({ search: (prev) => ({ ...prev, ...patch }) });
  const items = useMemo(() => list.data?.items ?? [], [list.data]);
  const selectedAppointment = items.find((a) => a.id === selected) ?? null;

  const title =
    view === 'day'
      ? formatCalendarDate(date, { dateStyle: 'full' })
      : view === 'week'
        ? formatCalendarRange(days[0]!, days[days.length - 1]!)
        : formatCalendarDate(`${date.slice(0, 7)}-01`, { month: 'long', year: 'numeric' });
  const unit = view === 'day' ? 'day' : view === 'week' ? 'week' : 'month';

  return (
    <Page
      title="Appointments"
      description={`Calls and meetings with your contacts, shown in ${timeZone.replaceAll('_', ' ')}.`}
      className="max-w-none"
      actions={
        <>
          {canReadCalendars ? (
            <Button variant="outline" asChild>
              <Link to="/settings/calendars">
                <CalendarCogIcon className="size-4" aria-hidden />
                Booking calendars
              </Link>
            </Button>
          ) : null}
          {canWrite ? (
            <Button onClick={() => setEditing({})}>
              <PlusIcon className="size-4" aria-hidden />
              New appointment
            </Button>
          ) : null}
        </>
      }
    >
      <section aria-labelledby="calendar-title" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center gap-3">
          <div className="flex items-center gap-1">
            <Button variant="outline" onClick={() => onSearch({ date: undefined })} disabled={date === today && !search.date}>
              Today
            </Button>
            <Button variant="ghost" size="icon" aria-label={`Previous ${unit}`} onClick={() => onSearch({ date: stepDate(view, date, -1) })}>
              <ChevronLeftIcon className="size-5" aria-hidden />
            </Button>
            <Button variant="ghost" size="icon" aria-label={`Next ${unit}`} onClick={() => onSearch({ date: stepDate(view, date, 1) })}>
              <ChevronRightIcon className="size-5" aria-hidden />
            </Button>
          </div>
          <h2 id="calendar-title" className="min-w-0 flex-1 text-lg font-semibold text-gray-900 dark:text-white">
            {title}
          </h2>
          <div role="group" aria-label="Calendar view" className="inline-flex items-center gap-1 rounded-lg bg-gray-100 p-1 dark:bg-gray-800">
            {CALENDAR_VIEWS.map((v) => (
              <button
                key={v}
                type="button"
                aria-pressed={view === v}
                onClick={() => onSearch({ view: v === 'week' ? undefined : v })}
                className={cn(
                  'inline-flex h-8 items-center rounded-md px-3 text-sm font-medium text-gray-600 transition-colors hover:text-gray-900 dark:text-gray-400 dark:hover:text-white',
                  'aria-pressed:bg-white aria-pressed:text-gray-900 aria-pressed:shadow-sm dark:aria-pressed:bg-gray-950 dark:aria-pressed:text-white',
                  focusRing,
                )}
              >
                {VIEW_LABELS[v]}
              </button>
            ))}
          </div>
        </div>
        <CalendarFilters search={search} onSearch={onSearch} />
        <LiveRegion
          message={list.data ? `${title}: ${list.data.items.length === 0 ? 'no appointments' : `${list.data.items.length} ${list.data.items.length === 1 ? 'appointment' : 'appointments'}`}.` : ''}
        />
        {list.error ? (
          <FormAlert message={errorMessageOf(list.error, 'Could not load the calendar')} />
        ) : !list.data ? (
          <Spinner className="mx-auto my-12" />
        ) : (
          <>
            {list.data.truncated ? (
              <p className="text-sm text-amber-700 dark:text-amber-400">Only the first {list.data.total} appointments of this range are shown. Narrow it with the filters or a shorter view.</p>
            ) : null}
            {view === 'month' ? (
              <MonthGrid days={days} month={date.slice(0, 7)} items={items} timeZone={timeZone} today={today} onOpen={(a) => setSelected(a.id)} onDay={(d) => onSearch({ view: 'day', date: d })} />
            ) : (
              <TimeGrid
                days={days}
                items={items}
                timeZone={timeZone}
                today={today}
                canWrite={canWrite}
                onOpen={(a) => setSelected(a.id)}
                onSlot={(d, time) => setEditing({ slot: { date: d, time } })}
                onMove={(a, slot) => void reschedule(a, slot, timeZone)}
                onDay={(d) => onSearch({ view: 'day', date: d })}
              />
            )}
            {items.length === 0 ? (
              <p className="text-sm text-gray-600 dark:text-gray-400">
                No appointments {view === 'day' ? 'on this day' : `this ${unit}`}.{canWrite ? ' Click an empty slot or use “New appointment” to book one.' : ''}
              </p>
            ) : null}
          </>
        )}
      </section>
      <AppointmentDetails
        appointment={selectedAppointment}
        timeZone={timeZone}
        canWrite={canWrite}
        listInput={input}
        onClose={() => setSelected(null)}
        onEdit={(a) => {
          setSelected(null);
          setEditing({ appointment: a });
        }}
      />
      <AppointmentDialog open={editing !== null} onOpenChange={(open) => (open ? undefined : setEditing(null))} appointment={editing?.appointment} slot={editing?.slot} />
    </Page>
  );
}

function CalendarFilters({ search, onSearch }: { search: AppointmentsSearch; onSearch: (patch: Partial<AppointmentsSearch>) => void }) {
  const id = useId();
  const members = useMembers();
  return (
    <div role="search" aria-label="Filter appointments" className="flex flex-wrap items-end gap-3">
      <div className="flex w-[calc(50%-0.375rem)] flex-col gap-1 sm:w-48">
        <Label htmlFor={`${id}-assignee`} className="text-xs text-gray-600 dark:text-gray-400">
          Assignee
        </Label>
        <Select id={`${id}-assignee`} value={search.assigneeId ?? ''} onChange={(e) => onSearch({ assigneeId: e.target.value || undefined })}>
          <option value="">Everyone</option>
          {(members.data?.members ?? []).map((m) => (
            <option key={m.userId} value={m.userId}>
              {m.name}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex w-[calc(50%-0.375rem)] flex-col gap-1 sm:w-40">
        <Label htmlFor={`${id}-status`} className="text-xs text-gray-600 dark:text-gray-400">
          Status
        </Label>
        <Select id={`${id}-status`} value={search.status ?? ''} onChange={(e) => onSearch({ status: (e.target.value || undefined) as AppointmentsSearch['status'] })}>
          <option value="">Any status</option>
          {APPOINTMENT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </Select>
      </div>
    </div>
  );
}
