import { createFileRoute } from '@tanstack/react-router';
import { SmsTool, ZSmsSearch } from './-components/sms/sms-tool';

export const Route = createFileRoute('/_app/sms')({
  validateSearch: ZSmsSearch,
  staticData: { title: 'SMS' },
  loader: ({ context }) => Promise.all([context.trpc.sms.account.ensureData(), context.trpc.sms.templates.ensureData(), context.trpc.sms.conversations.ensureData()]),
  component: SmsPage,
});

function SmsPage() {
  return <SmsTool title="SMS" path="/sms" search={Route.useSearch()} />;
}
