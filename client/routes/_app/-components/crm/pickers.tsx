import { keepPreviousData } from '@tanstack/react-query';
import type { ComponentProps } from 'react';
import { SelectField } from '../../../../components/form';
import { errorMessageOf } from '../../../../lib/errors';
import { formatMoney } from '../../../../lib/money';
import { trpc } from '../../../../lib/trpc';
import { type ComboOption, EntityCombobox } from './combobox';

/** Contacts matching the typed text (name, e-mail, phone or company), as the contacts list finds them. */
function useContactOptions(query: string, enabled: boolean) {
  const result = trpc.contacts.list.useQuery(query ? { q: query, limit: 8 } : { limit: 8, sort: 'updated' }, { enabled, placeholderData: keepPreviousData });
  return {
    options: (result.data?.items ?? []).map((c) => ({ id: c.id, label: c.name, description: [c.email, c.companyName].filter(Boolean).join(' · ') || null })),
    loading: result.isFetching,
    error: result.error ? errorMessageOf(result.error, 'Could not search contacts') : null,
  };
}

function useDealOptions(query: string, enabled: boolean) {
  const result = trpc.deals.list.useQuery({ q: query || undefined, limit: 8, sortBy: 'updatedAt', sortDir: 'desc' }, { enabled, placeholderData: keepPreviousData });
  return {
    options: (result.data?.items ?? []).map((d) => ({ id: d.id, label: d.title, description: `${d.stage.name} · ${formatMoney(d.value.valueMinor, d.value.currency)}` })),
    loading: result.isFetching,
    error: result.error ? errorMessageOf(result.error, 'Could not search deals') : null,
  };
}

type PickerProps = Omit<ComponentProps<typeof EntityCombobox>, 'useOptions' | 'label'> & { label?: string };

export function ContactPicker({ label = 'Contact', ...props }: PickerProps) {
  return <EntityCombobox label={label} placeholder="Search contacts by name, e-mail or company" emptyText="No contacts match" useOptions={useContactOptions} {...props} />;
}

export function DealPicker({ label = 'Deal', ...props }: PickerProps) {
  return <EntityCombobox label={label} placeholder="Search deals by title" emptyText="No deals match" useOptions={useDealOptions} {...props} />;
}

export const contactOption = (contact: { id: string; name: string } | null | undefined): ComboOption | null => (contact ? { id: contact.id, label: contact.name } : null);
export const dealOption = (deal: { id: string; title: string } | null | undefined): ComboOption | null => (deal ? { id: deal.id, label: deal.title } : null);

/** The organization's members. */
export function useMembers() {
  return trpc.members.list.useQuery(undefined, { retryOnMount: false });
}

/**
 * A member of the organization (owner, assignee). `none` names the empty choice ("Unassigned");
 * without it a member must be chosen. A member no longer listed (removed) stays shown by name.
 */
export function MemberSelect({
  label,
  value,
  onChange,
  none,
  current,
  error,
  ...props
}: Omit<ComponentProps<typeof SelectField>, 'value' | 'onChange' | 'label'> & {
  label: string;
  value: string | null;
  onChange: (userId: string | null) => void;
  none?: string;
  current?: { id: string; name: string } | null;
}) {
  const members = useMembers();
  const list = members.data?.members ?? [];
  const missing = current && !list.some((m) => m.userId === current.id) ? current : null;
  return (
    <SelectField label={label} value={value ?? ''} onChange={(e) => onChange(e.target.value || null)} error={error} {...props}>
      {none !== undefined ? <option value="">{none}</option> : null}
      {missing ? <option value={missing.id}>{missing.name || 'Former member'}</option> : null}
      {list.map((m) => (
        <option key={m.userId} value={m.userId}>
          {m.name}
        </option>
      ))}
    </SelectField>
  );
}
