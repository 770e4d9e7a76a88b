import { BookmarkIcon, BookmarkPlusIcon, ChevronDownIcon, PencilIcon, SaveIcon, Trash2Icon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { FormAlert, TextField } from '../../../../components/form';
import { Button } from '../../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../../components/ui/dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../../components/ui/dropdown-menu';
import { showError } from '../../../../lib/auth';
import { CONTACT_LIMITS, ZCreateSavedViewInput } from '../../../../../server/contacts/schema';
import { type FieldErrors, serverFormErrors, validateForm } from '../../../../lib/forms';
import { trpc } from '../../../../lib/trpc';
import { toast } from '../../../../state/toast';
import type { SortState } from './table';
import type { SavedView } from './types';
import type { UrlFilter } from './search';

/** What the list shows now, as a view would store it. */
export type ViewState = { filters: UrlFilter; columns: string[]; sort: SortState };

const canonical = (filters: Record<string, unknown>) =>
  JSON.stringify(
    Object.entries(filters)
      .filter(([, v]) => v !== undefined && v !== null && v !== '')
      .sort(([a], [b]) => a.localeCompare(b)),
  );

/** Whether the list differs from the view it was opened from (filters, sort or columns). */
export function viewChanged(view: SavedView, state: ViewState, defaultSort: SortState): boolean {
  const sort = view.sort ? { sort: view.sort.field, direction: view.sort.direction } : defaultSort;
  const columns = view.columns.filter((c) => c !== 'name');
  return (
    canonical(view.filters) !== canonical(state.filters) ||
    sort.sort !== state.sort.sort ||
    sort.direction !== state.sort.direction ||
    (columns.length > 0 && columns.join(',') !== state.columns.join(','))
  );
}

type Dialogs = { kind: 'create' } | { kind: 'rename'; view: SavedView } | { kind: 'delete'; view: SavedView } | null;

/**
 * Personal saved views: pick one (its filters, sort and columns apply), save the current list as a
 * new one, save changes into the open one, rename or delete it.
 */
export function ViewsMenu({
  views,
  active,
  state,
  defaultSort,
  onPick,
  onAll,
  onDeleted,
}: {
  views: readonly SavedView[];
  active: SavedView | null;
  state: ViewState;
  defaultSort: SortState;
  onPick: (view: SavedView) => void;
  onAll: () => void;
  onDeleted: (id: string) => void;
}) {
  const utils = trpc.useUtils();
  const update = trpc.savedViews.update.useMutation();
  const [dialog, setDialog] = useState<Dialogs>(null);
  const changed = active ? viewChanged(active, state, defaultSort) : false;

  async function saveChanges(view: SavedView) {
    try {
      await update.mutateAsync({ id: view.id, filters: state.filters, columns: ['name', ...state.columns], sort: { field: state.sort.sort, direction: state.sort.direction } });
      await utils.savedViews.list.invalidate();
      toast({ title: 'View saved', description: `“${view.name}” now shows the current filters, sort and columns.` });
    } catch (error) {
      showError(error, 'Could not save the view');
    }
  }

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" className="max-w-64" aria-label={`Saved views: ${active ? active.name : 'All contacts'}${changed ? ' (edited)' : ''}`}>
            <BookmarkIcon className="size-4" aria-hidden />
            <span className="truncate">{active ? active.name : 'All contacts'}</span>
            {changed ? <span className="text-xs font-normal text-gray-500 dark:text-gray-400">(edited)</span> : null}
            <ChevronDownIcon className="size-4 opacity-60" aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start" className="w-64">
          <DropdownMenuLabel>Saved views</DropdownMenuLabel>
          <DropdownMenuRadioGroup value={active?.id ?? ''}>
            <DropdownMenuRadioItem value="" onSelect={onAll}>
              All contacts
            </DropdownMenuRadioItem>
            {views.map((v) => (
              <DropdownMenuRadioItem key={v.id} value={v.id} onSelect={() => onPick(v)}>
                <span className="truncate">{v.name}</span>
              </DropdownMenuRadioItem>
            ))}
          </DropdownMenuRadioGroup>
          {views.length === 0 ? <p className="px-2 py-1.5 text-xs text-gray-500 dark:text-gray-400">No saved views yet. Filter the list, then save it as a view.</p> : null}
          <DropdownMenuSeparator />
          {active && changed ? (
            <DropdownMenuItem onSelect={() => void saveChanges(active)}>
              <SaveIcon aria-hidden />
              Save changes to “{active.name}”
            </DropdownMenuItem>
          ) : null}
          <DropdownMenuItem onSelect={() => setDialog({ kind: 'create' })}>
            <BookmarkPlusIcon aria-hidden />
            Save as new view…
          </DropdownMenuItem>
          {active ? (
            <>
              <DropdownMenuItem onSelect={() => setDialog({ kind: 'rename', view: active })}>
                <PencilIcon aria-hidden />
                Rename “{active.name}”…
              </DropdownMenuItem>
              <DropdownMenuItem variant="destructive" onSelect={() => setDialog({ kind: 'delete', view: active })}>
                <Trash2Icon aria-hidden />
                Delete “{active.name}”…
              </DropdownMenuItem>
            </>
          ) : null}
        </DropdownMenuContent>
      </DropdownMenu>
      <NameDialog
        open={dialog?.kind === 'create' || dialog?.kind === 'rename'}
        view={dialog?.kind === 'rename' ? dialog.view : null}
        state={state}
        onClose={() => setDialog(null)}
        onCreated={(view) => onPick(view)}
      />
      <DeleteViewDialog view={dialog?.kind === 'delete' ? dialog.view : null} onClose={() => setDialog(null)} onDeleted={onDeleted} />
    </>
  );
}

function NameDialog({ open, view, state, onClose, onCreated }: { open: boolean; view: SavedView | null; state: ViewState; onClose: () => void; onCreated: (view: SavedView) => void }) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{view ? 'Rename view' : 'Save as a new view'}</DialogTitle>
          <DialogDescription>
            {view ? `Only the name of “${view.name}” changes.` : 'Keeps the current filters, sort and columns under a name. Views are yours; others do not see them.'}
          </DialogDescription>
        </DialogHeader>
        {open ? <NameForm key={view?.id ?? 'new'} view={view} state={state} onClose={onClose} onCreated={onCreated} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function NameForm({ view, state, onClose, onCreated }: { view: SavedView | null; state: ViewState; onClose: () => void; onCreated: (view: SavedView) => void }) {
  const utils = trpc.useUtils();
  const create = trpc.savedViews.create.useMutation();
  const update = trpc.savedViews.update.useMutation();
  const [name, setName] = useState(view?.name ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const pending = create.isPending || update.isPending;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const input = { name, filters: state.filters, columns: ['name', ...state.columns], sort: { field: state.sort.sort, direction: state.sort.direction } };
    const parsed = validateForm(ZCreateSavedViewInput, input);
    if (!parsed.ok) return setErrors(parsed.errors);
    setErrors({});
    try {
      if (view) {
        await update.mutateAsync({ id: view.id, name: parsed.data.name });
        toast({ title: 'View renamed', description: `It is now “${parsed.data.name}”.` });
      } else {
        const created = await create.mutateAsync(input);
        toast({ title: 'View saved', description: `“${created.name}” is in your saved views.` });
        onCreated(created);
      }
      await utils.savedViews.list.invalidate();
      onClose();
    } catch (failure) {
      const result = serverFormErrors(failure, ['name'], 'Could not save the view');
      setErrors(result.fieldErrors);
      setMessage(result.message);
    }
  }

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-4">
      <FormAlert message={message} />
      <TextField label="View name" value={name} maxLength={CONTACT_LIMITS.viewName} onChange={(e) => setName(e.target.value)} error={errors.name} autoFocus required />
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline" disabled={pending}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving...' : view ? 'Rename' : 'Save view'}
        </Button>
      </DialogFooter>
    </form>
  );
}

function DeleteViewDialog({ view, onClose, onDeleted }: { view: SavedView | null; onClose: () => void; onDeleted: (id: string) => void }) {
  const utils = trpc.useUtils();
  const remove = trpc.savedViews.delete.useMutation();
  return (
    <Dialog open={view !== null} onOpenChange={(next) => !next && !remove.isPending && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete the view “{view?.name}”?</DialogTitle>
          <DialogDescription>The view goes away; no contact is changed.</DialogDescription>
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
              if (!view) return;
              try {
                await remove.mutateAsync({ id: view.id });
                toast({ title: 'View deleted', description: `“${view.name}” was removed from your saved views.` });
                await utils.savedViews.list.invalidate();
                onDeleted(view.id);
              } catch (error) {
                showError(error, 'Could not delete the view');
              } finally {
                onClose();
              }
            }}
          >
            {remove.isPending ? 'Deleting...' : 'Delete view'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
