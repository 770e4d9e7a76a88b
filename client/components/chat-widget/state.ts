// Types only: the texts of server/chat/schema.ts (every language's welcome and quick replies) load
// with the panel, not with the button that every page carries.
import type { ChatMessageView } from '../../../server/chat/schema';

/**
 * The chat widget's state and its rules (spec public-site §2.18, §4), as a pure reducer the widget
 * runs with useReducer: the state belongs to the one widget on the page and is never shared.
 */

export type ChatView = 'closed' | 'open' | 'minimised';

export type ChatState = {
  view: ChatView;
  /**
   * The conversation, in order: the stored one (opened by its stored welcome) or, before it is
   * loaded or exists, the messages of this page; then the sends in flight. See `withWelcome`.
   */
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

export const initialChatState: ChatState = { view: 'closed', messages: [], pending: [], sending: 0, connection: 'connecting', openedAt: null, error: null };

/**
 * A stored conversation opens with its welcome (stored with the first message, in the language it
 * was shown in), and a visitor never writes as the bot: messages that start with a bot message hold
 * their welcome. Otherwise none is stored yet, or it is not loaded.
 */
const holdsWelcome = (messages: ChatMessageView[]): boolean => messages[0]?.sender === 'bot';

/** What the panel lists: the conversation, opened by `welcome` (in the visitor's language) until a stored one is there. */
export function withWelcome(messages: ChatMessageView[], welcome: ChatMessageView): ChatMessageView[] {
  return holdsWelcome(messages) ? messages : [welcome, ...messages];
}

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
export const showQuickReplies = (state: ChatState): boolean => state.messages.length === 0 && state.sending === 0 && state.pending.length === 0;

/** The typing indicator: a message is on its way to the server, or a reply is waiting for its delay. */
export const isTyping = (state: ChatState): boolean => state.sending > 0 || state.pending.length > 0;

/** live_chat_closed's parameters: the messages in the conversation (its welcome included) and the seconds the panel was open. */
export function closedEventParams(state: ChatState, now: number): { message_count: number; session_duration: number } {
  const messageCount = state.messages.length + (holdsWelcome(state.messages) ? 0 : 1);
  return { message_count: messageCount, session_duration: state.openedAt === null ? 0 : Math.round((now - state.openedAt) / 1000) };
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
      // The stored conversation replaces what was shown; sends still in flight stay after it.
      const inFlight = state.messages.filter((m) => m.id < 0);
      const shown = new Set(action.messages.map((m) => m.id));
      return { ...state, messages: [...action.messages, ...inFlight], pending: state.pending.filter((m) => !shown.has(m.id)) };
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
