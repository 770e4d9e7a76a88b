import { createFileRoute } from '@tanstack/react-router';
import { CalendarIcon, PlayIcon, RocketIcon } from 'lucide-react';
import { ComparisonTable } from '../../components/marketing/comparison-table';
import { CtaBand } from '../../components/marketing/cta-band';
import { FeatureGrid } from '../../components/marketing/feature-grid';
import { FormPanel } from '../../components/marketing/form-panel';
import { DemoRequestForm } from '../../components/lead-forms/demo-request-form';
import { Hero } from '../../components/marketing/hero';
import { Section } from '../../components/marketing/section';
import { StatsBand } from '../../components/marketing/stats-band';
import { PublicLayout } from '../../components/public-layout';
import { COMPARISON_TEXTS } from '../../content/comparisons';
import { FEATURES_TEXTS } from '../../content/features';
import { coreFeatures, headlineStats, PRODUCT_TEXTS } from '../../content/product';
import { useT } from '../../i18n';

export const Route = createFileRoute('/(site)/features')({
  staticData: {
    title: 'Features',
    description: 'Switchboard features: contacts, pipeline, appointments, SMS, e-mail and website chat in one inbox, reports, and automations that follow up by SMS and e-mail. Set up in 2 hours.',
  },
  component: FeaturesPage,
});

/** Spec public-site §2.4. */
function FeaturesPage() {
  const {
    texts: [text, product, comparisons],
  } = useT(FEATURES_TEXTS, PRODUCT_TEXTS, COMPARISON_TEXTS);
  const { claims } = product;
  const seeInAction = { label: text.seeInAction, icon: PlayIcon, to: '/demo-dashboard' } as const;
  return (
    <PublicLayout>
      <Hero
        eyebrow={text.eyebrow}
        title={text.title}
        lead={text.lead}
        actions={[
          { label: text.startTrial, icon: RocketIcon, to: '/pricing' },
          { label: text.bookDemo, icon: CalendarIcon, variant: 'outline', href: '/book-demo' },
        ]}
        note={`${claims.trial}. ${claims.cancel}.`}
      />
      <Section title={text.toolsTitle} intro={text.toolsIntro}>
        <FeatureGrid items={coreFeatures(product).map((f) => ({ ...f, action: seeInAction }))} />
      </Section>
      <Section title={text.numbersTitle} tone="muted">
        <StatsBand label={product.headlineStats.label} stats={headlineStats(product)} />
      </Section>
      <Section title={text.compareTitle} intro={comparisons.note}>
        <ComparisonTable caption={comparisons.features.caption} columns={comparisons.features.columns} rows={comparisons.features.rows} />
      </Section>
      <CtaBand
        title={text.ctaTitle}
        text={text.ctaText}
        actions={[
          { label: text.startTrial, to: '/pricing' },
          { label: text.bookDemo, href: '/book-demo' },
        ]}
        note={claims.trial}
      />
      <Section title={text.demoTitle} width="narrow">
        <FormPanel title={text.demoPanelTitle} text={text.demoPanelText}>
          <DemoRequestForm formId="features-demo" tags={['enterprise-demo', 'features']} />
        </FormPanel>
      </Section>
    </PublicLayout>
  );
}
