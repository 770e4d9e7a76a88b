import { PlusIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { SelectField, TextField } from '../../../../components/form';
import { Button } from '../../../../components/ui/button';
import { showError } from '../../../../lib/auth';
import { STAGE_KINDS, type TStageKind, ZCreateStageInput } from '../../../../lib/deals-schema';
import { type FieldErrors, serverFormErrors, validateForm } from '../../../../lib/forms';
import { trpc } from '../../../../lib/trpc';
import { toast } from '../../../../state/toast';
import { refreshDeals } from '../crm/invalidate';
import type { Pipeline } from '../crm/types';
import { STAGE_KIND_LABELS } from './stage-kinds';

export function NewStageForm({ pipeline }: { pipeline: Pipeline }) {
  const utils = trpc.useUtils();
  const create = trpc.pipelines.createStage.useMutation();
  const id = useId();
  const [values, setValues] = useState({ name: '', probability: '', kind: 'open' as TStageKind });
  const [errors, setErrors] = useState<FieldErrors>({});

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input = { pipelineId: pipeline.id, name: values.name, kind: values.kind, ...(values.probability.trim() ? { probability: Number(values.probability) } : {}) };
    const parsed = validateForm(ZCreateStageInput, input);
    if (!parsed.ok) return setErrors(parsed.errors);
    setErrors({});
    try {
      await create.mutateAsync(input);
      await refreshDeals(utils);
      toast({ title: 'Stage added', description: values.name });
      setValues({ name: '', probability: '', kind: 'open' });
    } catch (failure) {
      const { fieldErrors, message } = serverFormErrors(failure, ['name', 'probability', 'kind'], 'Could not add the stage');
      setErrors(fieldErrors);
      if (message) showError(failure, 'Could not add the stage');
    }
  }

  return (
    <form noValidate onSubmit={(e) => void submit(e)} aria-labelledby={`${id}-title`} className="mt-4 flex flex-col gap-3">
      <h3 id={`${id}-title`} className="text-sm font-semibold">
        Add a stage
      </h3>
      <div className="flex flex-wrap items-start gap-3">
        <TextField label="Stage name" className="min-w-40 flex-1" value={values.name} onChange={(e) => setValues((v) => ({ ...v, name: e.target.value }))} error={errors.name} />
        <TextField
          label="Probability (%)"
          className="w-32"
          type="number"
          min={0}
          max={100}
          placeholder={values.kind === 'won' ? '100' : '0'}
          value={values.probability}
          onChange={(e) => setValues((v) => ({ ...v, probability: e.target.value }))}
          error={errors.probability}
        />
        <SelectField label="Kind" className="w-28" value={values.kind} onChange={(e) => setValues((v) => ({ ...v, kind: e.target.value as TStageKind }))} error={errors.kind}>
          {STAGE_KINDS.map((k) => (
            <option key={k} value={k}>
              {STAGE_KIND_LABELS[k]}
            </option>
          ))}
        </SelectField>
        <div className="pt-6">
          <Button type="submit" disabled={create.isPending}>
            <PlusIcon className="size-4" aria-hidden />
            Add stage
          </Button>
        </div>
      </div>
      <p className="text-xs text-gray-500 dark:text-gray-400">An open stage goes before the won and lost stages; reorder it with the arrows.</p>
    </form>
  );
}
