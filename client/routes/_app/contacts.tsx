import { createFileRoute } from '@tanstack/react-router';
import { UsersIcon } from 'lucide-react';
import { EmptyPage } from '../../components/page';

export const Route = createFileRoute('/_app/contacts')({
  staticData: { title: 'Contacts' },
  component: ContactsPage,
});

function ContactsPage() {
  return (
    <EmptyPage title="Contacts" icon={UsersIcon} emptyTitle="No contacts yet">
      The people and companies you add or import will be listed here, with search and filters.
    </EmptyPage>
  );
}
