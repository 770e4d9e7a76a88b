import { createFileRoute, Link } from '@tanstack/react-router';
import { MessagesSquareIcon, SendIcon } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { z } from 'zod';
import type { ChatConversationSummary } from '../../../server/chat/service';
import { CHAT_MESSAGE_MAX_LENGTH, type ChatMessageView } from '../../../server/chat/schema';
import { DEFAULT_LANGUAGE, LANGUAGE_NAMES_IN_ENGLISH, type Language } from '../../../server/languages/schema';
import { FormAlert } from '../../components/form';
import { EmptyState, Page } from '../../components/page';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { Textarea } from '../../components/ui/textarea';
import { useCan, useMe } from '../../lib/auth';
import { cn } from '../../lib/cn';
import { errorMessageOf } from '../../lib/errors';
import { formatDateTime, formatRelative } from '../../lib/format';
import { trpc } from '../../lib/trpc';

/** The open conversation lives in the URL: reload and Back keep it. */
const ZConversationsSearch = z.object({ id: z.uuid().optional().catch(undefined) });

export const Route = createFileRoute('/_app/conversations')({
  validateSearch: ZConversationsSearch,
  staticData: { title: 'Conversations' },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => Promise.all([context.trpc.chat.list.ensureData(), deps.id ? context.trpc.chat.get.ensureData({ id: deps.id }).catch(() => undefined) : undefined]),
  component: ConversationsPage,
});

/**
 * Who the visitor is, as far as the conversation tells: the signed-in user who wrote from inside the
 * app, the linked contact, the e-mail left, or nobody yet.
 */
function visitorLabel(conversation: Pick<ChatConversationSummary, 'contact' | 'email' | 'account'>): string {
  return conversation.account?.user.name || conversation.account?.user.email || conversation.contact?.name || conversation.email || 'Website visitor';
}

function ConversationsPage() {
  const { id } = Route.useSearch();
  const list = trpc.chat.list.useQuery();
  const items = list.data?.items ?? [];
  return (
    <Page title="Conversations" description="Chats started by visitors of your website, with the replies of the automated assistant and your team.">
      {items.length === 0 ? (
        <EmptyState icon={MessagesSquareIcon} title="No website chats yet">
          When a visitor writes in the chat widget of your website, the conversation appears here and you can answer it live.
        </EmptyState>
      ) : (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
          <section aria-labelledby="chats-heading" className="rounded-xl border border-gray-200 bg-white dark:border-gray-800 dark:bg-gray-900">
            <h2 id="chats-heading" className="border-b border-gray-200 px-4 py-3 text-sm font-semibold text-gray-900 dark:border-gray-800 dark:text-white">
              Website chats
            </h2>
            <ul className="divide-y divide-gray-100 dark:divide-gray-800">
              {items.map((conversation) => (
                <li key={conversation.id}>
                  <ConversationRow conversation={conversation} selected={conversation.id === id} />
                </li>
              ))}
            </ul>
          </section>
          {id ? (
            <Thread key={id} id={id} />
          ) : (
            <EmptyState icon={MessagesSquareIcon} title="Choose a conversation">
              Pick a chat on the left to read it and reply.
            </EmptyState>
          )}
        </div>
      )}
    </Page>
  );
}

function ConversationRow({ conversation, selected }: { conversation: ChatConversationSummary; selected: boolean }) {
  return (
    <Link
      to="/conversations"
      search={{ id: conversation.id }}
      aria-current={selected ? 'page' : undefined}
      className={cn('flex flex-col gap-1 px-4 py-3 hover:bg-gray-50 dark:hover:bg-gray-800/60', selected && 'bg-indigo-50 dark:bg-indigo-500/15')}
    >
      <span className="flex items-center gap-2">
        {conversation.unread ? <span className="size-2 shrink-0 rounded-full bg-indigo-600" aria-hidden /> : null}
        <span className={cn('min-w-0 flex-1 truncate text-sm text-gray-900 dark:text-white', conversation.unread ? 'font-semibold' : 'font-medium')}>{visitorLabel(conversation)}</span>
        {conversation.unread ? <span className="sr-only">Unread</span> : null}
        {conversation.language !== DEFAULT_LANGUAGE ? <Badge>{LANGUAGE_NAMES_IN_ENGLISH[conversation.language]}</Badge> : null}
        <time dateTime={conversation.lastMessageAt} className="shrink-0 text-xs text-gray-600 dark:text-gray-400">
          {formatRelative(conversation.lastMessageAt)}
        </time>
      </span>
      {conversation.lastMessage ? (
        <span dir="auto" lang={conversation.lastMessage.sender === 'member' ? undefined : conversation.language} className="truncate text-sm text-gray-600 dark:text-gray-400">
          {conversation.lastMessage.body}
        </span>
      ) : null}
    </Link>
  );
}

function Thread({ id }: { id: string }) {
  const { data: me } = useMe();
  const canReply = useCan('contacts:write');
  const utils = trpc.useUtils();
  const conversation = trpc.chat.get.useQuery({ id });
  const markRead = trpc.chat.markRead.useMutation({ onSuccess: () => utils.chat.list.invalidate() });
  const unread = conversation.data?.unread;

  // Reading the thread marks it read; a visitor's new message (live) makes it unread again, and read again here.
  const { mutate: markAsRead } = markRead;
  useEffect(() => {
    if (unread) markAsRead({ id });
  }, [unread, id, markAsRead]);

  if (conversation.isPending) return <Spinner label="Loading" />;
  if (conversation.isError) return <FormAlert message={errorMessageOf(conversation.error, 'This conversation could not be loaded.')} />;
  const data = conversation.data;
  const timeZone = me?.user.preferences.timezone;
  return (
    <section aria-labelledby="thread-heading" className="flex min-h-[32rem] flex-col rounded-xl border border-gray-200 bg-white dark:border-gray-800 dark:bg-gray-900">
      <header className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-gray-200 px-4 py-3 dark:border-gray-800">
        <h2 id="thread-heading" className="text-sm font-semibold text-gray-900 dark:text-white">
          {visitorLabel(data)}
        </h2>
        {data.account ? (
          <span className="text-sm text-gray-700 dark:text-gray-300" data-testid="chat-account">
            <Badge tone="green">Signed in</Badge> {data.account.user.email}
            {data.account.organization ? ` · ${data.account.organization.name}` : ''}
          </span>
        ) : null}
        {data.contact ? (
          <Link to="/contacts/$contactId" params={{ contactId: data.contact.id }} className="text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300">
            Open contact
          </Link>
        ) : data.account ? null : (
          <Badge>No e-mail left yet</Badge>
        )}
        {data.language !== DEFAULT_LANGUAGE ? <Badge tone="blue">Writes in {LANGUAGE_NAMES_IN_ENGLISH[data.language]}</Badge> : null}
        <span className="text-xs text-gray-600 dark:text-gray-400">
          Started {formatDateTime(data.createdAt, timeZone)}
          {data.startedOn ? ` on ${data.startedOn}` : ''}
        </span>
      </header>
      <ol aria-label="Messages" className="flex flex-1 flex-col gap-3 overflow-y-auto px-4 py-4">
        {data.messages.map((message) => (
          <ThreadMessage key={message.id} message={message} language={data.language} timeZone={timeZone} />
        ))}
      </ol>
      {canReply ? <ReplyBox conversationId={id} language={data.language} /> : null}
    </section>
  );
}

const SENDER_LABELS: Record<ChatMessageView['sender'], string> = { visitor: 'Visitor', bot: 'Automated reply', member: 'Team' };

/** `language`: the conversation's; the visitor's messages and the automated replies are in it (the team's may not be). */
function ThreadMessage({ message, language, timeZone }: { message: ChatMessageView; language: Language; timeZone: string | undefined }) {
  const fromVisitor = message.sender === 'visitor';
  return (
    <li className={cn('flex flex-col gap-1', fromVisitor ? 'items-start' : 'items-end')}>
      <span className="text-xs text-gray-600 dark:text-gray-400">
        {message.authorName ?? SENDER_LABELS[message.sender]}
        {message.sender === 'bot' ? ` · ${SENDER_LABELS.bot}` : ''} · <time dateTime={message.createdAt}>{formatDateTime(message.createdAt, timeZone)}</time>
      </span>
      <p
        dir="auto"
        lang={message.sender === 'member' ? undefined : language}
        className={cn(
          'max-w-[80%] rounded-2xl px-3 py-2 text-sm break-words whitespace-pre-wrap',
          fromVisitor
            ? 'bg-gray-100 text-gray-900 dark:bg-gray-800 dark:text-gray-100'
            : message.sender === 'bot'
              ? 'bg-indigo-50 text-indigo-950 dark:bg-indigo-950 dark:text-indigo-100'
              : 'bg-indigo-600 text-white',
        )}
      >
        {message.body}
      </p>
    </li>
  );
}

function ReplyBox({ conversationId, language }: { conversationId: string; language: Language }) {
  const [text, setText] = useState('');
  const utils = trpc.useUtils();
  const reply = trpc.chat.reply.useMutation({
    onSuccess: async () => {
      setText('');
      await Promise.all([utils.chat.get.invalidate({ id: conversationId }), utils.chat.list.invalidate()]);
    },
  });
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (text.trim()) reply.mutate({ conversationId, text });
  }
  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-2 border-t border-gray-200 p-4 dark:border-gray-800">
      <FormAlert message={reply.error ? errorMessageOf(reply.error, 'The reply could not be sent.') : null} />
      <label htmlFor="chat-reply" className="sr-only">
        Reply
      </label>
      <Textarea
        id="chat-reply"
        value={text}
        onChange={(event) => setText(event.target.value)}
        maxLength={CHAT_MESSAGE_MAX_LENGTH}
        // Written in the visitor's language as a rule: spelling checked in it, Arabic right to left.
        lang={language}
        dir="auto"
        placeholder="Write a reply — the visitor sees it at once in the chat widget"
        rows={3}
        onKeyDown={(event) => {
          // Enter sends, Shift+Enter starts a new line (as in the widget).
          if (event.key === 'Enter' && !event.shiftKey) onSubmit(event);
        }}
      />
      <div className="flex justify-end">
        <Button type="submit" disabled={reply.isPending || !text.trim()}>
          <SendIcon className="size-4" aria-hidden />
          Send reply
        </Button>
      </div>
    </form>
  );
}
