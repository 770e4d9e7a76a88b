import { CheckIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { SegmentedControl } from '../../../components/ui/segmented-control';
import { PRICING_TEXTS } from '../../../content/pricing';
import { useT } from '../../../i18n';
import { formatNumber, formatUsd } from '../../../i18n/format';
import type { Language } from '../../../i18n/languages';
import { PLANS, priceOf, type BillingInterval, type LimitedResource, type Plan, type PlanKey } from '../../../../server/billing/schema';

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

/**
 * Plans side by side, a row per feature or limit: the pricing page's comparison and the subscribe
 * page's limits. A keyboard-focusable region, so that a phone's reader can scroll it sideways.
 */
export function PlanTable({
  labelledBy,
  firstColumn,
  plans,
  rows,
}: {
  /** The id of the heading that names the table. */
  labelledBy: string;
  firstColumn: string;
  plans: readonly PlanKey[];
  rows: readonly { key: string; label: string; cell: (plan: PlanKey) => ReactNode }[];
}) {
  return (
    <div
      role="region"
      aria-labelledby={labelledBy}
      tabIndex={0}
      className="mt-6 overflow-x-auto rounded-xl border border-gray-200 focus-visible:ring-2 focus-visible:ring-indigo-600 focus-visible:outline-none dark:border-gray-800"
    >
      <table className="w-full min-w-[36rem] text-start text-sm">
        <thead className="bg-gray-50 text-gray-900 dark:bg-gray-900 dark:text-white">
          <tr>
            <th scope="col" className="px-4 py-3 text-start font-semibold">
              {firstColumn}
            </th>
            {plans.map((k) => (
              <th key={k} scope="col" className="px-4 py-3 text-start font-semibold">
                {PLANS[k].name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-200 text-gray-700 dark:divide-gray-800 dark:text-gray-300">
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row" className="px-4 py-3 text-start font-medium text-gray-900 dark:text-white">
                {row.label}
              </th>
              {plans.map((k) => (
                <td key={k} className="px-4 py-3">
                  {row.cell(k)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
