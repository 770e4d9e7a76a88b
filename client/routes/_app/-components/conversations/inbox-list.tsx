import { Link } from '@tanstack/react-router';
import { useVirtualizer } from '@tanstack/react-virtual';
import { MailIcon, MessageSquareTextIcon, MessagesSquareIcon, type LucideIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { ConversationSummary } from '../../../../../server/conversations/service';
import { CHANNEL_LABELS } from '../../../../../server/conversations/schema';
import { DEFAULT_LANGUAGE, LANGUAGE_NAMES_IN_ENGLISH } from '../../../../../server/languages/schema';
import { Badge } from '../../../../components/ui/badge';
import { Spinner } from '../../../../components/ui/spinner';
import { cn } from '../../../../lib/cn';
import { formatRelative } from '../../../../lib/format';
import type { ConversationsSearch } from './search';

export const CHANNEL_ICONS: Record<ConversationSummary['channel'], LucideIcon> = { chat: MessagesSquareIcon, sms: MessageSquareTextIcon, email: MailIcon };

const ROW_ESTIMATE = 84;

/**
 * The threads, newest activity first, virtualized (only the rows near the visible part of the list
 * are in the DOM: an inbox can hold thousands); the next page loads when its end comes into view.
 */
export function InboxList({
  items,
  selectedId,
  search,
  hasMore,
  loadingMore,
  onLoadMore,
}: {
  items: ConversationSummary[];
  selectedId: string | undefined;
  search: ConversationsSearch;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}) {
  const scroller = useRef<HTMLDivElement | null>(null);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_ESTIMATE,
    overscan: 8,
    getItemKey: (index) => items[index]?.id ?? index,
    // React 19 warns about flushSync during rendering; a frame's delay while scrolling is not seen.
    useFlushSync: false,
  });
  const rows = virtualizer.getVirtualItems();
  const lastShown = rows.at(-1)?.index ?? -1;
  useEffect(() => {
    if (hasMore && !loadingMore && lastShown >= items.length - 5) onLoadMore();
  }, [hasMore, loadingMore, lastShown, items.length, onLoadMore]);

  return (
    <div ref={scroller} className="max-h-[70vh] min-h-[12rem] overflow-y-auto">
      <ul aria-label="Conversations" className="relative" style={{ height: virtualizer.getTotalSize() }}>
        {rows.map((row) => {
          const conversation = items[row.index]!;
          return (
            <li
              key={row.key}
              data-index={row.index}
              ref={virtualizer.measureElement}
              aria-setsize={hasMore ? -1 : items.length}
              aria-posinset={row.index + 1}
              className="absolute inset-x-0 top-0 border-b border-gray-100 dark:border-gray-800"
              style={{ transform: `translateY(${row.start}px)` }}
            >
              <ConversationRow conversation={conversation} selected={conversation.id === selectedId} search={search} />
            </li>
          );
        })}
      </ul>
      {loadingMore ? <Spinner label="Loading more conversations" /> : null}
    </div>
  );
}

function ConversationRow({ conversation, selected, search }: { conversation: ConversationSummary; selected: boolean; search: ConversationsSearch }) {
  const Icon = CHANNEL_ICONS[conversation.channel];
  const language = conversation.chat?.language;
  return (
    <Link
      to="/conversations"
      search={{ ...search, id: conversation.id }}
      aria-current={selected ? 'page' : undefined}
      className={cn('flex flex-col gap-1 px-4 py-3 hover:bg-gray-50 dark:hover:bg-gray-800/60', selected && 'bg-indigo-50 dark:bg-indigo-500/15')}
    >
      <span className="flex items-center gap-2">
        {conversation.unread ? <span className="size-2 shrink-0 rounded-full bg-indigo-600" aria-hidden /> : null}
        <Icon className="size-4 shrink-0 text-gray-500 dark:text-gray-400" aria-hidden />
        <span className="sr-only">{CHANNEL_LABELS[conversation.channel]}:</span>
        <span className={cn('min-w-0 flex-1 truncate text-sm text-gray-900 dark:text-white', conversation.unread ? 'font-semibold' : 'font-medium')}>{conversation.title}</span>
        {conversation.unread ? <span className="sr-only">Unread</span> : null}
        {language && language !== DEFAULT_LANGUAGE ? <Badge>{LANGUAGE_NAMES_IN_ENGLISH[language]}</Badge> : null}
        <time dateTime={conversation.lastMessageAt} className="shrink-0 text-xs text-gray-600 dark:text-gray-400">
          {formatRelative(conversation.lastMessageAt)}
        </time>
      </span>
      <span className="flex items-center gap-2">
        <span dir="auto" className="min-w-0 flex-1 truncate text-sm text-gray-600 dark:text-gray-400">
          {conversation.preview}
        </span>
        {conversation.status === 'closed' ? <Badge>Closed</Badge> : null}
        {conversation.assignee ? <Badge tone="blue">{conversation.assignee.name}</Badge> : null}
      </span>
    </Link>
  );
}
