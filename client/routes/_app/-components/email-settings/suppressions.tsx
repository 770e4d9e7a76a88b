import { DownloadIcon, Trash2Icon } from 'lucide-react';
import { type FormEvent, useDeferredValue, useState } from 'react';
import { SUPPRESSION_REASONS, type SuppressionReason, ZAddSuppressionInput } from '../../../../../server/email/schema';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { FormAlert, SelectField, TextField } from '../../../../components/form';
import { phoneCell, phoneHidden, phoneRow, phoneWide, SectionLoading, SettingsSection, TableFrame, td } from '../../../../components/settings-section';
import { Badge, type BadgeTone } from '../../../../components/ui/badge';
import { Button, buttonClasses } from '../../../../components/ui/button';
import { showError } from '../../../../lib/auth';
import { cn } from '../../../../lib/cn';
import { errorMessageOf } from '../../../../lib/errors';
import { formatDate } from '../../../../lib/format';
import { type FieldErrors, serverFormErrors, validateForm } from '../../../../lib/forms';
import { trpc } from '../../../../lib/trpc';
import { toast } from '../../../../state/toast';

const PAGE = 50;

const REASONS: Record<SuppressionReason, { label: string; tone: BadgeTone }> = {
  unsubscribed: { label: 'Unsubscribed', tone: 'gray' },
  hard_bounce: { label: 'Hard bounce', tone: 'red' },
  complaint: { label: 'Complaint', tone: 'red' },
  manual: { label: 'Added by hand', tone: 'amber' },
};

/** The organization's suppression list: addresses no marketing or one-to-one e-mail goes to. */
export function SuppressionsSection({ timeZone }: { timeZone: string }) {
  const [search, setSearch] = useState('');
  const [reason, setReason] = useState<SuppressionReason | ''>('');
  const term = useDeferredValue(search.trim());
  const filters = { ...(term ? { search: term } : {}), ...(reason ? { reason } : {}) };
  const exportHref = `/api/email/suppressions.csv${Object.keys(filters).length ? `?${new URLSearchParams(filters).toString()}` : ''}`;
  return (
    <SettingsSection
      title="Suppression list"
      description="Addresses that get no marketing or one-to-one e-mail from the organization: recipients who unsubscribed, addresses that bounced hard or complained, and those added here. Account e-mails (password resets, invites) still reach unsubscribed people."
      actions={
        <a href={exportHref} className={buttonClasses({ variant: 'outline' })} download>
          <DownloadIcon className="size-4" aria-hidden />
          Export CSV
        </a>
      }
    >
      <div className="grid gap-6">
        <AddSuppressionForm />
        <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
          <TextField label="Search addresses" name="search" type="search" autoComplete="off" value={search} onChange={(e) => setSearch(e.target.value)} />
          <SelectField label="Reason" name="reason" value={reason} onChange={(e) => setReason(e.target.value as SuppressionReason | '')}>
            <option value="">Any reason</option>
            {SUPPRESSION_REASONS.map((r) => (
              <option key={r} value={r}>
                {REASONS[r].label}
              </option>
            ))}
          </SelectField>
        </div>
        <SuppressionTable filters={filters} timeZone={timeZone} />
      </div>
    </SettingsSection>
  );
}

function AddSuppressionForm() {
  const utils = trpc.useUtils();
  const add = trpc.email.addSuppression.useMutation();
  const [values, setValues] = useState({ address: '', note: '' });
  const [errors, setErrors] = useState<FieldErrors>({});

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = validateForm(ZAddSuppressionInput, { address: values.address, ...(values.note.trim() ? { note: values.note } : {}) });
    if (!parsed.ok) return setErrors(parsed.errors);
    setErrors({});
    try {
      const row = await add.mutateAsync(parsed.data);
      setValues({ address: '', note: '' });
      void utils.email.suppressions.invalidate();
      toast({ title: row.created ? `${row.address} added to the suppression list` : `${row.address} is already on the list (${REASONS[row.reason].label.toLowerCase()})` });
    } catch (failure) {
      const { fieldErrors, message } = serverFormErrors(failure, ['address', 'note'], 'Could not add the address');
      setErrors(fieldErrors);
      if (message) showError(failure, 'Could not add the address');
    }
  }

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-start" aria-label="Add an address to the suppression list">
      <TextField
        label="Address"
        name="address"
        type="email"
        autoComplete="off"
        required
        value={values.address}
        onChange={(e) => setValues((v) => ({ ...v, address: e.target.value }))}
        error={errors.address}
      />
      <TextField label="Note (optional)" name="note" autoComplete="off" value={values.note} onChange={(e) => setValues((v) => ({ ...v, note: e.target.value }))} error={errors.note} />
      <Button type="submit" className="sm:mt-6" disabled={add.isPending}>
        {add.isPending ? 'Adding...' : 'Add address'}
      </Button>
    </form>
  );
}

function SuppressionTable({ filters, timeZone }: { filters: { search?: string; reason?: SuppressionReason }; timeZone: string }) {
  const utils = trpc.useUtils();
  const list = trpc.email.suppressions.useInfiniteQuery({ ...filters, limit: PAGE }, { getNextPageParam: (last) => last.nextCursor ?? undefined, retryOnMount: false });
  const remove = trpc.email.removeSuppression.useMutation();
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];

  async function onRemove(id: string, address: string) {
    try {
      await remove.mutateAsync({ id });
      void utils.email.suppressions.invalidate();
      toast({ title: `${address} removed from the suppression list` });
    } catch (failure) {
      showError(failure, 'Could not remove the address');
    }
  }

  if (list.error) return <FormAlert message={errorMessageOf(list.error, 'Could not load the suppression list')} />;
  if (!list.data) return <SectionLoading />;
  if (items.length === 0) {
    return <p className="text-sm text-gray-600 dark:text-gray-400">{filters.search || filters.reason ? 'No address matches.' : 'No suppressed addresses.'}</p>;
  }
  return (
    <div>
      <TableFrame label="Suppressed addresses" columns={['Address', 'Reason', 'Added', { label: 'Actions', srOnly: true, align: 'right' }]} stackOnPhone>
        <tbody>
          {items.map((s) => (
            <tr key={s.id} className={phoneRow}>
              <td className={cn(td, phoneCell, phoneWide, 'break-all')}>
                <span className="font-medium">{s.address}</span>
                {s.note ? <span className="block text-xs text-gray-500 dark:text-gray-400">{s.note}</span> : null}
              </td>
              <td className={cn(td, phoneCell)}>
                <Badge tone={REASONS[s.reason].tone}>{REASONS[s.reason].label}</Badge>
              </td>
              <td className={cn(td, phoneCell, phoneHidden, 'whitespace-nowrap')}>
                {formatDate(s.createdAt, timeZone)}
                {s.createdBy ? <span className="block text-xs text-gray-500 dark:text-gray-400">by {s.createdBy.name}</span> : null}
              </td>
              <td className={cn(td, phoneCell, 'text-right')}>
                <ConfirmDialog
                  trigger={
                    <Button variant="ghost" size="sm" aria-label={`Remove ${s.address}`}>
                      <Trash2Icon className="size-4" aria-hidden />
                    </Button>
                  }
                  title={`Remove ${s.address}?`}
                  description={
                    s.reason === 'manual'
                      ? 'The organization’s e-mails can reach this address again.'
                      : s.reason === 'unsubscribed'
                        ? 'This person unsubscribed. E-mailing them again without their consent breaks anti-spam laws; they can resubscribe from the link in any e-mail.'
                        : 'This address bounced or complained: mailbox providers count e-mail sent to it against your domain. Remove it only if you know it works again.'
                  }
                  confirmLabel="Remove"
                  pendingLabel="Removing..."
                  onConfirm={() => onRemove(s.id, s.address)}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </TableFrame>
      {list.hasNextPage ? (
        <div className="mt-4">
          <Button variant="outline" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
            {list.isFetchingNextPage ? 'Loading...' : 'Show more'}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
