import { Link } from '@tanstack/react-router';
import { useAtom } from 'jotai';
import { ArrowDownIcon, ArrowUpIcon, ChevronLeftIcon, ChevronRightIcon, Columns3Icon, RepeatIcon } from 'lucide-react';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { DropdownMenu, DropdownMenuCheckboxItem, DropdownMenuContent, DropdownMenuLabel, DropdownMenuTrigger } from '../../../../components/ui/dropdown-menu';
import { focusRing } from '../../../../components/ui/focus';
import { Table, TBody, Td, Th, THead, Tr } from '../../../../components/ui/table';
import { formatCalendarDate, todayIn } from '../../../../lib/calendar';
import { cn } from '../../../../lib/cn';
import { formatDate } from '../../../../lib/format';
import { formatMoney } from '../../../../lib/money';
import { DEAL_LIST_COLUMN_LABELS, DEAL_LIST_COLUMNS, type DealListColumn, dealListColumnsAtom } from '../../../../state/pipeline';
import type { Deal, RouterOutputs } from '../crm/types';
import type { PipelineSearch } from './search';

type SortField = NonNullable<PipelineSearch['sortBy']>;
const SORTABLE: Partial<Record<'title' | DealListColumn, SortField>> = {
  title: 'title',
  value: 'value',
  expectedCloseDate: 'expectedCloseDate',
  stageChangedAt: 'stageChangedAt',
  updatedAt: 'updatedAt',
  createdAt: 'createdAt',
};

export const statusTone = (status: Deal['status']) => (status === 'won' ? 'green' : status === 'lost' ? 'red' : 'gray');

/** The deals as a table: sortable columns, paging, optional columns remembered per browser. */
export function DealList({ data, search, timeZone, onSearch }: { data: RouterOutputs['deals']['list']; search: PipelineSearch; timeZone: string; onSearch: (patch: Partial<PipelineSearch>) => void }) {
  const [columns, setColumns] = useAtom(dealListColumnsAtom);
  const shown = DEAL_LIST_COLUMNS.filter((c) => columns.includes(c));
  const sortBy = search.sortBy ?? 'updatedAt';
  const sortDir = search.sortDir ?? 'desc';
  // The screen pages by number, so its answers always carry one.
  const page = data.page ?? 1;
  const first = data.total === 0 ? 0 : (page - 1) * data.limit + 1;
  const last = Math.min(page * data.limit, data.total);
  const pages = Math.max(1, Math.ceil(data.total / data.limit));
  const today = todayIn(timeZone);

  function header(key: 'title' | DealListColumn, label: string, className?: string) {
    const field = SORTABLE[key];
    if (!field)
      return (
        <Th key={key} className={className}>
          {label}
        </Th>
      );
    const active = sortBy === field;
    const nextDir = active ? (sortDir === 'asc' ? 'desc' : 'asc') : field === 'title' ? 'asc' : 'desc';
    return (
      <Th key={key} className={className} aria-sort={active ? (sortDir === 'asc' ? 'ascending' : 'descending') : 'none'}>
        <button
          type="button"
          className={cn('relative inline-flex items-center gap-1 rounded uppercase hover:text-gray-900 dark:hover:text-white', focusRing)}
          onClick={() => onSearch({ sortBy: field, sortDir: nextDir, page: undefined })}
        >
          {label}
          {active ? sortDir === 'asc' ? <ArrowUpIcon className="size-3.5" aria-hidden /> : <ArrowDownIcon className="size-3.5" aria-hidden /> : null}
          <span className="sr-only">{active ? `, sorted ${sortDir === 'asc' ? 'ascending' : 'descending'}` : ', sort'}</span>
        </button>
      </Th>
    );
  }

  return (
    <section aria-labelledby="deal-list-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="deal-list-heading" className="text-sm font-medium text-gray-700 dark:text-gray-300" aria-live="polite">
          {data.total === 0 ? 'No deals' : `${first}–${last} of ${data.total} deals`}
        </h2>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="outline" size="sm">
              <Columns3Icon className="size-4" aria-hidden />
              Columns
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuLabel>Show columns</DropdownMenuLabel>
            {DEAL_LIST_COLUMNS.map((c) => (
              <DropdownMenuCheckboxItem
                key={c}
                checked={columns.includes(c)}
                onSelect={(e) => e.preventDefault()}
                onCheckedChange={(checked) => setColumns((list) => (checked ? [...list, c] : list.filter((x) => x !== c)))}
              >
                {DEAL_LIST_COLUMN_LABELS[c]}
              </DropdownMenuCheckboxItem>
            ))}
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
      <Table aria-labelledby="deal-list-heading" className="min-w-[40rem]">
        <THead>
          <Tr>
            {header('title', 'Deal')}
            {shown.map((c) => header(c, DEAL_LIST_COLUMN_LABELS[c], c === 'value' || c === 'probability' ? 'text-right' : undefined))}
          </Tr>
        </THead>
        <TBody>
          {data.items.map((deal) => (
            <Tr key={deal.id}>
              <Td className="relative max-w-[18rem]">
                <Link to="/pipeline/deals/$dealId" params={{ dealId: deal.id }} className={cn('rounded font-medium text-indigo-700 hover:underline dark:text-indigo-300', focusRing)}>
                  {deal.title}
                </Link>
                {deal.isRecurring ? <RepeatIcon className="ml-1.5 inline size-3.5 text-indigo-500" aria-label="Recurring" /> : null}
              </Td>
              {shown.map((c) => (
                <Cell key={c} column={c} deal={deal} timeZone={timeZone} today={today} />
              ))}
            </Tr>
          ))}
          {data.items.length === 0 ? (
            <Tr>
              <Td colSpan={shown.length + 1} className="py-10 text-center text-gray-500 dark:text-gray-400">
                {page > 1 ? (
                  <>
                    This page is empty now.{' '}
                    <Button variant="outline" size="sm" onClick={() => onSearch({ page: undefined })}>
                      Back to the first page
                    </Button>
                  </>
                ) : (
                  'No deals match these filters.'
                )}
              </Td>
            </Tr>
          ) : null}
        </TBody>
      </Table>
      {pages > 1 ? (
        <nav aria-label="Pages" className="flex items-center justify-end gap-2 text-sm">
          <span className="text-gray-600 dark:text-gray-400">
            Page {page} of {pages}
          </span>
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onSearch({ page: page - 1 > 1 ? page - 1 : undefined })}>
            <ChevronLeftIcon className="size-4" aria-hidden />
            Previous
          </Button>
          <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onSearch({ page: page + 1 })}>
            Next
            <ChevronRightIcon className="size-4" aria-hidden />
          </Button>
        </nav>
      ) : null}
    </section>
  );
}

function Cell({ column, deal, timeZone, today }: { column: DealListColumn; deal: Deal; timeZone: string; today: string }) {
  switch (column) {
    case 'value':
      return <Td className="text-right tabular-nums">{formatMoney(deal.value.valueMinor, deal.value.currency)}</Td>;
    case 'stage':
      return (
        <Td>
          <Badge tone={statusTone(deal.status)}>{deal.stage.name}</Badge>
        </Td>
      );
    case 'owner':
      return <Td className="whitespace-nowrap">{deal.owner?.name ?? <span className="text-gray-400">—</span>}</Td>;
    case 'contact':
      return (
        <Td className="max-w-[14rem] truncate">
          {deal.contact ? (
            <Link to="/contacts/$contactId" params={{ contactId: deal.contact.id }} className={cn('rounded hover:underline', focusRing)}>
              {deal.contact.name}
            </Link>
          ) : (
            <span className="text-gray-400">—</span>
          )}
        </Td>
      );
    case 'expectedCloseDate': {
      const late = deal.status === 'open' && deal.expectedCloseDate !== null && deal.expectedCloseDate < today;
      return (
        <Td className={cn('relative whitespace-nowrap', late && 'font-medium text-red-600 dark:text-red-400')}>
          {deal.expectedCloseDate ? formatCalendarDate(deal.expectedCloseDate) : <span className="text-gray-400">—</span>}
          {late ? <span className="sr-only"> (overdue)</span> : null}
        </Td>
      );
    }
    case 'probability':
      return <Td className="text-right tabular-nums">{deal.probability}%</Td>;
    case 'stageChangedAt':
      return <Td className="whitespace-nowrap">{formatDate(deal.stageChangedAt, timeZone)}</Td>;
    case 'updatedAt':
      return <Td className="whitespace-nowrap">{formatDate(deal.updatedAt, timeZone)}</Td>;
    case 'createdAt':
      return <Td className="whitespace-nowrap">{formatDate(deal.createdAt, timeZone)}</Td>;
  }
}
