import { ArrowRightLeftIcon, RocketIcon } from 'lucide-react';
import { COMPARISON_TEXTS, COMPETITOR_NAMES, type CompetitorKey } from '../../content/comparisons';
import { PRODUCT_TEXTS } from '../../content/product';
import { useT } from '../../i18n';
import { PublicLayout } from '../public-layout';
import { ComparisonTable } from './comparison-table';
import { CtaBand } from './cta-band';
import { FeatureGrid } from './feature-grid';
import { Hero } from './hero';
import { Section } from './section';

/** The shared layout of /vs-hubspot, /vs-activecampaign and /vs-highlevel. */
export function CompetitorComparison({ competitor }: { competitor: CompetitorKey }) {
  const {
    texts: [comparisons, product],
  } = useT(COMPARISON_TEXTS, PRODUCT_TEXTS);
  const text = comparisons.competitorPage;
  const vendor = comparisons.competitors[competitor];
  const name = COMPETITOR_NAMES[competitor];
  return (
    <PublicLayout>
      <Hero
        eyebrow={text.eyebrow}
        title={vendor.title}
        lead={vendor.lead}
        actions={[
          { label: text.startTrial, icon: RocketIcon, href: '/signup' },
          { label: text.migrationGuide, icon: ArrowRightLeftIcon, variant: 'outline', to: '/migration-guide' },
        ]}
        note={product.claims.trial}
      />
      <Section title={text.tableTitle} intro={comparisons.note}>
        <ComparisonTable caption={vendor.title} columns={['Switchboard', name]} rows={vendor.rows} />
      </Section>
      <Section title={text.whyMove(name)} tone="muted">
        <FeatureGrid items={vendor.reasons} />
      </Section>
      <Section title={text.switchingTitle} width="narrow">
        <p className="text-gray-700 dark:text-gray-300">{vendor.switching}</p>
        <p className="mt-3 text-gray-700 dark:text-gray-300">{text.freeMigration}</p>
      </Section>
      <CtaBand
        title={text.ctaTitle(name)}
        text={text.ctaText}
        actions={[
          { label: text.startTrial, href: '/signup' },
          { label: text.bookDemo, href: '/book-demo' },
        ]}
        note={product.claims.cancel}
      />
    </PublicLayout>
  );
}
