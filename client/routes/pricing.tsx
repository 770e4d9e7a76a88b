import { createFileRoute, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { PublicLayout } from '../components/public-layout';
import { buttonClasses } from '../components/ui/button';
import { cn } from '../lib/cn';
import { PLANS, PRICING_PLAN_KEYS, TRIAL_DAYS, yearlySaving, type BillingInterval } from '../../server/billing/schema';
import { BillingToggle, FeatureList, planLimit, PlanPrice, usd } from './-components/pricing';

export const Route = createFileRoute('/pricing')({
  staticData: { title: 'Pricing' },
  component: PricingPage,
});

const FAQ = [
  { q: 'Can I try it before paying?', a: `Yes. Every new workspace starts a ${TRIAL_DAYS}-day free trial of Unlimited, no credit card needed.` },
  { q: 'Can I change plans later?', a: 'Yes. Upgrades apply immediately; downgrades take effect at the start of your next billing cycle.' },
  { q: 'What happens when a trial ends?', a: 'Your workspace becomes read-only until you subscribe. Nothing is deleted.' },
  { q: 'How do I pay?', a: 'By card through our payment provider; enterprise customers can ask for annual invoicing.' },
  { q: 'Is there a money-back guarantee?', a: 'Yes, 30 days, and there is no setup fee.' },
];

const COMPARISON_ROWS: { label: string; value: (key: (typeof PRICING_PLAN_KEYS)[number]) => string }[] = [
  { label: 'Contacts', value: (k) => planLimit(k, 'contacts') },
  { label: 'Team members', value: (k) => planLimit(k, 'members') },
  { label: 'Funnels', value: (k) => planLimit(k, 'funnels') },
  { label: 'Websites', value: (k) => planLimit(k, 'websites') },
  { label: 'Custom development hours per month', value: (k) => String(PLANS[k].customDevelopmentHours || '—') },
  { label: 'Price per month', value: (k) => usd(PLANS[k].monthlyPrice) },
  { label: 'Price per year', value: (k) => usd(PLANS[k].yearlyPrice) },
];

/** Spec public-site §2.13: monthly/yearly toggle, three plans, comparison table, FAQ, call to action. */
function PricingPage() {
  const [billing, setBilling] = useState<BillingInterval>('monthly');
  return (
    <PublicLayout>
      <section className="mx-auto w-full max-w-6xl px-4 py-16 sm:px-6 lg:px-8">
        <div className="flex flex-col items-center gap-4 text-center">
          <h1 className="text-4xl font-bold tracking-tight text-gray-900 sm:text-5xl dark:text-white">Pricing</h1>
          <p className="max-w-2xl text-lg text-gray-600 dark:text-gray-300">
            Plans for teams that sell: one platform for contacts, pipeline, campaigns and automation. Start with a {TRIAL_DAYS}-day free trial, no credit card.
          </p>
          <BillingToggle value={billing} onChange={setBilling} />
        </div>

        <ul className="mt-12 grid gap-6 lg:grid-cols-3" aria-label="Plans">
          {PRICING_PLAN_KEYS.map((key) => {
            const plan = PLANS[key];
            return (
              <li key={key} className={cn('relative flex flex-col gap-6 rounded-2xl border bg-white p-6 dark:bg-gray-900', plan.popular ? 'border-indigo-600 shadow-lg' : 'border-gray-200 dark:border-gray-800')}>
                {plan.popular ? <span className="absolute -top-3 left-6 rounded-full bg-indigo-600 px-3 py-1 text-xs font-semibold text-white">Most Popular</span> : null}
                <div className="grid gap-2">
                  <h2 className="text-xl font-semibold text-gray-900 dark:text-white">{plan.name}</h2>
                  <p className="text-sm text-gray-600 dark:text-gray-300">{plan.description}</p>
                </div>
                <div className="grid gap-1">
                  <PlanPrice plan={plan} billing={billing} />
                  {billing === 'yearly' ? <p className="text-sm font-medium text-green-700 dark:text-green-400">You save {usd(yearlySaving(plan))} a year</p> : null}
                </div>
                <FeatureList features={plan.features} />
                <Link to="/subscribe" search={{ plan: key, billing }} className={buttonClasses({ variant: plan.popular ? 'default' : 'outline', className: 'mt-auto w-full' })}>
                  {plan.buttonText}
                  <span className="sr-only"> with {plan.name}</span>
                </Link>
              </li>
            );
          })}
        </ul>

        <section aria-labelledby="compare" className="mt-20">
          <h2 id="compare" className="text-2xl font-semibold text-gray-900 dark:text-white">
            Compare plans
          </h2>
          <div role="region" aria-labelledby="compare" tabIndex={0} className="mt-6 overflow-x-auto rounded-xl border border-gray-200 focus-visible:ring-2 focus-visible:ring-indigo-600 focus-visible:outline-none dark:border-gray-800">
            <table className="w-full min-w-[36rem] text-left text-sm">
              <thead className="bg-gray-50 text-gray-900 dark:bg-gray-900 dark:text-white">
                <tr>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Feature
                  </th>
                  {PRICING_PLAN_KEYS.map((k) => (
                    <th key={k} scope="col" className="px-4 py-3 font-semibold">
                      {PLANS[k].name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-200 text-gray-700 dark:divide-gray-800 dark:text-gray-300">
                {COMPARISON_ROWS.map((row) => (
                  <tr key={row.label}>
                    <th scope="row" className="px-4 py-3 font-medium text-gray-900 dark:text-white">
                      {row.label}
                    </th>
                    {PRICING_PLAN_KEYS.map((k) => (
                      <td key={k} className="px-4 py-3">
                        {row.value(k)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="mt-3 text-sm text-gray-600 dark:text-gray-300">
            Smaller team? See the Starter, Unlimited and SaaS Pro plans on the{' '}
            <Link to="/subscribe" search={{ plan: 'unlimited', billing }} className="font-medium text-indigo-700 underline dark:text-indigo-300">
              subscribe page
            </Link>{' '}
            or how we compare on{' '}
            <Link to="/pricing-comparison" className="font-medium text-indigo-700 underline dark:text-indigo-300">
              price against a leading competitor
            </Link>
            .
          </p>
        </section>

        <section aria-labelledby="faq" className="mt-20 max-w-3xl">
          <h2 id="faq" className="text-2xl font-semibold text-gray-900 dark:text-white">
            Frequently asked questions
          </h2>
          <div className="mt-6 divide-y divide-gray-200 rounded-xl border border-gray-200 dark:divide-gray-800 dark:border-gray-800">
            {FAQ.map((item) => (
              <details key={item.q} className="group px-5 py-4">
                <summary className="cursor-pointer font-medium text-gray-900 dark:text-white">{item.q}</summary>
                <p className="mt-2 text-sm text-gray-600 dark:text-gray-300">{item.a}</p>
              </details>
            ))}
          </div>
        </section>

        <section className="mt-20 flex flex-col items-center gap-4 rounded-2xl bg-indigo-700 px-6 py-12 text-center text-white">
          <h2 className="text-3xl font-bold">Ready when you are</h2>
          <p className="max-w-xl text-indigo-100">Start your free trial today. Upgrade, downgrade or cancel at any time.</p>
          <a href="/signup" className={buttonClasses({ variant: 'outline', className: 'bg-white text-indigo-700 hover:bg-indigo-50' })}>
            Start Free Trial
          </a>
        </section>
      </section>
    </PublicLayout>
  );
}
