import { Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { SelectField, TextField } from '../../../../components/form';
import { Button } from '../../../../components/ui/button';
import { trpc } from '../../../../lib/trpc';
import type { TWorkflowSettings } from '../../../../lib/automations-schema';
import { ConfigFields } from './config-fields';
import { type Catalog, entryOf } from './flow';
import { connect, type Draft, type DraftStep, handlesOf, removeEdges, edgeKey, START, stepTitle, renameStep } from './graph';
import { WorkflowSettingsFields } from './settings-fields';
import { stepErrors, triggerErrors } from './validation';

type Change = (next: Draft) => void;

/** The settings of what is selected on the canvas: the triggers and the workflow's settings on Workflow Start, or one step. */
export function ConfigPanel({
  workflowId,
  draft,
  catalog,
  selected,
  settings,
  onChange,
  onSettingsChange,
  onSelect,
  onError,
}: {
  workflowId: string;
  draft: Draft;
  catalog: Catalog;
  selected: string | null;
  settings: TWorkflowSettings;
  onChange: Change;
  onSettingsChange: (next: TWorkflowSettings) => void;
  onSelect: (id: string | null) => void;
  onError: (message: string) => void;
}) {
  if (selected === START)
    return (
      <div className="flex flex-col gap-4">
        <TriggersPanel workflowId={workflowId} draft={draft} catalog={catalog} onChange={onChange} onError={onError} />
        <WorkflowSettingsFields settings={settings} onChange={onSettingsChange} />
      </div>
    );
  const step = draft.steps.find((s) => s.id === selected);
  if (!step)
    return (
      <p className="text-sm text-gray-600 dark:text-gray-400">
        Select Workflow Start for the triggers and the workflow’s settings (re-enrolment, replies, sending window, goals), or a step to change its settings. Tab moves between steps; Alt+↓ and Alt+↑
        follow the path.
      </p>
    );
  return <StepPanel key={step.id} draft={draft} catalog={catalog} step={step} onChange={onChange} onSelect={onSelect} onError={onError} />;
}

function TriggersPanel({ workflowId, draft, catalog, onChange, onError }: { workflowId: string; draft: Draft; catalog: Catalog; onChange: Change; onError: (message: string) => void }) {
  return (
    <section aria-label="Triggers" className="flex flex-col gap-4">
      <h2 className="text-base font-semibold">Workflow Start</h2>
      {draft.triggers.length === 0 ? <p className="text-sm text-gray-600 dark:text-gray-400">No trigger: contacts are enrolled by hand. Add one from the Triggers tab.</p> : null}
      {draft.triggers.map((trigger, index) => {
        const entry = entryOf(catalog, 'trigger', trigger.type);
        const setTriggers = (triggers: Draft['triggers']) => onChange({ ...draft, triggers });
        return (
          <div key={index} className="flex flex-col gap-2 rounded-md border border-gray-200 p-3 dark:border-gray-700">
            <div className="flex items-center justify-between gap-2">
              <h3 className="text-sm font-semibold">{entry?.label ?? trigger.type}</h3>
              <Button variant="ghost" size="icon" aria-label={`Remove trigger ${entry?.label ?? trigger.type}`} onClick={() => setTriggers(draft.triggers.filter((_, i) => i !== index))}>
                <Trash2Icon className="size-4" aria-hidden />
              </Button>
            </div>
            {entry ? (
              <ConfigFields
                entry={entry}
                config={trigger.config}
                errors={triggerErrors(trigger)}
                onChange={(config) => setTriggers(draft.triggers.map((t, i) => (i === index ? { ...t, config } : t)))}
              />
            ) : (
              <p className="text-sm text-red-700 dark:text-red-400">The engine no longer runs this trigger; remove it.</p>
            )}
            {trigger.type === 'webhook' ? <WebhookDetails workflowId={workflowId} /> : null}
            {trigger.type === 'schedule' ? (
              <p className="text-xs text-gray-600 dark:text-gray-400">
                In the organization’s time zone. Each occurrence enrols the view’s contacts (the workflow creator’s view; “Allow re-enrolment” decides whether a contact enrolled before comes again).
              </p>
            ) : null}
          </div>
        );
      })}
      <Outgoing draft={draft} from={START} handles={[undefined]} onChange={onChange} onError={onError} />
    </section>
  );
}

function StepPanel({
  draft,
  catalog,
  step,
  onChange,
  onSelect,
  onError,
}: {
  draft: Draft;
  catalog: Catalog;
  step: DraftStep;
  onChange: Change;
  onSelect: (id: string | null) => void;
  onError: (message: string) => void;
}) {
  const entry = entryOf(catalog, 'step', step.type);
  const errors = stepErrors(step);
  const [name, setName] = useState(step.id);
  const [nameError, setNameError] = useState<string | undefined>();
  function rename() {
    if (name === step.id) return setNameError(undefined);
    const result = renameStep(draft, step.id, name.trim());
    if ('error' in result) return setNameError(result.error);
    const nameRule = stepErrors({ ...step, id: name.trim() }).id;
    if (nameRule) return setNameError(nameRule);
    setNameError(undefined);
    onChange(result.draft);
    onSelect(name.trim());
  }
  return (
    <section aria-label={`Step ${stepTitle(step.id)}`} className="flex flex-col gap-4">
      <div>
        <p className="text-xs font-medium tracking-wide text-gray-500 uppercase">{entry?.label ?? step.type}</p>
        <h2 className="text-base font-semibold">{stepTitle(step.id)}</h2>
        {entry ? <p className="text-sm text-gray-600 dark:text-gray-400">{entry.description}</p> : null}
      </div>
      <TextField
        label="Step name"
        hint="Letters, digits, - or _; the run log names the step by it."
        value={name}
        error={nameError ?? errors.id}
        onChange={(e) => setName(e.target.value)}
        onBlur={rename}
        onKeyDown={(e) => (e.key === 'Enter' ? rename() : undefined)}
      />
      {entry ? (
        <ConfigFields entry={entry} config={step.config} errors={errors} onChange={(config) => onChange({ ...draft, steps: draft.steps.map((s) => (s.id === step.id ? { ...s, config } : s)) })} />
      ) : (
        <p className="text-sm text-red-700 dark:text-red-400">The engine no longer runs this step; remove it.</p>
      )}
      <Outgoing draft={draft} from={step.id} handles={handlesOf(step.type)} onChange={onChange} onError={onError} />
    </section>
  );
}

/** The inbound webhook's URL and signing secret, fetched on demand (asking makes them the first time; Rotate replaces the secret). */
function WebhookDetails({ workflowId }: { workflowId: string }) {
  const hook = trpc.automations.hook.useMutation();
  const data = hook.data;
  return (
    <div className="flex flex-col gap-2 text-sm">
      {data ? (
        <dl className="flex flex-col gap-1">
          <dt className="font-medium">URL (POST)</dt>
          <dd>
            <code className="break-all">{data.url}</code>
          </dd>
          <dt className="font-medium">Secret</dt>
          <dd>
            <code className="break-all">{data.secret}</code>
          </dd>
          <dt className="font-medium">Signature header</dt>
          <dd>
            <code className="break-all">{data.header}: sha256=&lt;hex HMAC-SHA256 of the raw body under the secret&gt;</code>
          </dd>
        </dl>
      ) : null}
      <p className="text-xs text-gray-600 dark:text-gray-400">
        Body: {'{ "contact": { "email": "…" }, "data": { … } }'} — the contact by id, email or phone; data is read in If / Else as event.&lt;key&gt;.
      </p>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" disabled={hook.isPending} onClick={() => hook.mutate({ id: workflowId, rotate: false })}>
          {data ? 'Refresh' : 'Show URL and secret'}
        </Button>
        {data ? (
          <Button variant="outline" size="sm" disabled={hook.isPending} onClick={() => hook.mutate({ id: workflowId, rotate: true })}>
            Rotate secret
          </Button>
        ) : null}
      </div>
      {hook.error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {hook.error.message}
        </p>
      ) : null}
    </div>
  );
}

/** Where each outcome leads, chosen from a list: connecting steps without a pointer. */
function Outgoing({ draft, from, handles, onChange, onError }: { draft: Draft; from: string; handles: readonly (string | undefined)[]; onChange: Change; onError: (message: string) => void }) {
  const targets = draft.steps.filter((s) => s.id !== from);
  return (
    <div className="flex flex-col gap-2">
      {handles.map((branch) => {
        const edge = draft.edges.find((e) => e.from === from && e.branch === branch);
        return (
          <SelectField
            key={branch ?? 'next'}
            label={branch ? `If ${branch}, go to` : 'Next step'}
            value={edge?.to ?? ''}
            onChange={(e) => {
              if (!e.target.value) return onChange(edge ? removeEdges(draft, [edgeKey(edge)]) : draft);
              const result = connect(draft, from, branch, e.target.value);
              if ('error' in result) onError(result.error);
              else onChange(result.draft);
            }}
          >
            <option value="">{branch ? 'End the run here' : 'None (the run ends)'}</option>
            {targets.map((s) => (
              <option key={s.id} value={s.id}>
                {stepTitle(s.id)}
              </option>
            ))}
          </SelectField>
        );
      })}
    </div>
  );
}
