import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

/** The frame of an application screen: a heading row and the content below it. */
export function Page({ title, description, actions, children, className }: { title: string; description?: ReactNode; actions?: ReactNode; children?: ReactNode; className?: string }) {
  return (
    <div className={cn('mx-auto flex w-full max-w-7xl flex-col gap-6 px-4 py-6 sm:px-6 lg:px-8 lg:py-8', className)}>
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight text-gray-900 dark:text-white">{title}</h1>
          {description ? <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">{description}</p> : null}
        </div>
        {actions ? <div className="flex shrink-0 items-center gap-2">{actions}</div> : null}
      </header>
      {children}
    </div>
  );
}

/** Says honestly that there is nothing here yet, and what will appear. */
export function EmptyState({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: ReactNode }) {
  return (
    <section
      aria-label={title}
      className="flex flex-col items-center justify-center rounded-xl border border-dashed border-gray-300 bg-white px-6 py-16 text-center dark:border-gray-700 dark:bg-gray-900"
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-600 dark:bg-indigo-950 dark:text-indigo-400">
        <Icon className="size-6" aria-hidden />
      </span>
      <h2 className="mt-4 text-base font-semibold text-gray-900 dark:text-white">{title}</h2>
      <p className="mt-1 max-w-md text-sm text-gray-600 dark:text-gray-400">{children}</p>
    </section>
  );
}

/** An application screen that has no data yet: heading plus empty state. */
export function EmptyPage({ title, icon, emptyTitle, children }: { title: string; icon: LucideIcon; emptyTitle: string; children: ReactNode }) {
  return (
    <Page title={title}>
      <EmptyState icon={icon} title={emptyTitle}>
        {children}
      </EmptyState>
    </Page>
  );
}
