import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { ChevronLeftIcon, ChevronRightIcon, FilterXIcon, PlusIcon, SquareCheckIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { z } from 'zod';
import { FormAlert } from '../../components/form';
import { EmptyState, Page } from '../../components/page';
import { Button } from '../../components/ui/button';
import { Label, Select } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { useCan, useMe } from '../../lib/auth';
import { cn } from '../../lib/cn';
import { errorMessageOf } from '../../lib/errors';
import { TASK_PRIORITIES, TASK_VIEWS, type TListTasksInput, type TTaskView } from '../../lib/tasks-schema';
import { trpc } from '../../lib/trpc';
import { useMembers } from './-components/crm/pickers';
import { SearchBox } from './-components/crm/search-box';
import type { Task, TaskCounts } from './-components/crm/types';
import { TaskDialog } from './-components/tasks/task-dialog';
import { TaskItem } from './-components/tasks/task-item';
import { PRIORITY_LABELS } from './-components/tasks/task-meta';

const optional = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

/** The tab, filters and page live in the URL: reload and Back keep them. */
const ZTasksSearch = z.object({
  view: optional(z.enum(TASK_VIEWS)),
  q: optional(z.string().trim().min(1).max(200)),
  priority: optional(z.enum(TASK_PRIORITIES)),
  assigneeId: optional(z.uuid()),
  status: optional(z.enum(['open', 'done', 'any'])),
  page: optional(z.number().int().min(1).max(100_000)),
});
type TasksSearch = z.infer<typeof ZTasksSearch>;

const PAGE_SIZE = 25;
const DEFAULT_VIEW: TTaskView = 'mine';

const VIEW_LABELS: Record<TTaskView, string> = { mine: 'My tasks', today: 'Today', overdue: 'Overdue', upcoming: 'Upcoming', all: 'All' };
const VIEW_HEADINGS: Record<TTaskView, string> = {
  mine: 'Tasks assigned to you',
  today: 'Open tasks due today',
  overdue: 'Open tasks past their due time',
  upcoming: 'Open tasks due after today',
  all: 'All tasks',
};

/** Status narrows only My tasks (open by default) and All (any by default); the other tabs hold open tasks. */
const statusApplies = (view: TTaskView) => view === 'mine' || view === 'all';

function listInput(search: TasksSearch): TListTasksInput {
  const view = search.view ?? DEFAULT_VIEW;
  return {
    view,
    q: search.q,
    priority: search.priority,
    assigneeId: search.assigneeId,
    status: statusApplies(view) ? search.status : undefined,
    page: search.page ?? 1,
    limit: PAGE_SIZE,
  };
}

export const Route = createFileRoute('/_app/tasks')({
  validateSearch: ZTasksSearch,
  staticData: { title: 'Tasks', nav: { label: 'Tasks', icon: SquareCheckIcon, order: 30 } },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => Promise.all([context.trpc.tasks.counts.ensureData(), context.trpc.tasks.list.ensureData(listInput(deps)), context.trpc.members.list.ensureData()]),
  component: TasksPage,
});

function TasksPage() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const { data: me } = useMe();
  const canWrite = useCan('tasks:write');
  const timeZone = me?.user.preferences.timezone ?? 'UTC';
  const counts = trpc.tasks.counts.useQuery();
  const view = search.view ?? DEFAULT_VIEW;
  const [dialog, setDialog] = useState<{ task?: Task } | null>(null);
  const onSearch = (patch: Partial<TasksSearch>) => void navigate({ search: (prev) => ({ ...prev, ...patch }) });

  return (
    <Page
      title="Tasks"
      description={`Follow-ups and to-dos, due times in ${timeZone.replaceAll('_', ' ')}.`}
      actions={
        canWrite ? (
          <Button onClick={() => setDialog({})}>
            <PlusIcon className="size-4" aria-hidden />
            New task
          </Button>
        ) : null
      }
    >
      <Tabs value={view} onValueChange={(next) => onSearch({ view: next === DEFAULT_VIEW ? undefined : (next as TTaskView), page: undefined, status: undefined })}>
        <TabsList aria-label="Task views" className="relative w-full sm:w-fit">
          {TASK_VIEWS.map((v) => (
            <TabsTrigger key={v} value={v}>
              {VIEW_LABELS[v]}
              <CountBadge counts={counts.data} view={v} />
            </TabsTrigger>
          ))}
        </TabsList>
        <TaskFilters search={search} view={view} onSearch={onSearch} />
        <TabsContent value={view}>
          <TaskList
            search={search}
            view={view}
            timeZone={timeZone}
            canWrite={canWrite}
            counts={counts.data}
            onEdit={(task) => setDialog({ task })}
            onPage={(page) => onSearch({ page: page > 1 ? page : undefined })}
          />
        </TabsContent>
      </Tabs>
      <TaskDialog open={dialog !== null} onOpenChange={(open) => (open ? undefined : setDialog(null))} task={dialog?.task} />
    </Page>
  );
}

function CountBadge({ counts, view }: { counts: TaskCounts | undefined; view: TTaskView }) {
  if (!counts) return null;
  const n = counts[view];
  const alarm = view === 'overdue' && n > 0;
  return (
    <span
      className={cn(
        'min-w-5 rounded-full px-1.5 text-center text-xs tabular-nums',
        alarm ? 'bg-red-100 font-semibold text-red-700 dark:bg-red-950 dark:text-red-300' : 'bg-gray-200/70 text-gray-700 dark:bg-gray-700 dark:text-gray-200',
      )}
    >
      {n}
    </span>
  );
}

function TaskFilters({ search, view, onSearch }: { search: TasksSearch; view: TTaskView; onSearch: (patch: Partial<TasksSearch>) => void }) {
  const id = useId();
  const members = useMembers();
  const filtered = Boolean(search.q || search.priority || search.assigneeId || search.status);
  return (
    <div role="search" aria-label="Filter tasks" className="flex flex-wrap items-end gap-3">
      <SearchBox key={search.q ?? ''} value={search.q ?? ''} placeholder="Task title" onChange={(q) => onSearch({ q: q || undefined, page: undefined })} />
      <div className="flex w-[calc(50%-0.375rem)] flex-col gap-1 sm:w-36">
        <Label htmlFor={`${id}-priority`} className="text-xs text-gray-600 dark:text-gray-400">
          Priority
        </Label>
        <Select id={`${id}-priority`} value={search.priority ?? ''} onChange={(e) => onSearch({ priority: (e.target.value || undefined) as TasksSearch['priority'], page: undefined })}>
          <option value="">Any priority</option>
          {TASK_PRIORITIES.map((p) => (
            <option key={p} value={p}>
              {PRIORITY_LABELS[p]}
            </option>
          ))}
        </Select>
      </div>
      {view !== 'mine' ? (
        <div className="flex w-[calc(50%-0.375rem)] flex-col gap-1 sm:w-44">
          <Label htmlFor={`${id}-assignee`} className="text-xs text-gray-600 dark:text-gray-400">
            Assignee
          </Label>
          <Select id={`${id}-assignee`} value={search.assigneeId ?? ''} onChange={(e) => onSearch({ assigneeId: e.target.value || undefined, page: undefined })}>
            <option value="">Anyone</option>
            {(members.data?.members ?? []).map((m) => (
              <option key={m.userId} value={m.userId}>
                {m.name}
              </option>
            ))}
          </Select>
        </div>
      ) : null}
      {statusApplies(view) ? (
        <div className="flex w-[calc(50%-0.375rem)] flex-col gap-1 sm:w-32">
          <Label htmlFor={`${id}-status`} className="text-xs text-gray-600 dark:text-gray-400">
            Status
          </Label>
          <Select id={`${id}-status`} value={search.status ?? (view === 'mine' ? 'open' : 'any')} onChange={(e) => onSearch({ status: e.target.value as TasksSearch['status'], page: undefined })}>
            <option value="open">Open</option>
            <option value="done">Done</option>
            <option value="any">Any</option>
          </Select>
        </div>
      ) : null}
      {filtered ? (
        <Button variant="ghost" onClick={() => onSearch({ q: undefined, priority: undefined, assigneeId: undefined, status: undefined, page: undefined })}>
          <FilterXIcon className="size-4" aria-hidden />
          Clear filters
        </Button>
      ) : null}
    </div>
  );
}

function TaskList({
  search,
  view,
  timeZone,
  canWrite,
  counts,
  onEdit,
  onPage,
}: {
  search: TasksSearch;
  view: TTaskView;
  timeZone: string;
  canWrite: boolean;
  counts: TaskCounts | undefined;
  onEdit: (task: Task) => void;
  onPage: (page: number) => void;
}) {
  const list = trpc.tasks.list.useQuery(listInput(search));
  if (list.error) return <FormAlert message={errorMessageOf(list.error, 'Could not load the tasks')} />;
  if (!list.data) return <Spinner className="mx-auto my-12" />;
  const { items, total, limit } = list.data;
  // The screen pages by number, so its answers always carry one.
  const page = list.data.page ?? 1;
  if (total === 0 && counts?.all === 0) {
    return (
      <EmptyState icon={SquareCheckIcon} title="No tasks yet">
        Follow-ups and to-dos for you and your team will be listed here by due date.{canWrite ? ' Create one with “New task”.' : ''}
      </EmptyState>
    );
  }
  const pages = Math.max(1, Math.ceil(total / limit));
  const first = total === 0 ? 0 : (page - 1) * limit + 1;
  return (
    <section aria-labelledby="task-list-heading" className="flex flex-col gap-3">
      <h2 id="task-list-heading" className="text-sm font-medium text-gray-700 dark:text-gray-300">
        {VIEW_HEADINGS[view]}
        <span className="font-normal text-gray-500 dark:text-gray-400" aria-live="polite">
          {' '}
          · {total === 0 ? 'none' : `${first}–${Math.min(page * limit, total)} of ${total}`}
        </span>
      </h2>
      {items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-gray-300 bg-white px-4 py-10 text-center text-sm text-gray-600 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-400">
          {page > 1 ? (
            <>
              This page is empty now.{' '}
              <Button variant="outline" size="sm" onClick={() => onPage(1)}>
                Back to the first page
              </Button>
            </>
          ) : view === 'overdue' ? (
            'Nothing overdue. Nice work.'
          ) : view === 'today' ? (
            'Nothing due today.'
          ) : (
            'No tasks match.'
          )}
        </p>
      ) : (
        <ul aria-label={VIEW_HEADINGS[view]} className="divide-y divide-gray-100 overflow-hidden rounded-xl border border-gray-200 bg-white dark:divide-gray-800 dark:border-gray-800 dark:bg-gray-900">
          {items.map((task) => (
            <TaskItem key={task.id} task={task} timeZone={timeZone} canWrite={canWrite} onEdit={onEdit} />
          ))}
        </ul>
      )}
      {pages > 1 ? (
        <nav aria-label="Pages" className="flex items-center justify-end gap-2 text-sm">
          <span className="text-gray-600 dark:text-gray-400">
            Page {page} of {pages}
          </span>
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            <ChevronLeftIcon className="size-4" aria-hidden />
            Previous
          </Button>
          <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
            Next
            <ChevronRightIcon className="size-4" aria-hidden />
          </Button>
        </nav>
      ) : null}
    </section>
  );
}
