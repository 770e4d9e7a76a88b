import { createFileRoute } from '@tanstack/react-router';
import { SquareCheckIcon } from 'lucide-react';
import { EmptyPage } from '../../components/page';

export const Route = createFileRoute('/_app/tasks')({
  staticData: { title: 'Tasks' },
  component: TasksPage,
});

function TasksPage() {
  return (
    <EmptyPage title="Tasks" icon={SquareCheckIcon} emptyTitle="No tasks yet">
      Follow-ups and to-dos for you and your team will be listed here by due date.
    </EmptyPage>
  );
}
