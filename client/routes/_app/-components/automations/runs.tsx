import { CircleStopIcon, PauseIcon, PlayIcon } from 'lucide-react';
import { useState } from 'react';
import type { z } from 'zod';
import { FormAlert, SelectField } from '../../../../components/form';
import { Badge, type BadgeTone } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { Spinner } from '../../../../components/ui/spinner';
import { RUN_STATUSES, type ZRun } from '../../../../lib/automations-schema';
import { errorMessageOf } from '../../../../lib/errors';
import { formatDateTime } from '../../../../lib/format';
import { trpc } from '../../../../lib/trpc';
import type { ComboOption } from '../crm/combobox';
import { ContactPicker } from '../crm/pickers';
import { stepTitle } from './graph';
import { OUTCOME_TONES } from './test-run-dialog';

type Run = z.infer<typeof ZRun>;
export type RunStatus = (typeof RUN_STATUSES)[number];
export type RunFilters = { status?: RunStatus | undefined; workflowId?: string | undefined; contactId?: string | undefined };

export const RUN_TONES: Record<RunStatus, BadgeTone> = { running: 'blue', waiting: 'amber', paused: 'gray', completed: 'green', failed: 'red', stopped: 'gray' };

/** The run history: filters (status, workflow, contact) in the URL, pages of runs, each run's step log on demand. */
export function RunHistory({
  filters,
  workflows,
  onFilter,
  canWrite,
}: {
  filters: RunFilters;
  workflows: readonly { id: string; name: string }[];
  onFilter: (patch: RunFilters) => void;
  canWrite: boolean;
}) {
  const [contact, setContact] = useState<ComboOption | null>(null);
  const runs = trpc.automations.runs.useInfiniteQuery({ ...filters, limit: 25 }, { getNextPageParam: (page) => page.nextCursor });
  const items = runs.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <section aria-labelledby="runs-heading" className="flex flex-col gap-3">
      <h2 id="runs-heading" className="text-lg font-semibold text-gray-900 dark:text-white">
        Run history
      </h2>
      <div role="search" aria-label="Filter runs" className="grid gap-3 sm:grid-cols-3">
        <SelectField label="Status" value={filters.status ?? ''} onChange={(e) => onFilter({ status: (e.target.value || undefined) as RunStatus | undefined })}>
          <option value="">Any status</option>
          {RUN_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </SelectField>
        <SelectField label="Workflow" value={filters.workflowId ?? ''} onChange={(e) => onFilter({ workflowId: e.target.value || undefined })}>
          <option value="">Any workflow</option>
          {workflows.map((w) => (
            <option key={w.id} value={w.id}>
              {w.name}
            </option>
          ))}
        </SelectField>
        <ContactPicker
          value={contact ?? (filters.contactId ? { id: filters.contactId, label: 'Chosen contact' } : null)}
          onChange={(option) => {
            setContact(option);
            onFilter({ contactId: option?.id });
          }}
        />
      </div>
      <FormAlert message={runs.error ? errorMessageOf(runs.error, 'Could not load the runs') : null} />
      {runs.isPending ? <Spinner /> : null}
      {!runs.isPending && items.length === 0 ? (
        <p className="text-sm text-gray-600 dark:text-gray-400">No run matches: runs appear here when a trigger enrols a contact or one is enrolled by hand.</p>
      ) : null}
      <ul className="flex flex-col divide-y divide-gray-100 rounded-lg border border-gray-200 bg-white dark:divide-gray-800 dark:border-gray-800 dark:bg-gray-950">
        {items.map((run) => (
          <RunRow key={run.id} run={run} canWrite={canWrite} />
        ))}
      </ul>
      {runs.hasNextPage ? (
        <Button variant="outline" className="self-center" disabled={runs.isFetchingNextPage} onClick={() => void runs.fetchNextPage()}>
          {runs.isFetchingNextPage ? 'Loading…' : 'Show more runs'}
        </Button>
      ) : null}
    </section>
  );
}

function RunRow({ run, canWrite }: { run: Run; canWrite: boolean }) {
  const [open, setOpen] = useState(false);
  const utils = trpc.useUtils();
  const refresh = () => Promise.all([utils.automations.runs.invalidate(), utils.automations.run.invalidate({ runId: run.id }), utils.automations.list.invalidate()]);
  const stop = trpc.automations.stopRun.useMutation({ onSuccess: refresh });
  const pause = trpc.automations.pauseRun.useMutation({ onSuccess: refresh });
  const resume = trpc.automations.resumeRun.useMutation({ onSuccess: refresh });
  const acting = stop.isPending || pause.isPending || resume.isPending;
  const error = stop.error ?? pause.error ?? resume.error;
  const live = run.status === 'running' || run.status === 'waiting';
  return (
    <li className="flex flex-col gap-2 px-3 py-2" data-testid="run-row">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Badge tone={RUN_TONES[run.status]}>{run.status}</Badge>
        <span className="font-medium">{run.workflow.name}</span>
        <span className="text-gray-600 dark:text-gray-400">{run.contact?.name ?? 'Deleted contact'}</span>
        <time className="text-xs text-gray-500" dateTime={run.startedAt}>
          started {formatDateTime(run.startedAt)}
        </time>
        {run.waitingUntil ? <span className="text-xs text-gray-500">waits until {formatDateTime(run.waitingUntil)}</span> : null}
        <span className="ml-auto flex gap-1">
          {canWrite && live ? (
            <Button size="sm" variant="ghost" disabled={acting} onClick={() => pause.mutate({ runId: run.id })}>
              <PauseIcon className="size-4" aria-hidden />
              Pause
            </Button>
          ) : null}
          {canWrite && run.status === 'paused' ? (
            <Button size="sm" variant="ghost" disabled={acting} onClick={() => resume.mutate({ runId: run.id })}>
              <PlayIcon className="size-4" aria-hidden />
              Resume
            </Button>
          ) : null}
          {canWrite && (live || run.status === 'paused') ? (
            <Button size="sm" variant="ghost" disabled={acting} onClick={() => stop.mutate({ runId: run.id })}>
              <CircleStopIcon className="size-4" aria-hidden />
              Stop
            </Button>
          ) : null}
          <Button size="sm" variant="outline" aria-expanded={open} onClick={() => setOpen(!open)}>
            {open ? 'Hide steps' : 'Step log'}
          </Button>
        </span>
      </div>
      {run.error ? <p className="text-sm text-red-700 dark:text-red-400">{run.error}</p> : null}
      <FormAlert message={error ? errorMessageOf(error, 'Could not change the run') : null} />
      {open ? <StepLog runId={run.id} /> : null}
    </li>
  );
}

function StepLog({ runId }: { runId: string }) {
  const detail = trpc.automations.run.useQuery({ runId });
  if (detail.error) return <FormAlert message={errorMessageOf(detail.error, 'Could not load the step log')} />;
  if (!detail.data) return <Spinner />;
  if (detail.data.steps.length === 0) return <p className="text-sm text-gray-600 dark:text-gray-400">No step has run yet.</p>;
  return (
    <ol aria-label="Step log" className="flex flex-col gap-1 border-l-2 border-gray-200 pl-3 dark:border-gray-700">
      {detail.data.steps.map((step) => (
        <li key={step.id} className="flex flex-wrap items-baseline gap-2 text-sm">
          <Badge tone={OUTCOME_TONES[step.outcome]}>{step.outcome}</Badge>
          <span className="font-medium">{stepTitle(step.stepId)}</span>
          {step.branch ? <span className="text-gray-600 dark:text-gray-400">→ {step.branch}</span> : null}
          <span className="text-gray-600 dark:text-gray-400">{step.detail}</span>
          {step.error ? <span className="text-red-700 dark:text-red-400">{step.error}</span> : null}
          <time className="ml-auto text-xs text-gray-500" dateTime={step.at}>
            {formatDateTime(step.at)}
          </time>
        </li>
      ))}
    </ol>
  );
}
