import { type FormEvent, useId, useState } from 'react';
import { TextField } from '../../../../components/form';
import { Button } from '../../../../components/ui/button';
import { Checkbox } from '../../../../components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../../components/ui/dialog';
import { Label } from '../../../../components/ui/input';
import { showError } from '../../../../lib/auth';
import { ZCreatePipelineInput } from '../../../../lib/deals-schema';
import { type FieldErrors, serverFormErrors, validateForm } from '../../../../lib/forms';
import { trpc } from '../../../../lib/trpc';
import { toast } from '../../../../state/toast';
import { refreshDeals } from '../crm/invalidate';

/** A new pipeline, which starts with the default stages. */
export function NewPipelineDialog({ open, onOpenChange, onCreated }: { open: boolean; onOpenChange: (open: boolean) => void; onCreated: (id: string) => void }) {
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
