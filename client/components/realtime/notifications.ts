import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/assembly';

/** The bell's panel shows the five newest; "View all" lists up to this many. */
export const NOTIFICATION_PANEL_INPUT = { limit: 5 };
export const NOTIFICATION_ALL_LIMIT = 50;

export type NotificationList = inferRouterOutputs<AppRouter>['notifications']['list'];
export type NotificationItem = NotificationList['items'][number];
export type NotificationKind = NotificationItem['type'];

/**
 * The notifications to announce after events arrived: raised by one of those events, still unread,
 * not announced before. Newest first, as the list is.
 */
export function notificationsToAnnounce<T extends Pick<NotificationItem, 'id' | 'read' | 'eventId'>>(items: readonly T[], eventIds: ReadonlySet<number>, announced: ReadonlySet<string>): T[] {
  return items.filter((n) => !n.read && n.eventId !== null && eventIds.has(Number(n.eventId)) && !announced.has(n.id));
}

/** The count on the bell: '1' … '99', then '99+'. */
export function unreadBadge(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > 99 ? '99+' : String(Math.floor(count));
}

/** The bell's accessible name, with the unread count. */
export function bellLabel(unread: number): string {
  if (unread <= 0) return 'Notifications';
  return `Notifications, ${unread} unread`;
}

/** A list where one item is read (or all are): the unread count follows. For instant feedback before the server answers. */
export function markedRead(list: NotificationList, id?: string): NotificationList {
  let changed = 0;
  const items = list.items.map((n) => {
    if (n.read || (id !== undefined && n.id !== id)) return n;
    changed += 1;
    return { ...n, read: true };
  });
  const unread = id === undefined ? 0 : Math.max(0, list.unread - changed);
  return { items, unread };
}

/** A list without one item (the unread count drops when it was unread). */
export function withoutNotification(list: NotificationList, id: string): NotificationList {
  const gone = list.items.find((n) => n.id === id);
  if (!gone) return list;
  return { items: list.items.filter((n) => n.id !== id), unread: gone.read ? list.unread : Math.max(0, list.unread - 1) };
}
