import { Link } from '@tanstack/react-router';
import { CheckIcon, RotateCcwIcon } from 'lucide-react';
import { useEffect, useId, useLayoutEffect, useRef } from 'react';
import type { ConversationView, ThreadMessage as Message } from '../../../../../server/conversations/service';
import { CHANNEL_LABELS } from '../../../../../server/conversations/schema';
import { DEFAULT_LANGUAGE, LANGUAGE_NAMES_IN_ENGLISH } from '../../../../../server/languages/schema';
import { FormAlert } from '../../../../components/form';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { Select } from '../../../../components/ui/input';
import { Spinner } from '../../../../components/ui/spinner';
import { showError, useCan, useMe } from '../../../../lib/auth';
import { cn } from '../../../../lib/cn';
import { errorMessageOf } from '../../../../lib/errors';
import { formatDateTime } from '../../../../lib/format';
import { ROLES } from '../../../../lib/schema';
import { trpc } from '../../../../lib/trpc';
import { olderPagesAfter } from './older-pages';
import { ReplyBox } from './reply-box';

/** A thread: who it is with, its assignee and state, its messages, and the reply box answering on its channel. */
export function Thread({ id }: { id: string }) {
  const { data: me } = useMe();
  const canReply = useCan('conversations:reply');
  const utils = trpc.useUtils();
  const conversation = trpc.conversations.get.useQuery({ id });
  const markRead = trpc.conversations.markRead.useMutation({ onSuccess: () => Promise.all([utils.conversations.list.invalidate(), utils.chat.list.invalidate()]) });
  const unread = conversation.data?.unread;

  // Reading the thread marks it read; a new inbound message (live) makes it unread again, and read again here.
  const { mutate: markAsRead } = markRead;
  useEffect(() => {
    if (unread) markAsRead({ id });
  }, [unread, id, markAsRead]);

  if (conversation.isPending) return <Spinner label="Loading" />;
  if (conversation.isError) return <FormAlert message={errorMessageOf(conversation.error, 'This conversation could not be loaded.')} />;
  const data = conversation.data;
  const timeZone = me?.user.preferences.timezone;
  const language = data.chat?.language ?? DEFAULT_LANGUAGE;
  return (
    <section aria-labelledby="thread-heading" className="flex min-h-[32rem] flex-col rounded-xl border border-gray-200 bg-white dark:border-gray-800 dark:bg-gray-900">
      <header className="flex flex-col gap-2 border-b border-gray-200 px-4 py-3 dark:border-gray-800">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h2 id="thread-heading" className="text-sm font-semibold text-gray-900 dark:text-white">
            {data.title}
          </h2>
          <Badge tone="indigo">{CHANNEL_LABELS[data.channel]}</Badge>
          {data.status === 'closed' ? <Badge>Closed</Badge> : <Badge tone="green">Open</Badge>}
          {data.chat?.account ? (
            <span className="text-sm text-gray-700 dark:text-gray-300" data-testid="chat-account">
              <Badge tone="green">Signed in</Badge> {data.chat.account.user.email}
              {data.chat.account.organization ? ` · ${data.chat.account.organization.name}` : ''}
            </span>
          ) : null}
          {data.contact ? (
            <Link to="/contacts/$contactId" params={{ contactId: data.contact.id }} className="text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300">
              Open contact
            </Link>
          ) : data.chat && !data.chat.account ? (
            <Badge>No e-mail left yet</Badge>
          ) : null}
          {data.channel === 'sms' && data.phone ? <span className="text-sm text-gray-700 dark:text-gray-300">{data.phone}</span> : null}
          {data.email ? (
            <span className="text-sm text-gray-700 dark:text-gray-300">
              {data.email.subject}
              {data.email.address ? ` · ${data.email.address}` : ''}
            </span>
          ) : null}
          {language !== DEFAULT_LANGUAGE ? <Badge tone="blue">Writes in {LANGUAGE_NAMES_IN_ENGLISH[language]}</Badge> : null}
          {data.chat ? (
            <span className="text-xs text-gray-600 dark:text-gray-400">
              Started {formatDateTime(data.createdAt, timeZone)}
              {data.chat.startedOn ? ` on ${data.chat.startedOn}` : ''}
            </span>
          ) : null}
        </div>
        <ThreadActions conversation={data} />
      </header>
      <ThreadMessages conversation={data} timeZone={timeZone} />
      {canReply ? <ReplyBox conversation={data} /> : null}
    </section>
  );
}

/**
 * The latest messages (a refetch of the thread brings the live ones) under the older pages, loaded on demand
 * from the thread's `olderCursor`. The list scrolls on its own, opening at its newest message; prepending
 * keeps the message in view where it was: the distance from the bottom is what stays put, while the page
 * loads, fails or arrives. A failed page offers Retry, which asks for that page again.
 */
function ThreadMessages({ conversation, timeZone }: { conversation: ConversationView; timeZone: string | undefined }) {
  const utils = trpc.useUtils();
  const older = trpc.conversations.messages.useInfiniteQuery(
    { id: conversation.id },
    {
      enabled: false,
      initialCursor: conversation.olderCursor ?? undefined,
      getNextPageParam: (page) => page.nextCursor ?? undefined,
    },
  );
  const list = useRef<HTMLOListElement>(null);
  const fromBottom = useRef<number | null>(null);
  const pages = older.data?.pages ?? [];
  const latestIds = new Set(conversation.messages.map((m) => m.id));
  // Pages come newest first, each newest first: reversed, they read oldest first above the latest ones.
  const olderMessages = pages
    .flatMap((page) => page.items)
    .filter((m) => !latestIds.has(m.id))
    .reverse();
  const hasOlder = pages.length === 0 ? conversation.olderCursor !== null : older.hasNextPage;

  // A refetch of the thread (new messages) moves its latest messages: the older pages follow (older-pages.ts).
  // Scrolled to the bottom (as the list opens), it stays there to show them.
  const seen = useRef(conversation);
  const atBottom = useRef(true);
  useLayoutEffect(() => {
    const before = seen.current;
    seen.current = conversation;
    const at = { id: conversation.id };
    const loaded = utils.conversations.messages.getInfiniteData(at);
    const next = olderPagesAfter(loaded, before, conversation);
    if (next === null) void utils.conversations.messages.reset(at);
    else if (next !== loaded) utils.conversations.messages.setInfiniteData(at, next);
    const el = list.current;
    if (el && atBottom.current) el.scrollTop = el.scrollHeight;
  }, [conversation, utils]);

  useLayoutEffect(() => {
    const el = list.current;
    if (el && fromBottom.current !== null) el.scrollTop = el.scrollHeight - fromBottom.current;
    if (!older.isFetching) fromBottom.current = null;
  }, [pages.length, older.isFetching, older.isError]);

  const loadOlder = () => {
    if (!hasOlder || older.isFetching) return;
    const el = list.current;
    if (el) fromBottom.current = el.scrollHeight - el.scrollTop;
    // The first older page, or the next one (after a failure, the one that failed).
    void (pages.length === 0 ? older.refetch() : older.fetchNextPage());
  };

  return (
    <ol
      ref={list}
      aria-label="Messages"
      aria-busy={older.isFetching}
      className="flex max-h-[70vh] min-h-0 flex-1 flex-col gap-3 overflow-y-auto px-4 py-4"
      onScroll={(event) => {
        const el = event.currentTarget;
        atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 16;
        // After a failure, only Retry asks again.
        if (el.scrollTop === 0 && !older.isError) loadOlder();
      }}
    >
      <li className="flex justify-center">
        {older.isFetching ? (
          <Spinner label="Loading older messages" />
        ) : older.isError ? (
          <div className="flex flex-col items-center gap-2">
            <FormAlert message={`Older messages could not be loaded. ${errorMessageOf(older.error, '')}`.trim()} />
            <Button variant="outline" size="sm" onClick={loadOlder}>
              Retry
            </Button>
          </div>
        ) : hasOlder ? (
          <Button variant="outline" size="sm" onClick={loadOlder}>
            Load older messages
          </Button>
        ) : (
          <span className="text-xs text-gray-600 dark:text-gray-400">Beginning of the conversation</span>
        )}
      </li>
      {[...olderMessages, ...conversation.messages].map((message) => (
        <ThreadMessage key={message.id} message={message} conversation={conversation} timeZone={timeZone} />
      ))}
    </ol>
  );
}

/** Assign (a Manager to anyone, a Sales Rep to themself), close and reopen; the server decides (service.ts). */
function ThreadActions({ conversation }: { conversation: ConversationView }) {
  const canAssign = useCan('conversations:assign');
  const { data: me } = useMe();
  const members = trpc.members.list.useQuery(undefined, { enabled: canAssign });
  const utils = trpc.useUtils();
  const onError = (error: unknown) => showError(error, 'The conversation could not be changed.');
  const refresh = () => utils.conversations.invalidate();
  const assign = trpc.conversations.assign.useMutation({ onSuccess: refresh, onError });
  const setStatus = trpc.conversations.setStatus.useMutation({ onSuccess: refresh, onError });
  const selectId = useId();
  if (!canAssign) return conversation.assignee ? <p className="text-sm text-gray-700 dark:text-gray-300">Assigned to {conversation.assignee.name}</p> : null;
  const role = me?.organization?.role;
  const managesAll = role ? ROLES.indexOf(role) <= ROLES.indexOf('manager') : false;
  const myId = me?.user.id;
  const choices = (members.data?.members ?? []).filter((m) => managesAll || m.userId === myId || m.userId === conversation.assignee?.id);
  const closed = conversation.status === 'closed';
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={selectId} className="text-sm text-gray-700 dark:text-gray-300">
        Assigned to
      </label>
      <Select
        id={selectId}
        className="w-auto"
        value={conversation.assignee?.id ?? ''}
        disabled={assign.isPending}
        onChange={(event) => assign.mutate({ id: conversation.id, assigneeId: event.target.value || null })}
      >
        <option value="">Unassigned</option>
        {choices.map((member) => (
          <option key={member.userId} value={member.userId}>
            {member.userId === myId ? `${member.name} (you)` : member.name}
          </option>
        ))}
      </Select>
      <Button variant="outline" size="sm" disabled={setStatus.isPending} onClick={() => setStatus.mutate({ id: conversation.id, status: closed ? 'open' : 'closed' })}>
        {closed ? <RotateCcwIcon className="size-4" aria-hidden /> : <CheckIcon className="size-4" aria-hidden />}
        {closed ? 'Reopen' : 'Close'}
      </Button>
    </div>
  );
}

function authorOf(message: Message, conversation: ConversationView): string {
  if (message.direction === 'outbound') return message.authorName ?? 'Team';
  if (conversation.channel === 'chat') return 'Visitor';
  return conversation.contact?.name ?? conversation.title;
}

/** A chat visitor's messages and the assistant's replies are in the conversation's language (the team's may not be). */
function ThreadMessage({ message, conversation, timeZone }: { message: Message; conversation: ConversationView; timeZone: string | undefined }) {
  const inbound = message.direction === 'inbound';
  const lang = conversation.chat && (inbound || message.automated) ? conversation.chat.language : undefined;
  return (
    <li className={cn('flex flex-col gap-1', inbound ? 'items-start' : 'items-end')}>
      <span className="text-xs text-gray-600 dark:text-gray-400">
        {authorOf(message, conversation)}
        {message.automated ? ' · Automated reply' : ''} · <time dateTime={message.createdAt}>{formatDateTime(message.createdAt, timeZone)}</time>
        {message.status ? ` · ${message.status}` : ''}
      </span>
      {message.subject ? <span className="text-xs font-medium text-gray-800 dark:text-gray-200">{message.subject}</span> : null}
      <p
        dir="auto"
        lang={lang}
        className={cn(
          'max-w-[80%] rounded-2xl px-3 py-2 text-sm break-words whitespace-pre-wrap',
          inbound
            ? 'bg-gray-100 text-gray-900 dark:bg-gray-800 dark:text-gray-100'
            : message.automated
              ? 'bg-indigo-50 text-indigo-950 dark:bg-indigo-950 dark:text-indigo-100'
              : 'bg-indigo-600 text-white',
        )}
      >
        {message.body}
      </p>
    </li>
  );
}
