import { PlusIcon, Trash2Icon } from 'lucide-react';
import { useId } from 'react';
import { CopyField, SelectField, TextField } from '../../../../components/form';
import { Button } from '../../../../components/ui/button';
import { Checkbox } from '../../../../components/ui/checkbox';
import { Input, Label, Select } from '../../../../components/ui/input';
import { Textarea } from '../../../../components/ui/textarea';
import { ZConditionOperator } from '../../../../lib/automations-schema';
import { fieldMessage } from '../../../../lib/forms';
import { trpc } from '../../../../lib/trpc';
import { useMembers } from '../crm/pickers';
import type { CatalogEntry } from './flow';
import type { ConfigErrors } from './validation';

type Field = CatalogEntry['fields'][number];
type Condition = { field: string; operator: string; value: string };

/** The inputs of one trigger's or step's config, as the catalog describes its fields; errors under each. */
export function ConfigFields({ entry, config, errors, onChange }: { entry: CatalogEntry; config: Record<string, unknown>; errors: ConfigErrors; onChange: (config: Record<string, unknown>) => void }) {
  if (entry.fields.length === 0) return <p className="text-sm text-gray-600 dark:text-gray-400">This {entry.kind} has no settings.</p>;
  return (
    <div className="flex flex-col gap-3">
      {entry.fields.map((field) => (
        <ConfigField
          key={field.name}
          field={field}
          value={config[field.name]}
          error={errors[field.name]}
          pipelineId={typeof config.pipelineId === 'string' ? config.pipelineId : undefined}
          onChange={(value) => onChange(withField(config, field, value))}
        />
      ))}
    </div>
  );
}

/** The config with one field set; choosing another pipeline drops a stage picked in the previous one. */
function withField(config: Record<string, unknown>, field: Field, value: unknown): Record<string, unknown> {
  const next = { ...config, [field.name]: value };
  if (field.kind === 'pipeline' && 'stageId' in next && value !== config[field.name]) delete next.stageId;
  return next;
}

const label = (field: Field) => (field.required ? field.label : `${field.label} (optional)`);

/** `pipelineId`: the pipeline the same config chose, which a stage picker beside it keeps to. */
function ConfigField({ field, value, error, pipelineId, onChange }: { field: Field; value: unknown; error: string | undefined; pipelineId: string | undefined; onChange: (value: unknown) => void }) {
  const id = useId();
  const text = typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
  switch (field.kind) {
    case 'text':
    case 'tag':
    case 'url':
      return <TextField label={label(field)} type={field.kind === 'url' ? 'url' : 'text'} value={text} error={error} onChange={(e) => onChange(e.target.value)} />;
    case 'number':
      return <TextField label={label(field)} type="number" inputMode="numeric" value={text} error={error} onChange={(e) => onChange(e.target.value === '' ? undefined : Number(e.target.value))} />;
    case 'textarea':
      return (
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={id}>{label(field)}</Label>
          <Textarea id={id} rows={4} value={text} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} onChange={(e) => onChange(e.target.value)} />
          <FieldError id={`${id}-error`} label={field.label} error={error} />
        </div>
      );
    case 'boolean':
      return (
        <div className="flex items-center gap-2">
          <Checkbox id={id} checked={value === true} onChange={(e) => onChange(e.target.checked)} />
          <Label htmlFor={id}>{field.label}</Label>
          <FieldError id={`${id}-error`} label={field.label} error={error} />
        </div>
      );
    case 'select':
      return (
        <SelectField label={label(field)} value={text} error={error} onChange={(e) => onChange(e.target.value || undefined)}>
          {field.required ? null : <option value="">Any</option>}
          {(field.options ?? []).map((o) => (
            <option key={o} value={o}>
              {o.replaceAll('_', ' ')}
            </option>
          ))}
        </SelectField>
      );
    case 'pipeline':
    case 'stage':
      return <StageSelect field={field} value={text} error={error} pipelineId={pipelineId} onChange={onChange} />;
    case 'workflow':
      return <WorkflowSelect field={field} value={text} error={error} onChange={onChange} />;
    case 'time':
      return <TextField label={label(field)} type="time" step={60} value={text} error={error} hint="24-hour clock, HH:MM" onChange={(e) => onChange(e.target.value || undefined)} />;
    case 'weekdays':
      return <WeekdaysField field={field} value={Array.isArray(value) ? (value as number[]) : []} error={error} onChange={onChange} />;
    case 'secret':
      return text ? (
        <CopyField label={field.label} value={text} hint="Receivers verify each call's webhook-signature header with it (Standard Webhooks)." />
      ) : (
        <p className="text-sm text-gray-600 dark:text-gray-400">{field.label}: generated when you save the workflow, then shown here to copy.</p>
      );
    case 'view':
      return <ViewSelect field={field} value={text} error={error} onChange={onChange} />;
    case 'members':
      return <MembersField field={field} value={Array.isArray(value) ? (value as string[]) : []} error={error} onChange={onChange} />;
    case 'conditions':
      return <ConditionsField value={Array.isArray(value) ? (value as Condition[]) : []} error={error} onChange={onChange} />;
  }
}

function FieldError({ id, label: name, error }: { id: string; label: string; error: string | undefined }) {
  return error ? (
    <p id={id} className="text-sm text-red-600 dark:text-red-400">
      {fieldMessage(name, error)}
    </p>
  ) : null;
}

function StageSelect({ field, value, error, pipelineId, onChange }: { field: Field; value: string; error: string | undefined; pipelineId: string | undefined; onChange: (value: unknown) => void }) {
  const pipelines = trpc.pipelines.list.useQuery();
  const all = pipelines.data?.items ?? [];
  const items = field.kind === 'stage' && pipelineId ? all.filter((p) => p.id === pipelineId) : all;
  return (
    <SelectField label={label(field)} value={value} error={error} onChange={(e) => onChange(e.target.value || undefined)}>
      <option value="">{field.required ? 'Choose…' : (field.empty ?? 'Any')}</option>
      {field.kind === 'pipeline'
        ? items.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))
        : items.map((p) => (
            <optgroup key={p.id} label={p.name}>
              {p.stages.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </optgroup>
          ))}
    </SelectField>
  );
}

function WorkflowSelect({ field, value, error, onChange }: { field: Field; value: string; error: string | undefined; onChange: (value: unknown) => void }) {
  const workflows = trpc.automations.list.useQuery();
  return (
    <SelectField label={label(field)} value={value} error={error} onChange={(e) => onChange(e.target.value || undefined)}>
      <option value="">Choose…</option>
      {(workflows.data?.items ?? []).map((w) => (
        <option key={w.id} value={w.id}>
          {w.name}
        </option>
      ))}
    </SelectField>
  );
}

/** One of the member's saved contact views (a schedule trigger enrols its contacts; the workflow's creator's views). */
function ViewSelect({ field, value, error, onChange }: { field: Field; value: string; error: string | undefined; onChange: (value: unknown) => void }) {
  const views = trpc.savedViews.list.useQuery();
  return (
    <SelectField label={label(field)} value={value} error={error} onChange={(e) => onChange(e.target.value || undefined)}>
      <option value="">Choose…</option>
      {(views.data ?? []).map((v) => (
        <option key={v.id} value={v.id}>
          {v.name}
        </option>
      ))}
    </SelectField>
  );
}

function MembersField({ field, value, error, onChange }: { field: Field; value: string[]; error: string | undefined; onChange: (value: unknown) => void }) {
  const members = useMembers();
  const id = useId();
  return (
    <fieldset className="flex flex-col gap-1.5" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="text-sm font-medium text-gray-900 dark:text-gray-100">{label(field)}</legend>
      {(members.data?.members ?? []).map((m) => (
        <label key={m.userId} className="flex items-center gap-2 text-sm">
          <Checkbox checked={value.includes(m.userId)} onChange={(e) => onChange(e.target.checked ? [...value, m.userId] : value.filter((v) => v !== m.userId))} />
          {m.name}
        </label>
      ))}
      <FieldError id={`${id}-error`} label={field.label} error={error} />
    </fieldset>
  );
}

const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
/** Monday first, as a week reads. */
const WEEKDAY_ORDER = [1, 2, 3, 4, 5, 6, 0];

function WeekdaysField({ field, value, error, onChange }: { field: Field; value: number[]; error: string | undefined; onChange: (value: unknown) => void }) {
  const id = useId();
  return (
    <fieldset className="flex flex-col gap-1.5" aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}>
      <legend className="text-sm font-medium text-gray-900 dark:text-gray-100">{label(field)}</legend>
      <div className="grid grid-cols-2 gap-1">
        {WEEKDAY_ORDER.map((day) => (
          <label key={day} className="flex items-center gap-2 text-sm">
            <Checkbox checked={value.includes(day)} onChange={(e) => onChange(e.target.checked ? [...value, day].sort((a, b) => a - b) : value.filter((d) => d !== day))} />
            {WEEKDAY_NAMES[day]}
          </label>
        ))}
      </div>
      <p id={`${id}-hint`} className="text-xs text-gray-600 dark:text-gray-400">
        {value.length === 0 ? `${field.empty ?? 'Any day'}: the next time the clock shows the time.` : 'The first chosen day whose time is still ahead.'}
      </p>
      <FieldError id={`${id}-error`} label={field.label} error={error} />
    </fieldset>
  );
}

const OPERATORS = ZConditionOperator.options;

function ConditionsField({ value, error, onChange }: { value: Condition[]; error: string | undefined; onChange: (value: unknown) => void }) {
  const id = useId();
  const set = (index: number, patch: Partial<Condition>) => onChange(value.map((c, i) => (i === index ? { ...c, ...patch } : c)));
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="text-sm font-medium text-gray-900 dark:text-gray-100">Conditions</legend>
      <p className="text-xs text-gray-600 dark:text-gray-400">
        Field: tag, a contact field (first_name, email, lead_score…), custom.&lt;key&gt;, deal.&lt;field&gt; or event.&lt;field&gt; (what the trigger carried, e.g. a webhook’s data).
      </p>
      {value.map((condition, index) => (
        <div key={index} className="grid grid-cols-[1fr_1fr_1fr_auto] gap-1">
          <Input aria-label={`Condition ${index + 1} field`} value={condition.field} onChange={(e) => set(index, { field: e.target.value })} />
          <Select aria-label={`Condition ${index + 1} operator`} value={condition.operator} onChange={(e) => set(index, { operator: e.target.value })}>
            {OPERATORS.map((o) => (
              <option key={o} value={o}>
                {o.replaceAll('_', ' ')}
              </option>
            ))}
          </Select>
          <Input aria-label={`Condition ${index + 1} value`} value={condition.value} onChange={(e) => set(index, { value: e.target.value })} />
          <Button variant="ghost" size="icon" aria-label={`Remove condition ${index + 1}`} onClick={() => onChange(value.filter((_, i) => i !== index))}>
            <Trash2Icon className="size-4" aria-hidden />
          </Button>
        </div>
      ))}
      <Button variant="outline" size="sm" className="self-start" onClick={() => onChange([...value, { field: 'tag', operator: 'has', value: '' }])}>
        <PlusIcon className="size-4" aria-hidden />
        Add condition
      </Button>
      <FieldError id={`${id}-error`} label="Conditions" error={error} />
    </fieldset>
  );
}
