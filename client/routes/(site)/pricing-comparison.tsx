import { createFileRoute, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { PublicLayout } from '../../components/public-layout';
import { buttonClasses } from '../../components/ui/button';
import { Input, Label, Select } from '../../components/ui/input';
import { PRICING_TEXTS } from '../../content/pricing';
import { useT } from '../../i18n';
import { formatUsd } from '../../i18n/format';
import { annualSavings, COMPETITOR_TIERS } from '../../content/price-lists';
import { PLANS } from '../../../server/billing/schema';

export const Route = createFileRoute('/(site)/pricing-comparison')({
  staticData: { title: 'Pricing comparison' },
  component: PricingComparisonPage,
});

/** Spec public-site §2.14: prices side by side, the feature matrix by category, the annual savings calculator. */
function PricingComparisonPage() {
  const { text, language } = useT(PRICING_TEXTS);
  const page = text.comparison;
  return (
    <PublicLayout>
      <section className="mx-auto w-full max-w-6xl px-4 py-16 sm:px-6 lg:px-8">
        <h1 className="text-4xl font-bold tracking-tight text-gray-900 dark:text-white">{page.title}</h1>
        <p className="mt-4 max-w-2xl text-lg text-gray-600 dark:text-gray-300">{page.lead}</p>

        <section aria-labelledby="prices" className="mt-12">
          <h2 id="prices" className="text-2xl font-semibold text-gray-900 dark:text-white">
            {page.pricesTitle}
          </h2>
          <ul className="mt-6 grid gap-6 md:grid-cols-3">
            {COMPETITOR_TIERS.map((tier) => {
              const plan = PLANS[tier.ourPlan];
              return (
                <li key={tier.key} className="grid gap-3 rounded-2xl border border-gray-200 p-6 dark:border-gray-800">
                  <h3 className="font-semibold text-gray-900 dark:text-white">{page.tiers[tier.key]}</h3>
                  <dl className="grid grid-cols-2 gap-2 text-sm">
                    <dt className="text-gray-600 dark:text-gray-300">{page.ourPlan(plan.name)}</dt>
                    <dd className="text-end font-semibold text-gray-900 dark:text-white">{page.monthly(formatUsd(language, plan.monthlyPrice))}</dd>
                    <dt className="text-gray-600 dark:text-gray-300">{page.competitor}</dt>
                    <dd className="text-end text-gray-900 dark:text-white">{page.monthly(formatUsd(language, tier.competitorMonthly))}</dd>
                    <dt className="text-gray-600 dark:text-gray-300">{page.youSaveEachYear}</dt>
                    <dd className="text-end font-semibold text-green-700 dark:text-green-400">{formatUsd(language, annualSavings(tier.competitorMonthly, plan.monthlyPrice))}</dd>
                  </dl>
                  <Link to="/subscribe" search={{ plan: tier.ourPlan, billing: 'monthly' }} className={buttonClasses({ variant: 'outline', className: 'mt-2' })}>
                    {text.plans[tier.ourPlan].buttonText}
                    <span className="sr-only"> {text.withPlan(plan.name)}</span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </section>

        <SavingsCalculator />

        <section aria-labelledby="matrix" className="mt-16">
          <h2 id="matrix" className="text-2xl font-semibold text-gray-900 dark:text-white">
            {page.matrixTitle}
          </h2>
          <div
            role="region"
            aria-labelledby="matrix"
            tabIndex={0}
            className="mt-6 overflow-x-auto rounded-xl border border-gray-200 focus-visible:ring-2 focus-visible:ring-indigo-600 focus-visible:outline-none dark:border-gray-800"
          >
            <table className="w-full min-w-[32rem] text-start text-sm">
              <thead className="bg-gray-50 text-gray-900 dark:bg-gray-900 dark:text-white">
                <tr>
                  <th scope="col" className="px-4 py-3 text-start font-semibold">
                    {page.featureColumn}
                  </th>
                  <th scope="col" className="px-4 py-3 text-start font-semibold">
                    Switchboard
                  </th>
                  <th scope="col" className="px-4 py-3 text-start font-semibold">
                    {page.competitor}
                  </th>
                </tr>
              </thead>
              {page.matrix.map((group) => (
                <tbody key={group.category} className="divide-y divide-gray-200 text-gray-700 dark:divide-gray-800 dark:text-gray-300">
                  <tr className="bg-gray-50/60 dark:bg-gray-900/60">
                    <th scope="colgroup" colSpan={3} className="px-4 py-2 text-start text-xs font-semibold tracking-wide text-gray-700 uppercase dark:text-gray-300">
                      {group.category}
                    </th>
                  </tr>
                  {group.rows.map((row) => (
                    <tr key={row.feature}>
                      <th scope="row" className="px-4 py-3 text-start font-medium text-gray-900 dark:text-white">
                        {row.feature}
                      </th>
                      <td className="px-4 py-3">{row.ours}</td>
                      <td className="px-4 py-3">{row.competitor}</td>
                    </tr>
                  ))}
                </tbody>
              ))}
            </table>
          </div>
        </section>

        <div className="mt-16 flex flex-wrap items-center gap-4">
          <Link to="/subscribe" search={{ plan: 'unlimited', billing: 'monthly' }} className={buttonClasses()}>
            {page.startTrial}
          </Link>
          <Link to="/pricing" className={buttonClasses({ variant: 'outline' })}>
            {page.seeEnterprise}
          </Link>
        </div>
      </section>
    </PublicLayout>
  );
}

function SavingsCalculator() {
  const { text, language } = useT(PRICING_TEXTS);
  const page = text.comparison;
  const [tierKey, setTierKey] = useState<(typeof COMPETITOR_TIERS)[number]['key']>('growing');
  const [accounts, setAccounts] = useState('1');
  const tier = COMPETITOR_TIERS.find((t) => t.key === tierKey) ?? COMPETITOR_TIERS[0];
  const plan = PLANS[tier.ourPlan];
  const savings = annualSavings(tier.competitorMonthly, plan.monthlyPrice, Number(accounts));
  return (
    <section aria-labelledby="calculator" className="mt-16 rounded-2xl border border-gray-200 p-6 dark:border-gray-800">
      <h2 id="calculator" className="text-2xl font-semibold text-gray-900 dark:text-white">
        {page.calculatorTitle}
      </h2>
      <div className="mt-6 grid gap-4 sm:grid-cols-3 sm:items-end">
        <div className="grid gap-1.5">
          <Label htmlFor="savings-tier">{page.yourBusiness}</Label>
          <Select id="savings-tier" value={tierKey} onChange={(e) => setTierKey(e.target.value as typeof tierKey)}>
            {COMPETITOR_TIERS.map((t) => (
              <option key={t.key} value={t.key}>
                {page.tiers[t.key]} ({PLANS[t.ourPlan].name})
              </option>
            ))}
          </Select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="savings-accounts">{page.accounts}</Label>
          <Input id="savings-accounts" type="number" inputMode="numeric" min={1} max={1000} value={accounts} onChange={(e) => setAccounts(e.target.value)} />
        </div>
        <p className="text-lg text-gray-900 dark:text-white" aria-live="polite">
          {page.savePrefix}{' '}
          <strong className="text-green-700 dark:text-green-400" data-testid="annual-savings">
            {formatUsd(language, savings)}
          </strong>{' '}
          {page.saveSuffix}
        </p>
      </div>
    </section>
  );
}
