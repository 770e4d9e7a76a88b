import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { focusRing } from './focus';

/** A native checkbox (keyboard and screen readers as the platform does); `indeterminate` for "some selected". */
export function Checkbox({ className, indeterminate, ...props }: ComponentProps<'input'> & { indeterminate?: boolean }) {
  return (
    <input
      type="checkbox"
      data-slot="checkbox"
      ref={(el) => {
        if (el) el.indeterminate = Boolean(indeterminate);
      }}
      aria-checked={indeterminate ? 'mixed' : undefined}
      className={cn('size-4 shrink-0 cursor-pointer rounded border-gray-300 accent-indigo-600 disabled:cursor-not-allowed disabled:opacity-60 dark:border-gray-600', focusRing, className)}
      {...props}
    />
  );
}
