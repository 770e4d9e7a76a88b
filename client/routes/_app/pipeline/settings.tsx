import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { ArrowDownIcon, ArrowLeftIcon, ArrowUpIcon, PlusIcon, StarIcon, Trash2Icon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { z } from 'zod';
import { FormAlert, SelectField, TextField } from '../../../components/form';
import { Page } from '../../../components/page';
import { NoAccess, SettingsSection } from '../../../components/settings-section';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { focusRing } from '../../../components/ui/focus';
import { Checkbox } from '../../../components/ui/checkbox';
import { Label, Select } from '../../../components/ui/input';
import { showError, useCan } from '../../../lib/auth';
import { cn } from '../../../lib/cn';
import { STAGE_KINDS, type TStageKind, ZCreatePipelineInput, ZCreateStageInput, ZUpdatePipelineInput, ZUpdateStageInput } from '../../../lib/deals-schema';
import { type FieldErrors, serverFormErrors, validateForm } from '../../../lib/forms';
import { trpc } from '../../../lib/trpc';
import { toast } from '../../../state/toast';
import { refreshDeals } from '../-components/crm/invalidate';
import type { Pipeline, PipelineStage } from '../-components/crm/types';

const KIND_LABELS: Record<TStageKind, string> = { open: 'Open', won: 'Won', lost: 'Lost' };

export const Route = createFileRoute('/_app/pipeline/settings')({
  validateSearch: z.object({ pipelineId: z.uuid().optional().catch(undefined) }),
  staticData: { title: 'Pipeline settings' },
  loader: ({ context }) => context.trpc.pipelines.list.ensureData(),
  component: PipelineSettingsPage,
});

function PipelineSettingsPage() {
  const canManage = useCan('pipelines:manage');
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const pipelines = trpc.pipelines.list.useQuery();
  const items = pipelines.data?.items ?? [];
  const pipeline = items.find((p) => p.id === search.pipelineId) ?? items.find((p) => p.isDefault) ?? items[0];
  const [creating, setCreating] = useState(false);
  const selectId = useId();

  const back = (
    <Link to="/pipeline" search={pipeline ? { pipelineId: pipeline.id } : {}} className={cn('inline-flex items-center gap-1 rounded text-indigo-700 hover:underline dark:text-indigo-300', focusRing)}>
      <ArrowLeftIcon className="size-4" aria-hidden />
      Back to the board
    </Link>
  );
  if (!canManage) {
    return (
      <Page title="Pipeline settings" description={back}>
        <NoAccess>Your role does not allow changing pipelines and stages (pipelines:manage is required). Ask a manager or an admin.</NoAccess>
      </Page>
    );
  }
  return (
    <Page
      title="Pipeline settings"
      description={back}
      actions={
        <Button onClick={() => setCreating(true)}>
          <PlusIcon className="size-4" aria-hidden />
          New pipeline
        </Button>
      }
    >
      {items.length > 1 ? (
        <div className="flex w-full max-w-xs flex-col gap-1">
          <Label htmlFor={selectId}>Pipeline</Label>
          <Select id={selectId} value={pipeline?.id ?? ''} onChange={(e) => void navigate({ search: { pipelineId: e.target.value } })}>
            {items.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
                {p.isDefault ? ' (default)' : ''}
              </option>
            ))}
          </Select>
        </div>
      ) : null}
      {pipeline ? (
        <>
          <PipelineSection key={`p-${pipeline.id}`} pipeline={pipeline} others={items.filter((p) => p.id !== pipeline.id)} onDeleted={() => void navigate({ search: {} })} />
          <StagesSection key={`s-${pipeline.id}`} pipeline={pipeline} />
        </>
      ) : null}
      <NewPipelineDialog open={creating} onOpenChange={setCreating} onCreated={(id) => void navigate({ search: { pipelineId: id } })} />
    </Page>
  );
}

function PipelineSection({ pipeline, others, onDeleted }: { pipeline: Pipeline; others: Pipeline[]; onDeleted: () => void }) {
  const utils = trpc.useUtils();
  const update = trpc.pipelines.update.useMutation();
  const [name, setName] = useState(pipeline.name);
  const [errors, setErrors] = useState<FieldErrors>({});

  async function save(input: { name?: string; isDefault?: boolean }) {
    const parsed = validateForm(ZUpdatePipelineInput, { id: pipeline.id, ...input });
    if (!parsed.ok) return setErrors(parsed.errors);
    setErrors({});
    try {
      await update.mutateAsync({ id: pipeline.id, ...input });
      await refreshDeals(utils);
      toast({ title: input.isDefault ? `${pipeline.name} is now the default pipeline` : 'Pipeline renamed' });
    } catch (failure) {
      const { fieldErrors, message } = serverFormErrors(failure, ['name', 'isDefault'], 'Could not save the pipeline');
      setErrors(fieldErrors);
      if (message) showError(failure, 'Could not save the pipeline');
    }
  }

  return (
    <SettingsSection
      title="Pipeline"
      description={`${pipeline.dealCount} ${pipeline.dealCount === 1 ? 'deal' : 'deals'} in ${pipeline.stages.length} stages.`}
      actions={pipeline.isDefault ? <Badge tone="indigo">Default pipeline</Badge> : null}
    >
      <div className="flex flex-col gap-4">
        <form
          noValidate
          className="flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            void save({ name });
          }}
        >
          <TextField label="Name" className="w-full max-w-sm" value={name} onChange={(e) => setName(e.target.value)} error={errors.name} />
          <Button type="submit" variant="outline" disabled={update.isPending || name.trim() === pipeline.name}>
            Rename
          </Button>
        </form>
        <div className="flex flex-wrap gap-2">
          {!pipeline.isDefault ? (
            <Button variant="outline" onClick={() => void save({ isDefault: true })} disabled={update.isPending}>
              <StarIcon className="size-4" aria-hidden />
              Make default
            </Button>
          ) : null}
          {others.length > 0 ? <DeletePipeline pipeline={pipeline} others={others} onDeleted={onDeleted} /> : null}
        </div>
      </div>
    </SettingsSection>
  );
}

function DeletePipeline({ pipeline, others, onDeleted }: { pipeline: Pipeline; others: Pipeline[]; onDeleted: () => void }) {
  const utils = trpc.useUtils();
  const remove = trpc.pipelines.delete.useMutation();
  const [open, setOpen] = useState(false);
  const targets = others.flatMap((p) => p.stages.filter((s) => s.kind === 'open').map((s) => ({ id: s.id, label: `${p.name} — ${s.name}` })));
  const [target, setTarget] = useState(targets[0]?.id ?? '');
  const [error, setError] = useState<string | null>(null);

  async function confirm(event: FormEvent) {
    event.preventDefault();
    try {
      await remove.mutateAsync({ id: pipeline.id, moveDealsToStageId: pipeline.dealCount > 0 ? target : undefined });
      await refreshDeals(utils);
      toast({ title: 'Pipeline deleted', description: pipeline.dealCount > 0 ? `Its ${pipeline.dealCount} deals were moved.` : pipeline.name });
      setOpen(false);
      onDeleted();
    } catch (failure) {
      const { fieldErrors, message } = serverFormErrors(failure, ['moveDealsToStageId'], 'Could not delete the pipeline');
      setError(fieldErrors.moveDealsToStageId ?? message);
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !remove.isPending && setOpen(next)}>
      <Button variant="ghost" className="text-red-600 hover:text-red-700 dark:text-red-400" onClick={() => setOpen(true)}>
        <Trash2Icon className="size-4" aria-hidden />
        Delete pipeline
      </Button>
      <DialogContent>
        <form onSubmit={(e) => void confirm(e)} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Delete “{pipeline.name}”?</DialogTitle>
            <DialogDescription>
              {pipeline.dealCount > 0
                ? `Its ${pipeline.dealCount} deals move to another pipeline first: open deals to the stage you choose, won and lost deals to that pipeline's won and lost stages.`
                : 'It has no deals. This cannot be undone.'}
            </DialogDescription>
          </DialogHeader>
          <FormAlert message={error} />
          {pipeline.dealCount > 0 ? (
            <SelectField label="Move open deals to" value={target} onChange={(e) => setTarget(e.target.value)}>
              {targets.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.label}
                </option>
              ))}
            </SelectField>
          ) : null}
          <DialogFooter>
            <Button variant="outline" onClick={() => setOpen(false)} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={remove.isPending || (pipeline.dealCount > 0 && !target)}>
              {remove.isPending ? 'Deleting…' : 'Delete pipeline'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function StagesSection({ pipeline }: { pipeline: Pipeline }) {
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
              {KIND_LABELS[k]}
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
          {pipeline.stages.length > 1 ? <DeleteStage stage={stage} pipeline={pipeline} /> : null}
        </div>
      </form>
    </li>
  );
}

function DeleteStage({ stage, pipeline }: { stage: PipelineStage; pipeline: Pipeline }) {
  const utils = trpc.useUtils();
  const remove = trpc.pipelines.deleteStage.useMutation();
  const [open, setOpen] = useState(false);
  const targets = pipeline.stages.filter((s) => s.id !== stage.id && s.kind === stage.kind);
  const [target, setTarget] = useState(targets[0]?.id ?? '');
  const [error, setError] = useState<string | null>(null);
  const blocked = stage.dealCount > 0 && targets.length === 0;

  async function confirm(event: FormEvent) {
    event.preventDefault();
    try {
      await remove.mutateAsync({ id: stage.id, moveDealsToStageId: stage.dealCount > 0 ? target : undefined });
      await refreshDeals(utils);
      toast({ title: 'Stage deleted', description: stage.name });
      setOpen(false);
    } catch (failure) {
      const { fieldErrors, message } = serverFormErrors(failure, ['moveDealsToStageId'], 'Could not delete the stage');
      setError(fieldErrors.moveDealsToStageId ?? message);
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !remove.isPending && setOpen(next)}>
      <Button variant="ghost" size="icon" className="size-8 text-red-600 hover:text-red-700 dark:text-red-400" aria-label={`Delete ${stage.name}`} onClick={() => setOpen(true)}>
        <Trash2Icon className="size-4" aria-hidden />
      </Button>
      <DialogContent>
        <form onSubmit={(e) => void confirm(e)} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Delete the stage “{stage.name}”?</DialogTitle>
            <DialogDescription>
              {blocked
                ? `It holds ${stage.dealCount} deals and there is no other ${KIND_LABELS[stage.kind].toLowerCase()} stage to move them to. Add one first, or move the deals.`
                : stage.dealCount > 0
                  ? `Its ${stage.dealCount} deals move to the stage you choose, with a note on their timeline.`
                  : 'It holds no deals.'}
            </DialogDescription>
          </DialogHeader>
          <FormAlert message={error} />
          {stage.dealCount > 0 && !blocked ? (
            <SelectField label="Move its deals to" value={target} onChange={(e) => setTarget(e.target.value)}>
              {targets.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
            </SelectField>
          ) : null}
          <DialogFooter>
            <Button variant="outline" onClick={() => setOpen(false)} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={blocked || remove.isPending}>
              {remove.isPending ? 'Deleting…' : 'Delete stage'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function NewStageForm({ pipeline }: { pipeline: Pipeline }) {
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
              {KIND_LABELS[k]}
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

function NewPipelineDialog({ open, onOpenChange, onCreated }: { open: boolean; onOpenChange: (open: boolean) => void; onCreated: (id: string) => void }) {
  const utils = trpc.useUtils();
  const create = trpc.pipelines.create.useMutation();
  const [name, setName] = useState('');
  const [isDefault, setIsDefault] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const defaultId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = validateForm(ZCreatePipelineInput, { name, isDefault });
    if (!parsed.ok) return setErrors(parsed.errors);
    setErrors({});
    try {
      const created = await create.mutateAsync({ name, isDefault });
      await refreshDeals(utils);
      toast({ title: 'Pipeline created', description: `${created.name} starts with the default stages; rename or reorder them here.` });
      setName('');
      setIsDefault(false);
      onOpenChange(false);
      onCreated(created.id);
    } catch (failure) {
      const { fieldErrors, message } = serverFormErrors(failure, ['name', 'isDefault'], 'Could not create the pipeline');
      setErrors(fieldErrors);
      if (message) showError(failure, 'Could not create the pipeline');
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>New pipeline</DialogTitle>
            <DialogDescription>It starts with the default stages, from Qualified Leads to Closed Won and Closed Lost.</DialogDescription>
          </DialogHeader>
          <TextField label="Name" autoFocus value={name} onChange={(e) => setName(e.target.value)} error={errors.name} placeholder="e.g. Renewals" />
          <div className="flex items-center gap-2">
            <Checkbox id={defaultId} checked={isDefault} onChange={(e) => setIsDefault(e.target.checked)} />
            <Label htmlFor={defaultId} className="font-normal">
              Make it the default pipeline
            </Label>
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Creating…' : 'Create pipeline'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
