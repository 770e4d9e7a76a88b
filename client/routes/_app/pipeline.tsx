import { createFileRoute } from '@tanstack/react-router';
import { KanbanIcon } from 'lucide-react';
import { EmptyPage } from '../../components/page';

export const Route = createFileRoute('/_app/pipeline')({
  staticData: { title: 'Pipeline' },
  component: PipelinePage,
});

function PipelinePage() {
  return (
    <EmptyPage title="Pipeline" icon={KanbanIcon} emptyTitle="No deals yet">
      Your deals will appear here as cards in their stages, from qualified lead to closed won.
    </EmptyPage>
  );
}
