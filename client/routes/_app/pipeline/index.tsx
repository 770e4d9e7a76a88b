import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { KanbanIcon, ListIcon, PlusIcon, Settings2Icon } from 'lucide-react';
import { useId, useState } from 'react';
import { FormAlert } from '../../../components/form';
import { Page } from '../../../components/page';
import { Button, buttonClasses } from '../../../components/ui/button';
import { focusRing } from '../../../components/ui/focus';
import { Label, Select } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { useCan, useMe } from '../../../lib/auth';
import { cn } from '../../../lib/cn';
import { errorMessageOf } from '../../../lib/errors';
import { formatMoney } from '../../../lib/money';
import { trpc } from '../../../lib/trpc';
import type { Pipeline } from '../-components/crm/types';
import { DealBoard } from '../-components/pipeline/board';
import { DealDialog } from '../-components/pipeline/deal-dialog';
import { DealList } from '../-components/pipeline/deal-list';
import { DealFilters } from '../-components/pipeline/filters';
import { boardInput, hasFilters, listInput, type PipelineSearch, type PipelineView, resolvePipeline, ZPipelineSearch } from '../-components/pipeline/search';

export const Route = createFileRoute('/_app/pipeline/')({
  validateSearch: ZPipelineSearch,
  staticData: { title: 'Pipeline', nav: { label: 'Pipeline', icon: KanbanIcon, order: 40 } },
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    const [pipelines] = await Promise.all([context.trpc.pipelines.list.ensureData(), context.trpc.members.list.ensureData()]);
    const pipeline = resolvePipeline(deps, pipelines.items);
    if (deps.view === 'list') await context.trpc.deals.list.ensureData(listInput(deps, pipeline?.id));
    else await context.trpc.deals.board.ensureData(boardInput(deps, pipeline?.id));
  },
  component: PipelinePage,
});

function PipelinePage() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const { data: me } = useMe();
  const canWrite = useCan('deals:write');
  const canManage = useCan('pipelines:manage');
  const pipelines = trpc.pipelines.list.useQuery();
  const items = pipelines.data?.items ?? [];
  const pipeline = resolvePipeline(search, items);
  const view: PipelineView = search.view ?? 'board';
  const timeZone = me?.user.preferences.timezone ?? 'UTC';
  const [dialog, setDialog] = useState<{ stageId?: string } | null>(null);
  const utils = trpc.useUtils();

  const onSearch = (patch: Partial<PipelineSearch>) => void navigate({ search: (prev) => ({ ...prev, ...patch }) });
  const primaryCurrency = utils.deals.board.getData(boardInput(search, pipeline?.id))?.primaryCurrency ?? 'USD';

  return (
    <Page
      title="Pipeline"
      description={pipeline ? `${pipeline.name} · ${pipeline.dealCount} ${pipeline.dealCount === 1 ? 'deal' : 'deals'}` : undefined}
      // The board is as tall as the screen below the header and the banners shown above the page
      // (their height is --app-banners-height, measured in routes/_app.tsx); its columns scroll on
      // their own. The list grows with its rows.
      className={cn('max-w-none', view === 'board' && 'md:h-screen-below-header md:min-h-[36rem]')}
      actions={
        <>
          {canManage ? (
            <Link to="/pipeline/settings" search={pipeline ? { pipelineId: pipeline.id } : {}} className={buttonClasses({ variant: 'outline' })}>
              <Settings2Icon className="size-4" aria-hidden />
              <span className="hidden sm:inline">Pipeline settings</span>
              <span className="sr-only sm:hidden">Pipeline settings</span>
            </Link>
          ) : null}
          {canWrite ? (
            <Button onClick={() => setDialog({})}>
              <PlusIcon className="size-4" aria-hidden />
              New deal
            </Button>
          ) : null}
        </>
      }
    >
      <div className="flex flex-wrap items-end gap-3">
        <PipelineSwitcher pipelines={items} current={pipeline} onChange={(id) => onSearch({ pipelineId: id, stageId: undefined, page: undefined })} />
        <ViewToggle view={view} onChange={(next) => onSearch({ view: next === 'board' ? undefined : next, page: undefined })} />
      </div>
      <DealFilters search={search} pipeline={pipeline} onSearch={onSearch} />
      {view === 'list' ? (
        <ListView search={search} pipeline={pipeline} timeZone={timeZone} onSearch={onSearch} />
      ) : (
        <BoardView search={search} pipeline={pipeline} timeZone={timeZone} canWrite={canWrite} onCreate={(stageId) => setDialog({ stageId })} />
      )}
      <DealDialog
        open={dialog !== null}
        onOpenChange={(open) => (open ? undefined : setDialog(null))}
        pipelines={items}
        defaults={{ pipelineId: pipeline?.id, stageId: dialog?.stageId, currency: primaryCurrency }}
      />
    </Page>
  );
}

function PipelineSwitcher({ pipelines, current, onChange }: { pipelines: readonly Pipeline[]; current: Pipeline | undefined; onChange: (id: string) => void }) {
  const id = useId();
  if (pipelines.length <= 1) return null;
  return (
    <div className="flex w-full flex-col gap-1 sm:w-64">
      <Label htmlFor={id} className="text-xs text-gray-600 dark:text-gray-400">
        Pipeline
      </Label>
      <Select id={id} value={current?.id ?? ''} onChange={(e) => onChange(e.target.value)}>
        {pipelines.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
            {p.isDefault ? ' (default)' : ''}
          </option>
        ))}
      </Select>
    </div>
  );
}

function ViewToggle({ view, onChange }: { view: PipelineView; onChange: (view: PipelineView) => void }) {
  const options = [
    { value: 'board', label: 'Board', icon: KanbanIcon },
    { value: 'list', label: 'List', icon: ListIcon },
  ] as const;
  return (
    <div role="group" aria-label="View" className="inline-flex items-center gap-1 rounded-lg bg-gray-100 p-1 dark:bg-gray-800">
      {options.map(({ value, label, icon: Icon }) => (
        <button
          key={value}
          type="button"
          aria-pressed={view === value}
          onClick={() => onChange(value)}
          className={cn(
            'inline-flex h-8 items-center gap-1.5 rounded-md px-3 text-sm font-medium text-gray-600 transition-colors hover:text-gray-900 dark:text-gray-400 dark:hover:text-white',
            'aria-pressed:bg-white aria-pressed:text-gray-900 aria-pressed:shadow-sm dark:aria-pressed:bg-gray-950 dark:aria-pressed:text-white',
            focusRing,
          )}
        >
          <Icon className="size-4" aria-hidden />
          {label}
        </button>
      ))}
    </div>
  );
}

function BoardView({
  search,
  pipeline,
  timeZone,
  canWrite,
  onCreate,
}: {
  search: PipelineSearch;
  pipeline: Pipeline | undefined;
  timeZone: string;
  canWrite: boolean;
  onCreate: (stageId: string) => void;
}) {
  const input = boardInput(search, pipeline?.id);
  const board = trpc.deals.board.useQuery(input);
  if (board.error) return <FormAlert message={errorMessageOf(board.error, 'Could not load the board')} />;
  if (!board.data) return <Spinner className="mx-auto my-12" />;
  const { summary } = board.data;
  const others = summary.totals.filter((t) => t.currency !== board.data.primaryCurrency);
  return (
    <>
      <dl className="flex flex-wrap gap-x-8 gap-y-2 text-sm" aria-label="Pipeline totals">
        <div className="flex gap-2">
          <dt className="text-gray-500 dark:text-gray-400">Deals</dt>
          <dd className="font-semibold tabular-nums">{summary.count}</dd>
        </div>
        <div className="flex gap-2">
          <dt className="text-gray-500 dark:text-gray-400">Total value</dt>
          <dd className="font-semibold tabular-nums">{formatMoney(summary.value.valueMinor, summary.value.currency)}</dd>
        </div>
        <div className="flex gap-2">
          <dt className="text-gray-500 dark:text-gray-400">Weighted</dt>
          <dd className="font-semibold tabular-nums">{formatMoney(summary.weightedValue.valueMinor, summary.weightedValue.currency)}</dd>
        </div>
        {others.length > 0 ? (
          <div className="flex gap-2">
            <dt className="text-gray-500 dark:text-gray-400">Other currencies</dt>
            <dd className="tabular-nums">{others.map((t) => `${formatMoney(t.valueMinor, t.currency)} (${t.count})`).join(' · ')}</dd>
          </div>
        ) : null}
      </dl>
      {summary.count === 0 && !hasFilters(search) ? (
        <p className="rounded-lg border border-dashed border-gray-300 bg-white px-4 py-3 text-sm text-gray-600 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-400">
          No deals in {board.data.pipeline.name} yet.{canWrite ? ' Create one with “New deal”, or the + at the top of a stage.' : ''}
        </p>
      ) : null}
      <DealBoard
        board={board.data}
        input={input}
        canWrite={canWrite}
        timeZone={timeZone}
        onCreateInStage={onCreate}
        listLinkSearch={(stageId) => ({ ...search, view: 'list', stageId, page: undefined })}
      />
    </>
  );
}

function ListView({ search, pipeline, timeZone, onSearch }: { search: PipelineSearch; pipeline: Pipeline | undefined; timeZone: string; onSearch: (patch: Partial<PipelineSearch>) => void }) {
  const list = trpc.deals.list.useQuery(listInput(search, pipeline?.id));
  if (list.error) return <FormAlert message={errorMessageOf(list.error, 'Could not load the deals')} />;
  if (!list.data) return <Spinner className="mx-auto my-12" />;
  return <DealList data={list.data} search={search} timeZone={timeZone} onSearch={onSearch} />;
}
