import { Link } from '@tanstack/react-router';
import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon, MoreHorizontalIcon, PencilIcon, Trash2Icon } from 'lucide-react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useCallback, useLayoutEffect, useRef, useState } from 'react';
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

/** Up to this many rows (the largest page) every row is in the page; past it, only those near the screen. */
export const VIRTUALIZE_AFTER = 100;
/** A row's height before it is measured (avatar, name and a line under it). */
const ROW_ESTIMATE = 57;

/**
 * The contacts of the current page (and the ones loaded below it): the name links to the contact,
 * sortable headers, checkboxes for bulk changes when the role may make them, row actions.
 *
 * Once more rows are loaded than one page holds, the body is virtualized against the window's scroll
 * (@tanstack/react-virtual): only the rows near the screen are in the DOM, with spacer rows (hidden
 * from assistive technology) for the height of the others. The table keeps its semantics: it says how
 * many rows it has (aria-rowcount) and each row its place (aria-rowindex). Focus moving down with Tab
 * scrolls the next row into view, which renders the rows after it; the last focused row stays rendered
 * even when scrolled away, so an open row menu or the focus is not lost.
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
  const virtual = rows.length > VIRTUALIZE_AFTER;
  const body = useRef<HTMLTableSectionElement | null>(null);
  // Where the body starts in the document: the virtualizer counts the window's scroll from there.
  const [offset, setOffset] = useState(0);
  // Measured after every render (what is above the table changes with it); set only when it moved.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useLayoutEffect(() => {
    const el = body.current;
    if (!virtual || !el) return;
    const top = Math.round(el.getBoundingClientRect().top + window.scrollY);
    if (top !== offset) setOffset(top);
  });
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const focusedIndex = focusedId ? rows.findIndex((r) => r.id === focusedId) : -1;
  const virtualizer = useWindowVirtualizer({
    count: virtual ? rows.length : 0,
    estimateSize: () => ROW_ESTIMATE,
    overscan: 8,
    scrollMargin: offset,
    // React 19 warns about flushSync during rendering; a frame's delay while scrolling is not seen.
    useFlushSync: false,
    getItemKey: useCallback((index: number) => rows[index]?.id ?? index, [rows]),
    rangeExtractor: useCallback(
      (range: { startIndex: number; endIndex: number; overscan: number; count: number }) => {
        const start = Math.max(0, range.startIndex - range.overscan);
        const end = Math.min(range.count - 1, range.endIndex + range.overscan);
        const indexes: number[] = [];
        for (let i = start; i <= end; i += 1) indexes.push(i);
        if (focusedIndex >= 0 && focusedIndex < range.count && (focusedIndex < start || focusedIndex > end)) {
          indexes.push(focusedIndex);
          indexes.sort((a, b) => a - b);
        }
        return indexes;
      },
      [focusedIndex],
    ),
  });
  const items = virtual ? virtualizer.getVirtualItems() : [];
  const columnCount = (selectable ? 1 : 0) + 1 + columns.length + (hasActions ? 1 : 0);
  // Spacers for the rows not rendered: above the first and below the last shown, and in the gap a
  // kept (focused) row leaves.
  const spacer = (key: string, height: number) =>
    height > 0 ? (
      <tr key={key} aria-hidden="true" data-spacer>
        <td colSpan={columnCount} style={{ height, padding: 0, border: 0 }} />
      </tr>
    ) : null;
  const rowsWithSpacers: ReactNode[] = [];
  if (virtual) {
    let cursor = offset;
    for (const item of items) {
      rowsWithSpacers.push(spacer(`gap-${item.index}`, item.start - cursor));
      rowsWithSpacers.push(item.index);
      cursor = item.end;
    }
    rowsWithSpacers.push(spacer('gap-end', virtualizer.getTotalSize() + offset - cursor));
  }
  return (
    <Table aria-label="Contacts" className="min-w-[40rem]" aria-rowcount={virtual ? rows.length + 1 : undefined}>
      <THead>
        <Tr aria-rowindex={virtual ? 1 : undefined}>
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
      <TBody
        ref={body}
        onFocus={(event) => {
          const id = (event.target as HTMLElement).closest<HTMLElement>('[data-contact-row]')?.dataset.contactRow;
          if (virtual && id && id !== focusedId) setFocusedId(id);
        }}
      >
        {(virtual ? rowsWithSpacers : rows.map((_, index) => index)).map((entry) => {
          if (typeof entry !== 'number') return entry;
          const index = entry;
          const c = rows[index]!;
          const selected = selectable && isSelected(c.id);
          return (
            <Tr
              key={c.id}
              ref={virtual ? virtualizer.measureElement : undefined}
              data-index={index}
              data-contact-row={c.id}
              aria-rowindex={virtual ? index + 2 : undefined}
              aria-selected={selectable ? selected : undefined}
              className="hover:bg-gray-50 dark:hover:bg-gray-900/60"
            >
              {selectable ? (
                <Td className="w-10">
                  <Checkbox aria-label={`Select ${c.name}`} checked={selected} onChange={(e) => onToggle(c.id, e.target.checked)} />
                </Td>
              ) : null}
              <Td className="max-w-72">
                <div className="flex items-center gap-2">
                  <Avatar name={c.name} className="hidden sm:inline-flex" />
                  <div className="min-w-0">
                    <Link to="/contacts/$contactId" params={{ contactId: c.id }} className={cn('block truncate rounded font-medium text-indigo-700 hover:underline dark:text-indigo-300', focusRing)}>
                      {c.name}
                    </Link>
                    {c.jobTitle || (c.companyName && !columns.includes('companyName')) ? (
                      <span className="block truncate text-xs text-gray-500 dark:text-gray-400">
                        {[c.jobTitle, columns.includes('companyName') ? null : c.companyName].filter(Boolean).join(' · ')}
                      </span>
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
