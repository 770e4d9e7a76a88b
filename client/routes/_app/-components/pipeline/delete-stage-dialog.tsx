import { Trash2Icon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { FormAlert, SelectField } from '../../../../components/form';
import { Button } from '../../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../../components/ui/dialog';
import { serverFormErrors } from '../../../../lib/forms';
import { trpc } from '../../../../lib/trpc';
import { toast } from '../../../../state/toast';
import { refreshDeals } from '../crm/invalidate';
import type { Pipeline, PipelineStage } from '../crm/types';
import { STAGE_KIND_LABELS } from './stage-kinds';

/** Deletes a stage, its deals moved first to another stage of the same kind. */
export function DeleteStageDialog({ stage, pipeline }: { stage: PipelineStage; pipeline: Pipeline }) {
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
                ? `It holds ${stage.dealCount} deals and there is no other ${STAGE_KIND_LABELS[stage.kind].toLowerCase()} stage to move them to. Add one first, or move the deals.`
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
