import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Actions, type MarketingAction } from './actions';

/** The top of a public page: the page's one h1, its promise and its calls to action. */
export function Hero({
  eyebrow,
  title,
  lead,
  actions = [],
  badge,
  note,
  children,
  align = 'center',
}: {
  eyebrow?: string;
  title: string;
  lead: ReactNode;
  actions?: MarketingAction[];
  /** A compliance or trust badge shown above the title. */
  badge?: ReactNode;
  /** A short line under the buttons (trial terms, cancellation). */
  note?: string;
  children?: ReactNode;
  align?: 'center' | 'start';
}) {
  const centered = align === 'center';
  return (
    <section className="relative overflow-hidden border-b border-gray-100 dark:border-gray-900">
      <div aria-hidden className="pointer-events-none absolute inset-x-0 -top-40 -z-10 h-96 bg-gradient-to-b from-indigo-100/70 to-transparent dark:from-indigo-900/30" />
      <div className={cn('mx-auto flex max-w-5xl flex-col px-4 pt-16 pb-14 sm:px-6 sm:pt-20 lg:px-8', centered ? 'items-center text-center' : 'items-start')}>
        {badge ? <div className="mb-4">{badge}</div> : null}
        {eyebrow ? <p className="text-sm font-semibold tracking-wide text-indigo-700 uppercase dark:text-indigo-300">{eyebrow}</p> : null}
        <h1 className="mt-3 max-w-4xl text-4xl font-bold tracking-tight text-balance text-gray-900 sm:text-5xl dark:text-white">{title}</h1>
        <div className="mt-5 max-w-3xl text-lg text-gray-600 sm:text-xl dark:text-gray-300">{lead}</div>
        {actions.length > 0 ? <Actions actions={actions} className={cn('mt-8 flex flex-wrap gap-3', centered && 'justify-center')} /> : null}
        {note ? <p className="mt-4 text-sm text-gray-600 dark:text-gray-400">{note}</p> : null}
        {children}
      </div>
    </section>
  );
}

/** A pill above a hero title (e.g. 'Self-hosted · patient data on your servers'). */
export function HeroBadge({ icon: Icon, children }: { icon?: React.ComponentType<{ className?: string; 'aria-hidden'?: boolean }>; children: ReactNode }) {
  return (
    <span className="inline-flex items-center gap-1.5 rounded-full border border-indigo-200 bg-indigo-50 px-3 py-1 text-xs font-medium text-indigo-800 dark:border-indigo-800 dark:bg-indigo-950 dark:text-indigo-200">
      {Icon ? <Icon className="size-3.5" aria-hidden /> : null}
      {children}
    </span>
  );
}
