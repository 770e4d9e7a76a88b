import { LockIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../lib/cn';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from './ui/card';
import { Spinner } from './ui/spinner';

/** One titled block of a settings page (a second-level heading under the page's title). */
export function SettingsSection({ title, description, actions, children, className }: { title: string; description?: ReactNode; actions?: ReactNode; children: ReactNode; className?: string }) {
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

/**
 * A settings table with its column headings. Tables scroll sideways on narrow screens instead of
 * squeezing their columns, unless `stackOnPhone`: below the `sm` breakpoint each row is then laid out
 * as a small card (the row `phoneRow`, its first cell `phoneWide` across the top, the others side by
 * side below, a cell left out with `phoneHidden`), so the row's controls are always on screen. The
 * markup stays a table with its headings (visually hidden there) for assistive technology.
 */
export function TableFrame({ children, label, columns, stackOnPhone = false }: { children: ReactNode; label: string; columns: TableColumn[]; stackOnPhone?: boolean }) {
  return (
    <div className="-mx-6 overflow-x-auto">
      <table
        aria-label={label}
        className={cn('w-full text-left text-sm [&_tbody_tr:last-child>td]:border-b-0', stackOnPhone ? 'max-sm:block max-sm:[&>tbody]:block sm:min-w-[36rem]' : 'min-w-[36rem]')}
      >
        <thead className={cn(stackOnPhone && 'max-sm:sr-only')}>
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
/** A row of a `stackOnPhone` table: on a phone, a two-column grid with a rule below it. */
export const phoneRow =
  'max-sm:grid max-sm:grid-cols-[minmax(0,1fr)_auto] max-sm:items-center max-sm:border-b max-sm:border-gray-100 max-sm:py-2 max-sm:last:border-b-0 dark:max-sm:border-gray-800/70';
/** A cell of a `stackOnPhone` table: no rule of its own on a phone (the row has one), less padding. */
export const phoneCell = 'max-sm:border-b-0 max-sm:py-1.5';
/** The cell that spans the row's card on a phone (the record's name). */
export const phoneWide = 'max-sm:col-span-2';
/** A cell a phone leaves out (what matters of it is said in the wide cell). */
export const phoneHidden = 'max-sm:hidden';
export const td = 'border-b border-gray-100 px-6 py-3 align-middle text-gray-700 dark:border-gray-800/70 dark:text-gray-300';
