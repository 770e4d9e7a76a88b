import { CheckIcon } from 'lucide-react';
import { SegmentedControl } from '../../components/ui/segmented-control';
import { PLANS, priceOf, YEARLY_BADGE, type BillingInterval, type LimitedResource, type Plan, type PlanKey } from '../../../server/billing/schema';

/** Pieces shared by the public pricing, comparison and subscribe pages (zod- and tRPC-free). */

export const usd = (dollars: number) => `$${dollars.toLocaleString('en-US')}`;

export function BillingToggle({ value, onChange }: { value: BillingInterval; onChange: (value: BillingInterval) => void }) {
  return (
    <div className="flex items-center gap-3">
      <SegmentedControl
        label="Billing period"
        value={value}
        onValueChange={onChange}
        options={[
          { value: 'monthly', label: 'Monthly' },
          { value: 'yearly', label: 'Yearly', description: `Yearly, ${YEARLY_BADGE.toLowerCase()}` },
        ]}
      />
      <span className="rounded-full bg-green-100 px-2.5 py-1 text-xs font-semibold text-green-800 dark:bg-green-900/50 dark:text-green-300">{YEARLY_BADGE}</span>
    </div>
  );
}

export function PlanPrice({ plan, billing }: { plan: Plan; billing: BillingInterval }) {
  return (
    <p className="flex items-baseline gap-2">
      <span className="text-4xl font-bold tracking-tight text-gray-900 dark:text-white" data-testid={`price-${plan.key}`}>
        {usd(priceOf(plan, billing))}
      </span>
      <span className="text-sm text-gray-600 dark:text-gray-300">{billing === 'yearly' ? '/year' : '/month'}</span>
      {billing === 'monthly' && plan.originalMonthlyPrice ? (
        <span className="text-sm text-gray-600 line-through dark:text-gray-400">
          <span className="sr-only">was </span>
          {usd(plan.originalMonthlyPrice)}
        </span>
      ) : null}
    </p>
  );
}

export function FeatureList({ features }: { features: string[] }) {
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

export function limitText(limit: number | null): string {
  return limit === null ? 'Unlimited' : limit.toLocaleString('en-US');
}

export const planLimit = (key: PlanKey, resource: LimitedResource) => limitText(PLANS[key].limits[resource]);
