import { StarIcon, Trash2Icon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { FormAlert, SelectField, TextField } from '../../../../components/form';
import { SettingsSection } from '../../../../components/settings-section';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../../components/ui/dialog';
import { showError } from '../../../../lib/auth';
import { ZUpdatePipelineInput } from '../../../../lib/deals-schema';
import { type FieldErrors, serverFormErrors, validateForm } from '../../../../lib/forms';
import { trpc } from '../../../../lib/trpc';
import { toast } from '../../../../state/toast';
import { refreshDeals } from '../crm/invalidate';
import type { Pipeline } from '../crm/types';

/** A pipeline's name and default flag, and its deletion (its deals moved to another pipeline first). */
export function PipelineSection({ pipeline, others, onDeleted }: { pipeline: Pipeline; others: Pipeline[]; onDeleted: () => void }) {
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
