import { createFileRoute } from '@tanstack/react-router';
import { GlobeIcon } from 'lucide-react';
import { EmptyPage } from '../../components/page';

export const Route = createFileRoute('/_app/websites')({
  staticData: { title: 'Websites', nav: { label: 'Websites', icon: GlobeIcon, order: 110 } },
  component: WebsitesPage,
});

function WebsitesPage() {
  return (
    <EmptyPage title="Websites" icon={GlobeIcon} emptyTitle="No websites yet">
      The landing pages and sites you publish to capture leads will be listed here.
    </EmptyPage>
  );
}
