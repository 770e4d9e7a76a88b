import { createFileRoute } from '@tanstack/react-router';
import { IndustryLanding } from '../../components/marketing/industry-page';
import { CLAIMS } from '../../content/claims';

export const Route = createFileRoute('/(site)/agency')({
  staticData: {
    title: 'CRM for Marketing Agencies',
    description: `Switchboard for agencies: a workspace per client, shared pipelines, SMS templates and reports, set up in ${CLAIMS.setupHours} hours.`,
  },
  component: () => <IndustryLanding page="agency" />,
});
