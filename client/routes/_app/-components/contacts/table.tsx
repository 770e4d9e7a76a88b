import { Link } from '@tanstack/react-router';
import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon, MoreHorizontalIcon, PencilIcon, Trash2Icon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../../components/ui/button';
import { Checkbox } from '../../../../components/ui/checkbox';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '../../../../components/ui/dropdown-menu';
import { focusRing } from '../../../../components/ui/focus';
import { TBody, THead, Table, Td, Th, Tr } from '../../../../components/ui/table';
import { formatCalendarDate } from '../../../../lib/calendar';
import { cn } from '../../../../lib/cn';
import type { TContactSort } from '../../../../../server/contacts/schema';
import { formatDate, formatDateTime } from '../../../../lib/format';
import { Avatar, DncBadges, OrDash, StageBadge, TagList } from './bits';
import { attributionSummary, COLUMN_SORT, columnLabel } from './labels';
import type { Contact, CustomField } from './types';

export type SortState = { sort: TContactSort; direction: 'asc' | 'desc' };

/** One cell of a column, as the table shows it. */
function cellOf(column: string, c: Contact, customFields: readonly CustomField[], timeZone: string): ReactNode {
  switch (column) {
    case 'firstName':
      return <OrDash>{c.firstName}</OrDash>;
    case 'lastName':
      return <OrDash>{c.lastName}</OrDash>;
    case 'email':
      return c.email ? (
        <a href={`mailto:${c.email}`} className={cn('rounded hover:underline', focusRing)}>
          {c.email}
        </a>
      ) : (
        <OrDash>{null}</OrDash>
      );
    case 'otherEmails':
      return <OrDash>{c.otherEmails.join(', ')}</OrDash>;
    case 'phone':
      return c.phone ? (
        <a href={`tel:${c.phone}`} className={cn('rounded whitespace-nowrap hover:underline', focusRing)}>
          {c.phone}
        </a>
      ) : (
        <OrDash>{null}</OrDash>
      );
    case 'otherPhones':
      return <OrDash>{c.otherPhones.join(', ')}</OrDash>;
    case 'companyName':
      return <OrDash>{c.companyName}</OrDash>;
    case 'jobTitle':
      return <OrDash>{c.jobTitle}</OrDash>;
    case 'lifecycleStage':
      return <StageBadge stage={c.lifecycleStage} />;
    case 'source':
      return <OrDash>{c.source}</OrDash>;
    case 'tags':
      return <OrDash>{c.tags.length > 0 ? <TagList tags={c.tags} max={3} /> : null}</OrDash>;
    case 'owner':
      return c.owner ? <span className="whitespace-nowrap">{c.owner.name}</span> : <span className="text-gray-500 dark:text-gray-400">Unassigned</span>;
    case 'leadScore':
      return <span className="tabular-nums">{new Intl.NumberFormat().format(c.leadScore)}</span>;
    case 'doNotContact':
      return c.doNotContact.sms || c.doNotContact.email || c.doNotContact.calls ? <DncBadges dnc={c.doNotContact} compact /> : <OrDash>{null}</OrDash>;
    case 'firstAttribution':
      return <OrDash>{attributionSummary(c.firstAttribution)}</OrDash>;
    case 'latestAttribution':
      return <OrDash>{attributionSummary(c.latestAttribution)}</OrDash>;
    case 'createdAt':
      return (
        <time dateTime={c.createdAt} title={formatDateTime(c.createdAt, timeZone)} className="whitespace-nowrap">
          {formatDate(c.createdAt, timeZone)}
        </time>
      );
    case 'updatedAt':
      return (
        <time dateTime={c.updatedAt} title={formatDateTime(c.updatedAt, timeZone)} className="whitespace-nowrap">
          {formatDate(c.updatedAt, timeZone)}
        </time>
      );
    default: {
      if (!column.startsWith('custom.')) return null;
      const key = column.slice('custom.'.length);
      const value = c.customFields[key];
      if (value === undefined || value === null || value === '') return <OrDash>{null}</OrDash>;
      const field = customFields.find((f) => f.key === key);
      if (field?.type === 'date' && typeof value === 'string') return <span className="whitespace-nowrap">{formatCalendarDate(value)}</span>;
      if (typeof value === 'number') return <span className="tabular-nums">{new Intl.NumberFormat().format(value)}</span>;
      return String(value);
    }
  }
}

const NUMERIC = new Set(['leadScore']);

function SortHeader({ column, label, state, onSort }: { column: string; label: string; state: SortState; onSort: (sort: TContactSort) => void }) {
  const sort = COLUMN_SORT[column];
  const custom = column.startsWith('custom.');
  if (!sort) return <Th className={cn(custom && 'normal-case', NUMERIC.has(column) && 'text-right')}>{label}</Th>;
  const active = state.sort === sort;
  const Icon = !active ? ArrowUpDownIcon : state.direction === 'asc' ? ArrowUpIcon : ArrowDownIcon;
  return (
    <Th aria-sort={active ? (state.direction === 'asc' ? 'ascending' : 'descending') : 'none'} className={cn(NUMERIC.has(column) && 'text-right')}>
      <button
        type="button"
        onClick={() => onSort(sort)}
        className={cn('-mx-1 inline-flex items-center gap-1 rounded px-1 uppercase hover:text-gray-900 dark:hover:text-white', focusRing, active && 'text-gray-900 dark:text-white')}
      >
        {label}
        <Icon className={cn('size-3.5', !active && 'opacity-40')} aria-hidden />
      </button>
    </Th>
  );
}

/**
 * The contacts of the current page (and the ones loaded below it): the name links to the contact,
 * sortable headers, checkboxes for bulk changes when the role may make them, row actions.
 */
export function ContactsTable({
  rows,
  columns,
  customFields,
  timeZone,
  sortState,
  onSort,
  selectable,
  isSelected,
  onToggle,
  onTogglePage,
  pageState,
  onEdit,
  onDelete,
}: {
  rows: readonly Contact[];
  columns: readonly string[];
  customFields: readonly CustomField[];
  timeZone: string;
  sortState: SortState;
  onSort: (sort: TContactSort) => void;
  selectable: boolean;
  isSelected: (id: string) => boolean;
  onToggle: (id: string, selected: boolean) => void;
  onTogglePage: (selected: boolean) => void;
  pageState: 'none' | 'some' | 'all';
  onEdit: ((contact: Contact) => void) | null;
  onDelete: ((contact: Contact) => void) | null;
}) {
  const hasActions = Boolean(onEdit || onDelete);
  return (
    <Table aria-label="Contacts" className="min-w-[40rem]">
      <THead>
        <Tr>
          {selectable ? (
            <Th className="w-10">
              <Checkbox
                aria-label={pageState === 'all' ? 'Deselect all contacts on this page' : 'Select all contacts on this page'}
                checked={pageState === 'all'}
                indeterminate={pageState === 'some'}
                onChange={(e) => onTogglePage(e.target.checked)}
              />
            </Th>
          ) : null}
          <SortHeader column="name" label="Name" state={sortState} onSort={onSort} />
          {columns.map((c) => (
            <SortHeader key={c} column={c} label={columnLabel(c, customFields)} state={sortState} onSort={onSort} />
          ))}
          {hasActions ? (
            <Th className="w-12">
              <span className="sr-only">Actions</span>
            </Th>
          ) : null}
        </Tr>
      </THead>
      <TBody>
        {rows.map((c) => {
          const selected = selectable && isSelected(c.id);
          return (
            <Tr key={c.id} aria-selected={selectable ? selected : undefined} className="hover:bg-gray-50 dark:hover:bg-gray-900/60">
              {selectable ? (
                <Td className="w-10">
                  <Checkbox aria-label={`Select ${c.name}`} checked={selected} onChange={(e) => onToggle(c.id, e.target.checked)} />
                </Td>
              ) : null}
              <Td className="max-w-72">
                <div className="flex items-center gap-2">
                  <Avatar name={c.name} className="hidden sm:inline-flex" />
                  <div className="min-w-0">
                    <Link
                      to="/contacts/$contactId"
                      params={{ contactId: c.id }}
                      className={cn('block truncate rounded font-medium text-indigo-700 hover:underline dark:text-indigo-300', focusRing)}
                    >
                      {c.name}
                    </Link>
                    {c.jobTitle || (c.companyName && !columns.includes('companyName')) ? (
                      <span className="block truncate text-xs text-gray-500 dark:text-gray-400">{[c.jobTitle, columns.includes('companyName') ? null : c.companyName].filter(Boolean).join(' · ')}</span>
                    ) : null}
                  </div>
                </div>
              </Td>
              {columns.map((col) => (
                <Td key={col} className={cn('max-w-64 truncate', NUMERIC.has(col) && 'text-right')}>
                  {cellOf(col, c, customFields, timeZone)}
                </Td>
              ))}
              {hasActions ? (
                <Td className="w-12 text-right">
                  <DropdownMenu>
                    <DropdownMenuTrigger asChild>
                      <Button variant="ghost" size="icon" className="size-8" aria-label={`Actions for ${c.name}`}>
                        <MoreHorizontalIcon className="size-4" aria-hidden />
                      </Button>
                    </DropdownMenuTrigger>
                    <DropdownMenuContent align="end">
                      {onEdit ? (
                        <DropdownMenuItem onSelect={() => onEdit(c)}>
                          <PencilIcon aria-hidden />
                          Edit
                        </DropdownMenuItem>
                      ) : null}
                      {onEdit && onDelete ? <DropdownMenuSeparator /> : null}
                      {onDelete ? (
                        <DropdownMenuItem variant="destructive" onSelect={() => onDelete(c)}>
                          <Trash2Icon aria-hidden />
                          Delete
                        </DropdownMenuItem>
                      ) : null}
                    </DropdownMenuContent>
                  </DropdownMenu>
                </Td>
              ) : null}
            </Tr>
          );
        })}
      </TBody>
    </Table>
  );
}
