import { createFileRoute } from '@tanstack/react-router';
import { FilterIcon } from 'lucide-react';
import { EmptyPage } from '../../components/page';

export const Route = createFileRoute('/_app/funnels')({
  staticData: { title: 'Funnels', nav: { label: 'Funnels', icon: FilterIcon, order: 50 } },
  component: FunnelsPage,
});

function FunnelsPage() {
  return (
    <EmptyPage title="Funnels" icon={FilterIcon} emptyTitle="No funnels yet">
      The steps that turn visitors into leads and customers, with the conversion at each step, will appear here.
    </EmptyPage>
  );
}
