import { createFileRoute } from '@tanstack/react-router';
import { IndustryLanding } from '../../components/marketing/industry-page';
import { CLAIMS } from '../../content/claims';

export const Route = createFileRoute('/(site)/medspa')({
  staticData: {
    title: 'CRM for Medical Spas',
    description: `Switchboard for medical spas: consultations booked online, treatment reminders, memberships and HIPAA-compliant client messaging, live in ${CLAIMS.setupHours} hours.`,
  },
  component: () => <IndustryLanding page="medspa" />,
});
