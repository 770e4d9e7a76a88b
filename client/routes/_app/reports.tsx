import { createFileRoute } from '@tanstack/react-router';
import { ChartColumnIcon } from 'lucide-react';
import { EmptyPage } from '../../components/page';

export const Route = createFileRoute('/_app/reports')({
  staticData: { title: 'Reports' },
  component: ReportsPage,
});

function ReportsPage() {
  return (
    <EmptyPage title="Reports" icon={ChartColumnIcon} emptyTitle="No reports yet">
      Reports on contacts, deals, campaigns and team activity will be listed here once there is data to report on.
    </EmptyPage>
  );
}
