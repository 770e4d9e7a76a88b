import { createFileRoute } from '@tanstack/react-router';
import { ZapIcon } from 'lucide-react';
import { EmptyPage } from '../../components/page';

export const Route = createFileRoute('/_app/automation-engine')({
  staticData: { title: 'Automation Engine' },
  component: AutomationEnginePage,
});

function AutomationEnginePage() {
  return (
    <EmptyPage title="Automation Engine" icon={ZapIcon} emptyTitle="No automations are running">
      Automations across email, SMS, voice, social, scheduling and webhooks, with their recent activity, will appear here.
    </EmptyPage>
  );
}
