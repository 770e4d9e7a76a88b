import { useNavigate } from '@tanstack/react-router';
import { Button } from '../../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../../components/ui/dialog';
import { showError } from '../../../../lib/auth';
import { trpc } from '../../../../lib/trpc';
import { toast } from '../../../../state/toast';
import { plural } from './labels';
import type { ContactDetail } from './types';

/** Deletes the contact after saying what stays (its deals, tasks and appointments, without a contact). */
export function DeleteContactDialog({
  contact,
  open,
  onOpenChange,
  onDeleted,
}: {
  contact: ContactDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called as soon as the server deleted it, before the page leaves. */
  onDeleted: () => void;
}) {
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const remove = trpc.contacts.delete.useMutation();
  const links = [
    contact.counts.deals && plural(contact.counts.deals, 'deal'),
    contact.counts.tasks && plural(contact.counts.tasks, 'task'),
    contact.counts.appointments && plural(contact.counts.appointments, 'appointment'),
  ].filter(Boolean);
  return (
    <Dialog open={open} onOpenChange={(next) => !remove.isPending && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete {contact.name}?</DialogTitle>
          <DialogDescription>The contact and its timeline are deleted. {links.length > 0 ? `Its ${links.join(', ')} stay, without a contact.` : ''} This cannot be undone.</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={remove.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button
            variant="destructive"
            disabled={remove.isPending}
            onClick={async () => {
              try {
                await remove.mutateAsync({ id: contact.id });
                onDeleted();
                toast({ title: 'Contact deleted', description: `${contact.name} was deleted.` });
                await navigate({ to: '/contacts' });
                utils.contacts.get.setData({ id: contact.id }, undefined);
                await Promise.all([utils.contacts.list.invalidate(), utils.contacts.duplicates.invalidate()]);
              } catch (error) {
                showError(error, 'Could not delete the contact');
                onOpenChange(false);
              }
            }}
          >
            {remove.isPending ? 'Deleting...' : 'Delete contact'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
