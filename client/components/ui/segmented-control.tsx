import { ToggleGroup } from 'radix-ui';
import { cn } from '../../lib/cn';
import { focusRing } from './focus';

export type SegmentedOption<T extends string> = { value: T; label: string; /** Read by screen readers instead of the short label ("Last 7 days" for "7d"). */ description?: string };

/**
 * One choice among a few (period 7d / 30d / 90d / 1y): announced as a radio group, arrow keys move
 * between the options, and the chosen one cannot be unselected.
 */
export function SegmentedControl<T extends string>({
  value,
  onValueChange,
  options,
  label,
  className,
  disabled,
}: {
  value: T | null;
  onValueChange: (value: T) => void;
  options: readonly SegmentedOption<T>[];
  /** What is being chosen ("Period"). */
  label: string;
  className?: string;
  disabled?: boolean;
}) {
  return (
    <ToggleGroup.Root
      type="single"
      value={value ?? ''}
      onValueChange={(next) => {
        if (next) onValueChange(next as T);
      }}
      aria-label={label}
      disabled={disabled}
      className={cn('inline-flex w-fit max-w-full items-center gap-1 overflow-x-auto rounded-lg bg-gray-100 p-1 dark:bg-gray-800', className)}
    >
      {options.map((option) => (
        <ToggleGroup.Item
          key={option.value}
          value={option.value}
          aria-label={option.description}
          title={option.description}
          className={cn(
            'inline-flex h-8 min-w-10 items-center justify-center rounded-md px-3 text-sm font-medium whitespace-nowrap text-gray-600 transition-colors',
            'hover:text-gray-900 disabled:pointer-events-none disabled:opacity-50 dark:text-gray-400 dark:hover:text-white',
            'data-[state=on]:bg-white data-[state=on]:text-gray-900 data-[state=on]:shadow-sm dark:data-[state=on]:bg-gray-950 dark:data-[state=on]:text-white',
            focusRing,
          )}
        >
          {option.label}
        </ToggleGroup.Item>
      ))}
    </ToggleGroup.Root>
  );
}
