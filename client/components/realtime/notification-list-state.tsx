import { InboxIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';

/** A notifications list, or what stands in its place: loading, a retryable error, or the empty state. */
export function NotificationListState({
  isPending,
  isError,
  onRetry,
  isEmpty,
  emptyTitle = 'No notifications yet',
  className,
  children,
}: {
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
  isEmpty: boolean;
  emptyTitle?: string;
  /** Vertical padding of the states, to suit the panel or the dialog. */
  className?: string;
  children: ReactNode;
}) {
  if (isPending) {
    return (
      <div className={cn('flex justify-center py-8', className)}>
        <Spinner label="Loading notifications" />
      </div>
    );
  }
  if (isError) {
    return (
      <div role="alert" className={cn('flex flex-col items-center gap-3 px-6 py-8 text-center text-sm text-gray-700 dark:text-gray-300', className)}>
        Could not load your notifications.
        <Button size="sm" variant="outline" onClick={onRetry}>
          Try again
        </Button>
      </div>
    );
  }
  if (isEmpty) {
    return (
      <div className={cn('flex flex-col items-center gap-2 px-6 py-8 text-center', className)}>
        <InboxIcon className="size-8 text-gray-400" aria-hidden />
        <p className="text-sm font-medium text-gray-900 dark:text-white">{emptyTitle}</p>
        <p className="text-sm text-gray-600 dark:text-gray-400">New contacts, won deals, finished imports and new teammates are announced here.</p>
      </div>
    );
  }
  return children;
}
