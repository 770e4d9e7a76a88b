import { Columns3Icon, DownloadIcon, RotateCcwIcon, XIcon } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../../components/ui/button';
import { DropdownMenu, DropdownMenuCheckboxItem, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '../../../../components/ui/dropdown-menu';
import { focusRing } from '../../../../components/ui/focus';
import { Input, Label, Select } from '../../../../components/ui/input';
import { formatCalendarDate } from '../../../../lib/calendar';
import { cn } from '../../../../lib/cn';
import { trpc } from '../../../../lib/trpc';
import { CONTACT_COLUMNS, LIFECYCLE_LABELS, LIFECYCLE_STAGES, type TLifecycleStage } from '../../../../../server/contacts/schema';
import { DebouncedInput } from './debounced-input';
import { columnLabel, type Count, DNC_FILTER_LABELS, plural, STAGE_SHORT } from './labels';
import { DNC_FILTERS, type FilterKey, type UrlFilter } from './search';
import type { CustomField, Member } from './types';

type SetFilter = <K extends FilterKey>(key: K, value: UrlFilter[K] | undefined) => void;

/** The filters of the list, each applied as soon as it is chosen (text a moment after typing stops). */
export function FilterPanel({ id, filter, setFilter, members }: { id: string; filter: UrlFilter; setFilter: SetFilter; members: readonly Member[] }) {
  const uid = useId();
  const tags = trpc.contacts.tags.useQuery({ limit: 200 });
  const field = (name: string) => `${uid}-${name}`;
  return (
    <section id={id} aria-label="Filters" className="grid gap-4 rounded-lg border border-gray-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4 dark:border-gray-800 dark:bg-gray-900">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={field('tag')}>Tag</Label>
        <DebouncedInput id={field('tag')} value={filter.tag ?? ''} onCommit={(v) => setFilter('tag', v || undefined)} list={`${uid}-tags`} placeholder="Any tag" maxLength={50} />
        <datalist id={`${uid}-tags`}>
          {tags.data?.items.map(({ tag, count }) => (
            <option key={tag} value={tag} label={`${tag} (${plural(count, 'contact')})`} />
          ))}
        </datalist>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={field('owner')}>Owner</Label>
        <Select id={field('owner')} value={filter.ownerId ?? ''} onChange={(e) => setFilter('ownerId', e.target.value || undefined)}>
          <option value="">Anyone</option>
          <option value="none">Unassigned</option>
          {members.map((m) => (
            <option key={m.userId} value={m.userId}>
              {m.name}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={field('stage')}>Lifecycle stage</Label>
        <Select id={field('stage')} value={filter.lifecycleStage ?? ''} onChange={(e) => setFilter('lifecycleStage', (e.target.value || undefined) as TLifecycleStage | undefined)}>
          <option value="">Any stage</option>
          {LIFECYCLE_STAGES.map((s) => (
            <option key={s} value={s}>
              {LIFECYCLE_LABELS[s]}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={field('source')}>Source</Label>
        <DebouncedInput id={field('source')} value={filter.source ?? ''} onCommit={(v) => setFilter('source', v || undefined)} placeholder="Any source" maxLength={100} />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={field('from')}>Created from</Label>
        <Input id={field('from')} type="date" value={filter.createdFrom ?? ''} max={filter.createdTo} onChange={(e) => setFilter('createdFrom', e.target.value || undefined)} />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={field('to')}>Created to</Label>
        <Input id={field('to')} type="date" value={filter.createdTo ?? ''} min={filter.createdFrom} onChange={(e) => setFilter('createdTo', e.target.value || undefined)} />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={field('dnc')}>Do not contact</Label>
        <Select id={field('dnc')} value={filter.doNotContact ?? ''} onChange={(e) => setFilter('doNotContact', (e.target.value || undefined) as UrlFilter['doNotContact'])}>
          <option value="">Anyone</option>
          {DNC_FILTERS.map((d) => (
            <option key={d} value={d}>
              {DNC_FILTER_LABELS[d]}
            </option>
          ))}
        </Select>
      </div>
    </section>
  );
}

/** The filters in effect, each removable on its own. */
export function FilterChips({ filter, setFilter, members, onClear }: { filter: UrlFilter; setFilter: SetFilter; members: readonly Member[]; onClear: () => void }) {
  const chips: { key: FilterKey; label: string }[] = [];
  if (filter.q) chips.push({ key: 'q', label: `“${filter.q}”` });
  if (filter.tag) chips.push({ key: 'tag', label: `Tag: ${filter.tag}` });
  if (filter.ownerId) chips.push({ key: 'ownerId', label: `Owner: ${filter.ownerId === 'none' ? 'Unassigned' : (members.find((m) => m.userId === filter.ownerId)?.name ?? 'Former member')}` });
  if (filter.lifecycleStage) chips.push({ key: 'lifecycleStage', label: `Stage: ${STAGE_SHORT[filter.lifecycleStage]}` });
  if (filter.source) chips.push({ key: 'source', label: `Source: ${filter.source}` });
  if (filter.createdFrom) chips.push({ key: 'createdFrom', label: `Created from ${formatCalendarDate(filter.createdFrom)}` });
  if (filter.createdTo) chips.push({ key: 'createdTo', label: `Created to ${formatCalendarDate(filter.createdTo)}` });
  if (filter.doNotContact) chips.push({ key: 'doNotContact', label: DNC_FILTER_LABELS[filter.doNotContact] });
  if (chips.length === 0) return null;
  return (
    <ul aria-label="Active filters" className="flex flex-wrap items-center gap-2">
      {chips.map((chip) => (
        <li key={chip.key} className="inline-flex items-center gap-1 rounded-full bg-gray-100 py-1 pr-1 pl-3 text-xs font-medium text-gray-700 dark:bg-gray-800 dark:text-gray-200">
          {chip.label}
          <button
            type="button"
            aria-label={`Remove filter ${chip.label}`}
            onClick={() => setFilter(chip.key, undefined)}
            className={cn('inline-flex size-5 items-center justify-center rounded-full hover:bg-gray-200 dark:hover:bg-gray-700', focusRing)}
          >
            <XIcon className="size-3" aria-hidden />
          </button>
        </li>
      ))}
      <li>
        <Button variant="ghost" size="sm" onClick={onClear}>
          Clear all
        </Button>
      </li>
    </ul>
  );
}

/** Which columns the table shows; the choice is remembered in this browser for this user. */
export function ColumnsMenu({
  columns,
  customFields,
  onChange,
  onReset,
}: {
  columns: readonly string[];
  customFields: readonly CustomField[];
  onChange: (next: string[]) => void;
  onReset: () => void;
}) {
  const all = [...CONTACT_COLUMNS.filter((c) => c !== 'name'), ...customFields.map((f) => `custom.${f.key}`)];
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline">
          <Columns3Icon className="size-4" aria-hidden />
          Columns
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel>Shown columns</DropdownMenuLabel>
        {all.map((c) => (
          <DropdownMenuCheckboxItem
            key={c}
            checked={columns.includes(c)}
            onSelect={(e) => e.preventDefault()}
            onCheckedChange={(checked) => onChange(checked ? all.filter((x) => x === c || columns.includes(x)) : columns.filter((x) => x !== c))}
          >
            {columnLabel(c, customFields)}
          </DropdownMenuCheckboxItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onReset}>
          <RotateCcwIcon aria-hidden />
          Reset to default
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** CSV of the contacts matching the current filters, in the current order: shown columns or all. */
export function ExportMenu({ visibleHref, allHref, total }: { visibleHref: string; allHref: string; total: Count }) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" disabled={total.n === 0}>
          <DownloadIcon className="size-4" aria-hidden />
          Export
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel>{`Export ${plural(total, 'contact')} as CSV`}</DropdownMenuLabel>
        <DropdownMenuItem asChild>
          <a href={visibleHref} download>
            Shown columns
          </a>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <a href={allHref} download>
            All columns
          </a>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
