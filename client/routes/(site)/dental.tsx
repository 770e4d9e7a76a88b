import { createFileRoute } from '@tanstack/react-router';
import { IndustryLanding } from '../../components/marketing/industry-page';
import { CLAIMS } from '../../content/claims';

export const Route = createFileRoute('/(site)/dental')({
  staticData: {
    title: 'CRM for Dental Practices',
    description: `Switchboard for dental practices: online booking, recall reminders, review requests and HIPAA-compliant patient messaging, set up in ${CLAIMS.setupHours} hours.`,
  },
  component: () => <IndustryLanding page="dental" />,
});
