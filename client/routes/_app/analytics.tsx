import { createFileRoute } from '@tanstack/react-router';
import { ChartLineIcon } from 'lucide-react';
import { EmptyPage } from '../../components/page';

export const Route = createFileRoute('/_app/analytics')({
  staticData: { title: 'Analytics' },
  component: AnalyticsPage,
});

function AnalyticsPage() {
  return (
    <EmptyPage title="Analytics" icon={ChartLineIcon} emptyTitle="Nothing to analyze yet">
      Revenue trends, conversion by pipeline stage and insights drawn from your own data will appear here once your workspace has deals and campaigns.
    </EmptyPage>
  );
}
