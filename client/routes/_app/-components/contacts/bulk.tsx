import { TagIcon, TagsIcon, Trash2Icon, UserRoundCogIcon, WorkflowIcon, XIcon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { FormAlert, SelectField, TextField } from '../../../../components/form';
import { Button } from '../../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../../components/ui/dialog';
import { showError } from '../../../../lib/auth';
import { CONTACT_LIMITS, LIFECYCLE_LABELS, LIFECYCLE_STAGES, type TBulkAction, type TContactFilter, type TLifecycleStage, ZTag } from '../../../../../server/contacts/schema';
import { errorMessageOf } from '../../../../lib/errors';
import { trpc } from '../../../../lib/trpc';
import { toast } from '../../../../state/toast';
import { type Count, plural, STAGE_SHORT } from './labels';
import type { Member } from './types';
import { AddToList } from './add-to-list';

export type BulkTarget = { ids: string[] } | { filter: TContactFilter };
type Kind = TBulkAction['type'];

const TITLES: Record<Kind, string> = {
  addTag: 'Add a tag',
  removeTag: 'Remove a tag',
  assignOwner: 'Assign an owner',
  changeStage: 'Change the lifecycle stage',
  delete: 'Delete contacts',
};

/**
 * The bar over the table while rows are selected: how many, "select all matching", and the bulk
 * changes the role allows (tag, untag, owner, stage; delete with contacts:delete).
 */
export function BulkBar({
  count,
  allMatching,
  canSelectAllMatching,
  total,
  onSelectAllMatching,
  onClear,
  target,
  members,
  canDelete,
  selectedTags,
  canAddToList = false,
  onDone,
}: {
  count: number;
  allMatching: boolean;
  canSelectAllMatching: boolean;
  total: Count;
  onSelectAllMatching: () => void;
  onClear: () => void;
  target: BulkTarget;
  members: readonly Member[];
  canDelete: boolean;
  selectedTags: readonly string[];
  /** campaigns:write: the selection (or all matching) can go onto a campaign list. */
  canAddToList?: boolean;
  onDone: () => void;
}) {
  const [kind, setKind] = useState<Kind | null>(null);
  const actions: { kind: Kind; label: string; icon: typeof TagIcon }[] = [
    { kind: 'addTag', label: 'Add tag', icon: TagIcon },
    { kind: 'removeTag', label: 'Remove tag', icon: TagsIcon },
    { kind: 'assignOwner', label: 'Assign owner', icon: UserRoundCogIcon },
    { kind: 'changeStage', label: 'Change stage', icon: WorkflowIcon },
    ...(canDelete ? [{ kind: 'delete' as const, label: 'Delete', icon: Trash2Icon }] : []),
  ];
  return (
    <div role="region" aria-label="Bulk actions" className="flex flex-wrap items-center gap-2 rounded-lg border border-indigo-200 bg-indigo-50 px-3 py-2 dark:border-indigo-900 dark:bg-indigo-950/50">
      <p className="text-sm font-medium text-indigo-900 dark:text-indigo-100" aria-live="polite">
        {allMatching ? `All ${plural(total, 'matching contact')} selected` : `${plural(count, 'contact')} selected`}
      </p>
      {canSelectAllMatching && !allMatching ? (
        <Button variant="ghost" size="sm" onClick={onSelectAllMatching}>
          Select all {plural(total, 'matching contact')}
        </Button>
      ) : null}
      <div className="flex flex-wrap items-center gap-1 sm:ml-auto">
        {actions.map((a) => (
          <Button
            key={a.kind}
            variant={a.kind === 'delete' ? 'ghost' : 'outline'}
            size="sm"
            onClick={() => setKind(a.kind)}
            className={a.kind === 'delete' ? 'text-red-700 hover:text-red-800 dark:text-red-400' : undefined}
          >
            <a.icon className="size-4" aria-hidden />
            {a.label}
          </Button>
        ))}
        {canAddToList ? <AddToList target={target} count={allMatching ? total.n : count} onDone={onDone} /> : null}
        <Button variant="ghost" size="sm" onClick={onClear}>
          <XIcon className="size-4" aria-hidden />
          Clear selection
        </Button>
      </div>
      <Dialog open={kind !== null} onOpenChange={(open) => !open && setKind(null)}>
        <DialogContent>
          {kind ? (
            <BulkForm
              key={kind}
              kind={kind}
              count={allMatching ? total.n : count}
              target={target}
              members={members}
              selectedTags={selectedTags}
              onClose={() => setKind(null)}
              onDone={() => {
                setKind(null);
                onDone();
              }}
            />
          ) : null}
        </DialogContent>
      </Dialog>
    </div>
  );
}

function BulkForm({
  kind,
  count,
  target,
  members,
  selectedTags,
  onClose,
  onDone,
}: {
  kind: Kind;
  count: number;
  target: BulkTarget;
  members: readonly Member[];
  selectedTags: readonly string[];
  onClose: () => void;
  onDone: () => void;
}) {
  const utils = trpc.useUtils();
  const bulk = trpc.contacts.bulk.useMutation();
  const [tag, setTag] = useState('');
  const [ownerId, setOwnerId] = useState('');
  const [stage, setStage] = useState<TLifecycleStage>('customer');
  const [error, setError] = useState<string | undefined>(undefined);
  const [message, setMessage] = useState<string | null>(null);
  const who = plural(count, 'contact');

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    let action: TBulkAction;
    if (kind === 'addTag' || kind === 'removeTag') {
      const parsed = ZTag.safeParse(tag);
      if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'is not a valid tag');
      action = { type: kind, tag: parsed.data };
    } else if (kind === 'assignOwner') action = { type: 'assignOwner', ownerId: ownerId === '' ? null : ownerId };
    else if (kind === 'changeStage') action = { type: 'changeStage', lifecycleStage: stage };
    else action = { type: 'delete' };
    setError(undefined);
    try {
      const result = await bulk.mutateAsync({ ...target, action });
      await Promise.all([utils.contacts.list.invalidate(), utils.contacts.get.invalidate(), utils.contacts.timeline.invalidate(), utils.contacts.duplicates.invalidate()]);
      toast({ title: doneTitle(action), description: doneDescription(action, result, members) });
      onDone();
    } catch (failure) {
      setMessage(errorMessageOf(failure, 'Could not change the contacts'));
      showError(failure, 'Could not change the contacts');
    }
  }

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{kind === 'delete' ? `Delete ${who}?` : TITLES[kind]}</DialogTitle>
        <DialogDescription>
          {kind === 'delete'
            ? 'Their timelines go with them; their deals, tasks and appointments stay, without a contact. This cannot be undone.'
            : `Applies to ${who}. Each change is recorded on the contact’s timeline.`}
        </DialogDescription>
      </DialogHeader>
      <FormAlert message={message} />
      {kind === 'addTag' || kind === 'removeTag' ? (
        <>
          <TextField
            label="Tag"
            value={tag}
            onChange={(e) => setTag(e.target.value)}
            error={error}
            maxLength={CONTACT_LIMITS.tag}
            list={kind === 'removeTag' ? 'bulk-tag-options' : undefined}
            autoFocus
            required
          />
          {kind === 'removeTag' && selectedTags.length > 0 ? (
            <datalist id="bulk-tag-options">
              {selectedTags.map((t) => (
                <option key={t} value={t} />
              ))}
            </datalist>
          ) : null}
        </>
      ) : null}
      {kind === 'assignOwner' ? (
        <SelectField label="Owner" value={ownerId} onChange={(e) => setOwnerId(e.target.value)} autoFocus>
          <option value="">Unassigned</option>
          {members.map((m) => (
            <option key={m.userId} value={m.userId}>
              {m.name}
            </option>
          ))}
        </SelectField>
      ) : null}
      {kind === 'changeStage' ? (
        <SelectField label="Lifecycle stage" value={stage} onChange={(e) => setStage(e.target.value as TLifecycleStage)} autoFocus>
          {LIFECYCLE_STAGES.map((s) => (
            <option key={s} value={s}>
              {LIFECYCLE_LABELS[s]}
            </option>
          ))}
        </SelectField>
      ) : null}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline" disabled={bulk.isPending} onClick={onClose}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" variant={kind === 'delete' ? 'destructive' : 'default'} disabled={bulk.isPending}>
          {bulk.isPending ? 'Applying...' : kind === 'delete' ? `Delete ${who}` : `Apply to ${who}`}
        </Button>
      </DialogFooter>
    </form>
  );
}

function doneTitle(action: TBulkAction): string {
  switch (action.type) {
    case 'addTag':
      return 'Tag added';
    case 'removeTag':
      return 'Tag removed';
    case 'assignOwner':
      return 'Owner assigned';
    case 'changeStage':
      return 'Stage changed';
    case 'delete':
      return 'Contacts deleted';
  }
}

function doneDescription(action: TBulkAction, result: { matched: number; changed: number }, members: readonly Member[]): string {
  const unchanged = result.matched - result.changed;
  const rest = unchanged > 0 ? ` ${plural(unchanged, 'other contact')} needed no change.` : '';
  switch (action.type) {
    case 'addTag':
      return `“${action.tag}” added to ${plural(result.changed, 'contact')}.${rest}`;
    case 'removeTag':
      return `“${action.tag}” removed from ${plural(result.changed, 'contact')}.${rest}`;
    case 'assignOwner': {
      const name = action.ownerId ? (members.find((m) => m.userId === action.ownerId)?.name ?? 'the member') : null;
      return `${plural(result.changed, 'contact')} ${name ? `now owned by ${name}` : 'left unassigned'}.${rest}`;
    }
    case 'changeStage':
      return `${plural(result.changed, 'contact')} moved to ${STAGE_SHORT[action.lifecycleStage]}.${rest}`;
    case 'delete':
      return `${plural(result.changed, 'contact')} deleted.`;
  }
}
