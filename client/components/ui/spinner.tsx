import { LoaderCircleIcon } from 'lucide-react';
import { cn } from '../../lib/cn';

/** An announced loading indicator. */
export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span role="status" aria-label={label} className={cn('inline-flex text-indigo-600 dark:text-indigo-400', className)}>
      <LoaderCircleIcon className="size-8 animate-spin" aria-hidden />
    </span>
  );
}

/** Centered in the space it gets: the router's pending screen while a lazily loaded route chunk arrives. */
export function PendingScreen() {
  return (
    <div className="flex min-h-[50vh] flex-1 items-center justify-center p-8">
      <Spinner />
    </div>
  );
}
