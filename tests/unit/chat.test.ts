import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../client/i18n/languages';
import { BOT_REPLIES, botReplyFor, CHAT_QUICK_REPLIES, CHAT_WELCOME, emailIn, isVisitorId, replyDelayMs, topicOf, type ChatMessageView } from '../../server/chat/schema';
import { chatReducer, closedEventParams, initialChatState, isTyping, messageToSend, showQuickReplies, withWelcome, type ChatAction, type ChatState } from '../../client/components/chat-widget/state';
import { typographyFaults } from '../helpers/typography';

const en = BOT_REPLIES.en;

describe('botReplyFor (spec public-site §9)', () => {
  it('answers by case-insensitive keyword', () => {
    expect(botReplyFor('What is the PRICE?', 'en')).toBe(en.billing);
    expect(botReplyFor('Problem with my payment', 'en')).toBe(en.billing);
    expect(botReplyFor('billing', 'en')).toBe(en.billing);
    expect(botReplyFor('Are you Hipaa ready?', 'en')).toBe(en.compliance);
    expect(botReplyFor('compliance docs', 'en')).toBe(en.compliance);
    expect(botReplyFor('How do I set things up? Setup please', 'en')).toBe(en.onboarding);
    expect(botReplyFor('I need help', 'en')).toBe(en.onboarding);
    expect(botReplyFor('Getting Started', 'en')).toBe(en.onboarding);
    expect(botReplyFor('Can I connect Zapier?', 'en')).toBe(en.integrations);
    expect(botReplyFor('Do you have an API', 'en')).toBe(en.integrations);
    expect(botReplyFor('Can you show me?', 'en')).toBe(en.demo);
    expect(botReplyFor('I would like to see it', 'en')).toBe(en.demo);
    expect(botReplyFor('Hello there', 'en')).toBe(en.handoff);
  });

  it('matches whole words only ("capital" is not "api", "seed" is not "see", "api_key" is one word)', () => {
    expect(botReplyFor('Our capital city seed fund', 'en')).toBe(en.handoff);
    expect(botReplyFor('my api_key', 'en')).toBe(en.handoff);
  });

  it('gives every quick reply its topic in every language, specific topics before the generic "help"', () => {
    const topics = ['onboarding', 'billing', null, 'demo', 'compliance', 'integrations'] as const;
    for (const language of LANGUAGES) {
      expect(CHAT_QUICK_REPLIES[language].map(topicOf), language).toEqual(topics);
      expect(
        CHAT_QUICK_REPLIES[language].map((text) => botReplyFor(text, language)),
        language,
      ).toEqual(topics.map((topic) => BOT_REPLIES[language][topic ?? 'handoff']));
    }
  });

  it('understands French keywords, with or without accents, and answers in French', () => {
    const fr = BOT_REPLIES.fr;
    expect(botReplyFor('Question sur la facturation', 'fr')).toBe(fr.billing);
    expect(botReplyFor('Quels sont vos PRIX ?', 'fr')).toBe(fr.billing);
    expect(botReplyFor('Combien coûtent vos tarifs', 'fr')).toBe(fr.billing);
    expect(botReplyFor('Êtes-vous en conformité avec HIPAA ?', 'fr')).toBe(fr.compliance);
    expect(botReplyFor('Je veux connecter mon agenda', 'fr')).toBe(fr.integrations);
    expect(botReplyFor('Une integration avec Stripe', 'fr')).toBe(fr.integrations);
    expect(botReplyFor('Pouvez-vous me montrer une démo', 'fr')).toBe(fr.demo);
    expect(botReplyFor('J’ai besoin d’aide pour démarrer', 'fr')).toBe(fr.onboarding);
    expect(botReplyFor('Bonjour', 'fr')).toBe(fr.handoff);
    // Whole words: "savoir" does not contain "voir".
    expect(botReplyFor('Je voudrais savoir', 'fr')).toBe(fr.handoff);
  });

  it('understands Arabic keywords with their attached prefixes and endings, and answers in Arabic', () => {
    const ar = BOT_REPLIES.ar;
    expect(botReplyFor('لدي سؤال عن الفواتير', 'ar')).toBe(ar.billing);
    expect(botReplyFor('ما السعر؟', 'ar')).toBe(ar.billing);
    expect(botReplyFor('كم أسعاركم', 'ar')).toBe(ar.billing);
    expect(botReplyFor('وبالسعر المناسب', 'ar')).toBe(ar.billing);
    expect(botReplyFor('هل أنتم ملتزمون بالامتثال؟', 'ar')).toBe(ar.compliance);
    expect(botReplyFor('كيف أربط التقويم؟ أحتاج التكامل', 'ar')).toBe(ar.integrations);
    expect(botReplyFor('أريد عرضًا توضيحيًا', 'ar')).toBe(ar.demo);
    expect(botReplyFor('أحتاج إلى مساعدتك في الإعداد', 'ar')).toBe(ar.onboarding);
    // Vowel marks and hamza forms do not matter.
    expect(botReplyFor('السِّعْر', 'ar')).toBe(ar.billing);
    expect(botReplyFor('مرحبا', 'ar')).toBe(ar.handoff);
  });

  it("answers in the visitor's language whichever language the keyword is in", () => {
    expect(botReplyFor('price?', 'fr')).toBe(BOT_REPLIES.fr.billing);
    expect(botReplyFor('facturation', 'ar')).toBe(BOT_REPLIES.ar.billing);
    expect(botReplyFor('الفواتير', 'en')).toBe(en.billing);
  });

  it("acknowledges an e-mail address left in the message, in the visitor's language", () => {
    expect(emailIn('write to Ada.Lovelace+crm@Example.co.uk please')).toBe('ada.lovelace+crm@example.co.uk');
    expect(emailIn('no address here @ all')).toBeNull();
    expect(botReplyFor('my billing e-mail is ada@example.com', 'en')).toBe(en.email('ada@example.com'));
    expect(botReplyFor('mon adresse : ada@example.com', 'fr')).toBe(BOT_REPLIES.fr.email('ada@example.com'));
    // Inside Arabic text the address is a left-to-right isolate.
    expect(botReplyFor('بريدي ada@example.com', 'ar')).toContain('\u2066ada@example.com\u2069');
  });

  it('accepts only long random visitor ids', () => {
    expect(isVisitorId('a'.repeat(43))).toBe(true);
    expect(isVisitorId('Zx-_09'.repeat(8))).toBe(true);
    expect(isVisitorId('short')).toBe(false);
    expect(isVisitorId('a'.repeat(42) + '!')).toBe(false);
    expect(isVisitorId(undefined)).toBe(false);
  });
});

describe('chat texts in English, French and Arabic', () => {
  const textsOf = (language: (typeof LANGUAGES)[number]) => {
    const { email, ...replies } = BOT_REPLIES[language];
    return { welcome: CHAT_WELCOME[language], quickReplies: [...CHAT_QUICK_REPLIES[language]], replies: { ...replies, email: email('ada@example.com') } };
  };

  it('has every text in every language, translated', () => {
    const english = textsOf('en');
    for (const language of ['fr', 'ar'] as const) {
      const texts = textsOf(language);
      expect(Object.keys(texts.replies).sort(), language).toEqual(Object.keys(english.replies).sort());
      expect(texts.quickReplies, language).toHaveLength(english.quickReplies.length);
      const all = [texts.welcome, ...texts.quickReplies, ...Object.values(texts.replies)];
      const englishTexts = new Set([english.welcome, ...english.quickReplies, ...Object.values(english.replies)]);
      expect(
        all.filter((text) => text.trim() === '' || englishTexts.has(text)),
        language,
      ).toEqual([]);
      expect(texts.replies.email, language).toContain('ada@example.com');
    }
  });

  it('keeps the links, figures and product names of the English replies', () => {
    for (const language of ['fr', 'ar'] as const) {
      const replies = BOT_REPLIES[language];
      expect(replies.demo, language).toMatch(/\/book-demo[\s\S]*\/demo-dashboard/);
      for (const figure of ['97', '297', '497', 'Starter', 'Unlimited', 'SaaS Pro', '14', 'ACH']) expect(replies.billing, `${language} ${figure}`).toContain(figure);
      for (const name of ['HIPAA', 'BAA', '/enterprise-security']) expect(replies.compliance, language).toContain(name);
    }
  });

  it("follows each language's typography", () => {
    for (const language of ['fr', 'ar'] as const) {
      const { welcome, quickReplies, replies } = textsOf(language);
      expect(
        [welcome, ...quickReplies, ...Object.values(replies)].flatMap((text) => typographyFaults(language, text)),
        language,
      ).toEqual([]);
    }
  });
});

const message = (id: number, sender: ChatMessageView['sender'], body: string): ChatMessageView => ({
  id,
  sender,
  body,
  authorName: sender === 'visitor' ? null : 'Agent',
  createdAt: '2026-11-21T10:00:00.000Z',
});
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
    expect(initialChatState.messages).toEqual([]);
    expect(showQuickReplies(initialChatState)).toBe(true);
    const sending = run([{ type: 'sending', message: message(-1, 'visitor', 'Feature demo') }]);
    expect(showQuickReplies(sending)).toBe(false);
    // A returning visitor's stored conversation: no quick replies.
    expect(showQuickReplies(run([{ type: 'loaded', messages: [message(1, 'bot', 'Welcome'), message(2, 'visitor', 'Hi')] }]))).toBe(false);
    expect(showQuickReplies(run([{ type: 'loaded', messages: [] }]))).toBe(true);
  });

  it('types while a message is on its way and until the automated reply is due, then shows the reply', () => {
    const reply = message(3, 'bot', en.demo);
    const sending = run([{ type: 'sending', message: message(-1, 'visitor', 'Feature demo') }]);
    expect(isTyping(sending)).toBe(true);
    const sent = run([{ type: 'sent', localId: -1, message: message(2, 'visitor', 'Feature demo'), reply }], sending);
    expect(isTyping(sent)).toBe(true);
    expect(sent.messages.map((m) => m.id)).toEqual([2]);
    const shown = run([{ type: 'replyDue', id: 3 }], sent);
    expect(isTyping(shown)).toBe(false);
    expect(shown.messages.map((m) => m.body)).toEqual(['Feature demo', en.demo]);
  });

  it("opens with the welcome in the visitor's language until the stored conversation, which holds its own, is loaded", () => {
    const welcome = message(0, 'bot', CHAT_WELCOME.ar);
    const sent = run([
      { type: 'sending', message: message(-1, 'visitor', 'الفواتير') },
      { type: 'sent', localId: -1, message: message(2, 'visitor', 'الفواتير'), reply: message(3, 'bot', BOT_REPLIES.ar.billing) },
      { type: 'replyDue', id: 3 },
    ]);
    expect(withWelcome(sent.messages, welcome).map((m) => m.id)).toEqual([0, 2, 3]);
    // A returning visitor's history starts with the welcome stored in the language it was shown in.
    const stored = run([{ type: 'loaded', messages: [message(1, 'bot', CHAT_WELCOME.fr), message(2, 'visitor', 'Bonjour')] }]);
    expect(withWelcome(stored.messages, welcome).map((m) => m.body)).toEqual([CHAT_WELCOME.fr, 'Bonjour']);
    expect(closedEventParams(stored, 0).message_count).toBe(2);
  });

  it('takes back a refused message with the reason', () => {
    const failed = run([
      { type: 'sending', message: message(-1, 'visitor', 'Hi') },
      { type: 'failed', localId: -1, error: 'Too many messages.' },
    ]);
    expect(failed).toMatchObject({ messages: [], sending: 0, error: 'Too many messages.' });
  });

  it("adds the team's live replies once, even when the history already holds them", () => {
    const loaded = run([{ type: 'loaded', messages: [message(1, 'bot', 'Welcome'), message(2, 'visitor', 'Hi'), message(4, 'member', 'Hello!')] }]);
    const again = run(
      [
        { type: 'received', message: message(4, 'member', 'Hello!') },
        { type: 'received', message: message(5, 'member', 'Anything else?') },
      ],
      loaded,
    );
    expect(again.messages.map((m) => m.id)).toEqual([1, 2, 4, 5]);
  });

  it('reports the message count and the seconds the panel was open when it closes', () => {
    const state = run([
      { type: 'open', at: 10_000 },
      { type: 'sending', message: message(-1, 'visitor', 'Hi') },
    ]);
    expect(closedEventParams(state, 75_400)).toEqual({ message_count: 2, session_duration: 65 });
  });

  it('waits 1.5 to 2.5 seconds before an automated reply', () => {
    expect(replyDelayMs(0)).toBe(1500);
    expect(replyDelayMs(0.5)).toBe(2000);
    expect(replyDelayMs(0.999999)).toBe(2500);
  });
});
