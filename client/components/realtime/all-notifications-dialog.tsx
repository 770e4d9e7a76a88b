import { CheckCheckIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useMe } from '../../lib/auth';
import { trpc } from '../../lib/trpc';
import { Button } from '../ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../ui/dialog';
import { Label, Switch } from '../ui/input';
import { NotificationListState } from './notification-list-state';
import { NotificationRow } from './notification-row';
import { NOTIFICATION_ALL_LIMIT } from './notifications';
import { useNotificationActions } from './use-notification-actions';
import { useNow } from './use-now';

/** Every recent notification (up to 50), optionally only the unread ones, with the same actions as the panel. */
export function AllNotificationsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [unreadOnly, setUnreadOnly] = useState(false);
  const switchId = useId();
  const { data: me } = useMe();
  const timeZone = me?.user.preferences.timezone;
  const now = useNow(open);
  const actions = useNotificationActions();
  const input = { limit: NOTIFICATION_ALL_LIMIT, unreadOnly };
  const { data, isPending, isError, refetch } = trpc.notifications.list.useQuery(input, { enabled: open });
  const items = data?.items ?? [];

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl gap-3 p-0 sm:p-0">
        <DialogHeader className="px-4 pt-5 sm:px-6">
          <DialogTitle>All notifications</DialogTitle>
          <DialogDescription>{data ? (data.unread === 0 ? 'You are all caught up.' : `${data.unread} unread`) : 'Your most recent notifications.'}</DialogDescription>
        </DialogHeader>
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-gray-200 px-4 pb-3 sm:px-6 dark:border-gray-800">
          <div className="flex items-center gap-2">
            <Switch id={switchId} checked={unreadOnly} onCheckedChange={setUnreadOnly} />
            <Label htmlFor={switchId}>Unread only</Label>
          </div>
          {data && data.unread > 0 ? (
            <Button size="sm" variant="outline" onClick={() => actions.markAllRead()} disabled={actions.markingAll}>
              <CheckCheckIcon className="size-4" aria-hidden />
              Mark all read
            </Button>
          ) : null}
        </div>
        <div aria-live="polite" aria-busy={isPending} className="min-h-40">
          <NotificationListState
            isPending={isPending}
            isError={isError}
            onRetry={() => void refetch()}
            isEmpty={items.length === 0}
            emptyTitle={unreadOnly ? 'No unread notifications' : 'No notifications yet'}
            className="py-10"
          >
            <ul aria-label="All notifications" className="divide-y divide-gray-100 pb-2 dark:divide-gray-800">
              {items.map((n) => (
                <NotificationRow key={n.id} notification={n} now={now} timeZone={timeZone} actions={actions} onNavigate={() => onOpenChange(false)} />
              ))}
            </ul>
          </NotificationListState>
        </div>
        {items.length >= NOTIFICATION_ALL_LIMIT ? <p className="px-4 pb-4 text-xs text-gray-500 sm:px-6 dark:text-gray-400">Showing the {NOTIFICATION_ALL_LIMIT} most recent.</p> : null}
      </DialogContent>
    </Dialog>
  );
}
