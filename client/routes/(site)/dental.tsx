import { createFileRoute } from '@tanstack/react-router';
import { IndustryLanding } from '../../components/marketing/industry-page';
import { CLAIMS } from '../../content/claims';

export const Route = createFileRoute('/(site)/dental')({
  staticData: {
    title: 'CRM for Dental Practices',
    description: `Switchboard for dental practices: appointments on a team calendar, recall lists and patient texts and e-mails on servers you control, set up in ${CLAIMS.setupHours} hours.`,
  },
  component: () => <IndustryLanding page="dental" />,
});
