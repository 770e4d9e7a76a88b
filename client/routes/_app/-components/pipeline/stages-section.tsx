import { ArrowDownIcon, ArrowUpIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { SelectField, TextField } from '../../../../components/form';
import { SettingsSection } from '../../../../components/settings-section';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { showError } from '../../../../lib/auth';
import { STAGE_KINDS, type TStageKind, ZUpdateStageInput } from '../../../../lib/deals-schema';
import { type FieldErrors, serverFormErrors, validateForm } from '../../../../lib/forms';
import { trpc } from '../../../../lib/trpc';
import { toast } from '../../../../state/toast';
import { refreshDeals } from '../crm/invalidate';
import type { Pipeline, PipelineStage } from '../crm/types';
import { DeleteStageDialog } from './delete-stage-dialog';
import { NewStageForm } from './new-stage-form';
import { STAGE_KIND_LABELS } from './stage-kinds';

/** A pipeline's stages in board order: each edited, moved up or down, or deleted in place; and a new one. */
export function StagesSection({ pipeline }: { pipeline: Pipeline }) {
  const utils = trpc.useUtils();
  const reorder = trpc.pipelines.reorderStages.useMutation();
  const [announcement, setAnnouncement] = useState('');

  async function moveStage(index: number, by: -1 | 1) {
    const ids = pipeline.stages.map((s) => s.id);
    const [moved] = ids.splice(index, 1);
    if (!moved) return;
    ids.splice(index + by, 0, moved);
    try {
      await reorder.mutateAsync({ pipelineId: pipeline.id, stageIds: ids });
      await refreshDeals(utils);
      setAnnouncement(`${pipeline.stages[index]?.name} moved to position ${index + by + 1} of ${ids.length}.`);
    } catch (failure) {
      showError(failure, 'Could not reorder the stages');
    }
  }

  return (
    <SettingsSection title="Stages" description="In board order. The win probability of a stage weighs its deals' value; won and lost stages close deals.">
      <p role="status" className="sr-only">
        {announcement}
      </p>
      <ol className="-mx-6 divide-y divide-gray-100 border-y border-gray-100 dark:divide-gray-800 dark:border-gray-800" aria-label="Stages">
        {pipeline.stages.map((stage, i) => (
          <StageRow key={stage.id} stage={stage} pipeline={pipeline} first={i === 0} last={i === pipeline.stages.length - 1} busy={reorder.isPending} onMove={(by) => void moveStage(i, by)} />
        ))}
      </ol>
      <NewStageForm pipeline={pipeline} />
    </SettingsSection>
  );
}

function StageRow({ stage, pipeline, first, last, busy, onMove }: { stage: PipelineStage; pipeline: Pipeline; first: boolean; last: boolean; busy: boolean; onMove: (by: -1 | 1) => void }) {
  const utils = trpc.useUtils();
  const update = trpc.pipelines.updateStage.useMutation();
  const id = useId();
  const [values, setValues] = useState({ name: stage.name, probability: String(stage.probability), kind: stage.kind });
  const [errors, setErrors] = useState<FieldErrors>({});
  const dirty = values.name !== stage.name || values.probability !== String(stage.probability) || values.kind !== stage.kind;

  async function save(event: FormEvent) {
    event.preventDefault();
    const input = {
      id: stage.id,
      ...(values.name !== stage.name ? { name: values.name } : {}),
      ...(values.probability !== String(stage.probability) ? { probability: values.probability.trim() === '' ? NaN : Number(values.probability) } : {}),
      ...(values.kind !== stage.kind ? { kind: values.kind } : {}),
    };
    const parsed = validateForm(ZUpdateStageInput, input);
    if (!parsed.ok) return setErrors(parsed.errors);
    setErrors({});
    try {
      await update.mutateAsync(input);
      await refreshDeals(utils);
      toast({ title: 'Stage saved', description: values.name });
    } catch (failure) {
      const { fieldErrors, message } = serverFormErrors(failure, ['name', 'probability', 'kind'], 'Could not save the stage');
      setErrors(fieldErrors);
      if (message) showError(failure, 'Could not save the stage');
    }
  }

  return (
    <li className="px-6 py-3">
      <form noValidate onSubmit={(e) => void save(e)} aria-label={`Stage ${stage.name}`} className="flex flex-wrap items-start gap-3">
        <div className="flex gap-1 pt-6">
          <Button variant="ghost" size="icon" className="size-8" aria-label={`Move ${stage.name} up`} disabled={first || busy} onClick={() => onMove(-1)}>
            <ArrowUpIcon className="size-4" aria-hidden />
          </Button>
          <Button variant="ghost" size="icon" className="size-8" aria-label={`Move ${stage.name} down`} disabled={last || busy} onClick={() => onMove(1)}>
            <ArrowDownIcon className="size-4" aria-hidden />
          </Button>
        </div>
        <TextField label="Name" id={`${id}-name`} className="min-w-40 flex-1" value={values.name} onChange={(e) => setValues((v) => ({ ...v, name: e.target.value }))} error={errors.name} />
        <TextField
          label="Probability (%)"
          id={`${id}-prob`}
          className="w-32"
          type="number"
          min={0}
          max={100}
          value={values.probability}
          onChange={(e) => setValues((v) => ({ ...v, probability: e.target.value }))}
          error={errors.probability}
        />
        <SelectField
          label="Kind"
          id={`${id}-kind`}
          className="w-28"
          value={values.kind}
          onChange={(e) => setValues((v) => ({ ...v, kind: e.target.value as TStageKind }))}
          error={errors.kind}
          hint={stage.dealCount > 0 ? 'Empty the stage to change' : undefined}
          disabled={stage.dealCount > 0}
        >
          {STAGE_KINDS.map((k) => (
            <option key={k} value={k}>
              {STAGE_KIND_LABELS[k]}
            </option>
          ))}
        </SelectField>
        <div className="flex items-center gap-2 pt-6">
          <Badge tone="gray">
            {stage.dealCount} {stage.dealCount === 1 ? 'deal' : 'deals'}
          </Badge>
          <Button type="submit" size="sm" disabled={!dirty || update.isPending}>
            Save
          </Button>
          {pipeline.stages.length > 1 ? <DeleteStageDialog stage={stage} pipeline={pipeline} /> : null}
        </div>
      </form>
    </li>
  );
}
