import { BOT_NAME, BOT_REPLY_DELAY_MS, CHAT_TEXTS, type ChatMessageView } from '../../../server/chat/schema';

/**
 * The chat widget's state and its rules (spec public-site §2.18, §4), as a pure reducer the widget
 * runs with useReducer: the state belongs to the one widget on the page and is never shared.
 */

export type ChatView = 'closed' | 'open' | 'minimised';

export type ChatState = {
  view: ChatView;
  /** What the visitor sees, in order: the stored conversation (or the welcome alone) and their sends in flight. */
  messages: ChatMessageView[];
  /** Automated replies received from the server, shown once their typing delay is over. */
  pending: ChatMessageView[];
  /** Messages sent and not yet answered by the server. */
  sending: number;
  /** Online once the stream of the team's replies is connected. */
  connection: 'connecting' | 'online';
  /** When the panel was opened (ms), for live_chat_closed's session_duration. */
  openedAt: number | null;
  error: string | null;
};

/** The welcome the widget shows before any conversation is stored (the server stores the same text). */
export const WELCOME_MESSAGE: ChatMessageView = { id: 0, sender: 'bot', body: CHAT_TEXTS.welcome, authorName: BOT_NAME, createdAt: new Date(0).toISOString() };

export const initialChatState: ChatState = { view: 'closed', messages: [WELCOME_MESSAGE], pending: [], sending: 0, connection: 'connecting', openedAt: null, error: null };

export type ChatAction =
  | { type: 'open'; at: number }
  | { type: 'close' }
  | { type: 'minimise' }
  | { type: 'restore' }
  | { type: 'loaded'; messages: ChatMessageView[] }
  | { type: 'sending'; message: ChatMessageView }
  | { type: 'sent'; localId: number; message: ChatMessageView; reply: ChatMessageView | null }
  | { type: 'failed'; localId: number; error: string }
  | { type: 'replyDue'; id: number }
  | { type: 'received'; message: ChatMessageView }
  | { type: 'connection'; status: ChatState['connection'] };

/** The text to send: trimmed, or null for an empty or whitespace-only message, which is ignored. */
export function messageToSend(draft: string): string | null {
  const text = draft.trim();
  return text ? text : null;
}

/** Quick replies show only while the conversation holds just the welcome message. */
export const showQuickReplies = (state: ChatState): boolean => state.messages.length === 1 && state.sending === 0 && state.pending.length === 0;

/** The typing indicator: a message is on its way to the server, or a reply is waiting for its delay. */
export const isTyping = (state: ChatState): boolean => state.sending > 0 || state.pending.length > 0;

/** How long the typing indicator shows before an automated reply: 1.5 to 2.5 s (`random` in [0, 1)). */
export const replyDelayMs = (random: number): number => Math.round(BOT_REPLY_DELAY_MS.min + random * (BOT_REPLY_DELAY_MS.max - BOT_REPLY_DELAY_MS.min));

/** live_chat_closed's parameters: the messages in the conversation and the seconds the panel was open. */
export function closedEventParams(state: ChatState, now: number): { message_count: number; session_duration: number } {
  return { message_count: state.messages.length, session_duration: state.openedAt === null ? 0 : Math.round((now - state.openedAt) / 1000) };
}

/** Adds messages not already shown (the stream may repeat what the history held), in id order after the stored ones. */
function merge(messages: ChatMessageView[], incoming: ChatMessageView[]): ChatMessageView[] {
  const known = new Set(messages.map((m) => m.id));
  const fresh = incoming.filter((m) => !known.has(m.id));
  return fresh.length === 0 ? messages : [...messages, ...fresh];
}

export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case 'open':
      return state.view === 'closed' ? { ...state, view: 'open', openedAt: action.at, error: null } : state;
    case 'close':
      return { ...state, view: 'closed', openedAt: null, connection: 'connecting' };
    case 'minimise':
      return state.view === 'open' ? { ...state, view: 'minimised' } : state;
    case 'restore':
      return state.view === 'minimised' ? { ...state, view: 'open' } : state;
    case 'loaded': {
      // The stored conversation replaces the welcome-only start; sends still in flight stay after it.
      const inFlight = state.messages.filter((m) => m.id < 0);
      const stored = action.messages.length > 0 ? action.messages : [WELCOME_MESSAGE];
      const shown = new Set(stored.map((m) => m.id));
      return { ...state, messages: [...stored, ...inFlight], pending: state.pending.filter((m) => !shown.has(m.id)) };
    }
    case 'sending':
      return { ...state, messages: [...state.messages, action.message], sending: state.sending + 1, error: null };
    case 'sent': {
      // A history loaded meanwhile may already show the stored message and its reply.
      const shown = new Set(state.messages.map((m) => m.id));
      return {
        ...state,
        messages: shown.has(action.message.id) ? state.messages.filter((m) => m.id !== action.localId) : state.messages.map((m) => (m.id === action.localId ? action.message : m)),
        pending: action.reply && !shown.has(action.reply.id) ? [...state.pending, action.reply] : state.pending,
        sending: state.sending - 1,
      };
    }
    case 'failed':
      return { ...state, messages: state.messages.filter((m) => m.id !== action.localId), sending: state.sending - 1, error: action.error };
    case 'replyDue': {
      const reply = state.pending.find((m) => m.id === action.id);
      if (!reply) return state;
      return { ...state, messages: merge(state.messages, [reply]), pending: state.pending.filter((m) => m.id !== action.id) };
    }
    case 'received':
      return { ...state, messages: merge(state.messages, [action.message]) };
    case 'connection':
      return { ...state, connection: action.status };
  }
}
