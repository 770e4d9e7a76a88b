import { createFileRoute } from '@tanstack/react-router';
import { MessageSquareTextIcon } from 'lucide-react';
import { SmsTool, ZSmsSearch } from './-components/sms/sms-tool';

export const Route = createFileRoute('/_app/sms-campaigns')({
  validateSearch: ZSmsSearch,
  staticData: { title: 'SMS Campaigns', nav: { label: 'SMS Campaigns', icon: MessageSquareTextIcon, order: 70, mobile: { label: 'SMS', to: '/sms' } } },
  loader: ({ context }) => Promise.all([context.trpc.sms.account.ensureData(), context.trpc.sms.templates.ensureData(), context.trpc.sms.conversations.ensureData()]),
  component: SmsCampaignsPage,
});

function SmsCampaignsPage() {
  return <SmsTool title="SMS Campaigns" path="/sms-campaigns" search={Route.useSearch()} />;
}
