import { useId } from 'react';
import { SelectField } from '../../../../components/form';
import { Checkbox } from '../../../../components/ui/checkbox';
import { Label } from '../../../../components/ui/input';
import type { TWorkflowSettings } from '../../../../lib/automations-schema';
import { fieldMessage } from '../../../../lib/forms';
import { settingsErrors } from './validation';

type Window = NonNullable<TWorkflowSettings['sendingWindow']>;

/** What turning the window on starts from: weekday office hours in the organization's zone. */
const OFFICE_HOURS: Window = { startHour: 9, endHour: 17, days: [1, 2, 3, 4, 5], timeZone: 'organization' };
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const hour = (h: number) => `${String(h).padStart(2, '0')}:00`;

/** The workflow's own settings (server/automations/schema.ts ZWorkflowSettings), saved with the draft. */
export function WorkflowSettingsFields({ settings, onChange }: { settings: TWorkflowSettings; onChange: (next: TWorkflowSettings) => void }) {
  const errors = settingsErrors(settings);
  const daysErrorId = useId();
  const window = settings.sendingWindow;
  const setWindow = (patch: Partial<Window>) => window && onChange({ ...settings, sendingWindow: { ...window, ...patch } });
  return (
    <section aria-label="Workflow settings" className="flex flex-col gap-3 border-t border-gray-200 pt-4 dark:border-gray-700">
      <h3 className="text-sm font-semibold">Workflow settings</h3>
      <Toggle
        label="Allow re-enrolment"
        hint="A trigger may enrol a contact again once their earlier run has ended."
        checked={settings.allowReenrollment}
        onChange={(allowReenrollment) => onChange({ ...settings, allowReenrollment })}
      />
      <Toggle
        label="Stop when the contact replies"
        hint="An SMS or e-mail from the contact ends their run."
        checked={settings.stopOnReply}
        onChange={(stopOnReply) => onChange({ ...settings, stopOnReply })}
      />
      <Toggle
        label="Unenrol on goal"
        hint="A contact who reaches a goal leaves the workflow there."
        checked={settings.unenrollOnGoal}
        onChange={(unenrollOnGoal) => onChange({ ...settings, unenrollOnGoal })}
      />
      <Toggle
        label="Send only in a sending window"
        hint="SMS and e-mail outside these hours wait for the next opening."
        checked={window !== null}
        onChange={(on) => onChange({ ...settings, sendingWindow: on ? OFFICE_HOURS : null })}
      />
      {window ? (
        <div className="flex flex-col gap-3 pl-6">
          <SelectField label="Time zone" value={window.timeZone} onChange={(e) => setWindow({ timeZone: e.target.value as Window['timeZone'] })}>
            <option value="organization">The organization’s</option>
            <option value="contact">The contact’s (their timezone field)</option>
          </SelectField>
          <div className="grid grid-cols-2 gap-2">
            <SelectField label="From" value={window.startHour} onChange={(e) => setWindow({ startHour: Number(e.target.value) })}>
              {Array.from({ length: 24 }, (_, h) => (
                <option key={h} value={h}>
                  {hour(h)}
                </option>
              ))}
            </SelectField>
            <SelectField label="Until" value={window.endHour} error={errors['sendingWindow.endHour']} onChange={(e) => setWindow({ endHour: Number(e.target.value) })}>
              {Array.from({ length: 24 }, (_, i) => (
                <option key={i + 1} value={i + 1}>
                  {hour(i + 1)}
                </option>
              ))}
            </SelectField>
          </div>
          <fieldset className="flex flex-col gap-1.5" aria-describedby={errors['sendingWindow.days'] ? daysErrorId : undefined}>
            <legend className="mb-1 text-sm font-medium">Days</legend>
            <div className="flex flex-wrap gap-x-3 gap-y-1">
              {DAYS.map((name, day) => (
                <Toggle
                  key={name}
                  label={name.slice(0, 3)}
                  ariaLabel={name}
                  checked={window.days.includes(day)}
                  onChange={(on) => setWindow({ days: on ? [...window.days, day].sort((a, b) => a - b) : window.days.filter((d) => d !== day) })}
                />
              ))}
            </div>
            {errors['sendingWindow.days'] ? (
              <p id={daysErrorId} className="text-sm text-red-600 dark:text-red-400">
                {fieldMessage('Days', errors['sendingWindow.days'])}
              </p>
            ) : null}
          </fieldset>
        </div>
      ) : null}
    </section>
  );
}

function Toggle({ label, ariaLabel, hint, checked, onChange }: { label: string; ariaLabel?: string; hint?: string; checked: boolean; onChange: (checked: boolean) => void }) {
  const id = useId();
  return (
    <div className="flex items-start gap-2">
      <Checkbox id={id} className="mt-0.5" checked={checked} aria-label={ariaLabel} aria-describedby={hint ? `${id}-hint` : undefined} onChange={(e) => onChange(e.target.checked)} />
      <div>
        <Label htmlFor={id}>{label}</Label>
        {hint ? (
          <p id={`${id}-hint`} className="text-xs text-gray-500 dark:text-gray-400">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}
