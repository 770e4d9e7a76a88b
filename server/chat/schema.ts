/**
 * The website chat's rules and texts (spec public-site §2.18, §4, §9), written once for the server
 * and the widget. Deliberately zod-free: the widget ships on every public page, which must not pull
 * in zod (issue #9); the server's zod input schemas (inputs.ts) are built from these constants.
 */

import type { Language } from '../languages/schema';

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

/**
 * Open reply streams (GET /api/chat/stream) at once, counted in each server process: per
 * conversation (the visitor's tabs) and per client address (an office behind one address).
 */
export const CHAT_STREAM_LIMITS = { perConversation: 5, perIp: 20 } as const;

/** The automated reply shows after a typing indicator of 1.5 to 2.5 seconds (spec §9). */
export const BOT_REPLY_DELAY_MS = { min: 1500, max: 2500 } as const;

/** Who signs the automated replies (the spec's agentName; the avatar shows its initials). */
export const BOT_NAME = 'Switchboard Support';

/** How long the typing indicator shows before an automated reply: 1.5 to 2.5 s (`random` in [0, 1)). */
export const replyDelayMs = (random: number): number => Math.round(BOT_REPLY_DELAY_MS.min + random * (BOT_REPLY_DELAY_MS.max - BOT_REPLY_DELAY_MS.min));

/*
 * What is said in the conversation, in the visitor's language (issue #9): the welcome, the quick
 * replies and the automated replies. The server stores the text it picked, so the conversation keeps
 * what the visitor saw. English is the spec's text, word for word. French uses a no-break space
 * before : and a narrow one before ; ! ? (as the site's pages do); Arabic uses ، ؛ ؟, and puts
 * e-mail addresses and paths in left-to-right isolates (U+2066…U+2069) so they keep their order.
 * The widget's own labels (buttons, status, errors) are in the chrome catalogs, client/i18n/*.json.
 */

/** The first message of every conversation, shown before it is stored and stored with the first message. */
export const CHAT_WELCOME: Record<Language, string> = {
  en: "Hi there! 👋 Welcome to Switchboard. I'm here to help with setup, billing, compliance, integrations or a demo. What can I help you with today?",
  fr: 'Bonjour\u202f! 👋 Bienvenue sur Switchboard. Je suis là pour vous aider à démarrer, et pour toute question sur la facturation, la conformité, les intégrations ou une démo. Que puis-je faire pour vous aujourd’hui\u202f?',
  ar: 'مرحبًا! 👋 أهلًا بك في Switchboard. أنا هنا لمساعدتك في الإعداد أو الفواتير أو الامتثال أو التكاملات أو حجز عرض توضيحي. كيف يمكنني مساعدتك اليوم؟',
};

type QuickReplies = readonly [onboarding: string, billing: string, technical: string, demo: string, compliance: string, integrations: string];

/** Shown while the conversation holds only the welcome message; a click sends the text (spec §9). Same topics, same order, in each language. */
export const CHAT_QUICK_REPLIES: Record<Language, QuickReplies> = {
  en: ['Getting started help', 'Billing questions', 'Technical support', 'Feature demo', 'HIPAA compliance', 'Integration help'],
  fr: ['Aide pour démarrer', 'Questions de facturation', 'Assistance technique', 'Démo des fonctionnalités', 'Conformité HIPAA', 'Aide à l’intégration'],
  ar: ['مساعدة في البدء', 'أسئلة حول الفواتير', 'الدعم الفني', 'عرض توضيحي للميزات', 'الامتثال لمعايير HIPAA', 'المساعدة في التكامل'],
};

/** An e-mail address written in a message; the first one found. */
const EMAIL_IN_TEXT = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/;

export function emailIn(text: string): string | null {
  return EMAIL_IN_TEXT.exec(text)?.[0].toLowerCase() ?? null;
}

type Topic = 'billing' | 'compliance' | 'integrations' | 'demo' | 'onboarding';
export type BotReplies = Record<Topic | 'handoff', string> & { email: (email: string) => string };

export const BOT_REPLIES: Record<Language, BotReplies> = {
  en: {
    email: (email) => `Thank you! We'll follow up at ${email} if we miss you here. A member of our team will also answer right here in this chat.`,
    billing:
      'Our plans start at $97/month (Starter), $297/month (Unlimited) and $497/month (SaaS Pro). Every plan comes with a 14-day free trial — no credit card needed — and you can cancel any time from Settings → Billing. We accept all major cards and ACH, and invoice enterprise plans annually. Would you like help choosing a plan?',
    compliance:
      'Switchboard gives you role-based access, a full audit log and hashed credentials, and self-hosted it keeps patient data on your own servers. It comes with no Business Associate Agreement (BAA): HIPAA compliance remains the practice’s responsibility. Would you like to see the security page at /enterprise-security?',
    integrations:
      'Switchboard has built-in integrations with Stripe (billing), Twilio (SMS), Kit (lead forms) and Google Analytics, a full REST API with keys you manage in Settings, and outbound webhooks (Settings → Webhooks) that tell your own systems when something changes. An integrations marketplace and calendar sync are planned, not built yet. Which tool would you like to connect?',
    demo: "I'd love to show you around! Book a personalised demo at /book-demo and our team will get back to you within 24 hours, or watch the live demo at /demo-dashboard right now.",
    onboarding:
      'Getting started is quick: onboarding takes about 15 minutes, and most teams are fully operational within 24-48 hours. You can import your contacts from a CSV file of any tool. Shall I walk you through the first steps?',
    handoff: "Thanks for your message! A member of our team will reply right here shortly — we typically reply in under 2 minutes. If you'd like a follow-up by e-mail, just type your e-mail address.",
  },
  fr: {
    email: (email) => `Merci\u202f! Si nous vous manquons ici, nous vous recontacterons à l’adresse ${email}. Un membre de notre équipe vous répondra aussi directement dans ce chat.`,
    billing:
      'Nos offres commencent à 97\u00a0$US par mois (Starter), 297\u00a0$US par mois (Unlimited) et 497\u00a0$US par mois (SaaS Pro). Chaque offre comprend un essai gratuit de 14\u00a0jours, sans carte bancaire, et vous pouvez résilier à tout moment depuis Paramètres → Facturation. Nous acceptons toutes les principales cartes bancaires ainsi que les prélèvements ACH, et les offres Entreprise sont facturées à l’année. Voulez-vous de l’aide pour choisir votre offre\u202f?',
    compliance:
      'Switchboard vous donne des accès par rôle, un journal d’audit complet et des identifiants hachés\u202f; auto-hébergé, il garde les données des patients sur vos propres serveurs. Il n’est fourni avec aucun accord de partenariat commercial (Business Associate Agreement, BAA)\u00a0: la conformité HIPAA reste de la responsabilité du cabinet. Voulez-vous consulter la page sécurité sur /enterprise-security\u202f?',
    integrations:
      'Switchboard intègre Stripe (facturation), Twilio (SMS), Kit (formulaires) et Google Analytics, et propose une API REST complète, avec des clés que vous gérez dans les Paramètres, et des webhooks sortants (Paramètres → Webhooks) qui préviennent vos propres systèmes à chaque changement. Une place de marché d’intégrations et la synchronisation des agendas sont prévues, pas encore disponibles. Quel outil souhaitez-vous connecter\u202f?',
    demo: 'Avec plaisir\u202f! Réservez une démo personnalisée sur /book-demo et notre équipe vous recontactera sous 24\u00a0heures, ou découvrez dès maintenant la démo en direct sur /demo-dashboard.',
    onboarding:
      'La prise en main est rapide\u00a0: la mise en route prend environ 15\u00a0minutes, et la plupart des équipes sont pleinement opérationnelles en 24 à 48\u00a0heures. Vous pouvez importer vos contacts depuis un fichier CSV de n’importe quel outil. Voulez-vous que je vous guide dans les premières étapes\u202f?',
    handoff:
      'Merci pour votre message\u202f! Un membre de notre équipe va vous répondre ici même très bientôt\u202f; nous répondons généralement en moins de 2\u00a0minutes. Si vous souhaitez être recontacté par e-mail, indiquez simplement votre adresse.',
  },
  ar: {
    email: (email) => `شكرًا لك! سنتواصل معك على العنوان \u2066${email}\u2069 إن لم نتمكن من الرد عليك هنا. وسيجيبك أيضًا أحد أعضاء فريقنا مباشرةً في هذه المحادثة.`,
    billing:
      'تبدأ خططنا من 97 دولارًا شهريًا (Starter)، و297 دولارًا شهريًا (Unlimited)، و497 دولارًا شهريًا (SaaS Pro). وتشمل كل خطة فترة تجريبية مجانية مدتها 14 يومًا دون الحاجة إلى بطاقة ائتمان، ويمكنك الإلغاء في أي وقت من الإعدادات ← الفوترة. نقبل جميع بطاقات الدفع الرئيسية والتحويلات عبر ACH، ونصدر فواتير خطط المؤسسات سنويًا. هل تودّ المساعدة في اختيار خطة؟',
    compliance:
      'تمنحك منصة Switchboard صلاحيات وصول حسب الأدوار وسجل تدقيق كاملًا وبيانات اعتماد مُجزّأة، ومع الاستضافة الذاتية تبقى بيانات المرضى على خوادمك. ولا تأتي مع اتفاقية شريك أعمال (BAA)، فيبقى الامتثال لقانون HIPAA من مسؤولية العيادة. هل تودّ الاطلاع على صفحة الأمان عبر \u2066/enterprise-security\u2069؟',
    integrations:
      'تتكامل منصة Switchboard مع Stripe للفوترة وTwilio للرسائل النصية وKit للنماذج وGoogle Analytics، وتوفّر واجهة REST API كاملة بمفاتيح تديرها من الإعدادات، وخطافات webhook صادرة (الإعدادات ← Webhooks) تُخطر أنظمتك الخاصة بكل تغيير. أما سوق التكاملات ومزامنة التقويمات فمخطط لها، ولم تُبنَ بعد. ما الأداة التي تودّ ربطها؟',
    demo: 'يسعدني أن أعرّفك على المنصة! احجز عرضًا توضيحيًا مخصصًا عبر \u2066/book-demo\u2069 وسيتواصل معك فريقنا خلال 24 ساعة، أو شاهد العرض التوضيحي المباشر الآن عبر \u2066/demo-dashboard\u2069.',
    onboarding:
      'البدء سريع: يستغرق الإعداد نحو 15 دقيقة، وتصبح معظم الفرق جاهزة للعمل بالكامل خلال 24 إلى 48 ساعة. ويمكنك استيراد جهات اتصالك من ملف CSV من أي أداة. هل تودّ أن أرشدك خلال الخطوات الأولى؟',
    handoff: 'شكرًا على رسالتك! سيرد عليك أحد أعضاء فريقنا هنا قريبًا، إذ نرد عادةً في أقل من دقيقتين. وإذا كنت تفضّل المتابعة عبر البريد الإلكتروني، فما عليك إلا كتابة عنوان بريدك الإلكتروني.',
  },
};

/**
 * Letters as the keywords are matched: lower case, without accents or Arabic vowel marks, the
 * Arabic letter variants written alike (أ إ آ → ا through NFD, ة → ه, ى → ي), no tatweel.
 */
function foldForMatching(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').replace(/ة/g, 'ه').replace(/ى/g, 'ي').replace(/ـ/g, '').toLowerCase();
}

/** Not inside a word (letters, digits and _, as \b has it, in any script): before a keyword, or before an Arabic word's prefixes. */
const WORD_START = '(?<![\\p{L}\\p{N}_])';
const WORD_END = '(?![\\p{L}\\p{N}_])';
/** Arabic writes "and", "by", "for", "the"… as prefixes of the word: و ف, ب ل ك, ال (لل). */
const ARABIC_PREFIXES = '(?:[وف]?[بلك]?(?:ال|ل)?)';

/**
 * The topics of spec §9 and their keywords (regular-expression fragments), matched whole-word and
 * case-insensitively in any of the languages, whatever the visitor's: a French visitor who writes
 * "price" gets the billing reply in French. English keywords are the spec's. Arabic keywords are
 * stems (a word's start: مساعد for مساعدة and مساعدتك) that may take the attached prefixes and any
 * ending (الفواتير, بالسعر, أسعاركم). The more
 * specific topics are tried before onboarding, whose keyword "help" would otherwise answer
 * "Integration help" too.
 */
const TOPIC_KEYWORDS: { topic: Topic; latin: string[]; arabic: string[] }[] = [
  {
    topic: 'billing',
    latin: ['billing', 'payments?', 'prices?', 'facturation', 'factures?', 'prix', 'tarifs?', 'tarification', 'paiements?', 'abonnements?', 'payer'],
    arabic: ['فاتور', 'فواتير', 'فوترة', 'سعر', 'أسعار', 'تسعير', 'دفع', 'مدفوعات', 'اشتراك', 'تكلف'],
  },
  { topic: 'compliance', latin: ['hipaa', 'compliance', 'conformité', 'conforme'], arabic: ['امتثال', 'هيبا'] },
  { topic: 'integrations', latin: ['integrations?', 'connect', 'api', 'intégrations?', 'connecter'], arabic: ['تكامل', 'ربط'] },
  { topic: 'demo', latin: ['demo', 'show', 'see', 'démo', 'démonstration', 'montrer', 'voir'], arabic: ['عرض', 'أرني', 'أريني', 'مشاهد'] },
  {
    topic: 'onboarding',
    latin: ['getting started', 'help', 'setup', 'aide', 'aider', 'démarrer', 'démarrage', 'commencer', 'premiers pas', 'configurer', 'configuration'],
    arabic: ['بدء', 'ابدأ', 'مساعد', 'ساعد', 'إعداد'],
  },
];

const TOPICS = TOPIC_KEYWORDS.map(({ topic, latin, arabic }) => {
  const words = (keywords: string[]) => keywords.map(foldForMatching).join('|');
  return { topic, keywords: new RegExp(`${WORD_START}(?:${words(latin)})${WORD_END}|${WORD_START}${ARABIC_PREFIXES}(?:${words(arabic)})`, 'u') };
});

/** The topic of spec §9 a message asks about (its first keyword's, in the order above), if any. */
export function topicOf(message: string): Topic | null {
  const folded = foldForMatching(message);
  return TOPICS.find((t) => t.keywords.test(folded))?.topic ?? null;
}

/**
 * The automated reply to a visitor's message, in their language: an acknowledgement when it leaves
 * an e-mail address, else the reply to its topic, else the hand-off to the team. Pure.
 */
export function botReplyFor(message: string, language: Language): string {
  const replies = BOT_REPLIES[language];
  const email = emailIn(message);
  if (email) return replies.email(email);
  const topic = topicOf(message);
  return topic ? replies[topic] : replies.handoff;
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
