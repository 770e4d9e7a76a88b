import { keepPreviousData } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CalendarClockIcon, CheckCircle2Icon, DownloadIcon, MapPinIcon, PencilIcon, RotateCcwIcon, Trash2Icon, UserIcon, UserRoundIcon, UserXIcon, VideoIcon, XCircleIcon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { FormAlert, TextField } from '../../../../components/form';
import { Badge } from '../../../../components/ui/badge';
import { Button, buttonClasses } from '../../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../../components/ui/dialog';
import { focusRing } from '../../../../components/ui/focus';
import { showError } from '../../../../lib/auth';
import { cn } from '../../../../lib/cn';
import { errorMessageOf } from '../../../../lib/errors';
import type { FieldErrors } from '../../../../lib/forms';
import { trpc } from '../../../../lib/trpc';
import { formatDateTimeRangeIn, isCalendarDate, isWallTime, zoneAbbreviation, zonedParts, zonedTimeToInstant } from '../../../../lib/zoned-time';
import type { TListAppointmentsInput } from '../../../../lib/appointments-schema';
import { toast } from '../../../../state/toast';
import { useDebounced } from '../crm/combobox';
import { refreshAppointments } from '../crm/invalidate';
import type { Appointment } from '../crm/types';
import { type AppointmentStatus, ConflictWarning, conflictSummary, STATUS_LABELS, STATUS_TONES } from './appointment-meta';

/**
 * appointments.reschedule with the calendar updated at once (when `listInput` names the range on
 * screen) and put back if the server refuses. Overlaps come back as a warning in the toast, with
 * Undo. Resolves to the server's refusal, or null.
 */
export function useReschedule(listInput?: TListAppointmentsInput) {
  const utils = trpc.useUtils();
  const mutation = trpc.appointments.reschedule.useMutation();

  async function reschedule(appointment: Appointment, slot: { startsAt: string; endsAt: string }, timeZone: string, undo = false): Promise<string | null> {
    const previous = listInput ? utils.appointments.list.getData(listInput) : undefined;
    if (listInput && previous) {
      void utils.appointments.list.cancel(listInput, { revert: false });
      utils.appointments.list.setData(listInput, { ...previous, items: previous.items.map((a) => (a.id === appointment.id ? { ...a, ...slot } : a)) });
    }
    try {
      const { conflicts } = await mutation.mutateAsync({ id: appointment.id, ...slot });
      const when = formatDateTimeRangeIn(slot.startsAt, slot.endsAt, timeZone);
      toast({
        title: undo ? 'Reschedule undone' : conflicts.length > 0 ? 'Rescheduled — overlaps another appointment' : 'Appointment rescheduled',
        description: `${appointment.title}: ${when}.${conflicts.length > 0 ? ` ${conflictSummary(conflicts)}` : ''}`,
        action: undo
          ? undefined
          : {
              label: 'Undo',
              altText: `Undo: move “${appointment.title}” back`,
              onClick: () => void reschedule({ ...appointment, ...slot }, { startsAt: appointment.startsAt, endsAt: appointment.endsAt }, timeZone, true),
            },
      });
      return null;
    } catch (error) {
      if (listInput && previous) utils.appointments.list.setData(listInput, previous);
      showError(error, `Could not reschedule “${appointment.title}”`);
      return errorMessageOf(error, 'Could not reschedule the appointment');
    } finally {
      await refreshAppointments(utils);
    }
  }
  return { reschedule, isPending: mutation.isPending };
}

/** One appointment: when (yours and its own zone), who, where, notes; status changes, reschedule, edit, .ics, delete. */
export function AppointmentDetails({
  appointment,
  timeZone,
  canWrite,
  listInput,
  onClose,
  onEdit,
}: {
  appointment: Appointment | null;
  timeZone: string;
  canWrite: boolean;
  listInput: TListAppointmentsInput;
  onClose: () => void;
  onEdit: (appointment: Appointment) => void;
}) {
  const [rescheduling, setRescheduling] = useState(false);
  return (
    <>
      <Dialog open={appointment !== null && !rescheduling} onOpenChange={(open) => (open ? undefined : onClose())}>
        <DialogContent className="max-w-lg">
          {appointment ? <Details appointment={appointment} timeZone={timeZone} canWrite={canWrite} onClose={onClose} onEdit={onEdit} onReschedule={() => setRescheduling(true)} /> : null}
        </DialogContent>
      </Dialog>
      <Dialog open={appointment !== null && rescheduling} onOpenChange={(open) => (open ? undefined : setRescheduling(false))}>
        <DialogContent className="max-w-md">
          {appointment && rescheduling ? <RescheduleForm appointment={appointment} timeZone={timeZone} listInput={listInput} onDone={() => setRescheduling(false)} /> : null}
        </DialogContent>
      </Dialog>
    </>
  );
}

function Details({
  appointment,
  timeZone,
  canWrite,
  onClose,
  onEdit,
  onReschedule,
}: {
  appointment: Appointment;
  timeZone: string;
  canWrite: boolean;
  onClose: () => void;
  onEdit: (a: Appointment) => void;
  onReschedule: () => void;
}) {
  const utils = trpc.useUtils();
  const setStatus = trpc.appointments.setStatus.useMutation();
  const remove = trpc.appointments.delete.useMutation();
  const otherZone = appointment.timeZone !== timeZone;

  async function changeStatus(status: AppointmentStatus) {
    try {
      await setStatus.mutateAsync({ id: appointment.id, status });
      await refreshAppointments(utils);
      toast({ title: `Marked ${STATUS_LABELS[status].toLowerCase()}`, description: appointment.title });
      onClose();
    } catch (error) {
      showError(error, 'Could not change the status');
    }
  }

  async function onDelete() {
    try {
      await remove.mutateAsync({ id: appointment.id });
      await refreshAppointments(utils);
      toast({ title: 'Appointment deleted', description: appointment.title });
      onClose();
    } catch (error) {
      showError(error, 'Could not delete the appointment');
    }
  }

  const statusButton = (status: AppointmentStatus, label: string, Icon: typeof CheckCircle2Icon) =>
    appointment.status === status ? null : (
      <Button key={status} variant="outline" size="sm" disabled={setStatus.isPending} onClick={() => void changeStatus(status)}>
        <Icon className="size-4" aria-hidden />
        {label}
      </Button>
    );

  return (
    <div className="grid gap-4">
      <DialogHeader>
        <DialogTitle className={cn(appointment.status === 'cancelled' && 'line-through')}>{appointment.title}</DialogTitle>
        <DialogDescription className="flex flex-wrap items-center gap-2">
          <Badge tone={STATUS_TONES[appointment.status]}>{STATUS_LABELS[appointment.status]}</Badge>
          <span>{formatDateTimeRangeIn(appointment.startsAt, appointment.endsAt, timeZone)}</span>
        </DialogDescription>
      </DialogHeader>
      <dl className="grid grid-cols-[1.25rem_1fr] gap-x-3 gap-y-2 text-sm">
        <dt>
          <CalendarClockIcon className="mt-0.5 size-4 text-gray-500" aria-hidden />
          <span className="sr-only">When</span>
        </dt>
        <dd>
          {formatDateTimeRangeIn(appointment.startsAt, appointment.endsAt, timeZone)}{' '}
          <span className="text-gray-500 dark:text-gray-400">({zoneAbbreviation(new Date(appointment.startsAt), timeZone)})</span>
          {otherZone ? (
            <span className="block text-xs text-gray-500 dark:text-gray-400">
              Planned in {appointment.timeZone.replaceAll('_', ' ')}: {formatDateTimeRangeIn(appointment.startsAt, appointment.endsAt, appointment.timeZone)}
            </span>
          ) : null}
        </dd>
        {appointment.contact ? (
          <>
            <dt>
              <UserRoundIcon className="mt-0.5 size-4 text-gray-500" aria-hidden />
              <span className="sr-only">Contact</span>
            </dt>
            <dd>
              <Link to="/contacts/$contactId" params={{ contactId: appointment.contact.id }} className={cn('rounded font-medium text-indigo-700 hover:underline dark:text-indigo-300', focusRing)}>
                {appointment.contact.name}
              </Link>
              {appointment.contact.email ? (
                <a href={`mailto:${appointment.contact.email}`} className={cn('block w-fit rounded text-indigo-700 hover:underline dark:text-indigo-300', focusRing)}>
                  {appointment.contact.email}
                </a>
              ) : null}
              {appointment.contact.phone ? (
                <a href={`tel:${appointment.contact.phone}`} className={cn('block w-fit rounded text-indigo-700 hover:underline dark:text-indigo-300', focusRing)}>
                  {appointment.contact.phone}
                </a>
              ) : null}
            </dd>
          </>
        ) : null}
        <dt>
          <UserIcon className="mt-0.5 size-4 text-gray-500" aria-hidden />
          <span className="sr-only">Assignee</span>
        </dt>
        <dd>{appointment.assignee?.name ?? 'Unassigned'}</dd>
        {appointment.location ? (
          <>
            <dt>
              <MapPinIcon className="mt-0.5 size-4 text-gray-500" aria-hidden />
              <span className="sr-only">Location</span>
            </dt>
            <dd>{appointment.location}</dd>
          </>
        ) : null}
        {appointment.meetingUrl ? (
          <>
            <dt>
              <VideoIcon className="mt-0.5 size-4 text-gray-500" aria-hidden />
              <span className="sr-only">Meeting link</span>
            </dt>
            <dd className="min-w-0">
              <a href={appointment.meetingUrl} target="_blank" rel="noreferrer noopener" className={cn('block truncate rounded text-indigo-700 hover:underline dark:text-indigo-300', focusRing)}>
                {appointment.meetingUrl}
              </a>
            </dd>
          </>
        ) : null}
      </dl>
      {appointment.notes ? <p className="rounded-md bg-gray-50 px-3 py-2 text-sm whitespace-pre-wrap text-gray-700 dark:bg-gray-800/60 dark:text-gray-300">{appointment.notes}</p> : null}
      {canWrite ? (
        <div className="flex flex-wrap gap-2" role="group" aria-label="Status">
          {statusButton('completed', 'Mark completed', CheckCircle2Icon)}
          {statusButton('no_show', 'No-show', UserXIcon)}
          {statusButton('cancelled', 'Cancel appointment', XCircleIcon)}
          {statusButton('scheduled', 'Back to scheduled', RotateCcwIcon)}
        </div>
      ) : null}
      <DialogFooter className="sm:justify-between">
        <a href={`/api/appointments/${appointment.id}/ics`} download className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
          <DownloadIcon className="size-4" aria-hidden />
          Add to calendar (.ics)
        </a>
        {canWrite ? (
          <div className="flex flex-wrap gap-2">
            <ConfirmDialog
              trigger={
                <Button variant="ghost" size="sm" className="text-red-600 hover:text-red-700 dark:text-red-400">
                  <Trash2Icon className="size-4" aria-hidden />
                  Delete
                </Button>
              }
              title="Delete this appointment?"
              description={`“${appointment.title}” will be removed from the calendar. This cannot be undone.`}
              confirmLabel="Delete appointment"
              pendingLabel="Deleting…"
              onConfirm={onDelete}
            />
            <Button variant="outline" size="sm" onClick={onReschedule}>
              <CalendarClockIcon className="size-4" aria-hidden />
              Reschedule
            </Button>
            <Button size="sm" onClick={() => onEdit(appointment)}>
              <PencilIcon className="size-4" aria-hidden />
              Edit
            </Button>
          </div>
        ) : null}
      </DialogFooter>
    </div>
  );
}

/** The keyboard way to reschedule (the drag on the calendar's alternative): a new date, start and end, in your zone. */
function RescheduleForm({ appointment, timeZone, listInput, onDone }: { appointment: Appointment; timeZone: string; listInput: TListAppointmentsInput; onDone: () => void }) {
  const { reschedule, isPending } = useReschedule(listInput);
  const start = zonedParts(appointment.startsAt, timeZone);
  const end = zonedParts(appointment.endsAt, timeZone);
  const [values, setValues] = useState({ date: start.date, startTime: start.time, endTime: end.time, endDate: end.date });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const spanDays = end.date !== start.date;

  const slot = (() => {
    if (!isCalendarDate(values.date) || !isWallTime(values.startTime) || !isWallTime(values.endTime)) return null;
    const startsAt = zonedTimeToInstant(values.date, values.startTime, timeZone);
    let endsAt = zonedTimeToInstant(spanDays && isCalendarDate(values.endDate) ? values.endDate : values.date, values.endTime, timeZone);
    // "23:30 – 00:30" on one date means the end is after midnight.
    if (!spanDays && endsAt <= startsAt) endsAt = new Date(endsAt.getTime() + 86_400_000);
    return { startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString() };
  })();
  const checked = useDebounced(slot && appointment.assignee && Date.parse(slot.endsAt) > Date.parse(slot.startsAt) ? slot : null, 300);
  const conflicts = trpc.appointments.checkConflicts.useQuery(checked ? { ...checked, assigneeId: appointment.assignee?.id, excludeId: appointment.id } : { startsAt: '', endsAt: '' }, {
    enabled: checked !== null && appointment.status !== 'cancelled',
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    if (!slot) return setErrors({ startsAt: 'needs a date and times' });
    if (Date.parse(slot.endsAt) <= Date.parse(slot.startsAt)) return setErrors({ endsAt: 'must be after the start' });
    setErrors({});
    const refused = await reschedule(appointment, slot, timeZone);
    if (refused) return setFormError(refused);
    onDone();
  }

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Reschedule “{appointment.title}”</DialogTitle>
        <DialogDescription>
          Currently {formatDateTimeRangeIn(appointment.startsAt, appointment.endsAt, timeZone)}. Times in {timeZone.replaceAll('_', ' ')}.
        </DialogDescription>
      </DialogHeader>
      <FormAlert message={formError} />
      <TextField label="Date" type="date" required value={values.date} onChange={(e) => setValues((v) => ({ ...v, date: e.target.value }))} error={errors.startsAt} />
      <div className="grid grid-cols-2 gap-4">
        <TextField label="Start time" type="time" required step={300} value={values.startTime} onChange={(e) => setValues((v) => ({ ...v, startTime: e.target.value }))} />
        <TextField label="End time" type="time" required step={300} value={values.endTime} onChange={(e) => setValues((v) => ({ ...v, endTime: e.target.value }))} error={errors.endsAt} />
      </div>
      {spanDays ? <TextField label="End date" type="date" required value={values.endDate} onChange={(e) => setValues((v) => ({ ...v, endDate: e.target.value }))} /> : null}
      {conflicts.data && checked ? <ConflictWarning conflicts={conflicts.data.conflicts} timeZone={timeZone} /> : null}
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={isPending}>
          {isPending ? 'Saving…' : 'Reschedule'}
        </Button>
      </DialogFooter>
    </form>
  );
}
