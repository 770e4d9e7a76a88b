import { keepPreviousData } from '@tanstack/react-query';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { FormAlert, SelectField, TextField } from '../../../../components/form';
import { Button } from '../../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../../components/ui/dialog';
import { Label } from '../../../../components/ui/input';
import { Textarea } from '../../../../components/ui/textarea';
import { APPOINTMENT_STATUSES, ZAppointmentFormInput } from '../../../../lib/appointments-schema';
import { showError, useMe } from '../../../../lib/auth';
import { addDays } from '../../../../lib/calendar';
import { type FieldErrors, fieldMessage, serverFormErrors, validateForm } from '../../../../lib/forms';
import { timeZoneOptions } from '../../../../lib/time-zones';
import { trpc } from '../../../../lib/trpc';
import { daysBetween, isCalendarDate, isWallTime, minutesToTime, zonedParts, zonedTimeToInstant } from '../../../../lib/zoned-time';
import { toast } from '../../../../state/toast';
import { type ComboOption, keepDialogOnListEscape, useDebounced } from '../crm/combobox';
import { refreshAppointments } from '../crm/invalidate';
import { ContactPicker, contactOption, MemberSelect } from '../crm/pickers';
import type { Appointment } from '../crm/types';
import { type AppointmentStatus, ConflictWarning, conflictSummary, STATUS_LABELS } from './appointment-meta';

const FIELDS = ['title', 'contactId', 'assigneeId', 'startsAt', 'endsAt', 'timeZone', 'location', 'meetingUrl', 'status', 'notes'] as const;

type Values = {
  title: string;
  contact: ComboOption | null;
  assigneeId: string | null;
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  timeZone: string;
  location: string;
  meetingUrl: string;
  status: AppointmentStatus;
  notes: string;
};

export type AppointmentSlot = { date: string; time: string; minutes?: number };

/** The instants a date and time pair stands for in the chosen zone, or null while incomplete. */
function instants(values: Pick<Values, 'startDate' | 'startTime' | 'endDate' | 'endTime' | 'timeZone'>) {
  if (!isCalendarDate(values.startDate) || !isWallTime(values.startTime) || !isCalendarDate(values.endDate) || !isWallTime(values.endTime)) return null;
  return {
    startsAt: zonedTimeToInstant(values.startDate, values.startTime, values.timeZone).toISOString(),
    endsAt: zonedTimeToInstant(values.endDate, values.endTime, values.timeZone).toISOString(),
  };
}

/**
 * Create or edit an appointment: title, contact, assignee, start and end in a chosen time zone,
 * location or meeting link, status and notes. Overlaps with the assignee's other appointments are
 * checked as you type and shown as a warning; saving is never blocked by them.
 */
export function AppointmentDialog({
  open,
  onOpenChange,
  appointment,
  slot,
  contact,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  appointment?: Appointment;
  slot?: AppointmentSlot;
  /** The contact a new appointment is with. */
  contact?: ComboOption | null;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl" onEscapeKeyDown={keepDialogOnListEscape}>
        {open ? <AppointmentForm appointment={appointment} slot={slot} contact={contact} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function AppointmentForm({ appointment, slot, contact, onDone }: { appointment?: Appointment; slot?: AppointmentSlot; contact?: ComboOption | null; onDone: () => void }) {
  const { data: me } = useMe();
  const myZone = me?.user.preferences.timezone ?? 'UTC';
  const utils = trpc.useUtils();
  const create = trpc.appointments.create.useMutation();
  const update = trpc.appointments.update.useMutation();
  const pending = create.isPending || update.isPending;
  const notesId = useId();
  const [values, setValues] = useState<Values>(() => {
    if (appointment) {
      const zone = appointment.timeZone;
      const start = zonedParts(appointment.startsAt, zone);
      const end = zonedParts(appointment.endsAt, zone);
      return {
        title: appointment.title,
        contact: contactOption(appointment.contact),
        assigneeId: appointment.assignee?.id ?? null,
        startDate: start.date,
        startTime: start.time,
        endDate: end.date,
        endTime: end.time,
        timeZone: zone,
        location: appointment.location ?? '',
        meetingUrl: appointment.meetingUrl ?? '',
        status: appointment.status,
        notes: appointment.notes ?? '',
      };
    }
    const now = zonedParts(new Date(), myZone);
    const date = slot?.date ?? now.date;
    const startMin = slot ? Number(slot.time.slice(0, 2)) * 60 + Number(slot.time.slice(3, 5)) : Math.min((now.hour + 1) * 60, 23 * 60);
    const endMin = startMin + (slot?.minutes ?? 30);
    return {
      title: '',
      contact: contact ?? null,
      assigneeId: me?.user.id ?? null,
      startDate: date,
      startTime: minutesToTime(startMin),
      endDate: endMin >= 1440 ? addDays(date, 1) : date,
      endTime: minutesToTime(endMin % 1440),
      timeZone: myZone,
      location: '',
      meetingUrl: '',
      status: 'scheduled',
      notes: '',
    };
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));
  const zones = useMemo(() => timeZoneOptions(values.timeZone, myZone), [values.timeZone, myZone]);

  /** Moving the start date moves the end date with it (same length). */
  function setStartDate(date: string) {
    setValues((v) => {
      if (!isCalendarDate(date) || !isCalendarDate(v.startDate) || !isCalendarDate(v.endDate)) return { ...v, startDate: date };
      return { ...v, startDate: date, endDate: addDays(date, daysBetween(v.startDate, v.endDate)) };
    });
  }

  const slotNow = instants(values);
  const checked = useDebounced(
    slotNow && Date.parse(slotNow.endsAt) > Date.parse(slotNow.startsAt) && values.assigneeId && values.status !== 'cancelled' ? { ...slotNow, assigneeId: values.assigneeId } : null,
    300,
  );
  const conflicts = trpc.appointments.checkConflicts.useQuery(checked ? { ...checked, excludeId: appointment?.id } : { startsAt: '', endsAt: '' }, {
    enabled: checked !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const slotValues = instants(values);
    const local: FieldErrors = {};
    if (!slotValues) {
      if (!isCalendarDate(values.startDate) || !isWallTime(values.startTime)) local.startsAt = 'needs a date and a time';
      if (!isCalendarDate(values.endDate) || !isWallTime(values.endTime)) local.endsAt = 'needs a date and a time';
    }
    const fields = {
      title: values.title,
      contactId: values.contact?.id ?? null,
      assigneeId: values.assigneeId,
      startsAt: slotValues?.startsAt ?? '',
      endsAt: slotValues?.endsAt ?? '',
      timeZone: values.timeZone,
      location: values.location.trim() ? values.location : null,
      meetingUrl: values.meetingUrl.trim() ? values.meetingUrl.trim() : null,
      status: values.status,
      notes: values.notes.trim() ? values.notes : null,
    };
    // The shared rules, told the days the ends were picked on: "must be after the start" lands under
    // the end time when the end is on the start's day, under the end date otherwise.
    const parsed = validateForm(ZAppointmentFormInput, { ...fields, startDate: values.startDate, endDate: values.endDate });
    const found = { ...(parsed.ok ? {} : parsed.errors), ...local };
    if (Object.keys(found).length > 0) return setErrors(found);
    setErrors({});
    try {
      const saved = appointment ? await update.mutateAsync({ id: appointment.id, ...fields }) : await create.mutateAsync(fields);
      await refreshAppointments(utils);
      toast({
        title: appointment ? 'Appointment saved' : 'Appointment created',
        description: saved.conflicts.length > 0 ? `${saved.title}. ${conflictSummary(saved.conflicts)}` : saved.title,
      });
      onDone();
    } catch (failure) {
      const { fieldErrors, message } = serverFormErrors(failure, FIELDS, appointment ? 'Could not save the appointment' : 'Could not create the appointment');
      setErrors(fieldErrors);
      setFormError(message);
      if (message) showError(failure, appointment ? 'Could not save the appointment' : 'Could not create the appointment');
    }
  }

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{appointment ? 'Edit appointment' : 'New appointment'}</DialogTitle>
        <DialogDescription>Times are in the time zone you choose; the calendar shows them in yours ({myZone.replaceAll('_', ' ')}).</DialogDescription>
      </DialogHeader>
      <FormAlert message={formError} />
      <TextField label="Title" name="title" required autoFocus value={values.title} onChange={(e) => set('title', e.target.value)} error={errors.title} placeholder="e.g. Discovery call" />
      <div className="grid gap-4 sm:grid-cols-2">
        <ContactPicker value={values.contact} onChange={(c) => set('contact', c)} error={errors.contactId} />
        <MemberSelect
          label="Assignee"
          name="assigneeId"
          value={values.assigneeId}
          onChange={(id) => set('assigneeId', id)}
          none="Unassigned"
          current={appointment?.assignee ?? null}
          error={errors.assigneeId}
        />
      </div>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="sr-only">When</legend>
        <TextField label="Start date" name="startDate" type="date" required value={values.startDate} onChange={(e) => setStartDate(e.target.value)} error={errors.startsAt} />
        <TextField label="Start time" name="startTime" type="time" required step={300} value={values.startTime} onChange={(e) => set('startTime', e.target.value)} />
        <TextField label="End date" name="endDate" type="date" required value={values.endDate} onChange={(e) => set('endDate', e.target.value)} error={errors.endDate ?? errors.endsAt} />
        <TextField label="End time" name="endTime" type="time" required step={300} value={values.endTime} onChange={(e) => set('endTime', e.target.value)} error={errors.endTime} />
      </fieldset>
      <SelectField label="Time zone" name="timeZone" value={values.timeZone} onChange={(e) => set('timeZone', e.target.value)} error={errors.timeZone}>
        {zones.map((z) => (
          <option key={z} value={z}>
            {z.replaceAll('_', ' ')}
          </option>
        ))}
      </SelectField>
      {conflicts.data && checked ? <ConflictWarning conflicts={conflicts.data.conflicts} timeZone={myZone} /> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Location" name="location" value={values.location} onChange={(e) => set('location', e.target.value)} error={errors.location} placeholder="Office, address or phone" />
        <TextField
          label="Meeting link"
          name="meetingUrl"
          type="url"
          inputMode="url"
          value={values.meetingUrl}
          onChange={(e) => set('meetingUrl', e.target.value)}
          error={errors.meetingUrl}
          placeholder="https://meet.example.com/abc"
        />
      </div>
      <SelectField label="Status" name="status" value={values.status} onChange={(e) => set('status', e.target.value as AppointmentStatus)} error={errors.status}>
        {APPOINTMENT_STATUSES.map((s) => (
          <option key={s} value={s}>
            {STATUS_LABELS[s]}
          </option>
        ))}
      </SelectField>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={notesId}>Notes</Label>
        <Textarea
          id={notesId}
          name="notes"
          rows={3}
          value={values.notes}
          onChange={(e) => set('notes', e.target.value)}
          aria-invalid={errors.notes ? true : undefined}
          aria-describedby={errors.notes ? `${notesId}-error` : undefined}
        />
        {errors.notes ? (
          <p id={`${notesId}-error`} className="text-sm text-red-600 dark:text-red-400">
            {fieldMessage('Notes', errors.notes)}
          </p>
        ) : null}
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving…' : appointment ? 'Save appointment' : 'Create appointment'}
        </Button>
      </DialogFooter>
    </form>
  );
}
