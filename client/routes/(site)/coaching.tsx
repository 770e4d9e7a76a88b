import { createFileRoute } from '@tanstack/react-router';
import { IndustryLanding } from '../../components/marketing/industry-page';
import { CLAIMS } from '../../content/claims';

export const Route = createFileRoute('/(site)/coaching')({
  staticData: {
    title: 'CRM for Coaches',
    description: `Switchboard for business, life, career and wellness coaches: discovery calls booked online, nurture sequences, programmes and payments, set up in ${CLAIMS.setupHours} hours.`,
  },
  component: () => <IndustryLanding page="coaching" />,
});
