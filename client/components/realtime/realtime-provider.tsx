import { useRouter } from '@tanstack/react-router';
import { useSetAtom } from 'jotai';
import { useEffect, useRef, type ReactNode } from 'react';
import type { RealtimeEvent } from '../../../server/events/types';
import { useMe } from '../../lib/auth';
import { queryClient, trpc, trpcClient } from '../../lib/trpc';
import { realtimeDispatchAtom } from '../../state/realtime';
import { toast } from '../../state/toast';
import { openRealtimeConnection, type RealtimeConnection } from './connection';
import { INBOX_QUERY, internalPath, invalidatePaths, mayNotify, staleQueriesOf } from './events';
import { NOTIFICATION_PANEL_INPUT, notificationsToAnnounce } from './notifications';

/** Events arriving within this window are handled together: one refetch per query, one toast. */
export const COALESCE_MS = 120;

/**
 * Keeps the signed-in member's realtime stream open while the application shell is mounted (one per
 * page), and turns each event into what the screens need: the event buffer and who is online in
 * the realtime slice, fresh data for the lists on screen, and a toast for each new notification.
 */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  useRealtimeStream();
  return children;
}

function useRealtimeStream(): void {
  const { data: me } = useMe();
  const userId = me?.user.id;
  const organizationId = me?.organization?.id;
  const toastsOn = me?.user.preferences.toasts !== false;
  const utils = trpc.useUtils();
  const router = useRouter();
  const dispatch = useSetAtom(realtimeDispatchAtom);

  // Read when a notification arrives, without reopening the stream when they change.
  const toastsOnRef = useRef(toastsOn);
  useEffect(() => {
    toastsOnRef.current = toastsOn;
  }, [toastsOn]);

  useEffect(() => {
    if (!userId || !organizationId) return;
    dispatch({ type: 'reset' });
    let disposed = false;

    // --- Refreshing what events make stale, a few at a time -------------------------------------
    /** Query paths the events received since the last flush make stale (each event's frame says which). */
    const staleQueries = new Set<string>();
    const notifyingEvents = new Set<number>();
    const announced = new Set<string>();
    let flushTimer: ReturnType<typeof setTimeout> | null = null;

    const openNotification = (id: string, link: string) => {
      trpcClient.notifications.markRead
        .mutate({ id })
        .then(() => utils.notifications.list.invalidate())
        .catch(() => {});
      void router.navigate({ href: link });
    };

    const flush = async () => {
      flushTimer = null;
      const queries = [...staleQueries];
      staleQueries.clear();
      const eventIds = new Set(notifyingEvents);
      notifyingEvents.clear();
      await invalidatePaths(queryClient, queries);
      if (disposed || eventIds.size === 0) return;
      // The bell's query is on screen, so the invalidation above already fetched it again.
      const list = utils.notifications.list.getData(NOTIFICATION_PANEL_INPUT);
      if (!list) return;
      const fresh = notificationsToAnnounce(list.items, eventIds, announced);
      for (const n of fresh) announced.add(n.id);
      const newest = fresh[0];
      if (!newest || !toastsOnRef.current) return;
      const link = internalPath(newest.link);
      toast({
        title: newest.title,
        description: fresh.length > 1 ? `${newest.message} (and ${fresh.length - 1} more)` : newest.message,
        action: link ? { label: 'View', altText: `View: ${newest.title}`, onClick: () => openNotification(newest.id, link) } : undefined,
      });
    };

    const markStale = (queries: readonly string[]) => {
      for (const q of queries) staleQueries.add(q);
      flushTimer ??= setTimeout(() => void flush(), COALESCE_MS);
    };

    // --- Who is online: a snapshot, then deltas -----------------------------------------------
    let presenceRequest = 0;
    let presenceSince: RealtimeEvent[] | null = null;
    const knownNames = () => new Set((utils.realtime.presence.getData() ?? []).map((u) => u.id));

    const syncPresence = async () => {
      const request = ++presenceRequest;
      presenceSince = [];
      try {
        const users = await utils.realtime.presence.fetch(undefined, { staleTime: 0 });
        if (disposed || request !== presenceRequest) return;
        dispatch({ type: 'presenceLoaded', userIds: users.map((u) => u.id), since: presenceSince });
      } catch {
        // The avatars keep the deltas; the next reconnect asks again.
      } finally {
        if (request === presenceRequest) presenceSince = null;
      }
    };

    // --- The stream -------------------------------------------------------------------------
    let checkingSession = false;
    /** Failing again and again may mean the session ended (signed out elsewhere, revoked): then sign in again. */
    const checkSession = () => {
      if (checkingSession) return;
      checkingSession = true;
      trpcClient.auth.session
        .query()
        .then((session) => {
          if (disposed || session) return;
          connection.close();
          const back = window.location.pathname + window.location.search;
          window.location.assign(`/login?redirect=${encodeURIComponent(back)}`);
        })
        .catch(() => {
          // Unreachable: the stream's own retries go on.
        })
        .finally(() => {
          checkingSession = false;
        });
    };

    const connection: RealtimeConnection = openRealtimeConnection((input, handlers) => trpcClient.realtime.events.subscribe(input, handlers), {
      onStatus: (status) => dispatch({ type: 'setStatus', status }),
      onEvent: (event) => {
        dispatch({ type: 'eventReceived', event });
        if (event.type === 'user_joined' || event.type === 'user_left') {
          presenceSince?.push(event);
          // Someone whose name is not known yet: ask who is online again.
          const who = event.payload.userId;
          if (event.type === 'user_joined' && typeof who === 'string' && who !== userId && !knownNames().has(who)) void syncPresence();
        }
        if (mayNotify(event, userId)) notifyingEvents.add(event.id);
        const stale = staleQueriesOf(event, userId);
        if (stale.length > 0) markStale(stale);
      },
      onConnected: ({ resumed, replayed }) => {
        void syncPresence();
        if (!resumed) return;
        // Back after a break: missed events are replayed; notifications are read again regardless.
        markStale([INBOX_QUERY]);
        // Nothing to resume from: whatever is on screen may be out of date.
        if (!replayed) void queryClient.invalidateQueries();
      },
      onFailure: (failures) => {
        if (failures >= 2) checkSession();
      },
    });

    const online = () => connection.retryNow();
    const offline = () => connection.suspend();
    const visible = () => {
      if (document.visibilityState === 'visible' && connection.nextAttemptAt() !== null) connection.retryNow();
    };
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    document.addEventListener('visibilitychange', visible);

    return () => {
      disposed = true;
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      document.removeEventListener('visibilitychange', visible);
      connection.close();
      if (flushTimer) clearTimeout(flushTimer);
      dispatch({ type: 'reset' });
    };
  }, [userId, organizationId, utils, router, dispatch]);
}
