import { createFileRoute } from '@tanstack/react-router';
import { CompetitorComparison } from '../../components/marketing/competitor-page';

export const Route = createFileRoute('/(site)/vs-highlevel')({
  staticData: {
    title: 'Switchboard vs HighLevel',
    description: 'Compare Switchboard and HighLevel for agencies: client workspaces, HIPAA, self-hosting and support. Migrate sub-accounts in a day.',
  },
  component: () => <CompetitorComparison competitor="highlevel" />,
});
