import { SCREENS } from '../../../server/commands/schema';
import { normalize, screenNamed, titleCase, trimFiller } from './lexicon';
import { take } from './when';

/**
 * The command grammar (issue #21): one utterance, typed or spoken, to an intent with its slots. The
 * palette, the Voice Command Center and the tests share it; the server never parses text, it runs the
 * resolved command (server/commands). Rules are tried in order; the first that matches wins.
 */

export type LeadsPeriod = 'today' | 'yesterday' | 'week' | 'month';

export type Command =
  | { intent: 'display_leads'; period: LeadsPeriod }
  | { intent: 'send_email'; contact: string | null }
  | { intent: 'schedule_call'; kind: 'call' | 'meeting'; contact: string | null; startsAt: string | null }
  | { intent: 'create_automation'; template: string | null }
  | { intent: 'show_pipeline' }
  | { intent: 'tag_hot_lead'; contact: string | null }
  | { intent: 'navigate'; screen: string }
  | { intent: 'find'; kind: 'contact' | 'deal' | 'any'; query: string }
  | { intent: 'create_contact'; name: string; email: string | null; phone: string | null }
  | { intent: 'create_task'; title: string; dueAt: string | null }
  | { intent: 'create_deal'; title: string; value: number | null }
  | { intent: 'send_sms'; contact: string; message: string | null }
  | { intent: 'complete_task'; task: string }
  | { intent: 'move_deal'; deal: string; stage: string }
  | { intent: 'change_theme'; theme: 'dark' | 'light' | 'toggle' }
  | { intent: 'sign_out' };

export type Intent = Command['intent'];

/** What running an intent does: nothing stored (opens or shows), changes records, sends a message, or ends the session. */
export type Effect = 'none' | 'change' | 'send' | 'session';

export const INTENT_EFFECTS: Record<Intent, Effect> = {
  display_leads: 'none',
  send_email: 'none',
  schedule_call: 'change',
  create_automation: 'none',
  show_pipeline: 'none',
  tag_hot_lead: 'change',
  navigate: 'none',
  find: 'none',
  create_contact: 'change',
  create_task: 'change',
  create_deal: 'change',
  send_sms: 'send',
  complete_task: 'change',
  move_deal: 'change',
  change_theme: 'none',
  sign_out: 'session',
};

/** Below this, an intent with an effect is shown but never run: the user rephrases or picks it by hand. */
export const MIN_CONFIDENCE_TO_RUN = 0.6;

export type Parsed = {
  command: Command;
  /** 0–1: how surely the words name this intent (times the recognizer's confidence when spoken). */
  confidence: number;
  effect: Effect;
  /** Anything that stores, sends or signs out waits for an explicit yes. */
  needsConfirmation: boolean;
  /** False when the intent has an effect and the match is too unsure to run it. */
  runnable: boolean;
};

export type ParseContext = { now: Date; timeZone: string; /** The recognizer's confidence of a spoken phrase (0 or absent: unknown). */ speechConfidence?: number };

type Rule = { pattern: RegExp; build: (m: RegExpExecArray, context: ParseContext, text: string) => Command | null };

const name = (text: string | undefined): string => titleCase(trimFiller(text ?? ''));
const optionalName = (text: string | undefined): string | null => name(text) || null;

const POLITE_START =
  /^(?:(?:hey|ok|okay) switchboard |please |can you |could you |would you |i want to |i'd like to |i would like to |let's |lets |s'il te plait |s'il vous plait |peux tu |pouvez vous |je veux |من فضلك )+/;
const POLITE_END = /(?: please| now| for me| s'il te plait| s'il vous plait| من فضلك)+$/;

const PERIODS: [RegExp, LeadsPeriod][] = [
  [/yesterday/, 'yesterday'],
  [/week/, 'week'],
  [/month/, 'month'],
];
const periodOf = (text: string): LeadsPeriod => PERIODS.find(([pattern]) => pattern.test(text))?.[1] ?? 'today';

const GO =
  '(?:go to|go|open up|open|show|show me|take me to|take me|bring me to|bring up|navigate to|switch to|display|view|jump to|aller a|aller aux|aller au|va a|va aux|va au|allez aux|allez au|allez a|ouvrir|ouvre|ouvrez|affiche|afficher|montre moi|montre|اذهب الى|اذهب|افتح|اعرض|انتقل الى|انتقل)';
const HOT = '(?:the )?hot[ -]?leads?(?: list| tag| segment)?';

const RULES: Rule[] = [
  {
    pattern: /^(?:sign|log) ?(?:me )?out(?: of (?:the app|switchboard|my account))?$|^(?:deconnexion|se deconnecter|deconnecte moi|deconnecter)$|^(?:تسجيل الخروج|سجل خروجي|اخرج)$/,
    build: () => ({ intent: 'sign_out' }),
  },
  {
    pattern:
      /^(?:(?:switch|change|turn|set|go|use|enable|toggle) (?:on |to |the )?(?:the )?)?(dark|light|night|day)(?: mode| theme| colors?)(?: on)?$|^(?:mode|theme) (sombre|clair)$|^(?:passer en )?mode (sombre|clair)$|^الوضع (الداكن|الفاتح)$/,
    build: (m) => ({ intent: 'change_theme', theme: /dark|night|sombre|الداكن/.test(m.slice(1).join(' ')) ? 'dark' : 'light' }),
  },
  { pattern: /^(?:switch|change|toggle|flip)(?: the)? (?:theme|colou?rs?|appearance)$|^changer (?:le )?theme$|^غير المظهر$/, build: () => ({ intent: 'change_theme', theme: 'toggle' }) },
  {
    pattern: new RegExp(`^(?:add|tag|mark)(?: (?:this|the) (?:contact|lead|person)| (?:him|her|them|it))?(?: to| as| with)? ${HOT}$|^hot[ -]?lead$`),
    build: () => ({ intent: 'tag_hot_lead', contact: null }),
  },
  { pattern: new RegExp(`^(?:add|put|move|send|drop) (.+?) (?:to|in|into|on|onto) ${HOT}$`), build: (m) => ({ intent: 'tag_hot_lead', contact: name(m[1]) }) },
  { pattern: /^(?:tag|mark|flag|label|make) (.+?) (?:as |with )?(?:an? )?(?:hot[ -]?lead|hot)$/, build: (m) => ({ intent: 'tag_hot_lead', contact: name(m[1]) }) },
  {
    pattern:
      /^(?:show|display|list|get|pull up|give me|what are|who are|see)?(?: me)?(?: all)?(?: the)? ?(?:(today's|todays|today|yesterday's|yesterdays|yesterday|this week's|this weeks|this week|this month's|this months|this month|new|recent|latest|fresh) )?(?:new )?(?:leads|contacts|sign ?ups)(?: (?:from|of|created|added|that came in|who came in|who signed up)? ?(today|yesterday|this week|this month|since monday))?$/,
    build: (m, _c, text) => (m[1] || m[2] || /leads/.test(text) ? { intent: 'display_leads', period: periodOf(`${m[1] ?? ''} ${m[2] ?? ''}`) } : null),
  },
  { pattern: /^who (?:signed up|came in|registered|joined) (today|yesterday|this week|this month)$/, build: (m) => ({ intent: 'display_leads', period: periodOf(m[1]!) }) },
  {
    pattern:
      /^(?:send|write|draft|compose)(?: an?| the)? (?:follow[ -]?up|followup)(?: e-?mail| mail| message)?(?: to (.+))?$|^(?:send|write|draft|compose)(?: an?)? (?:e-?mail|mail) to (.+)$|^(?:e-?mail|mail|write to) (.+)$|^follow up with (.+?)(?: by e-?mail)?$/,
    build: (m) => ({ intent: 'send_email', contact: optionalName(m[1] ?? m[2] ?? m[3] ?? m[4]) }),
  },
  { pattern: /^(?:send|write|draft)(?: an?)? (?:follow[ -]?up )?(?:e-?mail|mail)$/, build: () => ({ intent: 'send_email', contact: null }) },
  { pattern: /^(?:text|sms|message) (.+?)(?:(?: saying| that| to say|:| and say) (.+))?$/, build: (m) => smsTo(m[1], m[2]) },
  { pattern: /^send (?:an? )?(?:sms|text|text message|message) to (.+?)(?:(?: saying| that| to say|:) (.+))?$/, build: (m) => smsTo(m[1], m[2]) },
  {
    pattern:
      /^(?:schedule|book|set up|setup|arrange|plan|create|add|make|new|organize)(?: an?| new)? (call|phone call|meeting|appointment|demo|rendez vous)(?: .*)?$|^call .+ (?:at|on|tomorrow|today|next|this)\b.*$/,
    build: (m, context, text) => schedule(m[1] ?? 'call', text, context),
  },
  {
    pattern: /^(?:create|build|make|start|set up|add|new)(?: an?)?(?: new)? (?:automation|workflow)(?: (?:from|using|with|based on) (?:the )?(.+?)(?: template)?)?$/,
    build: (m) => ({ intent: 'create_automation', template: m[1] ? trimFiller(m[1]) : null }),
  },
  { pattern: /^(?:new|create) (?:automation|workflow) from template (.+)$/, build: (m) => ({ intent: 'create_automation', template: trimFiller(m[1]!) }) },
  {
    pattern:
      /^(?:show|display|give|tell|what's|whats|what is|how's|hows|how is|check|read)?(?: me)?(?: the| my| our)? ?(?:sales )?pipeline(?: status| summary| overview| health| numbers| report)?(?: looking)?$|^(?:pipeline|deal) (?:status|summary|overview)$|^how are (?:my |our |the )?deals (?:doing|going)$/,
    build: (_m, _c, text) => (/^pipeline$/.test(text) ? null : { intent: 'show_pipeline' }),
  },
  {
    pattern: /^(?:create|add|new|make)(?: an?)?(?: new)? contact(?: (?:named|called|for))? (.+)$/,
    build: (m) => contactFrom(m[1]!),
  },
  {
    pattern: /^(?:create|add|new|make|set)(?: an?)?(?: new)? (?:task|to[ -]?do|reminder)(?: to| called| named| for|:)? (.+)$|^remind me to (.+)$/,
    build: (m, context) => task(m[1] ?? m[2]!, context),
  },
  {
    pattern:
      /^(?:create|add|new|open|make|start)(?: an?)?(?: new)? (?:deal|opportunity)(?: (?:for|called|named|with))? (.+?)(?: (?:worth|for|valued at|of) (?:\$|€|£)?(\d[\d,.]*)(k| thousand)?(?: dollars| euros| pounds)?)?$/,
    build: (m) => ({ intent: 'create_deal', title: titleCase(trimFiller(m[1]!)), value: m[2] ? Number(m[2].replace(/,/g, '')) * (m[3] ? 1000 : 1) : null }),
  },
  {
    pattern:
      /^(?:mark|set|check off|tick off)(?: the)?(?: task)? (.+?)(?: as)? (?:done|complete|completed|finished|closed)$|^(?:complete|finish|close)(?: the)? task (.+)$|^(?:check|tick) off(?: the)?(?: task)? (.+)$|^i (?:finished|completed|did) (?:the )?(?:task )?(.+)$/,
    build: (m) => ({ intent: 'complete_task', task: trimFiller(m.slice(1).find(Boolean)!) }),
  },
  {
    pattern: /^(?:move|advance|push|drag|put)(?: the)?(?: deal)? (.+?) (?:to|into|in)(?: the)? (.+?)(?: stage| column)?$/,
    build: (m) => ({ intent: 'move_deal', deal: trimFiller(m[1]!), stage: trimFiller(m[2]!) }),
  },
  { pattern: new RegExp(`^${GO} (.+)$`), build: (m) => navigateTo(m[1]!) },
  {
    pattern:
      /^(?:find|search for|search|look up|lookup|look for|where is|show me|pull up|get|chercher|cherche|rechercher|recherche|trouve|trouver|ابحث عن|ابحث|جد)(?: the| a| an)? ?(contact|deal|person|client|lead|opportunity)? (.+)$/,
    build: (m) => ({ intent: 'find', kind: m[1] === 'deal' || m[1] === 'opportunity' ? 'deal' : m[1] ? 'contact' : 'any', query: trimFiller(m[2]!) }),
  },
  { pattern: /^(.+)$/, build: (m) => navigateTo(m[1]!) },
];

/** Loose matches when no rule fits: shown, never run (their confidence stays under MIN_CONFIDENCE_TO_RUN). */
const KEYWORDS: [RegExp, Command][] = [
  [/hot[ -]?lead/, { intent: 'tag_hot_lead', contact: null }],
  [/pipeline|deals/, { intent: 'show_pipeline' }],
  [/leads/, { intent: 'display_leads', period: 'today' }],
  [/automation|workflow/, { intent: 'create_automation', template: null }],
  [/follow[ -]?up|e-?mail/, { intent: 'send_email', contact: null }],
  [/\bcall\b|meeting|appointment/, { intent: 'schedule_call', kind: 'call', contact: null, startsAt: null }],
];

function smsTo(who: string | undefined, message: string | undefined): Command | null {
  const contact = name(who);
  return contact ? { intent: 'send_sms', contact, message: message?.trim() || null } : null;
}

function schedule(what: string, text: string, context: ParseContext): Command {
  const spoken = take(text, context.now, context.timeZone);
  const rest = spoken?.rest ?? text;
  const withWhom = /(?:with|for|avec) (.+?)(?: (?:about|to discuss|regarding) .*)?$/.exec(rest)?.[1] ?? /^call (.+)$/.exec(rest)?.[1];
  return { intent: 'schedule_call', kind: /call/.test(what) ? 'call' : 'meeting', contact: optionalName(withWhom), startsAt: spoken ? spoken.at.toISOString() : null };
}

function task(text: string, context: ParseContext): Command | null {
  const spoken = take(text, context.now, context.timeZone);
  const title = trimFiller((spoken?.rest ?? text).replace(/\s+(?:due|by|on|at)$/, ''));
  if (!title) return null;
  return { intent: 'create_task', title: title.charAt(0).toUpperCase() + title.slice(1), dueAt: spoken ? spoken.at.toISOString() : null };
}

function contactFrom(text: string): Command | null {
  const email = /\S+@\S+\.\S+/.exec(text)?.[0] ?? null;
  const phone = /\+?\d[\d\s().-]{6,}\d/.exec(text)?.[0]?.trim() ?? null;
  let rest = text;
  for (const part of [email, phone]) if (part) rest = rest.replace(part, ' ');
  const who = name(rest.replace(/\b(?:with|email|e-mail|phone|number|and|at)\b/g, ' ').replace(/\s+/g, ' '));
  return who || email || phone ? { intent: 'create_contact', name: who, email, phone } : null;
}

function navigateTo(phrase: string): Command | null {
  const screen = screenNamed(phrase);
  return screen ? { intent: 'navigate', screen: screen.key } : null;
}

/** The intent an utterance names, or null when it names none. */
export function parseCommand(utterance: string, context: ParseContext): Parsed | null {
  const text = normalize(utterance).replace(POLITE_START, '').replace(POLITE_END, '').trim();
  if (!text) return null;
  const spoken = context.speechConfidence ? Math.max(0, Math.min(1, context.speechConfidence)) : 1;
  for (const [index, rule] of RULES.entries()) {
    const m = rule.pattern.exec(text);
    const command = m ? rule.build(m, context, text) : null;
    if (!command) continue;
    // A bare screen name ("contacts") is surer than a keyword, less than a full phrase.
    const confidence = (index === RULES.length - 1 ? 0.85 : 0.95) * spoken;
    return parsed(command, confidence);
  }
  const loose = KEYWORDS.find(([pattern]) => pattern.test(text));
  return loose ? parsed(loose[1], 0.5 * spoken) : null;
}

/** An automation from a named template is a record made (a draft workflow); without one, the builder only opens. */
const effectOf = (command: Command): Effect => (command.intent === 'create_automation' && command.template ? 'change' : INTENT_EFFECTS[command.intent]);

function parsed(command: Command, confidence: number): Parsed {
  const effect = effectOf(command);
  return { command, confidence, effect, needsConfirmation: effect !== 'none', runnable: effect === 'none' || confidence >= MIN_CONFIDENCE_TO_RUN };
}

/** The screen a navigate command opens. */
export function screenOf(key: string) {
  return SCREENS.find((screen) => screen.key === key);
}
