import { focusRing } from './focus';

/**
 * The button look as plain class strings, without tailwind-merge: the public site's chrome joins
 * them directly (no overrides to resolve) and so stays out of the application's dependencies.
 * buttonClasses (./button.tsx) composes the same strings with overrides for everything else.
 */
export const buttonBase = [
  'inline-flex shrink-0 items-center justify-center font-medium whitespace-nowrap transition-colors select-none',
  'disabled:pointer-events-none disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:shrink-0',
  focusRing,
].join(' ');

export const variants = {
  default: 'bg-indigo-600 text-white shadow-sm hover:bg-indigo-500 dark:bg-indigo-500 dark:hover:bg-indigo-400',
  secondary: 'bg-gray-100 text-gray-900 hover:bg-gray-200 dark:bg-gray-800 dark:text-gray-100 dark:hover:bg-gray-700',
  outline: 'border border-gray-300 bg-white text-gray-900 shadow-sm hover:bg-gray-50 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100 dark:hover:bg-gray-800',
  ghost: 'text-gray-700 hover:bg-gray-100 hover:text-gray-900 dark:text-gray-300 dark:hover:bg-gray-800 dark:hover:text-white',
  destructive: 'bg-red-600 text-white shadow-sm hover:bg-red-500 dark:bg-red-600 dark:hover:bg-red-500',
} as const;

export const sizes = {
  sm: 'h-8 gap-1.5 rounded-md px-3 text-sm',
  md: 'h-9 gap-2 rounded-md px-4 text-sm',
  lg: 'h-11 gap-2 rounded-lg px-6 text-base',
  icon: 'size-9 rounded-md',
} as const;

/** A button's classes with no overrides: base, variant and size. */
export function plainButtonClasses(variant: keyof typeof variants = 'default', size: keyof typeof sizes = 'md', extra = ''): string {
  return [buttonBase, variants[variant], sizes[size], extra].filter(Boolean).join(' ');
}
