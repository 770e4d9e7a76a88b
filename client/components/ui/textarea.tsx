import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { focusRing } from './focus';

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      data-slot="textarea"
      className={cn(
        'block min-h-20 w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900 shadow-sm placeholder:text-gray-400',
        'disabled:cursor-not-allowed disabled:opacity-60 aria-[invalid=true]:border-red-500',
        'dark:border-gray-700 dark:bg-gray-950 dark:text-gray-100 dark:placeholder:text-gray-500',
        focusRing,
        'focus-visible:ring-offset-0',
        className,
      )}
      {...props}
    />
  );
}
