import { createFileRoute, Link, notFound, useNavigate } from '@tanstack/react-router';
import { ArrowLeftIcon, CheckIcon, PencilIcon, PlusIcon, RepeatIcon, Trash2Icon, TrophyIcon, XCircleIcon } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormAlert } from '../../../components/form';
import { Page } from '../../../components/page';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { focusRing } from '../../../components/ui/focus';
import { Spinner } from '../../../components/ui/spinner';
import { showError, useCan, useMe } from '../../../lib/auth';
import { formatCalendarDate, todayIn } from '../../../lib/calendar';
import { cn } from '../../../lib/cn';
import { errorCodeOf, errorMessageOf } from '../../../lib/errors';
import { formatDateTime, formatRelative } from '../../../lib/format';
import { formatMoney } from '../../../lib/money';
import { trpc } from '../../../lib/trpc';
import { toast } from '../../../state/toast';
import { refreshDeals } from '../-components/crm/invalidate';
import type { DealDetail, Pipeline, PipelineStage } from '../-components/crm/types';
import { DealDialog } from '../-components/pipeline/deal-dialog';
import { statusTone } from '../-components/pipeline/deal-list';
import { LostReasonDialog } from '../-components/pipeline/lost-reason-dialog';
import { describeActivity, formatDuration } from '../-components/pipeline/timeline';
import { useMoveDeal } from '../-components/pipeline/use-move-deal';
import { TaskDialog } from '../-components/tasks/task-dialog';
import { TaskItem } from '../-components/tasks/task-item';
import type { Task } from '../-components/crm/types';

const TIMELINE_PAGE = 20;
const tasksInput = (dealId: string) => ({ view: 'all' as const, dealId, limit: 50 });

export const Route = createFileRoute('/_app/pipeline/deals/$dealId')({
  staticData: { title: 'Deal' },
  loader: async ({ context, params }) => {
    try {
      await Promise.all([
        context.trpc.deals.get.ensureData({ id: params.dealId }),
        context.trpc.pipelines.list.ensureData(),
        context.trpc.deals.timeline.ensureData({ dealId: params.dealId, limit: TIMELINE_PAGE }),
        context.trpc.tasks.list.ensureData(tasksInput(params.dealId)),
      ]);
    } catch (error) {
      // Another organization's deal, a deleted one, or an id that is not one: the same Not Found.
      if (errorCodeOf(error) === 'NOT_FOUND' || errorCodeOf(error) === 'BAD_REQUEST') throw notFound();
      throw error;
    }
  },
  component: DealPage,
});

function DealPage() {
  const { dealId } = Route.useParams();
  const deal = trpc.deals.get.useQuery({ id: dealId });
  const pipelines = trpc.pipelines.list.useQuery();
  if (deal.error) return <FormAlert className="m-6" message={errorMessageOf(deal.error, 'Could not load the deal')} />;
  if (!deal.data || !pipelines.data) return <Spinner className="mx-auto my-12" />;
  return <DealView deal={deal.data} pipelines={pipelines.data.items} />;
}

function DealView({ deal, pipelines }: { deal: DealDetail; pipelines: readonly Pipeline[] }) {
  const { data: me } = useMe();
  const timeZone = me?.user.preferences.timezone ?? 'UTC';
  const canWrite = useCan('deals:write');
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const remove = trpc.deals.delete.useMutation();
  const { move } = useMoveDeal();
  const [editing, setEditing] = useState(false);
  const [lostStage, setLostStage] = useState<PipelineStage | null>(null);
  const pipeline = pipelines.find((p) => p.id === deal.pipelineId);
  const stages = pipeline?.stages ?? [];
  const wonStage = stages.find((s) => s.kind === 'won');
  const lostStageOf = stages.find((s) => s.kind === 'lost');
  const late = deal.status === 'open' && deal.expectedCloseDate !== null && deal.expectedCloseDate < todayIn(timeZone);

  function moveTo(stage: PipelineStage) {
    if (stage.id === deal.stage.id) return;
    if (stage.kind === 'lost') return setLostStage(stage);
    void move(deal, stage).then((refused) => {
      if (!refused && stage.kind !== 'won') toast({ title: `Moved to ${stage.name}`, description: deal.title });
    });
  }

  async function onDelete() {
    try {
      await remove.mutateAsync({ id: deal.id });
      toast({ title: 'Deal deleted', description: deal.title });
      await navigate({ to: '/pipeline', search: { pipelineId: deal.pipelineId } });
      utils.deals.get.setData({ id: deal.id }, undefined);
      await refreshDeals(utils);
    } catch (error) {
      showError(error, 'Could not delete the deal');
    }
  }

  return (
    <Page
      title={deal.title}
      description={
        <span className="flex flex-wrap items-center gap-2">
          <Link to="/pipeline" search={{ pipelineId: deal.pipelineId }} className={cn('inline-flex items-center gap-1 rounded text-indigo-700 hover:underline dark:text-indigo-300', focusRing)}>
            <ArrowLeftIcon className="size-4" aria-hidden />
            {deal.pipeline.name}
          </Link>
          <span aria-hidden>·</span>
          <Badge tone={statusTone(deal.status)}>{deal.status === 'open' ? deal.stage.name : deal.status === 'won' ? `Won · ${deal.stage.name}` : `Lost · ${deal.stage.name}`}</Badge>
        </span>
      }
      actions={
        canWrite ? (
          <>
            {deal.status === 'open' && wonStage ? (
              <Button variant="outline" onClick={() => moveTo(wonStage)}>
                <TrophyIcon className="size-4 text-green-600 dark:text-green-400" aria-hidden />
                <span className="sr-only sm:not-sr-only">Mark won</span>
              </Button>
            ) : null}
            {deal.status === 'open' && lostStageOf ? (
              <Button variant="outline" onClick={() => moveTo(lostStageOf)}>
                <XCircleIcon className="size-4 text-red-600 dark:text-red-400" aria-hidden />
                <span className="sr-only sm:not-sr-only">Mark lost</span>
              </Button>
            ) : null}
            <Button variant="outline" onClick={() => setEditing(true)}>
              <PencilIcon className="size-4" aria-hidden />
              <span className="sr-only sm:not-sr-only">Edit</span>
            </Button>
            <ConfirmDialog
              trigger={
                <Button variant="ghost" aria-label="Delete deal" className="text-red-600 hover:text-red-700 dark:text-red-400">
                  <Trash2Icon className="size-4" aria-hidden />
                </Button>
              }
              title="Delete this deal?"
              description={`“${deal.title}” and its timeline will be removed; its contact keeps a note of it. This cannot be undone.`}
              confirmLabel="Delete deal"
              pendingLabel="Deleting…"
              onConfirm={onDelete}
            />
          </>
        ) : null
      }
    >
      <StageTrack stages={stages} current={deal.stage.id} canWrite={canWrite} onMove={moveTo} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <div className="flex flex-col gap-6">
          <Card>
            <CardHeader className="pb-3">
              <CardTitle as="h2" className="text-base">
                Details
              </CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="grid grid-cols-[minmax(7rem,auto)_1fr] gap-x-6 gap-y-2.5 text-sm">
                <dt className="text-gray-500 dark:text-gray-400">Value</dt>
                <dd className="font-semibold tabular-nums">{formatMoney(deal.value.valueMinor, deal.value.currency)}</dd>
                <dt className="text-gray-500 dark:text-gray-400">Probability</dt>
                <dd>
                  {deal.probability}% {deal.probabilityOverride === null ? <span className="text-gray-500 dark:text-gray-400">(stage default)</span> : null}
                </dd>
                <dt className="text-gray-500 dark:text-gray-400">Weighted value</dt>
                <dd className="tabular-nums">{formatMoney(deal.weightedValueMinor, deal.value.currency)}</dd>
                {deal.isRecurring ? (
                  <>
                    <dt className="text-gray-500 dark:text-gray-400">Recurring</dt>
                    <dd className="inline-flex items-center gap-1">
                      <RepeatIcon className="size-4 text-indigo-500" aria-hidden />
                      {deal.monthlyValue ? `${formatMoney(deal.monthlyValue.valueMinor, deal.monthlyValue.currency)} / month` : 'Yes'}
                    </dd>
                  </>
                ) : null}
                <dt className="text-gray-500 dark:text-gray-400">Expected close</dt>
                <dd className={cn(late && 'font-medium text-red-600 dark:text-red-400')}>
                  {deal.expectedCloseDate ? formatCalendarDate(deal.expectedCloseDate) : '—'}
                  {late ? ' (past)' : ''}
                </dd>
                <dt className="text-gray-500 dark:text-gray-400">Contact</dt>
                <dd>
                  {deal.contact ? (
                    <>
                      <Link to="/contacts/$contactId" params={{ contactId: deal.contact.id }} className={cn('rounded font-medium text-indigo-700 hover:underline dark:text-indigo-300', focusRing)}>
                        {deal.contact.name}
                      </Link>
                      {deal.contact.companyName ? <span className="text-gray-500 dark:text-gray-400"> · {deal.contact.companyName}</span> : null}
                      {deal.contact.email ? (
                        <a href={`mailto:${deal.contact.email}`} className={cn('block w-fit rounded text-indigo-700 hover:underline dark:text-indigo-300', focusRing)}>
                          {deal.contact.email}
                        </a>
                      ) : null}
                    </>
                  ) : (
                    '—'
                  )}
                </dd>
                <dt className="text-gray-500 dark:text-gray-400">Owner</dt>
                <dd>{deal.owner?.name ?? '—'}</dd>
                {deal.wonAt ? (
                  <>
                    <dt className="text-gray-500 dark:text-gray-400">Won</dt>
                    <dd>{formatDateTime(deal.wonAt, timeZone)}</dd>
                  </>
                ) : null}
                {deal.lostAt ? (
                  <>
                    <dt className="text-gray-500 dark:text-gray-400">Lost</dt>
                    <dd>{formatDateTime(deal.lostAt, timeZone)}</dd>
                    <dt className="text-gray-500 dark:text-gray-400">Lost reason</dt>
                    <dd>{deal.lostReason ?? '—'}</dd>
                  </>
                ) : null}
                <dt className="text-gray-500 dark:text-gray-400">Created</dt>
                <dd>{formatDateTime(deal.createdAt, timeZone)}</dd>
                <dt className="text-gray-500 dark:text-gray-400">Updated</dt>
                <dd>{formatRelative(deal.updatedAt, new Date(), timeZone)}</dd>
              </dl>
            </CardContent>
          </Card>
          <DealTasks deal={deal} timeZone={timeZone} />
        </div>
        <div className="flex flex-col gap-6">
          <StageHistory deal={deal} timeZone={timeZone} />
          <Timeline deal={deal} timeZone={timeZone} />
        </div>
      </div>
      <DealDialog open={editing} onOpenChange={setEditing} deal={deal} pipelines={pipelines} defaults={{ currency: deal.value.currency }} />
      <LostReasonDialog
        open={lostStage !== null}
        dealTitle={deal.title}
        stageName={lostStage?.name ?? ''}
        onCancel={() => setLostStage(null)}
        onConfirm={async (reason) => {
          if (!lostStage) return null;
          const refused = await move(deal, lostStage, { lostReason: reason });
          if (!refused) setLostStage(null);
          return refused;
        }}
      />
    </Page>
  );
}

/** The pipeline's stages in order, the deal's highlighted; a click moves it there (lost asks why). */
function StageTrack({ stages, current, canWrite, onMove }: { stages: readonly PipelineStage[]; current: string; canWrite: boolean; onMove: (stage: PipelineStage) => void }) {
  const at = stages.findIndex((s) => s.id === current);
  return (
    <nav aria-label="Stages">
      <ol className="relative flex gap-1 overflow-x-auto pb-1">
        {stages.map((stage, i) => {
          const isCurrent = stage.id === current;
          const passed = stage.kind === 'open' && i < at;
          const tone = isCurrent
            ? stage.kind === 'won'
              ? 'bg-green-600 text-white dark:bg-green-600'
              : stage.kind === 'lost'
                ? 'bg-red-600 text-white dark:bg-red-600'
                : 'bg-indigo-600 text-white dark:bg-indigo-500'
            : passed
              ? 'bg-indigo-100 text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200'
              : 'bg-gray-100 text-gray-700 dark:bg-gray-800 dark:text-gray-300';
          const content = (
            <>
              {passed ? <CheckIcon className="size-3.5" aria-hidden /> : null}
              <span className="truncate">{stage.name}</span>
            </>
          );
          return (
            <li key={stage.id} className="min-w-[7rem] flex-1">
              {canWrite && !isCurrent ? (
                <button
                  type="button"
                  onClick={() => onMove(stage)}
                  title={`Move to ${stage.name}`}
                  className={cn('flex h-9 w-full items-center justify-center gap-1 rounded-md px-2 text-xs font-medium transition hover:brightness-95 dark:hover:brightness-125', tone, focusRing)}
                >
                  <span className="sr-only">Move to </span>
                  {content}
                </button>
              ) : (
                <span aria-current={isCurrent ? 'step' : undefined} className={cn('flex h-9 w-full items-center justify-center gap-1 rounded-md px-2 text-xs font-medium', tone)}>
                  {content}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

function StageHistory({ deal, timeZone }: { deal: DealDetail; timeZone: string }) {
  const rows = [...deal.stageHistory].reverse();
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle as="h2" className="text-base">
          Stage history
        </CardTitle>
      </CardHeader>
      <CardContent>
        {rows.length === 0 ? (
          <p className="text-sm text-gray-500 dark:text-gray-400">No stage changes yet.</p>
        ) : (
          <ol className="flex flex-col gap-3">
            {rows.map((h, i) => (
              <li key={h.id} className="flex items-start gap-3 text-sm">
                <span className={cn('mt-1.5 size-2 shrink-0 rounded-full', i === 0 ? 'bg-indigo-600 dark:bg-indigo-400' : 'bg-gray-300 dark:bg-gray-600')} aria-hidden />
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-gray-900 dark:text-white">
                    {h.fromStage ? `${h.fromStage.name} → ` : 'Entered '}
                    {h.toStage?.name ?? 'a deleted stage'}
                  </p>
                  <p className="text-xs text-gray-500 dark:text-gray-400">
                    {formatDateTime(h.changedAt, timeZone)}
                    {h.changedBy ? ` · ${h.changedBy.name}` : ''} · {i === 0 ? 'in stage for ' : 'stayed '}
                    {formatDuration(h.durationMs)}
                  </p>
                </div>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}

function Timeline({ deal, timeZone }: { deal: DealDetail; timeZone: string }) {
  const [pages, setPages] = useState<(number | undefined)[]>([undefined]);
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle as="h2" className="text-base">
          Timeline
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ol className="flex flex-col gap-4" aria-label="Timeline entries">
          {pages.map((before, i) => (
            <TimelinePage
              key={before ?? 'first'}
              dealId={deal.id}
              before={before}
              currency={deal.value.currency}
              timeZone={timeZone}
              last={i === pages.length - 1}
              onMore={(next) => setPages((p) => [...p, next])}
            />
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}

function TimelinePage({
  dealId,
  before,
  currency,
  timeZone,
  last,
  onMore,
}: {
  dealId: string;
  before: number | undefined;
  currency: string;
  timeZone: string;
  last: boolean;
  onMore: (before: number) => void;
}) {
  const page = trpc.deals.timeline.useQuery({ dealId, before, limit: TIMELINE_PAGE });
  if (page.error)
    return (
      <li>
        <FormAlert message={errorMessageOf(page.error, 'Could not load the timeline')} />
      </li>
    );
  if (!page.data)
    return (
      <li>
        <Spinner className="mx-auto" label="Loading more entries" />
      </li>
    );
  return (
    <>
      {page.data.items.map((entry) => {
        const { title, detail } = describeActivity(entry, currency);
        return (
          <li key={entry.id} className="flex flex-col gap-0.5 border-l-2 border-gray-200 pl-3 text-sm dark:border-gray-700">
            <p className="font-medium text-gray-900 dark:text-white">{title}</p>
            {detail ? <p className="text-gray-700 dark:text-gray-300">{detail}</p> : null}
            <p className="text-xs text-gray-500 dark:text-gray-400">
              <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt, timeZone)}</time>
              {entry.actor ? ` · ${entry.actor}` : ''}
            </p>
          </li>
        );
      })}
      {page.data.items.length === 0 && before === undefined ? <li className="text-sm text-gray-500 dark:text-gray-400">Nothing recorded yet.</li> : null}
      {last && page.data.nextBefore ? (
        <li>
          <Button variant="outline" size="sm" onClick={() => onMore(page.data.nextBefore!)}>
            Show older entries
          </Button>
        </li>
      ) : null}
    </>
  );
}

function DealTasks({ deal, timeZone }: { deal: DealDetail; timeZone: string }) {
  const canWrite = useCan('tasks:write');
  const tasks = trpc.tasks.list.useQuery(tasksInput(deal.id));
  const [dialog, setDialog] = useState<{ task?: Task } | null>(null);
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-2 pb-3">
        <CardTitle as="h2" className="text-base">
          Tasks
        </CardTitle>
        {canWrite ? (
          <Button variant="outline" size="sm" onClick={() => setDialog({})}>
            <PlusIcon className="size-4" aria-hidden />
            Add task
          </Button>
        ) : null}
      </CardHeader>
      <CardContent className="px-0">
        {tasks.error ? (
          <FormAlert className="mx-6" message={errorMessageOf(tasks.error, 'Could not load the tasks')} />
        ) : !tasks.data ? (
          <Spinner className="mx-auto" />
        ) : tasks.data.items.length === 0 ? (
          <p className="px-6 text-sm text-gray-500 dark:text-gray-400">No tasks for this deal.</p>
        ) : (
          <ul aria-label="Tasks for this deal" className="divide-y divide-gray-100 border-t border-gray-100 dark:divide-gray-800 dark:border-gray-800">
            {tasks.data.items.map((task) => (
              <TaskItem key={task.id} task={task} timeZone={timeZone} canWrite={canWrite} onEdit={(t) => setDialog({ task: t })} showDeal={false} />
            ))}
          </ul>
        )}
      </CardContent>
      <TaskDialog
        open={dialog !== null}
        onOpenChange={(open) => (open ? undefined : setDialog(null))}
        task={dialog?.task}
        defaults={{ deal: { id: deal.id, label: deal.title }, contact: deal.contact ? { id: deal.contact.id, label: deal.contact.name } : null }}
      />
    </Card>
  );
}
