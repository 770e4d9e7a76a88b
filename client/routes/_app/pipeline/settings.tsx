import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { ArrowLeftIcon, PlusIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { z } from 'zod';
import { Page } from '../../../components/page';
import { NoAccess } from '../../../components/settings-section';
import { Button } from '../../../components/ui/button';
import { focusRing } from '../../../components/ui/focus';
import { Label, Select } from '../../../components/ui/input';
import { useCan } from '../../../lib/auth';
import { cn } from '../../../lib/cn';
import { trpc } from '../../../lib/trpc';
import { NewPipelineDialog } from '../-components/pipeline/new-pipeline-dialog';
import { PipelineSection } from '../-components/pipeline/pipeline-section';
import { StagesSection } from '../-components/pipeline/stages-section';

export const Route = createFileRoute('/_app/pipeline/settings')({
  validateSearch: z.object({ pipelineId: z.uuid().optional().catch(undefined) }),
  staticData: { title: 'Pipeline settings' },
  loader: ({ context }) => context.trpc.pipelines.list.ensureData(),
  component: PipelineSettingsPage,
});

function PipelineSettingsPage() {
  const canManage = useCan('pipelines:manage');
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const pipelines = trpc.pipelines.list.useQuery();
  const items = pipelines.data?.items ?? [];
  const pipeline = items.find((p) => p.id === search.pipelineId) ?? items.find((p) => p.isDefault) ?? items[0];
  const [creating, setCreating] = useState(false);
  const selectId = useId();

  const back = (
    <Link to="/pipeline" search={pipeline ? { pipelineId: pipeline.id } : {}} className={cn('inline-flex items-center gap-1 rounded text-indigo-700 hover:underline dark:text-indigo-300', focusRing)}>
      <ArrowLeftIcon className="size-4" aria-hidden />
      Back to the board
    </Link>
  );
  if (!canManage) {
    return (
      <Page title="Pipeline settings" description={back}>
        <NoAccess>Your role does not allow changing pipelines and stages (pipelines:manage is required). Ask a manager or an admin.</NoAccess>
      </Page>
    );
  }
  return (
    <Page
      title="Pipeline settings"
      description={back}
      actions={
        <Button onClick={() => setCreating(true)}>
          <PlusIcon className="size-4" aria-hidden />
          New pipeline
        </Button>
      }
    >
      {items.length > 1 ? (
        <div className="flex w-full max-w-xs flex-col gap-1">
          <Label htmlFor={selectId}>Pipeline</Label>
          <Select id={selectId} value={pipeline?.id ?? ''} onChange={(e) => void navigate({ search: { pipelineId: e.target.value } })}>
            {items.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
                {p.isDefault ? ' (default)' : ''}
              </option>
            ))}
          </Select>
        </div>
      ) : null}
      {pipeline ? (
        <>
          <PipelineSection key={`p-${pipeline.id}`} pipeline={pipeline} others={items.filter((p) => p.id !== pipeline.id)} onDeleted={() => void navigate({ search: {} })} />
          <StagesSection key={`s-${pipeline.id}`} pipeline={pipeline} />
        </>
      ) : null}
      <NewPipelineDialog open={creating} onOpenChange={setCreating} onCreated={(id) => void navigate({ search: { pipelineId: id } })} />
    </Page>
  );
}
