import { Switch as SwitchPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { focusRing } from './focus';

const control = cn(
  'block w-full rounded-md border border-gray-300 bg-white px-3 text-sm text-gray-900 shadow-sm transition-colors placeholder:text-gray-400',
  'disabled:cursor-not-allowed disabled:opacity-60 read-only:bg-gray-50',
  'aria-[invalid=true]:border-red-500 aria-[invalid=true]:focus-visible:ring-red-500',
  'dark:border-gray-700 dark:bg-gray-950 dark:text-gray-100 dark:placeholder:text-gray-500 dark:read-only:bg-gray-900',
  focusRing,
  'focus-visible:ring-offset-0',
);

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input data-slot="input" className={cn(control, 'h-9 py-1.5', className)} {...props} />;
}

/** A native select: keyboard, screen readers and mobile pickers work as the platform does. */
export function Select({ className, ...props }: ComponentProps<'select'>) {
  return <select data-slot="select" className={cn(control, 'h-9 py-1.5 pr-8', className)} {...props} />;
}

export function Label({ className, ...props }: ComponentProps<'label'>) {
  return <label data-slot="label" className={cn('text-sm font-medium text-gray-900 dark:text-gray-100', className)} {...props} />;
}

/** An on/off control announced as a switch; label it with <Label htmlFor> or aria-label. */
export function Switch({ className, ...props }: ComponentProps<typeof SwitchPrimitive.Root>) {
  return (
    <SwitchPrimitive.Root
      data-slot="switch"
      className={cn(
        'relative inline-flex h-5 w-9 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent transition-colors',
        'bg-gray-300 data-[state=checked]:bg-indigo-600 dark:bg-gray-700 dark:data-[state=checked]:bg-indigo-500',
        'disabled:cursor-not-allowed disabled:opacity-50',
        focusRing,
        className,
      )}
      {...props}
    >
      <SwitchPrimitive.Thumb className="pointer-events-none block size-4 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-4 data-[state=unchecked]:translate-x-0" />
    </SwitchPrimitive.Root>
  );
}
