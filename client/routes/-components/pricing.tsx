import { CheckIcon } from 'lucide-react';
import { SegmentedControl } from '../../components/ui/segmented-control';
import { PRICING_TEXTS } from '../../content/pricing';
import { useT } from '../../i18n';
import { formatNumber, formatUsd } from '../../i18n/format';
import type { Language } from '../../i18n/languages';
import { PLANS, priceOf, type BillingInterval, type LimitedResource, type Plan, type PlanKey } from '../../../server/billing/schema';

/** Pieces shared by the public pricing, comparison and subscribe pages (zod- and tRPC-free), in the site's language. */

export function BillingToggle({ value, onChange }: { value: BillingInterval; onChange: (value: BillingInterval) => void }) {
  const {
    text: { billing },
  } = useT(PRICING_TEXTS);
  return (
    <div className="flex items-center gap-3">
      <SegmentedControl
        label={billing.label}
        value={value}
        onValueChange={onChange}
        options={[
          { value: 'monthly', label: billing.monthly },
          { value: 'yearly', label: billing.yearly, description: billing.yearlyDescription },
        ]}
      />
      <span className="rounded-full bg-green-100 px-2.5 py-1 text-xs font-semibold text-green-800 dark:bg-green-900/50 dark:text-green-300">{billing.badge}</span>
    </div>
  );
}

export function PlanPrice({ plan, billing }: { plan: Plan; billing: BillingInterval }) {
  const { text, language } = useT(PRICING_TEXTS);
  return (
    <p className="flex flex-wrap items-baseline gap-x-2">
      <span className="text-4xl font-bold tracking-tight text-gray-900 dark:text-white" data-testid={`price-${plan.key}`}>
        {formatUsd(language, priceOf(plan, billing))}
      </span>
      <span className="text-sm text-gray-600 dark:text-gray-300">{billing === 'yearly' ? text.perYear : text.perMonth}</span>
      {billing === 'monthly' && plan.originalMonthlyPrice ? (
        <span className="text-sm text-gray-600 line-through dark:text-gray-400">
          <span className="sr-only">{text.was} </span>
          {formatUsd(language, plan.originalMonthlyPrice)}
        </span>
      ) : null}
    </p>
  );
}

export function FeatureList({ features }: { features: readonly string[] }) {
  return (
    <ul className="grid gap-2 text-sm text-gray-700 dark:text-gray-300">
      {features.map((f) => (
        <li key={f} className="flex items-start gap-2">
          <CheckIcon className="mt-0.5 size-4 shrink-0 text-indigo-600 dark:text-indigo-400" aria-hidden />
          {f}
        </li>
      ))}
    </ul>
  );
}

/** A plan's limit of a resource: the number in the language's digits, or the language's "Unlimited". */
export function planLimit(language: Language, unlimited: string, key: PlanKey, resource: LimitedResource): string {
  const limit = PLANS[key].limits[resource];
  return limit === null ? unlimited : formatNumber(language, limit);
}
