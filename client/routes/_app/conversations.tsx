import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { MessagesSquareIcon } from 'lucide-react';
import { useCallback, useId } from 'react';
import { CHANNEL_LABELS, CONVERSATION_CHANNELS } from '../../../server/conversations/schema';
import { FormAlert } from '../../components/form';
import { EmptyState, Page } from '../../components/page';
import { Select } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { errorMessageOf } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { InboxList } from './-components/conversations/inbox-list';
import { listInputOf, ZConversationsSearch, type ConversationsSearch } from './-components/conversations/search';
import { Thread } from './-components/conversations/thread';

export const Route = createFileRoute('/_app/conversations')({
  validateSearch: ZConversationsSearch,
  staticData: { title: 'Conversations', nav: { label: 'Conversations', icon: MessagesSquareIcon, order: 80 } },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    Promise.all([context.trpc.conversations.list.prefetchInfinite(listInputOf(deps)), deps.id ? context.trpc.conversations.get.ensureData({ id: deps.id }).catch(() => undefined) : undefined]),
  component: ConversationsPage,
});

function ConversationsPage() {
  const search = Route.useSearch();
  const list = trpc.conversations.list.useInfiniteQuery(listInputOf(search), { getNextPageParam: (page) => page.nextCursor });
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const { fetchNextPage } = list;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const filtered = Boolean(search.channel || search.assignee || (search.status && search.status !== 'open'));
  return (
    <Page title="Conversations" description="Website chats, SMS and e-mail threads with your contacts, the most recent first. Each reply goes out on the thread's own channel.">
      <Filters search={search} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)]">
        <section aria-labelledby="inbox-heading" className="rounded-xl border border-gray-200 bg-white dark:border-gray-800 dark:bg-gray-900">
          <h2 id="inbox-heading" className="border-b border-gray-200 px-4 py-3 text-sm font-semibold text-gray-900 dark:border-gray-800 dark:text-white">
            Inbox
          </h2>
          {list.isPending ? (
            <Spinner label="Loading conversations" />
          ) : list.isError ? (
            <FormAlert message={errorMessageOf(list.error, 'The conversations could not be loaded.')} />
          ) : items.length === 0 ? (
            <EmptyState icon={MessagesSquareIcon} title={filtered ? 'No conversations match these filters' : 'No conversations yet'}>
              {filtered
                ? 'Change the filters above to see other threads.'
                : 'When a visitor writes in your website chat, or a contact answers an SMS or an e-mail, the conversation appears here and you can answer it live.'}
            </EmptyState>
          ) : (
            <InboxList items={items} selectedId={search.id} search={search} hasMore={list.hasNextPage} loadingMore={list.isFetchingNextPage} onLoadMore={loadMore} />
          )}
        </section>
        {search.id ? (
          <Thread key={search.id} id={search.id} />
        ) : (
          <EmptyState icon={MessagesSquareIcon} title="Choose a conversation">
            Pick a thread on the left to read it and reply.
          </EmptyState>
        )}
      </div>
    </Page>
  );
}

/** Channel, open or closed, and whose: each a native select, kept in the URL. */
function Filters({ search }: { search: ConversationsSearch }) {
  const navigate = useNavigate({ from: '/conversations' });
  const ids = { channel: useId(), status: useId(), assignee: useId() };
  const set = (change: Partial<ConversationsSearch>) => void navigate({ search: (previous) => ({ ...previous, ...change }) });
  const label = 'text-sm font-medium text-gray-900 dark:text-gray-100';
  return (
    <div role="group" aria-label="Filters" className="mb-4 flex flex-wrap items-end gap-4">
      <div className="flex flex-col gap-1">
        <label htmlFor={ids.channel} className={label}>
          Channel
        </label>
        <Select id={ids.channel} value={search.channel ?? ''} onChange={(e) => set({ channel: ZConversationsSearch.shape.channel.parse(e.target.value || undefined) })}>
          <option value="">All channels</option>
          {CONVERSATION_CHANNELS.map((channel) => (
            <option key={channel} value={channel}>
              {CHANNEL_LABELS[channel]}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={ids.status} className={label}>
          Status
        </label>
        <Select id={ids.status} value={search.status ?? 'open'} onChange={(e) => set({ status: ZConversationsSearch.shape.status.parse(e.target.value === 'open' ? undefined : e.target.value) })}>
          <option value="open">Open</option>
          <option value="closed">Closed</option>
          <option value="all">Open and closed</option>
        </Select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={ids.assignee} className={label}>
          Assigned
        </label>
        <Select id={ids.assignee} value={search.assignee ?? ''} onChange={(e) => set({ assignee: ZConversationsSearch.shape.assignee.parse(e.target.value || undefined) })}>
          <option value="">Anyone</option>
          <option value="me">Assigned to me</option>
          <option value="unassigned">Unassigned</option>
        </Select>
      </div>
    </div>
  );
}
