import { createFileRoute } from '@tanstack/react-router';
import { IndustryLanding } from '../../components/marketing/industry-page';
import { CLAIMS } from '../../content/claims';

export const Route = createFileRoute('/(site)/coaching')({
  staticData: {
    title: 'CRM for Coaches',
    description: `Switchboard for business, life, career and wellness coaches: discovery calls on the team calendar, lead forms and chat, and programmes on the pipeline, set up in ${CLAIMS.setupHours} hours.`,
  },
  component: () => <IndustryLanding page="coaching" />,
});
