import { createFileRoute } from '@tanstack/react-router';
import { WorkflowIcon } from 'lucide-react';
import { EmptyPage } from '../../components/page';

export const Route = createFileRoute('/_app/automation')({
  staticData: { title: 'Workflow Builder' },
  component: AutomationPage,
});

function AutomationPage() {
  return (
    <EmptyPage title="Workflow Builder" icon={WorkflowIcon} emptyTitle="No workflow open">
      A canvas for building a workflow step by step, from its trigger through conditions, emails, text messages and AI actions, will appear here.
    </EmptyPage>
  );
}
