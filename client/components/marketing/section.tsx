import { type ReactNode, useId } from 'react';
import { cn } from '../../lib/cn';

/** A titled band of a public page: an h2 that names the region for assistive technology. */
export function Section({
  id,
  title,
  intro,
  children,
  tone = 'plain',
  width = 'wide',
  className,
}: {
  id?: string;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  tone?: 'plain' | 'muted';
  width?: 'wide' | 'narrow';
  className?: string;
}) {
  const headingId = useId();
  return (
    <section id={id} aria-labelledby={headingId} className={cn('scroll-mt-20', tone === 'muted' && 'bg-gray-50 dark:bg-gray-900/50', className)}>
      <div className={cn('mx-auto w-full px-4 py-14 sm:px-6 sm:py-16 lg:px-8', width === 'wide' ? 'max-w-7xl' : 'max-w-3xl')}>
        <h2 id={headingId} className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl dark:text-white">
          {title}
        </h2>
        {intro ? <div className="mt-3 max-w-3xl text-base text-gray-600 dark:text-gray-300">{intro}</div> : null}
        <div className="mt-8">{children}</div>
      </div>
    </section>
  );
}
