import { createFileRoute } from '@tanstack/react-router';
import { IndustryLanding } from '../components/marketing/industry-page';

export const Route = createFileRoute('/agency')({
  staticData: {
    title: 'CRM for Marketing Agencies',
    description: 'Switchboard for agencies: a workspace per client, white-label reports, shared pipelines and automations you build once and reuse, set up in 2 hours.',
  },
  component: () => <IndustryLanding page="agency" />,
});
