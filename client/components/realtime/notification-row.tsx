import { CheckIcon, CircleCheckIcon, CircleXIcon, ExternalLinkIcon, InfoIcon, TriangleAlertIcon, XIcon, type LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { cn } from '../../lib/cn';
import { formatDateTime, formatRelative } from '../../lib/format';
import { Button } from '../ui/button';
import { internalPath } from './events';
import type { NotificationItem, NotificationKind } from './notifications';
import type { useNotificationActions } from './use-notification-actions';

export const NOTIFICATION_KINDS: Record<NotificationKind, { icon: LucideIcon; label: string; className: string }> = {
  success: { icon: CircleCheckIcon, label: 'Success', className: 'bg-green-50 text-green-600 dark:bg-green-950 dark:text-green-400' },
  error: { icon: CircleXIcon, label: 'Error', className: 'bg-red-50 text-red-600 dark:bg-red-950 dark:text-red-400' },
  warning: { icon: TriangleAlertIcon, label: 'Warning', className: 'bg-amber-50 text-amber-600 dark:bg-amber-950 dark:text-amber-400' },
  info: { icon: InfoIcon, label: 'Information', className: 'bg-sky-50 text-sky-600 dark:bg-sky-950 dark:text-sky-400' },
};

/**
 * One notification: its kind as an icon, title, message and when; unread ones stand out. Open goes
 * to the record (and marks it read), and it can be marked read or removed.
 */
export function NotificationRow({
  notification: n,
  now,
  timeZone,
  actions,
  onNavigate,
}: {
  notification: NotificationItem;
  now: Date;
  timeZone?: string;
  actions: ReturnType<typeof useNotificationActions>;
  /** Called before going to the record (e.g. to close the panel). */
  onNavigate?: () => void;
}) {
  const titleId = useId();
  const kind = NOTIFICATION_KINDS[n.type] ?? NOTIFICATION_KINDS.info;
  const Icon = kind.icon;
  const link = internalPath(n.link);
  return (
    <li aria-labelledby={titleId} data-read={n.read} className={cn('relative flex gap-3 px-4 py-2.5', !n.read && 'bg-indigo-50/60 dark:bg-indigo-950/30')}>
      <span className={cn('mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full', kind.className)}>
        <Icon className="size-4" aria-hidden />
        <span className="sr-only">{kind.label}</span>
      </span>
      <div className="min-w-0 flex-1 pr-6">
        <p className="flex items-center gap-2">
          <span id={titleId} className={cn('text-sm text-gray-900 dark:text-white', n.read ? 'font-medium' : 'font-semibold')}>
            {n.title}
          </span>
          {n.read ? null : (
            <>
              <span className="size-2 shrink-0 rounded-full bg-indigo-600 dark:bg-indigo-400" aria-hidden />
              <span className="sr-only">(unread)</span>
            </>
          )}
        </p>
        <p className="mt-0.5 text-sm break-words text-gray-600 dark:text-gray-300">{n.message}</p>
        <p className="mt-1 text-xs text-gray-500 dark:text-gray-400">
          <time dateTime={n.timestamp} title={formatDateTime(n.timestamp, timeZone)}>
            {formatRelative(n.timestamp, now, timeZone)}
          </time>
        </p>
        {link || !n.read ? (
          <div className="mt-1.5 -ml-2 flex flex-wrap items-center gap-1">
            {link ? (
              <Button
                size="sm"
                variant="ghost"
                aria-describedby={titleId}
                className="h-7 px-2 text-xs text-indigo-700 hover:text-indigo-800 dark:text-indigo-300 dark:hover:text-indigo-200"
                onClick={() => {
                  onNavigate?.();
                  actions.open(n);
                }}
              >
                <ExternalLinkIcon className="size-3.5" aria-hidden />
                Open
              </Button>
            ) : null}
            {n.read ? null : (
              <Button size="sm" variant="ghost" aria-describedby={titleId} onClick={() => actions.markRead(n)} className="h-7 px-2 text-xs">
                <CheckIcon className="size-3.5" aria-hidden />
                Mark as read
              </Button>
            )}
          </div>
        ) : null}
      </div>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Remove notification: ${n.title}`}
        onClick={() => actions.remove(n)}
        className="absolute top-2 right-2 size-7 text-gray-400 hover:text-gray-700 dark:text-gray-500 dark:hover:text-gray-200"
      >
        <XIcon className="size-4" aria-hidden />
      </Button>
    </li>
  );
}
