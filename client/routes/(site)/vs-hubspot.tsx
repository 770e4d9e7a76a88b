import { createFileRoute } from '@tanstack/react-router';
import { CompetitorComparison } from '../../components/marketing/competitor-page';

export const Route = createFileRoute('/(site)/vs-hubspot')({
  staticData: {
    title: 'Switchboard vs HubSpot',
    description: 'Compare Switchboard and HubSpot: setup time, SMS, appointments, HIPAA and price. Switch in a day with a free guided migration.',
  },
  component: () => <CompetitorComparison competitor="hubspot" />,
});
