import { createFileRoute } from '@tanstack/react-router';
import { CtaBand } from '../../components/marketing/cta-band';
import { FaqAccordion } from '../../components/marketing/faq-accordion';
import { Hero } from '../../components/marketing/hero';
import { Section } from '../../components/marketing/section';
import { Steps } from '../../components/marketing/steps';
import { PublicLayout } from '../../components/public-layout';
import { MIGRATION_TEXTS } from '../../content/migration';
import { useT } from '../../i18n';

export const Route = createFileRoute('/(site)/migration-guide')({
  staticData: {
    title: 'Migration Guide',
    description: 'Move to Switchboard from HubSpot, ActiveCampaign, HighLevel or any tool that exports a CSV: export, import, and switch over.',
  },
  component: MigrationGuide,
});

function MigrationGuide() {
  const { text } = useT(MIGRATION_TEXTS);
  return (
    <PublicLayout>
      <Hero
        eyebrow={text.eyebrow}
        title={text.title}
        lead={text.lead}
        actions={[
          { label: text.startTrial, href: '/signup' },
          { label: text.bookCall, variant: 'outline', href: '/book-demo' },
        ]}
      />
      <Section title={text.stepsTitle}>
        <Steps items={text.steps} />
      </Section>
      <Section title={text.sourcesTitle} intro={text.sourcesIntro} tone="muted">
        <ul className="flex flex-wrap gap-2">
          {text.sources.map((s) => (
            <li key={s} className="rounded-full border border-gray-300 bg-white px-3 py-1 text-sm text-gray-800 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-200">
              {s}
            </li>
          ))}
        </ul>
      </Section>
      <Section title={text.questionsTitle} width="narrow">
        <FaqAccordion items={text.questions} />
      </Section>
      <CtaBand
        title={text.ctaTitle}
        text={text.ctaText}
        actions={[
          { label: text.startTrial, href: '/signup' },
          { label: text.compare, to: '/vs-hubspot' },
        ]}
      />
    </PublicLayout>
  );
}
