import { createFileRoute } from '@tanstack/react-router';
import { MegaphoneIcon } from 'lucide-react';
import { EmptyPage } from '../../components/page';

export const Route = createFileRoute('/_app/campaigns')({
  staticData: { title: 'Campaigns' },
  component: CampaignsPage,
});

function CampaignsPage() {
  return (
    <EmptyPage title="Campaigns" icon={MegaphoneIcon} emptyTitle="No campaigns yet">
      Your email and multi-channel campaigns, with their audiences and results, will be listed here.
    </EmptyPage>
  );
}
