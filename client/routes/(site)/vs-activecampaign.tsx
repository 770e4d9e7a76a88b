import { createFileRoute } from '@tanstack/react-router';
import { CompetitorComparison } from '../../components/marketing/competitor-page';

export const Route = createFileRoute('/(site)/vs-activecampaign')({
  staticData: {
    title: 'Switchboard vs ActiveCampaign',
    description: 'Compare Switchboard and ActiveCampaign: CRM depth, SMS, booking, voice and price by contacts. Move your lists and automations in a day.',
  },
  component: () => <CompetitorComparison competitor="activecampaign" />,
});
