import { FilterXIcon, XIcon } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../../components/ui/button';
import { Input, Label, Select } from '../../../../components/ui/input';
import { SearchBox } from '../crm/search-box';
import { useMembers } from '../crm/pickers';
import type { Pipeline } from '../crm/types';
import { hasFilters, type PipelineSearch } from './search';

/** Search, owner, expected close range (and in the list, stage and status): all kept in the URL. */
export function DealFilters({ search, pipeline, onSearch }: { search: PipelineSearch; pipeline: Pipeline | undefined; onSearch: (patch: Partial<PipelineSearch>) => void }) {
  const id = useId();
  const members = useMembers();
  const list = search.view === 'list';
  const backwards = Boolean(search.closeFrom && search.closeTo && search.closeTo < search.closeFrom);
  return (
    <div role="search" aria-label="Filter deals" className="flex flex-wrap items-end gap-3">
      <SearchBox key={search.q ?? ''} placeholder="Deal title" value={search.q ?? ''} onChange={(q) => onSearch({ q: q || undefined, page: undefined })} />
      <div className="flex w-full flex-col gap-1 sm:w-44">
        <Label htmlFor={`${id}-owner`} className="text-xs text-gray-600 dark:text-gray-400">
          Owner
        </Label>
        <Select id={`${id}-owner`} value={search.ownerId ?? ''} onChange={(e) => onSearch({ ownerId: e.target.value || undefined, page: undefined })}>
          <option value="">Anyone</option>
          {(members.data?.members ?? []).map((m) => (
            <option key={m.userId} value={m.userId}>
              {m.name}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex w-[calc(50%-0.375rem)] flex-col gap-1 sm:w-40">
        <Label htmlFor={`${id}-from`} className="text-xs text-gray-600 dark:text-gray-400">
          Closing from
        </Label>
        <Input id={`${id}-from`} type="date" value={search.closeFrom ?? ''} max={search.closeTo} onChange={(e) => onSearch({ closeFrom: e.target.value || undefined, page: undefined })} />
      </div>
      <div className="flex w-[calc(50%-0.375rem)] flex-col gap-1 sm:w-40">
        <Label htmlFor={`${id}-to`} className="text-xs text-gray-600 dark:text-gray-400">
          Closing to
        </Label>
        <Input
          id={`${id}-to`}
          type="date"
          value={search.closeTo ?? ''}
          min={search.closeFrom}
          aria-invalid={backwards ? true : undefined}
          aria-describedby={backwards ? `${id}-range` : undefined}
          onChange={(e) => onSearch({ closeTo: e.target.value || undefined, page: undefined })}
        />
      </div>
      {list ? (
        <>
          <div className="flex w-full flex-col gap-1 sm:w-44">
            <Label htmlFor={`${id}-stage`} className="text-xs text-gray-600 dark:text-gray-400">
              Stage
            </Label>
            <Select id={`${id}-stage`} value={search.stageId ?? ''} onChange={(e) => onSearch({ stageId: e.target.value || undefined, page: undefined })}>
              <option value="">All stages</option>
              {(pipeline?.stages ?? []).map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </Select>
          </div>
          <div className="flex w-full flex-col gap-1 sm:w-36">
            <Label htmlFor={`${id}-status`} className="text-xs text-gray-600 dark:text-gray-400">
              Status
            </Label>
            <Select id={`${id}-status`} value={search.status ?? ''} onChange={(e) => onSearch({ status: (e.target.value || undefined) as PipelineSearch['status'], page: undefined })}>
              <option value="">Any status</option>
              <option value="open">Open</option>
              <option value="won">Won</option>
              <option value="lost">Lost</option>
            </Select>
          </div>
        </>
      ) : null}
      {list && search.stalledDays ? (
        <Button variant="outline" onClick={() => onSearch({ stalledDays: undefined, page: undefined })} aria-label={`Remove the filter: open deals stalled for over ${search.stalledDays} days`}>
          Stalled over {search.stalledDays} days
          <XIcon className="size-4" aria-hidden />
        </Button>
      ) : null}
      {hasFilters(search) ? (
        <Button
          variant="ghost"
          onClick={() => onSearch({ q: undefined, ownerId: undefined, closeFrom: undefined, closeTo: undefined, stageId: undefined, status: undefined, stalledDays: undefined, page: undefined })}
        >
          <FilterXIcon className="size-4" aria-hidden />
          Clear filters
        </Button>
      ) : null}
      {backwards ? (
        <p id={`${id}-range`} role="alert" className="w-full text-sm text-amber-700 dark:text-amber-400">
          The close date range ends before it starts, so it is not applied.
        </p>
      ) : null}
    </div>
  );
}
