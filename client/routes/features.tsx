import { createFileRoute } from '@tanstack/react-router';
import { CalendarIcon, PlayIcon, RocketIcon } from 'lucide-react';
import { ComparisonTable } from '../components/marketing/comparison-table';
import { CtaBand } from '../components/marketing/cta-band';
import { FeatureGrid } from '../components/marketing/feature-grid';
import { FormPanel } from '../components/marketing/form-panel';
import { DemoRequestForm } from '../components/lead-forms/demo-request-form';
import { Hero } from '../components/marketing/hero';
import { Section } from '../components/marketing/section';
import { StatsBand } from '../components/marketing/stats-band';
import { COMPETITOR_NOTE, FEATURES_COMPARISON } from '../content/comparisons';
import { CLAIMS, CORE_FEATURES, HEADLINE_STATS } from '../content/product';
import { PublicLayout } from '../components/public-layout';

export const Route = createFileRoute('/features')({
  staticData: {
    title: 'Features',
    description:
      'Switchboard features: a visual automation builder, AI lead scoring, e-mail, SMS and voice campaigns, pipeline, booking and reports. Set up in 2 hours.',
  },
  component: FeaturesPage,
});

const seeInAction = { label: 'See in Action', icon: PlayIcon, to: '/demo-dashboard' } as const;

/** Spec public-site §2.4. */
function FeaturesPage() {
  return (
    <PublicLayout>
      <Hero
        eyebrow="Features"
        title="Everything you need to turn leads into customers"
        lead="Automations, AI lead scoring, campaigns on every channel, a pipeline and bookings, working together from the first day. Most teams are set up in 2 hours."
        actions={[
          { label: 'Start Free Trial', icon: RocketIcon, to: '/pricing' },
          { label: 'Book a Demo', icon: CalendarIcon, variant: 'outline', href: '/book-demo' },
        ]}
        note={`${CLAIMS.trial}. ${CLAIMS.guarantee}.`}
      />
      <Section title="Six tools, one platform" intro="Each one is good on its own. Together they follow every lead from the first click to the signed deal.">
        <FeatureGrid items={CORE_FEATURES.map((f) => ({ ...f, action: seeInAction }))} />
      </Section>
      <Section title="The numbers behind it" tone="muted">
        <StatsBand label="Switchboard in figures" stats={HEADLINE_STATS} />
      </Section>
      <Section title="How Switchboard compares" intro={COMPETITOR_NOTE}>
        <ComparisonTable caption="Switchboard compared with HubSpot and ActiveCampaign" columns={FEATURES_COMPARISON.columns} rows={FEATURES_COMPARISON.rows} />
      </Section>
      <CtaBand
        title="See it with your own leads"
        text="Start a free trial and import your contacts, or let us walk you through it on a call."
        actions={[
          { label: 'Start Free Trial', to: '/pricing' },
          { label: 'Book a Demo', href: '/book-demo' },
        ]}
        note={CLAIMS.trial}
      />
      <Section title="Request a personal demo" width="narrow">
        <FormPanel title="A 30-minute walkthrough, tailored to your team" text="Tell us your business e-mail and company; a product specialist will contact you within 24 hours to set a time.">
          <DemoRequestForm formId="features-demo" tags={['enterprise-demo', 'features']} />
        </FormPanel>
      </Section>
    </PublicLayout>
  );
}
