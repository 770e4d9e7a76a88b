import { CalendarPlusIcon, CopyIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import type { TCalendarMemberInput, TWallInterval } from '../../../../lib/calendars-schema';
import { SelectField } from '../../../../components/form';
import { Button } from '../../../../components/ui/button';
import { Checkbox } from '../../../../components/ui/checkbox';
import { Input } from '../../../../components/ui/input';
import { type FieldErrors, fieldMessage } from '../../../../lib/forms';
import { timeZoneOptions } from '../../../../lib/time-zones';
import { appendInterval, changeInterval, copyMondayToWeekdays, errorAt, removeInterval, setDayAvailable, WEEK_DAYS, withDay } from './calendar-model';

const errorText = 'text-sm text-red-600 dark:text-red-400';

/** One member of a calendar: their time zone, weekly hours (seven days, each with its intervals or unavailable) and date overrides. */
export function MemberAvailability({
  member,
  name,
  path,
  errors,
  onChange,
  onRemove,
}: {
  member: TCalendarMemberInput;
  name: string;
  /** Where the member's errors are, e.g. "members.0". */
  path: string;
  errors: FieldErrors;
  onChange: (member: TCalendarMemberInput) => void;
  onRemove: () => void;
}) {
  const { weekly, overrides } = member;
  const setWeekly = (next: typeof weekly) => onChange({ ...member, weekly: next });
  const setOverrides = (next: typeof overrides) => onChange({ ...member, overrides: next });
  const userError = errors[`${path}.userId`];
  const weeklyError = errors[`${path}.weekly`];
  const overridesError = errors[`${path}.overrides`];
  return (
    <section aria-label={`${name}’s availability`} className="grid gap-4 rounded-lg border border-gray-200 p-4 dark:border-gray-800">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h4 className="text-sm font-semibold text-gray-900 dark:text-white">{name}</h4>
        <Button type="button" variant="ghost" size="sm" onClick={onRemove} aria-label={`Remove ${name} from the calendar`}>
          <Trash2Icon className="size-4" aria-hidden />
          Remove
        </Button>
      </div>
      {userError ? <p className={errorText}>{fieldMessage(name, userError)}</p> : null}
      <div className="flex flex-wrap items-end gap-3">
        <SelectField label="Time zone" className="min-w-56" value={member.timeZone} onChange={(e) => onChange({ ...member, timeZone: e.target.value })} error={errors[`${path}.timeZone`]}>
          {timeZoneOptions(member.timeZone).map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll('_', ' ')}
            </option>
          ))}
        </SelectField>
        <Button type="button" variant="outline" size="sm" onClick={() => setWeekly(copyMondayToWeekdays(weekly))}>
          <CopyIcon className="size-4" aria-hidden />
          Copy Monday to weekdays
        </Button>
      </div>
      <ul className="grid gap-2" aria-label="Weekly hours">
        {WEEK_DAYS.map((day) => {
          const intervals = weekly[day.index] ?? [];
          const dayError = errorAt(errors, `${path}.weekly.${day.index}`);
          return (
            <li key={day.index} className="grid gap-1 sm:grid-cols-[9rem_minmax(0,1fr)] sm:items-start">
              <label className="flex h-9 items-center gap-2 text-sm font-medium text-gray-900 dark:text-gray-100">
                <Checkbox checked={intervals.length > 0} onChange={(e) => setWeekly(setDayAvailable(weekly, day.index, e.target.checked))} aria-label={`Available on ${day.name}`} />
                {day.name}
              </label>
              <Intervals label={day.name} emptyText="Unavailable" intervals={intervals} error={dayError} onChange={(next) => setWeekly(withDay(weekly, day.index, next))} />
            </li>
          );
        })}
      </ul>
      {weeklyError ? <p className={errorText}>{fieldMessage('Weekly hours', weeklyError)}</p> : null}

      <div className="grid gap-2">
        <h5 className="text-sm font-medium text-gray-900 dark:text-white">Date overrides</h5>
        <p className="text-xs text-gray-500 dark:text-gray-400">A date’s own hours replace its weekday’s; a date without hours is a day off.</p>
        <ul className="grid gap-2" aria-label="Date overrides">
          {overrides.map((override, position) => {
            const label = `Override ${position + 1}`;
            const dateError = errors[`${path}.overrides.${position}.date`];
            return (
              <li key={position} className="grid gap-1 sm:grid-cols-[9rem_minmax(0,1fr)_auto] sm:items-start">
                <div className="grid gap-1">
                  <Input
                    type="date"
                    aria-label={`${label} date`}
                    aria-invalid={dateError ? true : undefined}
                    value={override.date}
                    onChange={(e) => setOverrides(overrides.map((o, i) => (i === position ? { ...o, date: e.target.value } : o)))}
                  />
                  {dateError ? <p className={errorText}>{fieldMessage('The date', dateError)}</p> : null}
                </div>
                <Intervals
                  label={label}
                  emptyText="Day off"
                  intervals={override.intervals}
                  error={errorAt(errors, `${path}.overrides.${position}.intervals`)}
                  onChange={(next) => setOverrides(overrides.map((o, i) => (i === position ? { ...o, intervals: next } : o)))}
                />
                <Button type="button" variant="ghost" size="sm" aria-label={`Remove ${label}`} onClick={() => setOverrides(overrides.filter((_, i) => i !== position))}>
                  <Trash2Icon className="size-4" aria-hidden />
                  Remove
                </Button>
              </li>
            );
          })}
        </ul>
        {overridesError ? <p className={errorText}>{fieldMessage('Date overrides', overridesError)}</p> : null}
        <div>
          <Button type="button" variant="outline" size="sm" onClick={() => setOverrides([...overrides, { date: '', intervals: [] }])}>
            <CalendarPlusIcon className="size-4" aria-hidden />
            Add a date override
          </Button>
        </div>
      </div>
    </section>
  );
}

/** A day's intervals, start–end in wall time, with their own add and remove buttons; `label` names the day in the controls' names. */
function Intervals({
  label,
  emptyText,
  intervals,
  error,
  onChange,
}: {
  label: string;
  emptyText: string;
  intervals: TWallInterval[];
  error: string | undefined;
  onChange: (next: TWallInterval[]) => void;
}) {
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-start gap-2">
        <div className="grid gap-2">
          {intervals.length === 0 ? <p className="flex h-9 items-center text-sm text-gray-500 dark:text-gray-400">{emptyText}</p> : null}
          {intervals.map((interval, position) => {
            const which = intervals.length > 1 ? ` (${position + 1})` : '';
            return (
              <div key={position} className="flex items-center gap-2">
                <Input
                  className="w-24"
                  inputMode="numeric"
                  placeholder="09:00"
                  aria-label={`${label} from${which}`}
                  aria-invalid={error ? true : undefined}
                  value={interval.start}
                  onChange={(e) => onChange(changeInterval(intervals, position, { start: e.target.value }))}
                />
                <span aria-hidden>–</span>
                <Input
                  className="w-24"
                  inputMode="numeric"
                  placeholder="17:00"
                  aria-label={`${label} until${which}`}
                  aria-invalid={error ? true : undefined}
                  value={interval.end}
                  onChange={(e) => onChange(changeInterval(intervals, position, { end: e.target.value }))}
                />
                <Button type="button" variant="ghost" size="icon" aria-label={`Remove ${label} ${interval.start}–${interval.end}`} onClick={() => onChange(removeInterval(intervals, position))}>
                  <Trash2Icon className="size-4" aria-hidden />
                </Button>
              </div>
            );
          })}
        </div>
        <Button type="button" variant="ghost" size="sm" onClick={() => onChange(appendInterval(intervals))} aria-label={`Add hours on ${label}`}>
          <PlusIcon className="size-4" aria-hidden />
          Add hours
        </Button>
      </div>
      {error ? <p className={errorText}>{fieldMessage(`${label}’s hours`, error)}</p> : null}
    </div>
  );
}
