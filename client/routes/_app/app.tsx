import { createFileRoute } from '@tanstack/react-router';
import { LayoutDashboardIcon } from 'lucide-react';
import { EmptyPage } from '../../components/page';

export const Route = createFileRoute('/_app/app')({
  staticData: { title: 'Dashboard' },
  component: AppPage,
});

function AppPage() {
  return (
    <EmptyPage title="Enterprise Command Center" icon={LayoutDashboardIcon} emptyTitle="No activity yet">
      Revenue, pipeline and campaign figures for your organization will appear here once contacts, deals and campaigns are added.
    </EmptyPage>
  );
}
