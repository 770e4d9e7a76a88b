import { createFileRoute } from '@tanstack/react-router';
import { WorkflowIcon } from 'lucide-react';
import { EmptyPage } from '../../components/page';

export const Route = createFileRoute('/_app/automations')({
  staticData: { title: 'Automations' },
  component: AutomationsPage,
});

function AutomationsPage() {
  return (
    <EmptyPage title="Automations" icon={WorkflowIcon} emptyTitle="No automations yet">
      Workflows that run on a trigger, such as a new contact or a won deal, will be listed here with their status.
    </EmptyPage>
  );
}
