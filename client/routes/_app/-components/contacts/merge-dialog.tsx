import { useId, useState } from 'react';
import { FormAlert } from '../../../../components/form';
import { Button } from '../../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../../components/ui/dialog';
import { focusRing } from '../../../../components/ui/focus';
import { showError } from '../../../../lib/auth';
import { formatCalendarDate } from '../../../../lib/calendar';
import { cn } from '../../../../lib/cn';
import { errorMessageOf } from '../../../../lib/errors';
import { formatDate } from '../../../../lib/format';
import { trpc } from '../../../../lib/trpc';
import { LIFECYCLE_LABELS, MERGE_FIELDS, type TMergeField } from '../../../../../server/contacts/schema';
import { fieldLabel } from './labels';
import type { Contact, CustomField } from './types';

type Side = 'a' | 'b';
type Field = TMergeField | `customFields.${string}`;

const isEmpty = (v: unknown) => v === null || v === undefined || v === '';

function rawValue(contact: Contact, field: Field): unknown {
  if (field.startsWith('customFields.')) return contact.customFields[field.slice('customFields.'.length)];
  return contact[field as TMergeField];
}

function display(contact: Contact, field: Field, customFields: readonly CustomField[]): string {
  const value = rawValue(contact, field);
  if (isEmpty(value)) return '';
  if (field === 'ownerId') return contact.owner?.name ?? 'A former member';
  if (field === 'lifecycleStage') return LIFECYCLE_LABELS[contact.lifecycleStage];
  if (field === 'leadScore') return new Intl.NumberFormat().format(contact.leadScore);
  if (field.startsWith('customFields.')) {
    const def = customFields.find((f) => `customFields.${f.key}` === field);
    if (def?.type === 'date' && typeof value === 'string') return formatCalendarDate(value);
  }
  return String(value);
}

/**
 * Side by side: which contact stays, and for each field that differs, whose value it keeps. Tags,
 * e-mail addresses and phone numbers of both are kept; the other contact's timeline, deals, tasks and
 * appointments move over and it is deleted.
 */
export function MergeDialog({
  pair,
  customFields,
  timeZone,
  onClose,
  onMerged,
}: {
  pair: [Contact, Contact] | null;
  customFields: readonly CustomField[];
  timeZone: string;
  onClose: () => void;
  onMerged: (kept: Contact) => void;
}) {
  return (
    <Dialog open={pair !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>Merge two contacts</DialogTitle>
          <DialogDescription>Pick the contact to keep and, where they differ, the value to keep. This cannot be undone.</DialogDescription>
        </DialogHeader>
        {pair ? <MergeForm key={`${pair[0].id}-${pair[1].id}`} pair={pair} customFields={customFields} timeZone={timeZone} onMerged={onMerged} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function MergeForm({ pair, customFields, timeZone, onMerged }: { pair: [Contact, Contact]; customFields: readonly CustomField[]; timeZone: string; onMerged: (kept: Contact) => void }) {
  const utils = trpc.useUtils();
  const merge = trpc.contacts.merge.useMutation();
  const [a, b] = pair;
  const [keep, setKeep] = useState<Side>('a');
  const [message, setMessage] = useState<string | null>(null);
  const customKeys = [...new Set([...Object.keys(a.customFields), ...Object.keys(b.customFields)])].filter((k) => customFields.some((f) => f.key === k));
  const fields: Field[] = [...MERGE_FIELDS, ...customKeys.map((k) => `customFields.${k}` as const)];
  const differing = fields.filter((f) => JSON.stringify(rawValue(a, f) ?? null) !== JSON.stringify(rawValue(b, f) ?? null));
  // By default a field keeps the value of the contact kept, or the other's where the kept one is empty.
  const defaultChoice = (f: Field, kept: Side): Side => {
    const keptContact = kept === 'a' ? a : b;
    return isEmpty(rawValue(keptContact, f)) ? (kept === 'a' ? 'b' : 'a') : kept;
  };
  const [choices, setChoices] = useState<Record<string, Side>>(() => Object.fromEntries(differing.map((f) => [f, defaultChoice(f, 'a')])));
  const id = useId();

  function changeKeep(side: Side) {
    setKeep(side);
    setChoices(Object.fromEntries(differing.map((f) => [f, defaultChoice(f, side)])));
  }

  async function onConfirm() {
    const kept = keep === 'a' ? a : b;
    const other = keep === 'a' ? b : a;
    setMessage(null);
    try {
      const result = await merge.mutateAsync({
        keepId: kept.id,
        mergeId: other.id,
        fields: Object.fromEntries(differing.map((f) => [f, choices[f] === keep ? 'keep' : 'merge'])),
      });
      utils.contacts.get.setData({ id: result.id }, result);
      utils.contacts.get.setData({ id: other.id }, undefined);
      await Promise.all([utils.contacts.duplicates.invalidate(), utils.contacts.list.invalidate(), utils.contacts.timeline.invalidate({ id: result.id })]);
      onMerged(result);
    } catch (error) {
      setMessage(errorMessageOf(error, 'Could not merge the contacts'));
      showError(error, 'Could not merge the contacts');
    }
  }

  const column = (side: Side) => (side === 'a' ? a : b);
  const radio = cn('size-4 accent-indigo-600', focusRing);
  return (
    <div className="grid gap-4">
      <FormAlert message={message} />
      <div className="overflow-x-auto">
        <table className="w-full min-w-[36rem] text-left text-sm">
          <caption className="sr-only">Values of both contacts; choose one per row</caption>
          <thead>
            <tr className="border-b border-gray-200 dark:border-gray-800">
              <th scope="col" className="w-32 py-2 pr-3 text-xs font-medium text-gray-500 uppercase dark:text-gray-400">
                Field
              </th>
              {(['a', 'b'] as const).map((side) => (
                <th key={side} scope="col" className="py-2 pr-3 align-top">
                  <label className="flex cursor-pointer items-start gap-2">
                    <input type="radio" name={`${id}-keep`} className={cn(radio, 'mt-0.5')} checked={keep === side} onChange={() => changeKeep(side)} />
                    <span>
                      <span className="block font-semibold text-gray-900 dark:text-white">Keep {column(side).name}</span>
                      <span className="block text-xs font-normal text-gray-500 dark:text-gray-400">Created {formatDate(column(side).createdAt, timeZone)}</span>
                    </span>
                  </label>
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100 dark:divide-gray-800">
            {fields.map((f) => {
              const label = fieldLabel(f, customFields);
              const va = display(a, f, customFields);
              const vb = display(b, f, customFields);
              const differs = differing.includes(f);
              if (!differs && va === '') return null;
              return (
                <tr key={f}>
                  <th scope="row" className="py-2 pr-3 align-top text-xs font-medium text-gray-500 dark:text-gray-400">
                    {label}
                  </th>
                  {differs ? (
                    (['a', 'b'] as const).map((side) => {
                      const text = side === 'a' ? va : vb;
                      return (
                        <td key={side} className="py-2 pr-3 align-top">
                          <label className={cn('flex cursor-pointer items-start gap-2 rounded-md p-1.5', choices[f] === side && 'bg-indigo-50 dark:bg-indigo-950/50')}>
                            <input
                              type="radio"
                              name={`${id}-${f}`}
                              className={cn(radio, 'mt-0.5')}
                              checked={choices[f] === side}
                              onChange={() => setChoices((c) => ({ ...c, [f]: side }))}
                              aria-label={`${label}: ${text || 'empty'}`}
                            />
                            <span className={cn('break-words', text ? 'text-gray-900 dark:text-gray-100' : 'text-gray-400 italic')}>{text || 'empty'}</span>
                          </label>
                        </td>
                      );
                    })
                  ) : (
                    <td colSpan={2} className="py-2 pr-3 text-gray-700 dark:text-gray-300">
                      {va} <span className="text-xs text-gray-500 dark:text-gray-400">(same)</span>
                    </td>
                  )}
                </tr>
              );
            })}
            <tr>
              <th scope="row" className="py-2 pr-3 align-top text-xs font-medium text-gray-500 dark:text-gray-400">
                Also kept
              </th>
              <td colSpan={2} className="py-2 pr-3 text-gray-700 dark:text-gray-300">
                Tags of both ({[...new Set([...a.tags, ...b.tags])].join(', ') || 'none'}); every e-mail address and phone number; do-not-contact if either asked for it; the earliest first touch and
                the latest touch.
              </td>
            </tr>
          </tbody>
        </table>
      </div>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline" disabled={merge.isPending}>
            Cancel
          </Button>
        </DialogClose>
        <Button onClick={() => void onConfirm()} disabled={merge.isPending}>
          {merge.isPending ? 'Merging...' : `Merge into ${column(keep).name}`}
        </Button>
      </DialogFooter>
    </div>
  );
}
