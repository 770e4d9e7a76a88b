import { createFileRoute } from '@tanstack/react-router';
import { MessageSquareTextIcon } from 'lucide-react';
import { EmptyPage } from '../../components/page';

export const Route = createFileRoute('/_app/sms-campaigns')({
  staticData: { title: 'SMS Campaigns' },
  component: SmsCampaignsPage,
});

function SmsCampaignsPage() {
  return (
    <EmptyPage title="SMS Campaigns" icon={MessageSquareTextIcon} emptyTitle="No SMS campaigns yet">
      Your text-message campaigns, their recipients and delivery results will be listed here.
    </EmptyPage>
  );
}
