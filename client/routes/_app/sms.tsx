import { createFileRoute } from '@tanstack/react-router';
import { MessageSquareTextIcon } from 'lucide-react';
import { EmptyPage } from '../../components/page';

export const Route = createFileRoute('/_app/sms')({
  staticData: { title: 'SMS' },
  component: SmsPage,
});

function SmsPage() {
  return (
    <EmptyPage title="SMS" icon={MessageSquareTextIcon} emptyTitle="SMS is not connected">
      Sending single, bulk and template text messages, and your SMS account's phone numbers, will be available here.
    </EmptyPage>
  );
}
