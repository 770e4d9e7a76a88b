import { createFileRoute } from '@tanstack/react-router';
import { CompetitorComparison } from '../components/marketing/competitor-page';
import { COMPETITORS } from '../content/comparisons';

const competitor = COMPETITORS.highlevel;

export const Route = createFileRoute('/vs-highlevel')({
  staticData: { title: competitor.title, description: competitor.description },
  component: () => <CompetitorComparison competitor={competitor} />,
});
