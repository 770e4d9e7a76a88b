import { useRouter } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { BellIcon, CheckCheckIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useMe } from '../../lib/auth';
import { trpc } from '../../lib/trpc';
import { connectionStatusAtom } from '../../state/realtime';
import { Button } from '../ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '../ui/popover';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../ui/tabs';
import { Tooltip } from '../ui/tooltip';
import { ActivityList } from './activity-list';
import { AllNotificationsDialog } from './all-notifications-dialog';
import { ConnectionStatusIndicator } from './connection-status';
import { NotificationListState } from './notification-list-state';
import { NotificationRow } from './notification-row';
import { bellLabel, NOTIFICATION_PANEL_INPUT, unreadBadge } from './notifications';
import { useNotificationActions } from './use-notification-actions';
import { useNow } from './use-now';

/**
 * The bell in the shell header: the unread count, and a panel with whether live updates flow, the
 * five newest notifications (open, mark as read, remove, mark all read), the team's live activity,
 * and "View all".
 */
export function NotificationBell() {
  const { data: me } = useMe();
  const timeZone = me?.user.preferences.timezone;
  const { data, isPending, isError, refetch } = trpc.notifications.list.useQuery(NOTIFICATION_PANEL_INPUT, { enabled: Boolean(me?.organization) });
  const status = useAtomValue(connectionStatusAtom);
  const [open, setOpen] = useState(false);
  const [allOpen, setAllOpen] = useState(false);
  const [tab, setTab] = useState('inbox');
  const now = useNow(open);
  const actions = useNotificationActions();
  const router = useRouter();
  const headingId = useId();
  const unread = data?.unread ?? 0;
  const badge = unreadBadge(unread);
  const items = data?.items ?? [];

  return (
    <>
      <Popover open={open} onOpenChange={setOpen}>
        <Tooltip content="Notifications" side="bottom">
          <PopoverTrigger asChild>
            <Button variant="ghost" size="icon" aria-label={bellLabel(unread)} className="relative">
              <BellIcon className="size-5" aria-hidden />
              {badge ? (
                <span
                  data-testid="unread-badge"
                  aria-hidden
                  className="absolute top-0.5 right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-red-600 px-1 text-[10px] leading-none font-semibold text-white ring-2 ring-white dark:bg-red-500 dark:ring-gray-900"
                >
                  {badge}
                </span>
              ) : null}
              {status === 'disconnected' ? <span className="absolute right-1 bottom-1 size-2 rounded-full bg-amber-500 ring-2 ring-white dark:ring-gray-900" aria-hidden /> : null}
            </Button>
          </PopoverTrigger>
        </Tooltip>
        <PopoverContent align="end" aria-labelledby={headingId} className="flex max-h-[min(40rem,var(--radix-popover-content-available-height))] w-96 flex-col overflow-hidden p-0">
          <div className="flex shrink-0 items-start justify-between gap-2 border-b border-gray-200 px-4 py-3 dark:border-gray-800">
            <div className="flex flex-col gap-0.5">
              <h2 id={headingId} className="text-sm font-semibold text-gray-900 dark:text-white">
                Notifications
              </h2>
              <ConnectionStatusIndicator />
            </div>
            {unread > 0 ? (
              <Button size="sm" variant="ghost" onClick={() => actions.markAllRead()} disabled={actions.markingAll}>
                <CheckCheckIcon className="size-4" aria-hidden />
                Mark all read
              </Button>
            ) : null}
          </div>
          <Tabs value={tab} onValueChange={setTab} className="min-h-0 flex-1 gap-0">
            <div className="shrink-0 px-4 py-2">
              <TabsList className="w-full">
                <TabsTrigger value="inbox" className="flex-1">
                  Inbox
                  {badge ? <span className="rounded-full bg-indigo-100 px-1.5 text-xs text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300">{badge}</span> : null}
                </TabsTrigger>
                <TabsTrigger value="activity" className="flex-1">
                  Live activity
                </TabsTrigger>
              </TabsList>
            </div>
            <TabsContent value="inbox" className="min-h-0 flex-1 overflow-y-auto focus-visible:ring-inset focus-visible:ring-offset-0">
              <div aria-live="polite" aria-busy={isPending}>
                <NotificationListState isPending={isPending} isError={isError} onRetry={() => void refetch()} isEmpty={items.length === 0}>
                  <ul aria-label="Newest notifications" className="divide-y divide-gray-100 dark:divide-gray-800">
                    {items.map((n) => (
                      <NotificationRow key={n.id} notification={n} now={now} timeZone={timeZone} actions={actions} onNavigate={() => setOpen(false)} />
                    ))}
                  </ul>
                </NotificationListState>
              </div>
            </TabsContent>
            <TabsContent value="activity" className="min-h-0 flex-1 overflow-y-auto focus-visible:ring-inset focus-visible:ring-offset-0">
              <ActivityList
                now={now}
                timeZone={timeZone}
                onNavigate={(path) => {
                  setOpen(false);
                  void router.navigate({ href: path });
                }}
              />
            </TabsContent>
          </Tabs>
          <div className="shrink-0 border-t border-gray-200 p-2 dark:border-gray-800">
            <Button
              variant="ghost"
              size="sm"
              className="w-full"
              onClick={() => {
                setOpen(false);
                setAllOpen(true);
              }}
            >
              View all notifications
            </Button>
          </div>
        </PopoverContent>
      </Popover>
      <span className="sr-only" aria-live="polite">
        {unread > 0 ? `${unread} unread notification${unread === 1 ? '' : 's'}` : ''}
      </span>
      <AllNotificationsDialog open={allOpen} onOpenChange={setAllOpen} />
    </>
  );
}
