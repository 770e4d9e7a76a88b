import { createFileRoute } from '@tanstack/react-router';
import { CheckIcon, RocketIcon } from 'lucide-react';
import { CtaBand } from '../../components/marketing/cta-band';
import { FeatureGrid } from '../../components/marketing/feature-grid';
import { Hero } from '../../components/marketing/hero';
import { Section } from '../../components/marketing/section';
import { StatsBand } from '../../components/marketing/stats-band';
import { PublicLayout } from '../../components/public-layout';
import { buttonClasses } from '../../components/ui/button';
import { BASIC_LANDING_TEXTS, GROWTH_PLAN_PRICE } from '../../content/basic-landing';
import { headlineStats, platformModules, PRODUCT_TEXTS } from '../../content/product';
import { useT } from '../../i18n';
import { formatUsd } from '../../i18n/format';

export const Route = createFileRoute('/(site)/basic-landing')({
  staticData: {
    title: 'CRM and Marketing Automation for Growing Businesses',
    description: 'One simple platform for contacts, pipeline, SMS, e-mail and appointments. The Growth plan is $97 per month; try it free for 14 days.',
  },
  component: BasicLanding,
});

function BasicLanding() {
  const {
    language,
    texts: [text, product],
  } = useT(BASIC_LANDING_TEXTS, PRODUCT_TEXTS);
  return (
    <PublicLayout>
      <Hero
        title={text.title}
        lead={text.lead}
        actions={[
          { label: text.startTrial, icon: RocketIcon, href: '/signup' },
          { label: text.seeFeatures, variant: 'outline', to: '/features' },
        ]}
        note={product.claims.trial}
      />
      <Section title={text.whyTitle} tone="muted">
        <StatsBand label={product.headlineStats.label} stats={headlineStats(product)} />
      </Section>
      <Section title={text.platformTitle}>
        <FeatureGrid items={platformModules(product)} columns={4} />
      </Section>
      <Section title={text.planTitle} tone="muted" width="narrow">
        <div className="rounded-2xl border border-indigo-200 bg-white p-8 shadow-sm dark:border-indigo-900 dark:bg-gray-900">
          <h3 className="text-lg font-semibold text-gray-900 dark:text-white">{text.planName}</h3>
          <p className="mt-2 flex flex-wrap items-baseline gap-x-1.5">
            <span className="text-4xl font-bold text-gray-900 dark:text-white">{formatUsd(language, GROWTH_PLAN_PRICE)}</span>
            <span className="text-gray-600 dark:text-gray-300">{text.perMonth}</span>
          </p>
          <ul className="mt-6 grid gap-2 sm:grid-cols-2">
            {text.includes.map((item) => (
              <li key={item} className="flex items-start gap-2 text-sm text-gray-700 dark:text-gray-300">
                <CheckIcon className="mt-0.5 size-4 shrink-0 text-green-700 dark:text-green-400" aria-hidden />
                {item}
              </li>
            ))}
          </ul>
          <a href="/signup" className={buttonClasses({ size: 'lg', className: 'mt-8 w-full' })}>
            {text.planButton}
          </a>
          <p className="mt-3 text-center text-sm text-gray-600 dark:text-gray-300">
            {text.noSetupFee} {product.claims.cancel}.
          </p>
        </div>
      </Section>
      <CtaBand
        title={text.ctaTitle}
        text={text.ctaText}
        actions={[
          { label: text.startTrial, href: '/signup' },
          { label: text.comparePlans, to: '/pricing' },
        ]}
      />
    </PublicLayout>
  );
}
