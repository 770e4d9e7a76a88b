import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { cn } from '../../../../lib/cn';
import { Card } from '../../../../components/ui/card';

/**
 * One titled block of a dashboard (a second-level heading under the page's title), named for
 * assistive technology by its heading and marked busy while its figures are being replaced.
 */
export function Panel({
  title,
  description,
  actions,
  busy = false,
  children,
  className,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  busy?: boolean;
  children: ReactNode;
  className?: string;
}) {
  const headingId = useId();
  return (
    <Card role="region" aria-labelledby={headingId} aria-busy={busy || undefined} className={cn('flex min-w-0 flex-col', className)}>
      <div className="flex flex-wrap items-start justify-between gap-3 px-5 pt-5 pb-3">
        <div className="min-w-0">
          <h2 id={headingId} className="text-base font-semibold tracking-tight text-gray-900 dark:text-white">
            {title}
          </h2>
          {description ? <p className="mt-0.5 text-sm text-gray-600 dark:text-gray-400">{description}</p> : null}
        </div>
        {actions ? <div className="flex shrink-0 flex-wrap items-center gap-2">{actions}</div> : null}
      </div>
      <div className={cn('min-w-0 flex-1 px-5 pb-5 transition-opacity', busy && 'opacity-60')}>{children}</div>
    </Card>
  );
}

/** Said inside a panel when there is nothing to show yet, with what would fill it. */
export function PanelEmpty({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center justify-center rounded-lg border border-dashed border-gray-300 px-4 py-8 text-center dark:border-gray-700">
      <Icon className="size-6 text-gray-400 dark:text-gray-500" aria-hidden />
      <p className="mt-2 text-sm font-medium text-gray-900 dark:text-white">{title}</p>
      {children ? <p className="mt-1 max-w-md text-sm text-gray-600 dark:text-gray-400">{children}</p> : null}
    </div>
  );
}
