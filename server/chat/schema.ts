/**
 * The website chat's rules and texts (spec public-site §2.18, §4, §9), written once for the server
 * and the widget. Deliberately zod-free: the widget ships on every public page, which must not pull
 * in zod (issue #9); the server's zod input schemas (inputs.ts) are built from these constants.
 */

/** The longest message a visitor or a team member may send, in characters (after trimming). */
export const CHAT_MESSAGE_MAX_LENGTH = 2000;

/**
 * The visitor's id: a random secret the widget keeps in local storage (43 characters of base64url
 * for 32 random bytes). Whoever holds it reads the conversation, so it must be unguessable.
 */
export const VISITOR_ID_PATTERN = /^[A-Za-z0-9_-]{32,128}$/;
export const isVisitorId = (value: unknown): value is string => typeof value === 'string' && VISITOR_ID_PATTERN.test(value);

/** A visitor may send this many messages per window, and one address this many (shared offices, NAT). */
export const CHAT_RATE_LIMIT = { windowSeconds: 60, perVisitor: 10, perIp: 30 } as const;

/** The automated reply shows after a typing indicator of 1.5 to 2.5 seconds (spec §9). */
export const BOT_REPLY_DELAY_MS = { min: 1500, max: 2500 } as const;

/** Who signs the automated replies (the spec's agentName; the avatar shows its initials). */
export const BOT_NAME = 'Switchboard Support';

export const CHAT_TEXTS = {
  title: 'Switchboard Support',
  welcome: "Hi there! 👋 Welcome to Switchboard. I'm here to help with setup, billing, compliance, integrations or a demo. What can I help you with today?",
  online: 'Online',
  connecting: 'Connecting...',
  repliesNote: 'Typically replies in under 2 minutes',
  privacyNote: 'Secure & Private',
  placeholder: 'Type your message...',
} as const;

/** Shown while the conversation holds only the welcome message; a click sends the text (spec §9). */
export const CHAT_QUICK_REPLIES = ['Getting started help', 'Billing questions', 'Technical support', 'Feature demo', 'HIPAA compliance', 'Integration help'] as const;

/** An e-mail address written in a message; the first one found. */
const EMAIL_IN_TEXT = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/;

export function emailIn(text: string): string | null {
  return EMAIL_IN_TEXT.exec(text)?.[0].toLowerCase() ?? null;
}

export const BOT_REPLIES = {
  email: (email: string) =>
    `Thank you! We'll follow up at ${email} if we miss you here. A member of our team will also answer right here in this chat.`,
  billing:
    "Our plans start at $97/month (Starter), $297/month (Unlimited) and $497/month (SaaS Pro). Every plan comes with a 14-day free trial — no credit card needed — and a 30-day money-back guarantee. We accept all major cards and ACH, and invoice enterprise plans annually. Would you like help choosing a plan?",
  compliance:
    'Switchboard is HIPAA compliant, and we sign a Business Associate Agreement (BAA) with healthcare customers. Data is encrypted in transit and at rest, with role-based access and a full audit log. Would you like our compliance documentation?',
  integrations:
    'Switchboard connects with 200+ integrations — calendars, payments, e-mail and more — and has a full REST API with keys you manage in Settings. Which tool would you like to connect?',
  demo: "I'd love to show you around! Book a personalised demo at /book-demo and our team will get back to you within 24 hours, or watch the live demo at /demo-dashboard right now.",
  onboarding:
    "Getting started is quick: onboarding takes about 15 minutes, and most teams are fully operational within 24-48 hours. We can import your data from 50+ platforms. Shall I walk you through the first steps?",
  handoff:
    "Thanks for your message! A member of our team will reply right here shortly — we typically reply in under 2 minutes. If you'd like a follow-up by e-mail, just type your e-mail address.",
} as const;

/**
 * The topics of spec §9, each with its case-insensitive keywords. The more specific topics are tried
 * before onboarding, whose keyword "help" would otherwise answer "Integration help" too.
 */
const TOPICS: { reply: keyof typeof BOT_REPLIES; keywords: RegExp }[] = [
  { reply: 'billing', keywords: /\b(billing|payments?|prices?)\b/i },
  { reply: 'compliance', keywords: /\b(hipaa|compliance)\b/i },
  { reply: 'integrations', keywords: /\b(integrations?|connect|api)\b/i },
  { reply: 'demo', keywords: /\b(demo|show|see)\b/i },
  { reply: 'onboarding', keywords: /\b(getting started|help|setup)\b/i },
];

/**
 * The automated reply to a visitor's message: an acknowledgement when it leaves an e-mail address,
 * else the first topic whose keyword it contains, else the hand-off to the team. Pure.
 */
export function botReplyFor(message: string): string {
  const email = emailIn(message);
  if (email) return BOT_REPLIES.email(email);
  const topic = TOPICS.find((t) => t.keywords.test(message));
  return topic ? (BOT_REPLIES[topic.reply] as string) : BOT_REPLIES.handoff;
}

/** A message as the widget and the inbox show it. */
export type ChatMessageView = {
  id: number;
  sender: 'visitor' | 'bot' | 'member';
  body: string;
  /** The agent's name for bot and member messages (spec: agentName), null for the visitor's. */
  authorName: string | null;
  createdAt: string;
};

/** What the widget reads back: the stored conversation of this visitor (empty before the first message). */
export type ChatConversationView = { messages: ChatMessageView[] };

/** The answer to a visitor's message: it as stored, and the automated reply when the bot answers. */
export type ChatSendResult = { message: ChatMessageView; reply: ChatMessageView | null };
