import { useAtomValue } from 'jotai';
import { ActivityIcon, ChevronRightIcon } from 'lucide-react';
import { useMemo } from 'react';
import { useMe } from '../../lib/auth';
import { cn } from '../../lib/cn';
import { formatDateTime, formatRelative } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { realtimeEventsAtom } from '../../state/realtime';
import { focusRing } from '../ui/focus';
import { describeEvent, internalPath, isActivity } from './events';

export const ACTIVITY_SHOWN = 25;

/**
 * What the team did while this page was open, newest first, from the realtime events buffer: the
 * stream as it arrives (the server's record of everything is the audit log and timelines).
 */
export function ActivityList({ now, timeZone, onNavigate }: { now: Date; timeZone?: string; onNavigate: (path: string) => void }) {
  const events = useAtomValue(realtimeEventsAtom);
  const { data: me } = useMe();
  const { data: online } = trpc.realtime.presence.useQuery(undefined, { enabled: Boolean(me?.organization) });
  const names = useMemo(() => new Map((online ?? []).map((u) => [u.id, u.name])), [online]);
  const myId = me?.user.id;
  const nameOf = (id: string) => (id === myId ? 'You' : (names.get(id) ?? null));
  const shown = events.filter(isActivity).slice(0, ACTIVITY_SHOWN);

  if (shown.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 px-6 py-8 text-center">
        <span className="flex size-10 items-center justify-center rounded-full bg-indigo-50 text-indigo-600 dark:bg-indigo-950 dark:text-indigo-400">
          <ActivityIcon className="size-5" aria-hidden />
        </span>
        <p className="text-sm font-medium text-gray-900 dark:text-white">No activity yet</p>
        <p className="text-sm text-gray-600 dark:text-gray-400">Changes your team makes appear here as they happen.</p>
      </div>
    );
  }

  return (
    <ul aria-label="Live activity" className="divide-y divide-gray-100 dark:divide-gray-800">
      {shown.map((event) => {
        const { text, link } = describeEvent(event, nameOf);
        const path = internalPath(link);
        const when = (
          <time dateTime={event.createdAt} title={formatDateTime(event.createdAt, timeZone)} className="text-xs text-gray-500 dark:text-gray-400">
            {formatRelative(event.createdAt, now, timeZone)}
          </time>
        );
        return (
          <li key={event.id}>
            {path ? (
              <button
                type="button"
                onClick={() => onNavigate(path)}
                className={cn('flex w-full items-center gap-3 px-4 py-2.5 text-left hover:bg-gray-50 dark:hover:bg-gray-800/60', focusRing, 'focus-visible:ring-inset focus-visible:ring-offset-0')}
              >
                <span className="min-w-0 flex-1">
                  <span className="block text-sm break-words text-gray-800 dark:text-gray-200">{text}</span>
                  {when}
                </span>
                <ChevronRightIcon className="size-4 shrink-0 text-gray-400" aria-hidden />
              </button>
            ) : (
              <div className="px-4 py-2.5">
                <span className="block text-sm break-words text-gray-800 dark:text-gray-200">{text}</span>
                {when}
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
