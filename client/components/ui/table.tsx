import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/**
 * Semantic table parts with the app's styling; the wrapper scrolls sideways on narrow screens. It is
 * the containing block of what is positioned inside (visually hidden header labels), so nothing escapes
 * the scrolling and widens a phone's page.
 */
export function Table({ className, ...props }: ComponentProps<'table'>) {
  return (
    <div className="relative w-full overflow-x-auto rounded-lg border border-gray-200 dark:border-gray-800">
      <table className={cn('w-full border-collapse text-left text-sm', className)} {...props} />
    </div>
  );
}

export function THead({ className, ...props }: ComponentProps<'thead'>) {
  return <thead className={cn('bg-gray-50 text-xs uppercase tracking-wide text-gray-600 dark:bg-gray-900 dark:text-gray-400', className)} {...props} />;
}

export function TBody({ className, ...props }: ComponentProps<'tbody'>) {
  return <tbody className={cn('divide-y divide-gray-100 bg-white dark:divide-gray-800 dark:bg-gray-950', className)} {...props} />;
}

export function Tr({ className, ...props }: ComponentProps<'tr'>) {
  return <tr className={cn('aria-selected:bg-indigo-50/60 dark:aria-selected:bg-indigo-950/40', className)} {...props} />;
}

export function Th({ className, ...props }: ComponentProps<'th'>) {
  return <th scope="col" className={cn('whitespace-nowrap px-3 py-2 font-semibold', className)} {...props} />;
}

export function Td({ className, ...props }: ComponentProps<'td'>) {
  return <td className={cn('px-3 py-2 align-middle text-gray-900 dark:text-gray-100', className)} {...props} />;
}
