import { useRouter } from '@tanstack/react-router';
import { showError } from '../../lib/auth';
import { trpc } from '../../lib/trpc';
import { internalPath } from './events';
import { markedRead, withoutNotification, type NotificationItem, type NotificationList } from './notifications';

/**
 * Mark as read, mark all read, remove and open — on every cached notification list at once (the
 * bell's and "View all"), shown at once and then confirmed by fetching the lists again. A refusal
 * is a destructive toast with the server's words.
 */
export function useNotificationActions() {
  const utils = trpc.useUtils();
  const router = useRouter();

  const update = (change: (list: NotificationList) => NotificationList) => {
    void utils.notifications.list.cancel();
    utils.notifications.list.setQueriesData(undefined, {}, (old) => (old ? change(old) : old));
  };
  const settle = () => utils.notifications.list.invalidate();

  const markRead = trpc.notifications.markRead.useMutation({
    onMutate: ({ id }) => update((list) => markedRead(list, id)),
    onError: (error) => showError(error, 'Could not mark the notification as read'),
    onSettled: settle,
  });
  const markAllRead = trpc.notifications.markAllRead.useMutation({
    onMutate: () => update((list) => markedRead(list)),
    onError: (error) => showError(error, 'Could not mark the notifications as read'),
    onSettled: settle,
  });
  const remove = trpc.notifications.remove.useMutation({
    onMutate: ({ id }) => update((list) => withoutNotification(list, id)),
    onError: (error) => showError(error, 'Could not remove the notification'),
    onSettled: settle,
  });

  return {
    markRead: (n: Pick<NotificationItem, 'id'>) => markRead.mutate({ id: n.id }),
    markAllRead: () => markAllRead.mutate(),
    remove: (n: Pick<NotificationItem, 'id'>) => remove.mutate({ id: n.id }),
    markingAll: markAllRead.isPending,
    /** Opens the record the notification is about, marking it read on the way. */
    open: (n: Pick<NotificationItem, 'id' | 'read' | 'link'>) => {
      const path = internalPath(n.link);
      if (!path) return;
      if (!n.read) markRead.mutate({ id: n.id });
      void router.navigate({ href: path });
    },
  };
}
