import type { ChatConversationView, ChatMessageView, ChatSendResult } from '../../../server/chat/schema';
import type { Language } from '../../i18n/languages';

/**
 * The widget's side of the public chat doors (server/chat/rest.ts): plain fetch and EventSource,
 * so the widget ships without the application's tRPC client.
 */

const VISITOR_KEY = 'switchboard.chatVisitorId';
let memoryVisitorId: string | undefined;

/** 32 random bytes, base64url: the visitor's secret key to their conversation. */
function newVisitorId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** The visitor id kept in local storage (in memory when storage is unavailable, e.g. blocked cookies). */
export function chatVisitorId(): string {
  try {
    let id = localStorage.getItem(VISITOR_KEY);
    if (!id) {
      id = newVisitorId();
      localStorage.setItem(VISITOR_KEY, id);
    }
    return id;
  } catch {
    memoryVisitorId ??= newVisitorId();
    return memoryVisitorId;
  }
}

/** A door's refusal: the widget words it in the visitor's language, from the status (and Retry-After). */
export class ChatRequestError extends Error {
  constructor(
    readonly status: number,
    /** Seconds to wait before sending again, when rate-limited. */
    readonly retryAfter: number | null,
    message: string,
  ) {
    super(message);
  }
}

async function answer<T>(response: Response): Promise<T> {
  const body = (await response.json().catch(() => ({}))) as T & { message?: string };
  if (!response.ok) {
    const retryAfter = Number(response.headers.get('retry-after'));
    throw new ChatRequestError(response.status, retryAfter > 0 ? retryAfter : null, body.message ?? `HTTP ${response.status}`);
  }
  return body;
}

export async function fetchConversation(visitorId: string): Promise<ChatMessageView[]> {
  const response = await fetch(`/api/chat/conversation?visitorId=${encodeURIComponent(visitorId)}`, { headers: { accept: 'application/json' } });
  return (await answer<ChatConversationView>(response)).messages;
}

/** Sends a message in the visitor's language, which the server writes the welcome and its reply in. */
export async function postMessage(visitorId: string, text: string, language: Language): Promise<ChatSendResult> {
  const response = await fetch('/api/chat/messages', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ visitorId, text, page: window.location.pathname, language }),
  });
  return answer<ChatSendResult>(response);
}

/**
 * The team's replies, live. The browser reconnects by itself after a drop, sending the last id it
 * saw (Last-Event-ID); `after` covers the first connection, from the end of the loaded history.
 */
export function openReplyStream(visitorId: string, after: number, on: { message(message: ChatMessageView): void; status(online: boolean): void }): () => void {
  const source = new EventSource(`/api/chat/stream?visitorId=${encodeURIComponent(visitorId)}&after=${after}`);
  source.addEventListener('ready', () => on.status(true));
  source.addEventListener('message', (event) => on.message(JSON.parse((event as MessageEvent<string>).data) as ChatMessageView));
  source.addEventListener('error', () => on.status(false));
  return () => source.close();
}
