import { UserPlusIcon } from 'lucide-react';
import { useState } from 'react';
import { FormAlert, SelectField } from '../../../../components/form';
import { Button } from '../../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '../../../../components/ui/dialog';
import { errorMessageOf } from '../../../../lib/errors';
import { trpc } from '../../../../lib/trpc';
import { toast } from '../../../../state/toast';
import type { ComboOption } from '../crm/combobox';
import { ContactPicker } from '../crm/pickers';

/**
 * Manual enrolment of one contact: a run of the chosen workflow's published version starts now,
 * whatever its triggers; the run history below then lists it.
 */
export function EnrollDialog({ workflows }: { workflows: readonly { id: string; name: string; publishedVersion: number | null }[] }) {
  const [open, setOpen] = useState(false);
  const published = workflows.filter((w) => w.publishedVersion !== null);
  const [workflowId, setWorkflowId] = useState('');
  const [contact, setContact] = useState<ComboOption | null>(null);
  const utils = trpc.useUtils();
  const enroll = trpc.automations.enroll.useMutation({
    onSuccess: async () => {
      await Promise.all([utils.automations.runs.invalidate(), utils.automations.list.invalidate()]);
      toast({ title: 'Contact enrolled', description: `${contact?.label ?? 'The contact'} is in “${published.find((w) => w.id === workflowId)?.name ?? 'the workflow'}”.` });
      setOpen(false);
      setContact(null);
    },
  });
  const chosen = published.some((w) => w.id === workflowId) ? workflowId : (published[0]?.id ?? '');
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        enroll.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline">
          <UserPlusIcon className="size-4" aria-hidden />
          Enrol contact
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Enrol a contact</DialogTitle>
          <DialogDescription>Starts a run of the workflow’s published version for one contact now, whatever its triggers.</DialogDescription>
        </DialogHeader>
        {published.length === 0 ? (
          <p className="text-sm text-gray-600 dark:text-gray-400">No workflow is published yet: publish one in the Workflow Builder first.</p>
        ) : (
          <>
            <SelectField label="Workflow" value={chosen} onChange={(e) => setWorkflowId(e.target.value)}>
              {published.map((w) => (
                <option key={w.id} value={w.id}>
                  {w.name}
                </option>
              ))}
            </SelectField>
            <ContactPicker value={contact} onChange={setContact} />
          </>
        )}
        <FormAlert message={enroll.error ? errorMessageOf(enroll.error, 'Could not enrol the contact') : null} />
        <DialogFooter>
          <Button disabled={!chosen || !contact || enroll.isPending} onClick={() => contact && enroll.mutate({ id: chosen, contactId: contact.id })}>
            {enroll.isPending ? 'Enrolling…' : 'Enrol'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
