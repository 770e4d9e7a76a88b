import { LockIcon, MinusIcon, SendIcon, SquareIcon, XIcon } from 'lucide-react';
import { useEffect, useRef, useState, type Dispatch, type FormEvent, type ReactNode } from 'react';
import { BOT_NAME, CHAT_MESSAGE_MAX_LENGTH, CHAT_QUICK_REPLIES, CHAT_TEXTS, type ChatMessageView } from '../../../server/chat/schema';
import { trackEvent } from '../../lib/analytics';
import { cn } from '../../lib/cn';
import { initialsOf } from '../shell/user';
import { Button } from '../ui/button';
import { focusRing } from '../ui/focus';
import { chatVisitorId, fetchConversation, openReplyStream, postMessage } from './api';
import { closedEventParams, isTyping, messageToSend, replyDelayMs, showQuickReplies, type ChatAction, type ChatState } from './state';

let lastLocalId = 0;

/**
 * Shows the visitor's message at once, stores it, then shows the automated reply 1.5–2.5 s after the
 * send however quickly the server answered. A refused message is taken back (`restore` the draft).
 */
function sendMessage(visitorId: string, text: string, messageType: 'text' | 'quick_reply', dispatch: Dispatch<ChatAction>, restore: () => void): void {
  const localId = -++lastLocalId;
  dispatch({ type: 'sending', message: { id: localId, sender: 'visitor', body: text, authorName: null, createdAt: new Date().toISOString() } });
  trackEvent('live_chat_message_sent', { message_type: messageType, message_length: text.length });
  const dueAt = Date.now() + replyDelayMs(Math.random());
  postMessage(visitorId, text).then(
    ({ message, reply }) => {
      dispatch({ type: 'sent', localId, message, reply });
      if (reply) setTimeout(() => dispatch({ type: 'replyDue', id: reply.id }), Math.max(0, dueAt - Date.now()));
    },
    (error: unknown) => {
      dispatch({ type: 'failed', localId, error: error instanceof Error ? error.message : String(error) });
      restore();
    },
  );
}

/** The open (or minimised) chat: loads the visitor's stored conversation and listens for the team's replies. */
export default function ChatPanel({ state, dispatch }: { state: ChatState; dispatch: Dispatch<ChatAction> }) {
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
      // Unreachable for now: the status stays 'Connecting...' and the welcome stays on screen.
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
    sendMessage(visitorId, text, messageType, dispatch, () => setDraft((current) => current || text));
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
  return (
    <section
      aria-label="Live chat"
      className={cn(
        'fixed right-4 bottom-4 z-40 flex w-[calc(100vw-2rem)] max-w-sm flex-col overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-2xl sm:right-6 sm:bottom-6 dark:border-gray-800 dark:bg-gray-900',
        minimised ? 'h-auto' : 'h-[600px] max-h-[calc(100dvh-2rem)]',
      )}
    >
      <header className="flex items-center gap-3 bg-indigo-600 px-4 py-3 text-white">
        <Avatar name={BOT_NAME} className="bg-white text-indigo-700 dark:bg-white dark:text-indigo-700" />
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-sm font-semibold">{CHAT_TEXTS.title}</h2>
          <p className="flex items-center gap-1.5 text-xs text-indigo-50">
            <span className={cn('size-2 rounded-full', online ? 'bg-green-400' : 'bg-amber-300')} aria-hidden />
            {online ? CHAT_TEXTS.online : CHAT_TEXTS.connecting}
          </p>
        </div>
        <HeaderButton label={minimised ? 'Restore chat' : 'Minimise chat'} onClick={() => dispatch({ type: minimised ? 'restore' : 'minimise' })}>
          {minimised ? <SquareIcon className="size-4" aria-hidden /> : <MinusIcon className="size-4" aria-hidden />}
        </HeaderButton>
        <HeaderButton label="Close chat" onClick={close}>
          <XIcon className="size-4" aria-hidden />
        </HeaderButton>
      </header>

      {minimised ? null : (
        <>
          <div ref={listRef} role="log" aria-label="Messages" className="flex flex-1 flex-col gap-3 overflow-y-auto bg-gray-50 px-4 py-4 dark:bg-gray-950">
            <ol className="flex flex-col gap-3">
              {state.messages.map((message) => (
                <MessageBubble key={message.id} message={message} />
              ))}
            </ol>
            {typing ? (
              <div className="flex items-end gap-2" role="status" aria-label={`${BOT_NAME} is typing`}>
                <Avatar name={BOT_NAME} />
                <span className="flex gap-1 rounded-2xl rounded-bl-sm bg-white px-3 py-3 shadow-sm dark:bg-gray-800" aria-hidden>
                  {[0, 150, 300].map((delay) => (
                    <span key={delay} className="size-1.5 animate-bounce rounded-full bg-gray-400" style={{ animationDelay: `${delay}ms` }} />
                  ))}
                </span>
              </div>
            ) : null}
          </div>

          {showQuickReplies(state) ? (
            <div className="flex flex-wrap gap-2 border-t border-gray-200 px-4 py-3 dark:border-gray-800" role="group" aria-label="Quick replies">
              {CHAT_QUICK_REPLIES.map((text) => (
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
                placeholder={CHAT_TEXTS.placeholder}
                aria-label="Message"
                autoComplete="off"
                className={cn(
                  'h-10 min-w-0 flex-1 rounded-full border border-gray-300 bg-white px-4 text-sm text-gray-900 placeholder:text-gray-500 dark:border-gray-700 dark:bg-gray-800 dark:text-gray-100 dark:placeholder:text-gray-400',
                  focusRing,
                )}
              />
              <Button type="submit" size="icon" className="size-10 rounded-full" aria-label="Send message">
                <SendIcon className="size-4" aria-hidden />
              </Button>
            </div>
            <p className="mt-2 flex items-center justify-center gap-3 text-xs text-gray-600 dark:text-gray-400">
              <span>{CHAT_TEXTS.repliesNote}</span>
              <span className="flex items-center gap-1">
                <LockIcon className="size-3" aria-hidden />
                {CHAT_TEXTS.privacyNote}
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

function MessageBubble({ message }: { message: ChatMessageView }) {
  const time = new Date(message.createdAt);
  if (message.sender === 'visitor') {
    return (
      <li className="flex justify-end">
        <p className="max-w-[80%] rounded-2xl rounded-br-sm bg-indigo-600 px-3 py-2 text-sm break-words whitespace-pre-wrap text-white">
          <span className="sr-only">You: </span>
          {message.body}
        </p>
      </li>
    );
  }
  const name = message.authorName ?? BOT_NAME;
  return (
    <li className="flex items-end gap-2">
      <Avatar name={name} />
      <div className="max-w-[80%]">
        <p className="mb-1 text-xs text-gray-600 dark:text-gray-400">
          {name}
          {message.id > 0 ? <time dateTime={message.createdAt}> · {time.toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' })}</time> : null}
        </p>
        <p className="rounded-2xl rounded-bl-sm bg-white px-3 py-2 text-sm break-words whitespace-pre-wrap text-gray-900 shadow-sm dark:bg-gray-800 dark:text-gray-100">{message.body}</p>
      </div>
    </li>
  );
}
