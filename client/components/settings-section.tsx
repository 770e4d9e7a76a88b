import { LockIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../lib/cn';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from './ui/card';
import { Spinner } from './ui/spinner';

/** One titled block of a settings page (a second-level heading under the page's title). */
export function SettingsSection({
  title,
  description,
  actions,
  children,
  className,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Card className={cn('overflow-hidden', className)} role="region" aria-label={title}>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-4">
        <div className="flex min-w-0 flex-col gap-1.5">
          <CardTitle as="h2">{title}</CardTitle>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </div>
        {actions ? <div className="flex shrink-0 items-center gap-2">{actions}</div> : null}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** Said in place of a section the member's role does not open. */
export function NoAccess({ children }: { children: ReactNode }) {
  return (
    <div className="flex items-start gap-3 rounded-lg border border-dashed border-gray-300 p-4 text-sm text-gray-600 dark:border-gray-700 dark:text-gray-400">
      <LockIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <p>{children}</p>
    </div>
  );
}

export function SectionLoading() {
  return (
    <div className="flex justify-center py-6">
      <Spinner />
    </div>
  );
}

/** A column of a TableFrame: its heading, or one only screen readers hear (a column of buttons). */
export type TableColumn = string | { label: string; srOnly?: boolean; align?: 'right' };

/** A settings table with its column headings; tables scroll sideways on narrow screens instead of squeezing their columns. */
export function TableFrame({ children, label, columns }: { children: ReactNode; label: string; columns: TableColumn[] }) {
  return (
    <div className="-mx-6 overflow-x-auto">
      <table aria-label={label} className="w-full min-w-[36rem] text-left text-sm [&_tbody_tr:last-child>td]:border-b-0">
        <thead>
          <tr>
            {columns.map((column) => {
              const { label: heading, srOnly, align } = typeof column === 'string' ? { label: column } : column;
              return (
                <th key={heading} scope="col" className={cn(th, align === 'right' && 'text-right')}>
                  {srOnly ? <span className="sr-only">{heading}</span> : heading}
                </th>
              );
            })}
          </tr>
        </thead>
        {children}
      </table>
    </div>
  );
}

const th = 'border-b border-gray-200 px-6 py-2 text-xs font-medium tracking-wide text-gray-500 uppercase dark:border-gray-800 dark:text-gray-400';
export const td = 'border-b border-gray-100 px-6 py-3 align-middle text-gray-700 dark:border-gray-800/70 dark:text-gray-300';
