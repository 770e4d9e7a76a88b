import { createFileRoute } from '@tanstack/react-router';
import { IndustryLanding } from '../components/marketing/industry-page';

export const Route = createFileRoute('/coaching')({
  staticData: {
    title: 'CRM for Coaches',
    description: 'Switchboard for business, life, career and wellness coaches: discovery calls booked online, nurture sequences, programmes and payments, set up in 1 hour.',
  },
  component: () => <IndustryLanding page="coaching" />,
});
