import { MoreHorizontalIcon, PencilIcon, Trash2Icon } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../../components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '../../../../components/ui/dropdown-menu';
import { Label, Select } from '../../../../components/ui/input';
import { showError } from '../../../../lib/auth';
import { trpc } from '../../../../lib/trpc';
import { toast } from '../../../../state/toast';
import { LIFECYCLE_LABELS, LIFECYCLE_STAGES, type TLifecycleStage } from '../../../../../server/contacts/schema';
import { Avatar, DncBadges, StageBadge } from './bits';
import type { ContactDetail } from './types';

/** The contact's name, stage, owner and do-not-contact channels, with what the member may do to it. */
export function ContactHeader({ contact, canWrite, canDelete, onEdit, onDelete }: { contact: ContactDetail; canWrite: boolean; canDelete: boolean; onEdit: () => void; onDelete: () => void }) {
  const subtitle = [contact.jobTitle, contact.companyName].filter(Boolean).join(' at ');
  return (
    <header className="flex flex-wrap items-start justify-between gap-4">
      <div className="flex min-w-0 items-start gap-4">
        <Avatar name={contact.name} className="size-14 text-lg" />
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight break-words text-gray-900 dark:text-white">{contact.name}</h1>
          {subtitle ? <p className="mt-0.5 text-sm text-gray-600 dark:text-gray-400">{subtitle}</p> : null}
          <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
            <StageBadge stage={contact.lifecycleStage} />
            <span className="text-gray-600 dark:text-gray-400">{contact.owner ? `Owned by ${contact.owner.name}` : 'Unassigned'}</span>
            <DncBadges dnc={contact.doNotContact} />
          </div>
        </div>
      </div>
      {canWrite || canDelete ? (
        <div className="flex flex-wrap items-center gap-2">
          {canWrite ? <QuickStage contact={contact} /> : null}
          {canWrite ? (
            <Button variant="outline" onClick={onEdit}>
              <PencilIcon className="size-4" aria-hidden />
              Edit
            </Button>
          ) : null}
          {canDelete ? (
            <DropdownMenu>
              <DropdownMenuTrigger asChild>
                <Button variant="outline" size="icon" aria-label="More actions">
                  <MoreHorizontalIcon className="size-4" aria-hidden />
                </Button>
              </DropdownMenuTrigger>
              <DropdownMenuContent align="end">
                <DropdownMenuItem variant="destructive" onSelect={onDelete}>
                  <Trash2Icon aria-hidden />
                  Delete contact
                </DropdownMenuItem>
              </DropdownMenuContent>
            </DropdownMenu>
          ) : null}
        </div>
      ) : null}
    </header>
  );
}

/** The stage, changed in one step from the header. */
function QuickStage({ contact }: { contact: ContactDetail }) {
  const utils = trpc.useUtils();
  const update = trpc.contacts.update.useMutation();
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <Label htmlFor={id} className="sr-only">
        Lifecycle stage
      </Label>
      <Select
        id={id}
        className="w-auto"
        value={contact.lifecycleStage}
        disabled={update.isPending}
        onChange={async (e) => {
          const lifecycleStage = e.target.value as TLifecycleStage;
          try {
            const saved = await update.mutateAsync({ id: contact.id, lifecycleStage });
            utils.contacts.get.setData({ id: contact.id }, saved);
            await Promise.all([utils.contacts.timeline.invalidate({ id: contact.id }), utils.contacts.list.invalidate()]);
            toast({ title: 'Stage changed', description: `${saved.name} is now ${LIFECYCLE_LABELS[lifecycleStage]}.` });
          } catch (error) {
            showError(error, 'Could not change the stage');
          }
        }}
      >
        {LIFECYCLE_STAGES.map((s) => (
          <option key={s} value={s}>
            {LIFECYCLE_LABELS[s]}
          </option>
        ))}
      </Select>
    </div>
  );
}
