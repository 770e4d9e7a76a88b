import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { CircleStopIcon, PauseIcon, PlayIcon, PlusIcon, Trash2Icon, WorkflowIcon } from 'lucide-react';
import { z } from 'zod';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FormAlert } from '../../components/form';
import { EmptyState, Page } from '../../components/page';
import { Badge } from '../../components/ui/badge';
import { Button, buttonClasses } from '../../components/ui/button';
import { Table, TBody, Td, Th, THead, Tr } from '../../components/ui/table';
import { RUN_STATUSES, type ZWorkflowSummary } from '../../lib/automations-schema';
import { useCan } from '../../lib/auth';
import { errorMessageOf } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { toast } from '../../state/toast';
import { EnrollDialog } from './-components/automations/enroll-dialog';
import { RunHistory, type RunFilters } from './-components/automations/runs';

const optional = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

/** The run filters live in the URL: reload and Back keep them. */
const ZAutomationsSearch = z.object({ status: optional(z.enum(RUN_STATUSES)), workflowId: optional(z.uuid()), contactId: optional(z.uuid()) });

export const Route = createFileRoute('/_app/automations')({
  validateSearch: ZAutomationsSearch,
  staticData: { title: 'Automations', nav: { label: 'Automation', icon: WorkflowIcon, order: 100 } },
  loader: ({ context }) => context.trpc.automations.list.ensureData(),
  component: AutomationsPage,
});

type Workflow = z.infer<typeof ZWorkflowSummary>;

function AutomationsPage() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const canWrite = useCan('automations:write');
  const workflows = trpc.automations.list.useQuery();
  const items = workflows.data?.items ?? [];
  const onFilter = (patch: RunFilters) => void navigate({ search: (prev) => ({ ...prev, ...patch }) });
  return (
    <Page
      title="Automations"
      description="Workflows that enrol contacts on a trigger, and every run they made."
      actions={
        canWrite ? (
          <>
            <EnrollDialog workflows={items} />
            <Link to="/automation" className={buttonClasses()}>
              <PlusIcon className="size-4" aria-hidden />
              New Workflow
            </Link>
          </>
        ) : null
      }
    >
      {items.length === 0 ? (
        <EmptyState icon={WorkflowIcon} title="No workflows yet">
          Create one from scratch or from a template in the Workflow Builder.
        </EmptyState>
      ) : (
        <Table aria-label="Workflows">
          <THead>
            <Tr>
              <Th>Workflow</Th>
              <Th>Status</Th>
              <Th className="text-right">Enrolled</Th>
              <Th className="text-right">Active</Th>
              <Th className="text-right">Completed</Th>
              <Th>Last run</Th>
              <Th>
                <span className="sr-only">Actions</span>
              </Th>
            </Tr>
          </THead>
          <TBody>
            {items.map((workflow) => (
              <WorkflowRow key={workflow.id} workflow={workflow} canWrite={canWrite} />
            ))}
          </TBody>
        </Table>
      )}
      <RunHistory filters={search} workflows={items} onFilter={onFilter} canWrite={canWrite} />
    </Page>
  );
}

function WorkflowRow({ workflow, canWrite }: { workflow: Workflow; canWrite: boolean }) {
  const utils = trpc.useUtils();
  const setStatus = trpc.automations.setStatus.useMutation({ onSuccess: () => utils.automations.list.invalidate() });
  const remove = trpc.automations.remove.useMutation({ onSuccess: () => Promise.all([utils.automations.list.invalidate(), utils.automations.runs.invalidate()]) });
  const tone = workflow.status === 'active' ? 'green' : workflow.status === 'paused' ? 'amber' : 'gray';
  return (
    <Tr>
      <Td>
        <Link to="/automation" search={{ id: workflow.id }} className="font-medium text-indigo-700 hover:underline dark:text-indigo-300">
          {workflow.name}
        </Link>
        {workflow.hasUnpublishedChanges ? <span className="ml-2 text-xs text-gray-500">unpublished changes</span> : null}
        <FormAlert message={setStatus.error ? errorMessageOf(setStatus.error, 'Could not change the status') : null} />
      </Td>
      <Td>
        <Badge tone={tone}>{workflow.status}</Badge>
      </Td>
      <Td className="text-right tabular-nums">{workflow.counts.enrolled.toLocaleString()}</Td>
      <Td className="text-right tabular-nums">{workflow.counts.active.toLocaleString()}</Td>
      <Td className="text-right tabular-nums">{workflow.counts.completed.toLocaleString()}</Td>
      <Td>{workflow.lastRunAt ? formatDateTime(workflow.lastRunAt) : 'Never'}</Td>
      <Td>
        <span className="flex justify-end gap-1">
          <StopRunsButton workflow={workflow} canWrite={canWrite} />
          {canWrite ? (
            <>
              {workflow.status === 'active' ? (
                <Button size="sm" variant="ghost" disabled={setStatus.isPending} onClick={() => setStatus.mutate({ id: workflow.id, status: 'paused' })}>
                  <PauseIcon className="size-4" aria-hidden />
                  Pause
                </Button>
              ) : workflow.publishedVersion ? (
                <Button size="sm" variant="ghost" disabled={setStatus.isPending} onClick={() => setStatus.mutate({ id: workflow.id, status: 'active' })}>
                  <PlayIcon className="size-4" aria-hidden />
                  Activate
                </Button>
              ) : null}
              <ConfirmDialog
                trigger={
                  <Button size="sm" variant="ghost" aria-label={`Delete ${workflow.name}`}>
                    <Trash2Icon className="size-4" aria-hidden />
                  </Button>
                }
                title={`Delete “${workflow.name}”?`}
                description="Its runs stop and the workflow and its history are removed."
                confirmLabel="Delete workflow"
                pendingLabel="Deleting…"
                onConfirm={() => remove.mutateAsync({ id: workflow.id })}
              />
            </>
          ) : null}
        </span>
      </Td>
    </Tr>
  );
}

/**
 * Stops every run of the workflow still going (running, waiting or held by a pause) after a
 * confirmation naming how many; the toast says how many were stopped. Shown to every member,
 * usable only with automations:write.
 */
function StopRunsButton({ workflow, canWrite }: { workflow: Workflow; canWrite: boolean }) {
  const utils = trpc.useUtils();
  const stopRuns = trpc.automations.stopRuns.useMutation({
    onSuccess: ({ stopped }) => {
      toast({ title: stopped === 0 ? 'No run to stop' : `Stopped ${runsText(stopped)}`, description: `“${workflow.name}” has no active run now.` });
      return Promise.all([utils.automations.list.invalidate(), utils.automations.runs.invalidate(), utils.automations.run.invalidate()]);
    },
    onError: (error) => toast({ variant: 'destructive', title: 'Could not stop the runs', description: errorMessageOf(error, 'Try again.') }),
  });
  const active = workflow.counts.active;
  const label = `Stop runs of ${workflow.name}`;
  const button = (disabled: boolean, title: string) => (
    <Button size="sm" variant="ghost" aria-label={label} title={title} disabled={disabled}>
      <CircleStopIcon className="size-4" aria-hidden />
      Stop runs
    </Button>
  );
  if (!canWrite) return button(true, 'Stopping runs needs the automations:write permission (a manager or above)');
  if (active === 0) return button(true, 'No run of this workflow is active');
  return (
    <ConfirmDialog
      trigger={button(stopRuns.isPending, label)}
      title={`Stop ${runsText(active)} of “${workflow.name}”?`}
      description={`${active === 1 ? 'The run still going (running, waiting or paused) stops' : `The ${active.toLocaleString()} runs still going (running, waiting or paused) stop`} where ${active === 1 ? 'it is' : 'they are'}: no further step runs and waits are cancelled. The workflow itself keeps its status; new enrolments still start runs.`}
      confirmLabel={`Stop ${runsText(active)}`}
      pendingLabel="Stopping…"
      onConfirm={() => stopRuns.mutateAsync({ id: workflow.id }).catch(() => undefined)}
    />
  );
}

const runsText = (n: number) => `${n.toLocaleString()} active run${n === 1 ? '' : 's'}`;
