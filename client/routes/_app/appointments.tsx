import { createFileRoute } from '@tanstack/react-router';
import { CalendarDaysIcon } from 'lucide-react';
import { EmptyPage } from '../../components/page';

export const Route = createFileRoute('/_app/appointments')({
  staticData: { title: 'Appointments' },
  component: AppointmentsPage,
});

function AppointmentsPage() {
  return (
    <EmptyPage title="Appointments" icon={CalendarDaysIcon} emptyTitle="No appointments yet">
      Calls and meetings booked with your contacts will appear here by date.
    </EmptyPage>
  );
}
