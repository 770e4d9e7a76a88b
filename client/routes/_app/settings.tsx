import { createFileRoute } from '@tanstack/react-router';
import { SettingsIcon } from 'lucide-react';
import { EmptyPage } from '../../components/page';

export const Route = createFileRoute('/_app/settings')({
  staticData: { title: 'Settings' },
  component: SettingsPage,
});

function SettingsPage() {
  return (
    <EmptyPage title="Settings" icon={SettingsIcon} emptyTitle="Nothing to configure yet">
      Your profile, organization, members and preferences will be managed here once you are signed in.
    </EmptyPage>
  );
}
