import { describe, expect, it } from 'vitest';
import { BOT_REPLIES, botReplyFor, CHAT_QUICK_REPLIES, emailIn, isVisitorId, type ChatMessageView } from '../../server/chat/schema';
import {
  chatReducer,
  closedEventParams,
  initialChatState,
  isTyping,
  messageToSend,
  replyDelayMs,
  showQuickReplies,
  WELCOME_MESSAGE,
  type ChatAction,
  type ChatState,
} from '../../client/components/chat-widget/state';

describe('botReplyFor (spec public-site §9)', () => {
  it('answers by case-insensitive keyword', () => {
    expect(botReplyFor('What is the PRICE?')).toBe(BOT_REPLIES.billing);
    expect(botReplyFor('Problem with my payment')).toBe(BOT_REPLIES.billing);
    expect(botReplyFor('billing')).toBe(BOT_REPLIES.billing);
    expect(botReplyFor('Are you Hipaa ready?')).toBe(BOT_REPLIES.compliance);
    expect(botReplyFor('compliance docs')).toBe(BOT_REPLIES.compliance);
    expect(botReplyFor('How do I set things up? Setup please')).toBe(BOT_REPLIES.onboarding);
    expect(botReplyFor('I need help')).toBe(BOT_REPLIES.onboarding);
    expect(botReplyFor('Getting Started')).toBe(BOT_REPLIES.onboarding);
    expect(botReplyFor('Can I connect Zapier?')).toBe(BOT_REPLIES.integrations);
    expect(botReplyFor('Do you have an API')).toBe(BOT_REPLIES.integrations);
    expect(botReplyFor('Can you show me?')).toBe(BOT_REPLIES.demo);
    expect(botReplyFor('I would like to see it')).toBe(BOT_REPLIES.demo);
    expect(botReplyFor('Hello there')).toBe(BOT_REPLIES.handoff);
  });

  it('matches whole words only ("capital" is not "api", "seed" is not "see")', () => {
    expect(botReplyFor('Our capital city seed fund')).toBe(BOT_REPLIES.handoff);
  });

  it('gives every quick reply its topic, specific topics before the generic "help"', () => {
    expect(CHAT_QUICK_REPLIES.map(botReplyFor)).toEqual([
      BOT_REPLIES.onboarding,
      BOT_REPLIES.billing,
      BOT_REPLIES.handoff,
      BOT_REPLIES.demo,
      BOT_REPLIES.compliance,
      BOT_REPLIES.integrations,
    ]);
  });

  it('acknowledges an e-mail address left in the message', () => {
    expect(emailIn('write to Ada.Lovelace+crm@Example.co.uk please')).toBe('ada.lovelace+crm@example.co.uk');
    expect(emailIn('no address here @ all')).toBeNull();
    expect(botReplyFor('my billing e-mail is ada@example.com')).toBe(BOT_REPLIES.email('ada@example.com'));
  });

  it('accepts only long random visitor ids', () => {
    expect(isVisitorId('a'.repeat(43))).toBe(true);
    expect(isVisitorId('Zx-_09'.repeat(8))).toBe(true);
    expect(isVisitorId('short')).toBe(false);
    expect(isVisitorId('a'.repeat(42) + '!')).toBe(false);
    expect(isVisitorId(undefined)).toBe(false);
  });
});

const message = (id: number, sender: ChatMessageView['sender'], body: string): ChatMessageView => ({ id, sender, body, authorName: sender === 'visitor' ? null : 'Agent', createdAt: '2026-11-21T10:00:00.000Z' });
const run = (actions: ChatAction[], from: ChatState = initialChatState) => actions.reduce(chatReducer, from);

describe('chat widget state (spec public-site §4)', () => {
  it('opens, minimises to the header, restores and closes', () => {
    const open = run([{ type: 'open', at: 1000 }]);
    expect(open.view).toBe('open');
    expect(run([{ type: 'minimise' }], open).view).toBe('minimised');
    expect(run([{ type: 'minimise' }, { type: 'restore' }], open).view).toBe('open');
    expect(run([{ type: 'close' }], open)).toMatchObject({ view: 'closed', openedAt: null });
    // Minimise and restore mean nothing while closed.
    expect(run([{ type: 'minimise' }]).view).toBe('closed');
  });

  it('ignores empty and whitespace-only messages and trims the others', () => {
    expect(messageToSend('')).toBeNull();
    expect(messageToSend('  \n\t ')).toBeNull();
    expect(messageToSend('  Hello  ')).toBe('Hello');
  });

  it('shows quick replies only while the conversation holds just the welcome message', () => {
    expect(initialChatState.messages).toEqual([WELCOME_MESSAGE]);
    expect(showQuickReplies(initialChatState)).toBe(true);
    const sending = run([{ type: 'sending', message: message(-1, 'visitor', 'Feature demo') }]);
    expect(showQuickReplies(sending)).toBe(false);
    // A returning visitor's stored conversation: no quick replies.
    expect(showQuickReplies(run([{ type: 'loaded', messages: [message(1, 'bot', 'Welcome'), message(2, 'visitor', 'Hi')] }]))).toBe(false);
    expect(showQuickReplies(run([{ type: 'loaded', messages: [] }]))).toBe(true);
  });

  it('types while a message is on its way and until the automated reply is due, then shows the reply', () => {
    const reply = message(3, 'bot', BOT_REPLIES.demo);
    const sending = run([{ type: 'sending', message: message(-1, 'visitor', 'Feature demo') }]);
    expect(isTyping(sending)).toBe(true);
    const sent = run([{ type: 'sent', localId: -1, message: message(2, 'visitor', 'Feature demo'), reply }], sending);
    expect(isTyping(sent)).toBe(true);
    expect(sent.messages.map((m) => m.id)).toEqual([0, 2]);
    const shown = run([{ type: 'replyDue', id: 3 }], sent);
    expect(isTyping(shown)).toBe(false);
    expect(shown.messages.map((m) => m.body)).toEqual([WELCOME_MESSAGE.body, 'Feature demo', BOT_REPLIES.demo]);
  });

  it('takes back a refused message with the reason', () => {
    const failed = run([
      { type: 'sending', message: message(-1, 'visitor', 'Hi') },
      { type: 'failed', localId: -1, error: 'Too many messages.' },
    ]);
    expect(failed).toMatchObject({ messages: [WELCOME_MESSAGE], sending: 0, error: 'Too many messages.' });
  });

  it("adds the team's live replies once, even when the history already holds them", () => {
    const loaded = run([{ type: 'loaded', messages: [message(1, 'bot', 'Welcome'), message(2, 'visitor', 'Hi'), message(4, 'member', 'Hello!')] }]);
    const again = run([{ type: 'received', message: message(4, 'member', 'Hello!') }, { type: 'received', message: message(5, 'member', 'Anything else?') }], loaded);
    expect(again.messages.map((m) => m.id)).toEqual([1, 2, 4, 5]);
  });

  it('reports the message count and the seconds the panel was open when it closes', () => {
    const state = run([{ type: 'open', at: 10_000 }, { type: 'sending', message: message(-1, 'visitor', 'Hi') }]);
    expect(closedEventParams(state, 75_400)).toEqual({ message_count: 2, session_duration: 65 });
  });

  it('waits 1.5 to 2.5 seconds before an automated reply', () => {
    expect(replyDelayMs(0)).toBe(1500);
    expect(replyDelayMs(0.5)).toBe(2000);
    expect(replyDelayMs(0.999999)).toBe(2500);
  });
});
