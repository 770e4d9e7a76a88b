import { createFileRoute } from '@tanstack/react-router';
import { IndustryLanding } from '../components/marketing/industry-page';
import { INDUSTRY_PAGES } from '../content/industries';

const page = INDUSTRY_PAGES.agency;

export const Route = createFileRoute('/agency')({
  staticData: { title: page.title, description: page.description },
  component: () => <IndustryLanding page={page} />,
});
