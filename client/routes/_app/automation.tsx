import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { Page } from '../../components/page';
import { Spinner } from '../../components/ui/spinner';
import { useCan } from '../../lib/auth';
import { trpc } from '../../lib/trpc';
import { WorkflowBuilder } from './-components/automations/builder';
import { NewWorkflowForm, TemplateList } from './-components/automations/templates';

/** The workflow open in the builder lives in the URL (`?id=`): reload and Back keep it. */
const ZAutomationSearch = z.object({ id: z.uuid().optional().catch(undefined) });

export const Route = createFileRoute('/_app/automation')({
  validateSearch: ZAutomationSearch,
  staticData: { title: 'Workflow Builder' },
  loaderDeps: ({ search }) => ({ id: search.id }),
  loader: ({ context, deps }) =>
    Promise.all([context.trpc.automations.catalog.ensureData(), deps.id ? context.trpc.automations.get.ensureData({ id: deps.id }) : context.trpc.automations.templates.ensureData()]),
  component: AutomationPage,
});

function AutomationPage() {
  const { id } = Route.useSearch();
  const canWrite = useCan('automations:write');
  return id ? <Builder key={id} id={id} canWrite={canWrite} /> : <StartPage canWrite={canWrite} />;
}

function Builder({ id, canWrite }: { id: string; canWrite: boolean }) {
  const workflow = trpc.automations.get.useQuery({ id });
  const catalog = trpc.automations.catalog.useQuery();
  if (!workflow.data || !catalog.data) return <Spinner />;
  return <WorkflowBuilder workflow={workflow.data} catalog={catalog.data} canWrite={canWrite} />;
}

/** No workflow open: start a blank one or from a template. */
function StartPage({ canWrite }: { canWrite: boolean }) {
  const templates = trpc.automations.templates.useQuery();
  return (
    <Page title="Workflow Builder" description="Start a workflow from scratch or from a template, then build it step by step on the canvas.">
      <NewWorkflowForm disabled={!canWrite} />
      {templates.data ? <TemplateList templates={templates.data.items} disabled={!canWrite} /> : <Spinner />}
    </Page>
  );
}
