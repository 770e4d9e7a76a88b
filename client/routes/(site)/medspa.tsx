import { createFileRoute } from '@tanstack/react-router';
import { IndustryLanding } from '../../components/marketing/industry-page';
import { CLAIMS } from '../../content/claims';

export const Route = createFileRoute('/(site)/medspa')({
  staticData: {
    title: 'CRM for Medical Spas',
    description: `Switchboard for medical spas: consultations on a team calendar, treatment follow-up tasks and client texts and e-mails on servers you control, live in ${CLAIMS.setupHours} hours.`,
  },
  component: () => <IndustryLanding page="medspa" />,
});
