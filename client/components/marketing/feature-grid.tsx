import type { LucideIcon } from 'lucide-react';
import { cn } from '../../lib/cn';
import { ActionLink, type MarketingAction } from './actions';

export type Feature = { icon?: LucideIcon; title: string; text: string; points?: readonly string[]; action?: MarketingAction };

/** Cards of features, benefits or capabilities; each an h3 with its text and an optional action. */
export function FeatureGrid({ items, columns = 3 }: { items: readonly Feature[]; columns?: 2 | 3 | 4 }) {
  return (
    <ul className={cn('grid gap-4 sm:grid-cols-2', columns === 3 && 'lg:grid-cols-3', columns === 4 && 'lg:grid-cols-4')}>
      {items.map(({ icon: Icon, title, text, points, action }) => (
        <li key={title} className="flex flex-col rounded-xl border border-gray-200 bg-white p-5 shadow-sm dark:border-gray-800 dark:bg-gray-900">
          {Icon ? <Icon className="size-6 text-indigo-600 dark:text-indigo-400" aria-hidden /> : null}
          <h3 className="mt-3 font-semibold text-gray-900 dark:text-white">{title}</h3>
          <p className="mt-1 text-sm text-gray-600 dark:text-gray-300">{text}</p>
          {points ? (
            <ul className="mt-3 list-disc space-y-1 ps-5 text-sm text-gray-700 dark:text-gray-300">
              {points.map((point) => (
                <li key={point}>{point}</li>
              ))}
            </ul>
          ) : null}
          {action ? (
            <div className="mt-auto pt-4">
              <ActionLink action={{ variant: 'outline', ...action }} size="sm" />
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
