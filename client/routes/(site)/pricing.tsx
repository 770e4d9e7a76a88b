import { createFileRoute, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { PublicLayout } from '../../components/public-layout';
import { buttonClasses } from '../../components/ui/button';
import { PRICING_TEXTS, type PricingTexts } from '../../content/pricing';
import { useT, type Texts } from '../../i18n';
import { formatUsd } from '../../i18n/format';
import type { Language } from '../../i18n/languages';
import { cn } from '../../lib/cn';
import { PLANS, PRICING_PLAN_KEYS, yearlySaving, type BillingInterval, type PlanKey } from '../../../server/plans/schema';
import { BillingToggle, FeatureList, planLimit, PlanPrice, PlanTable } from './-components/pricing';

export const Route = createFileRoute('/(site)/pricing')({
  staticData: { title: 'Pricing' },
  component: PricingPage,
});

type Row = { label: keyof PricingTexts['pricing']['rows']; value: (key: PlanKey, language: Language, text: Texts<PricingTexts>) => string };
const COMPARISON_ROWS: Row[] = [
  { label: 'contacts', value: (k, language, text) => planLimit(language, text.unlimited, k, 'contacts') },
  { label: 'members', value: (k, language, text) => planLimit(language, text.unlimited, k, 'members') },
  { label: 'funnels', value: (k, language, text) => planLimit(language, text.unlimited, k, 'funnels') },
  { label: 'websites', value: (k, language, text) => planLimit(language, text.unlimited, k, 'websites') },
  { label: 'monthlyPrice', value: (k, language) => formatUsd(language, PLANS[k].monthlyPrice) },
  { label: 'yearlyPrice', value: (k, language) => formatUsd(language, PLANS[k].yearlyPrice) },
];

const textLink = 'font-medium text-indigo-700 underline dark:text-indigo-300';

/** Spec public-site §2.13: monthly/yearly toggle, three plans, comparison table, FAQ, call to action. */
function PricingPage() {
  const [billing, setBilling] = useState<BillingInterval>('monthly');
  const { text, language } = useT(PRICING_TEXTS);
  const page = text.pricing;
  return (
    <PublicLayout>
      <section className="mx-auto w-full max-w-6xl px-4 py-16 sm:px-6 lg:px-8">
        <div className="flex flex-col items-center gap-4 text-center">
          <h1 className="text-4xl font-bold tracking-tight text-gray-900 sm:text-5xl dark:text-white">{page.title}</h1>
          <p className="max-w-2xl text-lg text-gray-600 dark:text-gray-300">{page.lead}</p>
          <BillingToggle value={billing} onChange={setBilling} />
        </div>

        <ul className="mt-12 grid gap-6 lg:grid-cols-3" aria-label={page.plansLabel}>
          {PRICING_PLAN_KEYS.map((key) => {
            const plan = PLANS[key];
            const copy = text.plans[key];
            return (
              <li
                key={key}
                className={cn('relative flex flex-col gap-6 rounded-2xl border bg-white p-6 dark:bg-gray-900', plan.popular ? 'border-indigo-600 shadow-lg' : 'border-gray-200 dark:border-gray-800')}
              >
                {plan.popular ? <span className="absolute -top-3 start-6 rounded-full bg-indigo-600 px-3 py-1 text-xs font-semibold text-white">{page.mostPopular}</span> : null}
                <div className="grid gap-2">
                  <h2 className="text-xl font-semibold text-gray-900 dark:text-white">{plan.name}</h2>
                  <p className="text-sm text-gray-600 dark:text-gray-300">{copy.description}</p>
                </div>
                <div className="grid gap-1">
                  <PlanPrice plan={plan} billing={billing} />
                  {billing === 'yearly' ? <p className="text-sm font-medium text-green-700 dark:text-green-400">{page.youSave(formatUsd(language, yearlySaving(plan)))}</p> : null}
                </div>
                <FeatureList features={copy.features} />
                <Link to="/subscribe" search={{ plan: key, billing }} className={buttonClasses({ variant: plan.popular ? 'default' : 'outline', className: 'mt-auto w-full' })}>
                  {copy.buttonText}
                  <span className="sr-only"> {text.withPlan(plan.name)}</span>
                </Link>
              </li>
            );
          })}
        </ul>

        <section aria-labelledby="compare" className="mt-20">
          <h2 id="compare" className="text-2xl font-semibold text-gray-900 dark:text-white">
            {page.compareTitle}
          </h2>
          <PlanTable
            labelledBy="compare"
            firstColumn={page.featureColumn}
            plans={PRICING_PLAN_KEYS}
            rows={COMPARISON_ROWS.map((row) => ({ key: row.label, label: page.rows[row.label], cell: (k: PlanKey) => row.value(k, language, text) }))}
          />
          <p className="mt-3 text-sm text-gray-600 dark:text-gray-300">
            {page.smallerTeam.before}{' '}
            <Link to="/subscribe" search={{ plan: 'unlimited', billing }} className={textLink}>
              {page.smallerTeam.subscribeLink}
            </Link>{' '}
            {page.smallerTeam.between}{' '}
            <Link to="/pricing-comparison" className={textLink}>
              {page.smallerTeam.comparisonLink}
            </Link>
            {page.smallerTeam.after}
          </p>
        </section>

        <section aria-labelledby="faq" className="mt-20 max-w-3xl">
          <h2 id="faq" className="text-2xl font-semibold text-gray-900 dark:text-white">
            {page.faqTitle}
          </h2>
          <div className="mt-6 divide-y divide-gray-200 rounded-xl border border-gray-200 dark:divide-gray-800 dark:border-gray-800">
            {page.faq.map((item) => (
              <details key={item.question} className="group px-5 py-4">
                <summary className="cursor-pointer font-medium text-gray-900 dark:text-white">{item.question}</summary>
                <p className="mt-2 text-sm text-gray-600 dark:text-gray-300">{item.answer}</p>
              </details>
            ))}
          </div>
        </section>

        <section className="mt-20 flex flex-col items-center gap-4 rounded-2xl bg-indigo-700 px-6 py-12 text-center text-white">
          <h2 className="text-3xl font-bold">{page.ctaTitle}</h2>
          <p className="max-w-xl text-indigo-100">{page.ctaText}</p>
          <a href="/signup" className={buttonClasses({ variant: 'outline', className: 'bg-white text-indigo-700 hover:bg-indigo-50' })}>
            {page.ctaButton}
          </a>
        </section>
      </section>
    </PublicLayout>
  );
}
