import { PlusIcon, Trash2Icon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { CALENDAR_KINDS, SLOT_MINUTES, type TCreateCalendarInput, ZCreateCalendarInput } from '../../../../lib/calendars-schema';
import { FormAlert, SelectField, TextareaField, TextField } from '../../../../components/form';
import { Button } from '../../../../components/ui/button';
import { Checkbox } from '../../../../components/ui/checkbox';
import { Label, Switch } from '../../../../components/ui/input';
import { issuesOf } from '../../../../lib/errors';
import { type FieldErrors, fieldMessage, serverFormErrors, validateForm } from '../../../../lib/forms';
import { CALENDAR_FIELDS, type CalendarFormValues, calendarInputOf, errorAt, KIND_LABELS, newMember, nextQuestionId, slugFromName } from './calendar-model';
import { MemberAvailability } from './availability-editor';

export type OrganizationMember = { userId: string; name: string };

/**
 * Create or edit a booking calendar. Checked with the server's create schema before sending; the
 * server's refusals (a slug already used, a member who left) land under the field they name.
 */
export function CalendarForm({
  initial,
  isNew,
  bookingUrlPrefix,
  organizationMembers,
  timeZone,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial: CalendarFormValues;
  isNew: boolean;
  /** The public link without the slug ("https://…/book/acme/"), when known. */
  bookingUrlPrefix: string | null;
  organizationMembers: OrganizationMember[];
  /** A new member's time zone. */
  timeZone: string;
  submitLabel: string;
  onSubmit: (input: TCreateCalendarInput) => Promise<void>;
  onCancel: () => void;
}) {
  const [values, setValues] = useState(initial);
  // A new calendar's slug follows its name until the slug is typed in.
  const [slugFollowsName, setSlugFollowsName] = useState(isNew);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const activeId = useId();
  // A field's error goes when the field changes (the next save checks it again).
  const clearErrors = (field: string) => setErrors((e) => Object.fromEntries(Object.entries(e).filter(([path]) => path !== field && !path.startsWith(`${field}.`))));
  const set = <K extends keyof CalendarFormValues>(key: K, value: CalendarFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    clearErrors(key);
  };
  const nameOf = (userId: string) => organizationMembers.find((m) => m.userId === userId)?.name ?? 'A former member';

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = validateForm(ZCreateCalendarInput, calendarInputOf(values));
    if (!parsed.ok) return setErrors(parsed.errors);
    setErrors({});
    setFailure(null);
    setPending(true);
    try {
      await onSubmit(parsed.data);
    } catch (error) {
      const placed = issuesOf(error)
        .map((i) => i.path)
        .filter((path) => CALENDAR_FIELDS.some((field) => path === field || path.startsWith(`${field}.`)));
      const { fieldErrors, message } = serverFormErrors(error, placed, 'Could not save the calendar');
      setErrors(fieldErrors);
      setFailure(message);
    } finally {
      setPending(false);
    }
  }

  const numberField = (key: 'slotMinutes' | 'bufferBeforeMinutes' | 'bufferAfterMinutes' | 'minimumNoticeMinutes' | 'maximumPerDay' | 'horizonDays', label: string, hint?: string) => (
    <TextField label={label} name={key} type="number" inputMode="numeric" min={0} value={values[key]} onChange={(e) => set(key, e.target.value)} error={errors[key]} hint={hint} />
  );
  // A personal calendar has one member: another is offered once that one is removed.
  const available = values.kind === 'personal' && values.members.length > 0 ? [] : organizationMembers.filter((m) => !values.members.some((chosen) => chosen.userId === m.userId));
  const membersError = errors.members;

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-8" aria-label={submitLabel}>
      <FormAlert message={failure} />
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-3 text-sm font-semibold text-gray-900 dark:text-white">Details</legend>
        <TextField
          label="Name"
          name="name"
          autoComplete="off"
          required
          placeholder="Discovery call"
          value={values.name}
          onChange={(e) => {
            const name = e.target.value;
            setValues((v) => ({ ...v, name, slug: slugFollowsName ? slugFromName(name) : v.slug }));
            clearErrors('name');
            if (slugFollowsName) clearErrors('slug');
          }}
          error={errors.name}
        />
        <TextField
          label="Slug"
          name="slug"
          autoComplete="off"
          required
          value={values.slug}
          onChange={(e) => {
            setSlugFollowsName(false);
            set('slug', e.target.value);
          }}
          error={errors.slug}
          hint={bookingUrlPrefix ? `The public link: ${bookingUrlPrefix}${values.slug || '…'}` : 'The last part of the public link: lower-case letters, digits and -.'}
        />
        <TextareaField
          label="Description"
          name="description"
          rows={3}
          className="sm:col-span-2"
          value={values.description}
          onChange={(e) => set('description', e.target.value)}
          error={errors.description}
        />
        <SelectField label="Kind" name="kind" value={values.kind} onChange={(e) => set('kind', e.target.value as CalendarFormValues['kind'])} error={errors.kind} hint={KIND_HINTS[values.kind]}>
          {CALENDAR_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {KIND_LABELS[kind]}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Location"
          name="location"
          autoComplete="off"
          placeholder="Phone call, office address or video link"
          value={values.location}
          onChange={(e) => set('location', e.target.value)}
          error={errors.location}
        />
        <div className="flex items-center gap-3 sm:col-span-2">
          <Switch id={activeId} checked={values.active} onCheckedChange={(on) => set('active', on)} />
          <Label htmlFor={activeId}>Active</Label>
          <span className="text-xs text-gray-500 dark:text-gray-400">{values.active ? 'The booking page takes bookings.' : 'The booking page shows no times.'}</span>
        </div>
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-3">
        <legend className="mb-3 text-sm font-semibold text-gray-900 dark:text-white">Scheduling</legend>
        {numberField('slotMinutes', 'Duration (minutes)', `${SLOT_MINUTES.min}–${SLOT_MINUTES.max} minutes.`)}
        {numberField('bufferBeforeMinutes', 'Buffer before (minutes)')}
        {numberField('bufferAfterMinutes', 'Buffer after (minutes)')}
        {numberField('minimumNoticeMinutes', 'Minimum notice (minutes)', 'How long before a time it can still be booked.')}
        {numberField('maximumPerDay', 'Maximum per day', 'Empty: no limit.')}
        {numberField('horizonDays', 'Bookable days ahead')}
      </fieldset>

      <fieldset className="grid gap-3">
        <legend className="mb-1 text-sm font-semibold text-gray-900 dark:text-white">Booking questions</legend>
        <p className="text-xs text-gray-500 dark:text-gray-400">Asked on the booking form after name, e-mail and phone.</p>
        {values.questions.map((question, index) => (
          <div key={question.id} className="flex flex-wrap items-end gap-3 rounded-md border border-gray-200 p-3 dark:border-gray-800">
            <TextField
              label={`Question ${index + 1}`}
              className="min-w-64 flex-1"
              autoComplete="off"
              value={question.label}
              onChange={(e) =>
                set(
                  'questions',
                  values.questions.map((q, i) => (i === index ? { ...q, label: e.target.value } : q)),
                )
              }
              error={errorAt(errors, `questions.${index}`)}
            />
            <label className="flex h-9 items-center gap-2 text-sm text-gray-700 dark:text-gray-300">
              <Checkbox
                checked={question.required}
                onChange={(e) =>
                  set(
                    'questions',
                    values.questions.map((q, i) => (i === index ? { ...q, required: e.target.checked } : q)),
                  )
                }
              />
              Required
            </label>
            <label className="flex h-9 items-center gap-2 text-sm text-gray-700 dark:text-gray-300">
              <Checkbox
                checked={question.multiline}
                onChange={(e) =>
                  set(
                    'questions',
                    values.questions.map((q, i) => (i === index ? { ...q, multiline: e.target.checked } : q)),
                  )
                }
              />
              Several lines
            </label>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              aria-label={`Remove question ${index + 1}`}
              onClick={() =>
                set(
                  'questions',
                  values.questions.filter((_, i) => i !== index),
                )
              }
            >
              <Trash2Icon className="size-4" aria-hidden />
              Remove
            </Button>
          </div>
        ))}
        {errors.questions ? <p className="text-sm text-red-600 dark:text-red-400">{fieldMessage('Questions', errors.questions)}</p> : null}
        <div>
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => set('questions', [...values.questions, { id: nextQuestionId(values.questions.map((q) => q.id)), label: '', required: false, multiline: false }])}
          >
            <PlusIcon className="size-4" aria-hidden />
            Add a question
          </Button>
        </div>
      </fieldset>

      <fieldset className="grid gap-4">
        <legend className="mb-1 text-sm font-semibold text-gray-900 dark:text-white">Members and availability</legend>
        <p className="text-xs text-gray-500 dark:text-gray-400">Hours are in each member’s time zone; existing appointments block their times.</p>
        {values.members.map((member, index) => (
          <MemberAvailability
            key={member.userId}
            member={member}
            name={nameOf(member.userId)}
            path={`members.${index}`}
            errors={errors}
            onChange={(next) =>
              set(
                'members',
                values.members.map((m, i) => (i === index ? next : m)),
              )
            }
            onRemove={() =>
              set(
                'members',
                values.members.filter((_, i) => i !== index),
              )
            }
          />
        ))}
        {membersError ? <p className="text-sm text-red-600 dark:text-red-400">{fieldMessage('Members', membersError)}</p> : null}
        {available.length > 0 ? (
          <SelectField
            label="Add a member"
            className="max-w-sm"
            value=""
            onChange={(e) => {
              if (e.target.value) set('members', [...values.members, newMember(e.target.value, timeZone)]);
            }}
          >
            <option value="">Choose a member…</option>
            {available.map((m) => (
              <option key={m.userId} value={m.userId}>
                {m.name}
              </option>
            ))}
          </SelectField>
        ) : null}
      </fieldset>

      <div className="flex gap-2">
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving...' : submitLabel}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

const KIND_HINTS: Record<CalendarFormValues['kind'], string> = {
  personal: 'One member’s own calendar.',
  round_robin: 'Each booking goes to one of the members who is free.',
  collective: 'Every member attends: a time is free when all are.',
};
