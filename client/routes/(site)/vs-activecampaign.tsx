import { createFileRoute } from '@tanstack/react-router';
import { CompetitorComparison } from '../../components/marketing/competitor-page';

export const Route = createFileRoute('/(site)/vs-activecampaign')({
  staticData: {
    title: 'Switchboard vs ActiveCampaign',
    description: 'Compare Switchboard and ActiveCampaign: CRM depth, SMS, appointments and price by contacts. Move your contacts and tags in a day.',
  },
  component: () => <CompetitorComparison competitor="activecampaign" />,
});
