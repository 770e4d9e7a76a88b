import { keepPreviousData } from '@tanstack/react-query';
import { ChevronLeftIcon, ChevronRightIcon, PlusIcon, Trash2Icon, WalletIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { SPEND_CHANNEL_SUGGESTIONS, ZCreateSpendInput } from '../../../../../server/analytics/schema';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { FormAlert, SelectField, TextField } from '../../../../components/form';
import { Button } from '../../../../components/ui/button';
import { Table, TBody, Td, Th, THead, Tr } from '../../../../components/ui/table';
import { showError } from '../../../../lib/auth';
import { formatCalendarDate } from '../../../../lib/calendar';
import { errorMessageOf } from '../../../../lib/errors';
import { type FieldErrors, serverFormErrors, validateForm } from '../../../../lib/forms';
import { currencyDigits, currencyOptions, formatMoney, parseMoneyInput } from '../../../../lib/money';
import { trpc } from '../../../../lib/trpc';
import { toast } from '../../../../state/toast';
import { formatCount } from '../analytics/format';
import { Panel, PanelEmpty } from '../analytics/panel';
import { SPEND_PAGE_SIZE } from '../analytics/search';
import type { SpendEntry } from '../analytics/types';

const FIELDS = ['channel', 'amountMinor', 'currency', 'spentOn', 'description'] as const;

/**
 * Marketing spend: the entries Customer Acquisition Cost divides by new customers. Everyone who reads
 * reports sees the list and its totals; members whose role may run campaigns (campaigns:write) add
 * and delete entries, and the dashboards are refreshed when they do.
 */
export function SpendSection({
  page,
  onPageChange,
  primaryCurrency,
  today,
  canWrite,
}: {
  page: number;
  onPageChange: (page: number) => void;
  primaryCurrency: string;
  today: string;
  canWrite: boolean;
}) {
  const list = trpc.spend.list.useQuery({ page, limit: SPEND_PAGE_SIZE }, { placeholderData: keepPreviousData });
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.limit)) : 1;
  return (
    <Panel
      title="Marketing spend"
      description="What each channel cost, by day. Customer Acquisition Cost divides the spend of a period by the customers won in it; spend also shows next to the best lead source."
      busy={list.isPlaceholderData}
    >
      <div className="flex flex-col gap-5">
        {canWrite ? <AddSpendForm primaryCurrency={primaryCurrency} today={today} onAdded={() => page !== 1 && onPageChange(1)} /> : null}
        {list.error ? (
          <FormAlert message={errorMessageOf(list.error, 'Could not load the marketing spend')} />
        ) : !data ? null : data.total === 0 ? (
          <PanelEmpty icon={WalletIcon} title="No marketing spend recorded yet">
            {canWrite ? 'Add what you spend on ads, events and content to see Customer Acquisition Cost.' : 'A Manager or Admin can record spend to show Customer Acquisition Cost.'}
          </PanelEmpty>
        ) : (
          <>
            <p className="text-sm text-gray-700 dark:text-gray-300" aria-live="polite">
              {data.totals.map((t, i) => (
                <span key={t.currency}>
                  {i > 0 ? ' · ' : ''}
                  <span className="font-semibold tabular-nums">{formatMoney(t.amountMinor, t.currency)}</span> in {formatCount(t.entries)} {t.entries === 1 ? 'entry' : 'entries'}
                </span>
              ))}
              {' recorded in total'}
            </p>
            <Table aria-label="Marketing spend entries">
              <THead>
                <Tr>
                  <Th>Date</Th>
                  <Th>Channel</Th>
                  <Th>Description</Th>
                  <Th className="text-right">Amount</Th>
                  {canWrite ? (
                    <Th>
                      <span className="sr-only">Actions</span>
                    </Th>
                  ) : null}
                </Tr>
              </THead>
              <TBody>
                {data.items.map((entry) => (
                  <Tr key={entry.id}>
                    <Td className="whitespace-nowrap">{formatCalendarDate(entry.spentOn)}</Td>
                    <Td>{entry.channel}</Td>
                    <Td className="max-w-xs truncate text-gray-600 dark:text-gray-400" title={entry.description ?? undefined}>
                      {entry.description ?? '—'}
                    </Td>
                    <Td className="text-right whitespace-nowrap tabular-nums">{formatMoney(entry.amountMinor, entry.currency)}</Td>
                    {canWrite ? (
                      <Td className="text-right">
                        <DeleteSpend entry={entry} />
                      </Td>
                    ) : null}
                  </Tr>
                ))}
              </TBody>
            </Table>
            {pages > 1 ? (
              <nav aria-label="Marketing spend pages" className="flex items-center justify-between gap-2 text-sm text-gray-600 dark:text-gray-400">
                <span>
                  Page {page} of {pages} · {formatCount(data.total)} entries
                </span>
                <div className="flex gap-2">
                  <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
                    <ChevronLeftIcon className="size-4" aria-hidden />
                    Previous
                  </Button>
                  <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPageChange(page + 1)}>
                    Next
                    <ChevronRightIcon className="size-4" aria-hidden />
                  </Button>
                </div>
              </nav>
            ) : null}
          </>
        )}
      </div>
    </Panel>
  );
}

type Values = { channel: string; amount: string; currency: string; spentOn: string; description: string };

function AddSpendForm({ primaryCurrency, today, onAdded }: { primaryCurrency: string; today: string; onAdded: () => void }) {
  const utils = trpc.useUtils();
  const create = trpc.spend.create.useMutation();
  const listId = useId();
  const [values, setValues] = useState<Values>({ channel: '', amount: '', currency: primaryCurrency, spentOn: today, description: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const set = (key: keyof Values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const amountMinor = parseMoneyInput(values.amount, values.currency);
    const candidate = {
      channel: values.channel,
      description: values.description.trim() || undefined,
      amountMinor: amountMinor ?? undefined,
      currency: values.currency,
      spentOn: values.spentOn,
    };
    const parsed = validateForm(ZCreateSpendInput, candidate);
    const amountError =
      amountMinor === null
        ? 'is required'
        : amountMinor === undefined
          ? currencyDigits(values.currency) > 0
            ? `must be an amount such as 1250.${'0'.repeat(currencyDigits(values.currency))}, with at most ${currencyDigits(values.currency)} decimals`
            : 'must be a whole amount such as 1250'
          : undefined;
    if (!parsed.ok || amountError) {
      const fieldErrors = parsed.ok ? {} : parsed.errors;
      return setErrors({ ...fieldErrors, ...(amountError ? { amountMinor: amountError } : {}) });
    }
    setErrors({});
    try {
      const entry = await create.mutateAsync(parsed.data);
      toast({ title: 'Spend recorded', description: `${formatMoney(entry.amountMinor, entry.currency)} on ${entry.channel}, ${formatCalendarDate(entry.spentOn)}.` });
      setValues((v) => ({ ...v, amount: '', description: '' }));
      onAdded();
      await Promise.all([utils.spend.list.invalidate(), utils.analytics.invalidate()]);
    } catch (failure) {
      const { fieldErrors, message } = serverFormErrors(failure, FIELDS, 'Could not record the spend');
      setErrors(fieldErrors);
      if (message) {
        setFormError(message);
        showError(failure, 'Could not record the spend');
      }
    }
  }

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} aria-label="Record marketing spend" className="flex flex-col gap-3 rounded-lg bg-gray-50 p-4 dark:bg-gray-800/40">
      <FormAlert message={formError} />
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[1.2fr_1fr_7rem_10rem]">
        <TextField label="Channel" name="channel" list={listId} autoComplete="off" placeholder="e.g. google ads" required value={values.channel} onChange={set('channel')} error={errors.channel} />
        <datalist id={listId}>
          {SPEND_CHANNEL_SUGGESTIONS.map((c) => (
            <option key={c} value={c} />
          ))}
        </datalist>
        <TextField label="Amount" name="amount" inputMode="decimal" autoComplete="off" placeholder="0.00" required value={values.amount} onChange={set('amount')} error={errors.amountMinor} />
        <SelectField label="Currency" name="currency" value={values.currency} onChange={set('currency')} error={errors.currency}>
          {currencyOptions(primaryCurrency).map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </SelectField>
        <TextField label="Date" name="spentOn" type="date" required value={values.spentOn} onChange={set('spentOn')} error={errors.spentOn} />
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <TextField label="Description (optional)" name="description" autoComplete="off" value={values.description} onChange={set('description')} error={errors.description} className="flex-1" />
        <Button type="submit" disabled={create.isPending}>
          <PlusIcon className="size-4" aria-hidden />
          {create.isPending ? 'Adding...' : 'Add spend'}
        </Button>
      </div>
      <p className="text-xs text-gray-500 dark:text-gray-400">
        Use the channel names of your contacts&rsquo; sources (for example “google ads”) so spend lines up with the lead sources that bring customers.
      </p>
    </form>
  );
}

function DeleteSpend({ entry }: { entry: SpendEntry }) {
  const utils = trpc.useUtils();
  const remove = trpc.spend.delete.useMutation();
  const what = `${formatMoney(entry.amountMinor, entry.currency)} on ${entry.channel}, ${formatCalendarDate(entry.spentOn)}`;
  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="icon" aria-label={`Delete ${what}`}>
          <Trash2Icon className="size-4" aria-hidden />
        </Button>
      }
      title="Delete this spend entry?"
      description={`${what} will no longer count towards Customer Acquisition Cost. This cannot be undone.`}
      confirmLabel="Delete entry"
      pendingLabel="Deleting..."
      onConfirm={async () => {
        try {
          await remove.mutateAsync({ id: entry.id });
          toast({ title: 'Spend entry deleted' });
          await Promise.all([utils.spend.list.invalidate(), utils.analytics.invalidate()]);
        } catch (error) {
          showError(error, 'Could not delete the spend entry');
        }
      }}
    />
  );
}
