import { CopyIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import type { TCalendarMemberInput } from '../../../../lib/calendars-schema';
import { SelectField } from '../../../../components/form';
import { Button } from '../../../../components/ui/button';
import { Checkbox } from '../../../../components/ui/checkbox';
import { Input } from '../../../../components/ui/input';
import type { FieldErrors } from '../../../../lib/forms';
import { fieldMessage } from '../../../../lib/forms';
import { timeZoneOptions } from '../../../../lib/time-zones';
import { addInterval, changeInterval, copyMondayToWeekdays, errorAt, removeInterval, setDayAvailable, WEEK_DAYS } from './calendar-model';

/** One member of a calendar: their time zone and weekly hours (seven days, each with its intervals or unavailable). */
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
  const weekly = member.weekly;
  const setWeekly = (next: typeof weekly) => onChange({ ...member, weekly: next });
  const weeklyError = errors[`${path}.weekly`];
  return (
    <section aria-label={`${name}’s availability`} className="grid gap-4 rounded-lg border border-gray-200 p-4 dark:border-gray-800">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h4 className="text-sm font-semibold text-gray-900 dark:text-white">{name}</h4>
        <Button type="button" variant="ghost" size="sm" onClick={onRemove} aria-label={`Remove ${name} from the calendar`}>
          <Trash2Icon className="size-4" aria-hidden />
          Remove
        </Button>
      </div>
      {errors[`${path}.userId`] ? <p className="text-sm text-red-600 dark:text-red-400">{fieldMessage(name, errors[`${path}.userId`]!)}</p> : null}
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
              <div className="grid gap-2">
                <div className="flex flex-wrap items-start gap-2">
                  <div className="grid gap-2">
                    {intervals.length === 0 ? <p className="flex h-9 items-center text-sm text-gray-500 dark:text-gray-400">Unavailable</p> : null}
                    {intervals.map((interval, position) => {
                      const which = intervals.length > 1 ? ` (${position + 1})` : '';
                      return (
                        <div key={position} className="flex items-center gap-2">
                          <Input
                            className="w-24"
                            inputMode="numeric"
                            placeholder="09:00"
                            aria-label={`${day.name} from${which}`}
                            aria-invalid={dayError ? true : undefined}
                            value={interval.start}
                            onChange={(e) => setWeekly(changeInterval(weekly, day.index, position, { start: e.target.value }))}
                          />
                          <span aria-hidden>–</span>
                          <Input
                            className="w-24"
                            inputMode="numeric"
                            placeholder="17:00"
                            aria-label={`${day.name} until${which}`}
                            aria-invalid={dayError ? true : undefined}
                            value={interval.end}
                            onChange={(e) => setWeekly(changeInterval(weekly, day.index, position, { end: e.target.value }))}
                          />
                          <Button
                            type="button"
                            variant="ghost"
                            size="icon"
                            aria-label={`Remove ${day.name} ${interval.start}–${interval.end}`}
                            onClick={() => setWeekly(removeInterval(weekly, day.index, position))}
                          >
                            <Trash2Icon className="size-4" aria-hidden />
                          </Button>
                        </div>
                      );
                    })}
                  </div>
                  <Button type="button" variant="ghost" size="sm" onClick={() => setWeekly(addInterval(weekly, day.index))} aria-label={`Add hours on ${day.name}`}>
                    <PlusIcon className="size-4" aria-hidden />
                    Add hours
                  </Button>
                </div>
                {dayError ? <p className="text-sm text-red-600 dark:text-red-400">{fieldMessage(`${day.name}’s hours`, dayError)}</p> : null}
              </div>
            </li>
          );
        })}
      </ul>
      {weeklyError ? <p className="text-sm text-red-600 dark:text-red-400">{fieldMessage('Weekly hours', weeklyError)}</p> : null}
      {member.overrides.length > 0 ? (
        <p className="text-xs text-gray-500 dark:text-gray-400">
          {member.overrides.length} date {member.overrides.length === 1 ? 'override is' : 'overrides are'} kept as they are.
        </p>
      ) : null}
    </section>
  );
}
