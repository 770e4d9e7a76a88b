import { LockIcon, MinusIcon, SendIcon, SquareIcon, XIcon } from 'lucide-react';
import { useEffect, useRef, useState, type Dispatch, type FormEvent, type ReactNode } from 'react';
import { BOT_NAME, CHAT_MESSAGE_MAX_LENGTH, CHAT_QUICK_REPLIES, CHAT_WELCOME, replyDelayMs, type ChatMessageView } from '../../../server/chat/schema';
import { useT, type Translate } from '../../i18n';
import { formatSeconds, formatTime } from '../../i18n/format';
import type { Language } from '../../i18n/languages';
import { trackEvent } from '../../lib/analytics';
import { cn } from '../../lib/cn';
import { initialsOf } from '../shell/user';
import { Button } from '../ui/button';
import { focusRing } from '../ui/focus';
import { ChatRequestError, chatVisitorId, fetchConversation, openReplyStream, postMessage } from './api';
import { closedEventParams, isTyping, messageToSend, showQuickReplies, withWelcome, type ChatAction, type ChatState } from './state';

let lastLocalId = 0;

/** Why a message was refused, in the visitor's language: how long to wait when rate-limited, else to try again. */
function refusalText(error: unknown, language: Language, t: Translate): string {
  if (error instanceof ChatRequestError && error.status === 429 && error.retryAfter !== null) return t('chat.tooMany', { wait: formatSeconds(language, error.retryAfter) });
  return t('chat.notSent');
}

/**
 * Shows the visitor's message at once, stores it (the server answers in the visitor's language), then
 * shows the automated reply 1.5–2.5 s after the send however quickly the server answered. A refused
 * message is taken back (`restore` the draft).
 */
function sendMessage(send: { visitorId: string; text: string; messageType: 'text' | 'quick_reply'; language: Language; t: Translate }, dispatch: Dispatch<ChatAction>, restore: () => void): void {
  const { visitorId, text, language } = send;
  const localId = -++lastLocalId;
  dispatch({ type: 'sending', message: { id: localId, sender: 'visitor', body: text, authorName: null, createdAt: new Date().toISOString() } });
  trackEvent('live_chat_message_sent', { message_type: send.messageType, message_length: text.length });
  // The delay starts with the send, not with the server's answer.
  const replyDue = new Promise<void>((resolve) => setTimeout(resolve, replyDelayMs(Math.random())));
  postMessage(visitorId, text, language).then(
    ({ message, reply }) => {
      dispatch({ type: 'sent', localId, message, reply });
      if (reply) void replyDue.then(() => dispatch({ type: 'replyDue', id: reply.id }));
    },
    (error: unknown) => {
      dispatch({ type: 'failed', localId, error: refusalText(error, language, send.t) });
      restore();
    },
  );
}

/** The open (or minimised) chat: loads the visitor's stored conversation and listens for the team's replies. */
export default function ChatPanel({ state, dispatch }: { state: ChatState; dispatch: Dispatch<ChatAction> }) {
  const { language, t } = useT();
  const [draft, setDraft] = useState('');
  const [visitorId] = useState(chatVisitorId);
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const minimised = state.view === 'minimised';
  const typing = isTyping(state);

  useEffect(() => {
    let stopStream: (() => void) | undefined;
    let cancelled = false;
    fetchConversation(visitorId)
      .then((messages) => {
        if (cancelled) return;
        dispatch({ type: 'loaded', messages });
        const after = messages.reduce((max, m) => Math.max(max, m.id), 0);
        stopStream = openReplyStream(visitorId, after, {
          message: (message) => dispatch({ type: 'received', message }),
          status: (online) => dispatch({ type: 'connection', status: online ? 'online' : 'connecting' }),
        });
      })
      // Unreachable for now: the status stays "Connecting..." and the welcome stays on screen.
      .catch(() => undefined);
    return () => {
      cancelled = true;
      stopStream?.();
    };
  }, [visitorId, dispatch]);

  useEffect(() => {
    if (!minimised) inputRef.current?.focus();
  }, [minimised]);

  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [state.messages.length, typing, minimised]);

  function send(draftText: string, messageType: 'text' | 'quick_reply') {
    const text = messageToSend(draftText);
    if (!text) return;
    setDraft('');
    sendMessage({ visitorId, text, messageType, language, t }, dispatch, () => setDraft((current) => current || text));
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    send(draft, 'text');
  }

  function close() {
    trackEvent('live_chat_closed', closedEventParams(state, Date.now()));
    dispatch({ type: 'close' });
  }

  const online = state.connection === 'online';
  const title = t('chat.title');
  // Shown until the stored conversation (which holds the welcome as it was first shown) is loaded.
  const welcome: ChatMessageView = { id: 0, sender: 'bot', body: CHAT_WELCOME[language], authorName: BOT_NAME, createdAt: new Date(0).toISOString() };
  return (
    <section
      aria-label={t('chat.region')}
      className={cn(
        'fixed end-4 bottom-4 z-40 flex w-[calc(100vw-2rem)] max-w-sm flex-col overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-2xl sm:end-6 sm:bottom-6 dark:border-gray-800 dark:bg-gray-900',
        minimised ? 'h-auto' : 'h-[600px] max-h-[calc(100dvh-2rem)]',
      )}
    >
      <header className="flex items-center gap-3 bg-indigo-600 px-4 py-3 text-white">
        <Avatar name={BOT_NAME} className="bg-white text-indigo-700 dark:bg-white dark:text-indigo-700" />
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-sm font-semibold">{title}</h2>
          <p className="flex items-center gap-1.5 text-xs text-indigo-50">
            <span className={cn('size-2 rounded-full', online ? 'bg-green-400' : 'bg-amber-300')} aria-hidden />
            {online ? t('chat.online') : t('chat.connecting')}
          </p>
        </div>
        <HeaderButton label={minimised ? t('chat.restore') : t('chat.minimise')} onClick={() => dispatch({ type: minimised ? 'restore' : 'minimise' })}>
          {minimised ? <SquareIcon className="size-4" aria-hidden /> : <MinusIcon className="size-4" aria-hidden />}
        </HeaderButton>
        <HeaderButton label={t('chat.close')} onClick={close}>
          <XIcon className="size-4" aria-hidden />
        </HeaderButton>
      </header>

      {minimised ? null : (
        <>
          <div ref={listRef} role="log" aria-label={t('chat.messages')} className="flex flex-1 flex-col gap-3 overflow-y-auto bg-gray-50 px-4 py-4 dark:bg-gray-950">
            <ol className="flex flex-col gap-3">
              {withWelcome(state.messages, welcome).map((message) => (
                <MessageBubble key={message.id} message={message} botName={title} />
              ))}
            </ol>
            {typing ? (
              <div className="flex items-end gap-2" role="status" aria-label={t('chat.typing', { name: title })}>
                <Avatar name={BOT_NAME} />
                <span className="flex gap-1 rounded-2xl rounded-es-sm bg-white px-3 py-3 shadow-sm dark:bg-gray-800" aria-hidden>
                  {[0, 150, 300].map((delay) => (
                    <span key={delay} className="size-1.5 animate-bounce rounded-full bg-gray-400" style={{ animationDelay: `${delay}ms` }} />
                  ))}
                </span>
              </div>
            ) : null}
          </div>

          {showQuickReplies(state) ? (
            <div className="flex flex-wrap gap-2 border-t border-gray-200 px-4 py-3 dark:border-gray-800" role="group" aria-label={t('chat.quickReplies')}>
              {CHAT_QUICK_REPLIES[language].map((text) => (
                <Button key={text} variant="outline" size="sm" className="rounded-full" onClick={() => send(text, 'quick_reply')}>
                  {text}
                </Button>
              ))}
            </div>
          ) : null}

          <form onSubmit={onSubmit} className="border-t border-gray-200 px-4 pt-3 pb-2 dark:border-gray-800">
            {state.error ? (
              <p role="alert" className="mb-2 text-xs text-red-700 dark:text-red-400">
                {state.error}
              </p>
            ) : null}
            <div className="flex items-center gap-2">
              <input
                ref={inputRef}
                value={draft}
                onChange={(event) => setDraft(event.target.value)}
                maxLength={CHAT_MESSAGE_MAX_LENGTH}
                placeholder={t('chat.placeholder')}
                aria-label={t('chat.message')}
                autoComplete="off"
                dir="auto"
                className={cn(
                  'h-10 min-w-0 flex-1 rounded-full border border-gray-300 bg-white px-4 text-sm text-gray-900 placeholder:text-gray-500 dark:border-gray-700 dark:bg-gray-800 dark:text-gray-100 dark:placeholder:text-gray-400',
                  focusRing,
                )}
              />
              <Button type="submit" size="icon" className="size-10 rounded-full" aria-label={t('chat.send')}>
                {/* The paper plane flies toward the reading direction's end. */}
                <SendIcon className="size-4 rtl:-scale-x-100" aria-hidden />
              </Button>
            </div>
            <p className="mt-2 flex items-center justify-center gap-3 text-xs text-gray-600 dark:text-gray-400">
              <span>{t('chat.repliesNote')}</span>
              <span className="flex items-center gap-1">
                <LockIcon className="size-3" aria-hidden />
                {t('chat.privacyNote')}
              </span>
            </p>
          </form>
        </>
      )}
    </section>
  );
}

function HeaderButton({ label, onClick, children }: { label: string; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className={cn('flex size-8 items-center justify-center rounded-md text-white hover:bg-white/15 focus-visible:ring-white focus-visible:ring-offset-indigo-600', focusRing)}
    >
      {children}
    </button>
  );
}

function Avatar({ name, className }: { name: string; className?: string }) {
  return (
    <span
      aria-hidden
      className={cn('flex size-8 shrink-0 items-center justify-center rounded-full bg-indigo-100 text-xs font-semibold text-indigo-700 dark:bg-indigo-900 dark:text-indigo-200', className)}
    >
      {initialsOf(name)}
    </span>
  );
}

/**
 * One message. The bot's are written in the page's language and direction; the visitor's and the
 * team's are whatever they typed, so each takes the direction of its own text (`dir="auto"`).
 */
function MessageBubble({ message, botName }: { message: ChatMessageView; botName: string }) {
  const { language, t } = useT();
  if (message.sender === 'visitor') {
    return (
      <li className="flex justify-end">
        <p className="max-w-[80%] rounded-2xl rounded-ee-sm bg-indigo-600 px-3 py-2 text-sm break-words whitespace-pre-wrap text-white">
          <span className="sr-only">{t('chat.you')} </span>
          <span dir="auto">{message.body}</span>
        </p>
      </li>
    );
  }
  const bot = message.sender === 'bot';
  const name = bot ? botName : (message.authorName ?? botName);
  return (
    <li className="flex items-end gap-2">
      <Avatar name={bot ? BOT_NAME : name} />
      <div className="max-w-[80%]">
        <p className="mb-1 text-xs text-gray-600 dark:text-gray-400">
          {name}
          {message.id > 0 ? <time dateTime={message.createdAt}> · {formatTime(language, new Date(message.createdAt), { hour: 'numeric', minute: '2-digit' })}</time> : null}
        </p>
        <p dir={bot ? undefined : 'auto'} className="rounded-2xl rounded-es-sm bg-white px-3 py-2 text-sm break-words whitespace-pre-wrap text-gray-900 shadow-sm dark:bg-gray-800 dark:text-gray-100">
          {message.body}
        </p>
      </div>
    </li>
  );
}
