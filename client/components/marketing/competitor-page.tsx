import { ArrowRightLeftIcon, RocketIcon } from 'lucide-react';
import { COMPETITOR_NOTE, type Competitor } from '../../content/comparisons';
import { CLAIMS } from '../../content/product';
import { PublicLayout } from '../public-layout';
import { ComparisonTable } from './comparison-table';
import { CtaBand } from './cta-band';
import { FeatureGrid } from './feature-grid';
import { Hero } from './hero';
import { Section } from './section';

/** The shared layout of /vs-hubspot, /vs-activecampaign and /vs-highlevel. */
export function CompetitorComparison({ competitor }: { competitor: Competitor }) {
  return (
    <PublicLayout>
      <Hero
        eyebrow="Compare"
        title={competitor.title}
        lead={competitor.lead}
        actions={[
          { label: 'Start Free Trial', icon: RocketIcon, href: '/signup' },
          { label: 'Read the migration guide', icon: ArrowRightLeftIcon, variant: 'outline', to: '/migration-guide' },
        ]}
        note={CLAIMS.trial}
      />
      <Section title={`Feature by feature`} intro={COMPETITOR_NOTE}>
        <ComparisonTable caption={competitor.title} columns={['Switchboard', competitor.name]} rows={competitor.rows} />
      </Section>
      <Section title={`Why teams move from ${competitor.name}`} tone="muted">
        <FeatureGrid items={competitor.reasons} />
      </Section>
      <Section title="Switching takes a day" width="narrow">
        <p className="text-gray-700 dark:text-gray-300">{competitor.switching}</p>
        <p className="mt-3 text-gray-700 dark:text-gray-300">
          Every plan includes a free guided migration: we import your data with you, check it, and rebuild your most important automations.
        </p>
      </Section>
      <CtaBand
        title={`Try Switchboard alongside ${competitor.name}`}
        text="Run both for two weeks and keep the one your team prefers. No credit card needed."
        actions={[
          { label: 'Start Free Trial', href: '/signup' },
          { label: 'Book a Demo', href: '/book-demo' },
        ]}
        note={CLAIMS.guarantee}
      />
    </PublicLayout>
  );
}
