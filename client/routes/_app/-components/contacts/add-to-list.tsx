import { ListPlusIcon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { FormAlert, SelectField, TextField } from '../../../../components/form';
import { Button } from '../../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../../components/ui/dialog';
import { LIST_LIMITS } from '../../../../lib/campaigns-schema';
import { errorMessageOf } from '../../../../lib/errors';
import { trpc } from '../../../../lib/trpc';
import { toast } from '../../../../state/toast';
import type { BulkTarget } from './bulk';
import { plural } from './labels';

const NEW = '__new__';

/** The contacts list's "Add to list": the selected contacts, or all matching the filter, onto a campaign list, existing or new. */
export function AddToList({ target, count, onDone }: { target: BulkTarget; count: number; onDone: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <ListPlusIcon className="size-4" aria-hidden />
        Add to list
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          {open ? (
            <AddToListForm
              selection={target}
              count={count}
              onDone={() => {
                setOpen(false);
                onDone();
              }}
            />
          ) : null}
        </DialogContent>
      </Dialog>
    </>
  );
}

function AddToListForm({ selection, count, onDone }: { selection: BulkTarget; count: number; onDone: () => void }) {
  const utils = trpc.useUtils();
  const lists = trpc.campaigns.lists.useQuery();
  const create = trpc.campaigns.listCreate.useMutation();
  const add = trpc.campaigns.listAddContacts.useMutation();
  const addMatching = trpc.campaigns.listAddMatching.useMutation();
  const [target, setTarget] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const chosen = target ?? lists.data?.items[0]?.id ?? NEW;
  const busy = create.isPending || add.isPending || addMatching.isPending;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setMessage(null);
    if (chosen === NEW && !name.trim()) return setMessage('Name the new list');
    try {
      const id = chosen === NEW ? (await create.mutateAsync({ name: name.trim() })).id : chosen;
      const result = 'ids' in selection ? await add.mutateAsync({ id, contactIds: selection.ids }) : await addMatching.mutateAsync({ id, filter: selection.filter });
      await utils.campaigns.lists.invalidate();
      const already = count - result.changed;
      toast({ title: 'Added to list', description: `${plural(result.changed, 'contact')} added to “${result.list.name}”.${already > 0 ? ` ${plural(already, 'other contact')} already on it.` : ''}` });
      onDone();
    } catch (error) {
      setMessage(errorMessageOf(error, 'Could not add the contacts to the list'));
    }
  }

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Add to a list</DialogTitle>
        <DialogDescription>
          Puts {'ids' in selection ? plural(count, 'selected contact') : `all ${plural(count, 'matching contact')}`} on a list that campaigns can be sent to. Contacts already on it stay once.
        </DialogDescription>
      </DialogHeader>
      <FormAlert message={message} />
      <SelectField label="List" value={chosen} onChange={(e) => setTarget(e.target.value)} autoFocus>
        {(lists.data?.items ?? []).map((l) => (
          <option key={l.id} value={l.id}>
            {l.name} ({l.members.toLocaleString()})
          </option>
        ))}
        <option value={NEW}>A new list…</option>
      </SelectField>
      {chosen === NEW ? <TextField label="New list name" value={name} onChange={(e) => setName(e.target.value)} maxLength={LIST_LIMITS.name} /> : null}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline" disabled={busy}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" disabled={busy}>
          {busy ? 'Adding…' : 'Add to list'}
        </Button>
      </DialogFooter>
    </form>
  );
}
