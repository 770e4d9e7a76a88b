import { clsx } from 'clsx';

export type Billing = 'monthly' | 'yearly';

/** Monthly / yearly switch of the localized pricing sections (spec §4: it changes displayed prices only). */
export function BillingToggle({ value, onChange, labels, badge }: { value: Billing; onChange: (next: Billing) => void; labels: Record<Billing, string> & { group: string }; badge: string }) {
  return (
    <div role="group" aria-label={labels.group} className="inline-flex items-center gap-1 rounded-full border border-gray-200 bg-white p-1 dark:border-gray-800 dark:bg-gray-900">
      {(['monthly', 'yearly'] as const).map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={value === option}
          onClick={() => onChange(option)}
          className={clsx(
            'flex items-center gap-2 rounded-full px-4 py-1.5 text-sm font-medium focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none',
            value === option ? 'bg-indigo-600 text-white' : 'text-gray-700 hover:text-gray-900 dark:text-gray-300 dark:hover:text-white',
          )}
        >
          {labels[option]}
          {option === 'yearly' ? (
            <span className={clsx('rounded-full px-2 py-0.5 text-xs', value === option ? 'bg-white/20 text-white' : 'bg-green-100 text-green-800 dark:bg-green-900 dark:text-green-200')}>{badge}</span>
          ) : null}
        </button>
      ))}
    </div>
  );
}
