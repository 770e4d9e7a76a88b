import { createFileRoute } from '@tanstack/react-router';
import { TutorialsPage } from '../../components/marketing/tutorials-page';

export const Route = createFileRoute('/(site)/tutorial-system')({
  staticData: {
    title: 'Tutorials',
    description: 'Step-by-step Switchboard tutorials: getting started, importing contacts, pipeline, bulk SMS, automations, HIPAA and reports.',
  },
  component: TutorialsPage,
});
