import { z } from 'zod';
import { ZAnswerInstant } from '../records/schema';

/**
 * Commands and global search (issue #21): the palette's search, the commands the palette and the
 * Voice Command Center run once the grammar (client/lib/commands) has named them and the user has
 * confirmed, and each user's command history. Shared by the server's doors and the client.
 */

/**
 * The app's screens a command or a search can open, with the names people call them by in English,
 * French and Arabic (matched after the grammar's normalization: lower case, accents folded).
 * `permission`: only members holding it are offered the screen.
 */
export type Screen = { key: string; label: string; path: string; names: readonly string[]; permission?: string };

export const SCREENS: readonly Screen[] = [
  { key: 'dashboard', label: 'Dashboard', path: '/app', names: ['dashboard', 'home', 'command center', 'tableau de bord', 'accueil', 'لوحة التحكم', 'الرئيسية'] },
  { key: 'contacts', label: 'Contacts', path: '/contacts', names: ['contacts', 'contact list', 'people', 'leads list', 'جهات الاتصال', 'العملاء'] },
  { key: 'tasks', label: 'Tasks', path: '/tasks', names: ['tasks', 'to do', 'todo', 'todos', 'to-do list', 'to do list', 'taches', 'المهام'] },
  { key: 'pipeline', label: 'Pipeline', path: '/pipeline', names: ['pipeline', 'deals', 'deal board', 'sales board', 'affaires', 'opportunites', 'خط المبيعات', 'الصفقات'] },
  { key: 'appointments', label: 'Appointments', path: '/appointments', names: ['appointments', 'calendar', 'meetings', 'agenda', 'rendez vous', 'rendez-vous', 'calendrier', 'المواعيد', 'التقويم'] },
  { key: 'conversations', label: 'Conversations', path: '/conversations', names: ['conversations', 'inbox', 'messages', 'boite de reception', 'المحادثات', 'البريد الوارد'] },
  { key: 'sms', label: 'SMS', path: '/sms', names: ['sms', 'text messages', 'texts', 'sms campaigns', 'الرسائل النصية'] },
  { key: 'automations', label: 'Automations', path: '/automations', names: ['automations', 'workflows', 'automation', 'automatisations', 'flux', 'الأتمتة', 'سير العمل'] },
  { key: 'analytics', label: 'Analytics', path: '/analytics', names: ['analytics', 'insights', 'analyses', 'statistiques', 'التحليلات'] },
  { key: 'reports', label: 'Reports', path: '/reports', names: ['reports', 'reporting', 'rapports', 'التقارير'] },
  { key: 'campaigns', label: 'Campaigns', path: '/campaigns', names: ['campaigns', 'campagnes', 'الحملات'] },
  { key: 'voice', label: 'Voice Command Center', path: '/voice-center', names: ['voice center', 'voice command center', 'voice commands', 'commandes vocales', 'الأوامر الصوتية'] },
  {
    key: 'settings',
    label: 'Settings → Profile & preferences',
    path: '/settings/profile',
    names: ['settings', 'preferences', 'profile', 'parametres', 'reglages', 'profil', 'الإعدادات', 'الاعدادات', 'الملف الشخصي'],
  },
  {
    key: 'organization',
    label: 'Settings → Organization & members',
    path: '/settings/organization',
    names: ['organization', 'members', 'team', 'team members', 'organisation', 'membres', 'equipe', 'الفريق', 'المؤسسة'],
  },
  { key: 'api-keys', label: 'Settings → API keys', path: '/settings/api-keys', names: ['api keys', 'api key', 'cles api', 'مفاتيح api'], permission: 'apikeys:manage' },
  {
    key: 'integrations',
    label: 'Settings → Integrations',
    path: '/settings/integrations',
    names: ['integrations', 'forms', 'webhooks', 'integrations settings', 'التكاملات'],
    permission: 'forms:read',
  },
  {
    key: 'email-settings',
    label: 'Settings → E-mail',
    path: '/settings/email',
    names: ['email settings', 'e-mail settings', 'mail settings', 'parametres email', 'إعدادات البريد'],
    permission: 'email:manage',
  },
  {
    key: 'billing',
    label: 'Settings → Billing',
    path: '/settings/billing',
    names: ['billing', 'subscription', 'invoices', 'facturation', 'abonnement', 'الفوترة', 'الاشتراك'],
    permission: 'billing:manage',
  },
  {
    key: 'security',
    label: 'Settings → Security & audit log',
    path: '/settings/security',
    names: ['security', 'security settings', 'audit log', 'audit', 'securite', 'journal', 'الأمان', 'سجل التدقيق'],
  },
  { key: 'sessions', label: 'Settings → Sessions', path: '/settings/sessions', names: ['sessions', 'devices', 'appareils', 'الجلسات'] },
];

// ——— Global search ———

export const SEARCH_KINDS = ['contact', 'deal', 'task', 'appointment', 'workflow', 'page'] as const;
export type TSearchKind = (typeof SEARCH_KINDS)[number];

/** How many hits of each kind one search answers. */
export const HITS_PER_KIND = 5;

export const ZGlobalSearchInput = z.strictObject({
  q: z.string({ error: 'must be text' }).trim().min(1, 'is required').max(200, 'must be at most 200 characters'),
  /** Only these kinds (all by default): the grammar's "find deal …" asks for deals only. */
  kinds: z
    .array(z.enum(SEARCH_KINDS, { error: `must be one of ${SEARCH_KINDS.join(', ')}` }))
    .max(SEARCH_KINDS.length, `must list at most ${SEARCH_KINDS.length} kinds`)
    .optional(),
});
export type TGlobalSearchInput = z.input<typeof ZGlobalSearchInput>;

export const ZSearchHit = z.strictObject({
  kind: z.enum(SEARCH_KINDS),
  id: z.string(),
  title: z.string(),
  /** A second line: e-mail and phone, stage and value, due date… */
  detail: z.string().nullable(),
  /** Where the hit opens in the app. */
  link: z.string(),
});
export type TSearchHit = z.infer<typeof ZSearchHit>;

export const ZGlobalSearchResult = z.strictObject({
  hits: z.array(ZSearchHit),
  /** True when the contacts were found only by the accent-blind match ("Zoe" for "Zoë"). */
  fuzzy: z.boolean(),
});

// ——— Running a command ———

export const COMMAND_SOURCES = ['voice', 'clicked', 'typed', 'palette'] as const;
export const HOT_LEAD_TAG = 'hot-lead';
/** Spec §9: the Voice Command Center shows the latest 10. */
export const HISTORY_SIZE = 10;

const uuid = (what: string) => z.uuid(`must be ${what} id`);
const ZInstant = z.iso.datetime({ offset: true, error: 'must be a date and time such as 2026-05-01T09:00:00Z' });

/** What the user said or typed, and through which door: kept in the history. */
const said = {
  utterance: z.string({ error: 'must be text' }).trim().min(1, 'is required').max(500, 'must be at most 500 characters'),
  source: z.enum(COMMAND_SOURCES, { error: `must be one of ${COMMAND_SOURCES.join(', ')}` }),
  /** The intent the grammar named (display_leads, send_sms…). */
  intent: z.string().trim().min(1, 'is required').max(40, 'must be at most 40 characters'),
};

/**
 * The resolved command: records named by id (the client found them through the search and the user
 * confirmed). `open` only records a command that opened a screen or showed something.
 */
export const ZRunCommandInput = z.discriminatedUnion(
  'action',
  [
    z.strictObject({
      action: z.literal('open'),
      ...said,
      summary: z.string().trim().min(1, 'is required').max(300, 'must be at most 300 characters'),
      link: z.string().startsWith('/', 'must be a path in the app').max(500, 'must be at most 500 characters'),
    }),
    z.strictObject({ action: z.literal('tag_contact'), ...said, contactId: uuid('a contact') }),
    z.strictObject({
      action: z.literal('schedule'),
      ...said,
      contactId: uuid('a contact').nullable(),
      title: z.string().trim().min(1, 'is required').max(200, 'must be at most 200 characters'),
      startsAt: ZInstant,
      minutes: z.number().int('must be a whole number').min(5, 'must be at least 5').max(480, 'must be at most 480').default(30),
    }),
    z.strictObject({ action: z.literal('create_task'), ...said, title: z.string().trim().min(1, 'is required').max(200, 'must be at most 200 characters'), dueAt: ZInstant.nullable() }),
    z.strictObject({
      action: z.literal('create_contact'),
      ...said,
      firstName: z.string().trim().max(100, 'must be at most 100 characters'),
      lastName: z.string().trim().max(100, 'must be at most 100 characters'),
      email: z.string().trim().max(254).nullable(),
      phone: z.string().trim().max(40).nullable(),
    }),
    z.strictObject({
      action: z.literal('create_deal'),
      ...said,
      title: z.string().trim().min(1, 'is required').max(200, 'must be at most 200 characters'),
      valueMinor: z.number().int('must be a whole number').min(0, 'must be zero or more').max(2_000_000_000, 'must be at most 2000000000').nullable(),
    }),
    z.strictObject({
      action: z.literal('send_sms'),
      ...said,
      contactId: uuid('a contact'),
      message: z.string().trim().min(1, 'is required').max(1600, 'must be at most 1600 characters'),
      /** One per confirmed plan: a second confirmation of the same plan sends nothing more. */
      requestId: uuid('a request id'),
    }),
    z.strictObject({ action: z.literal('complete_task'), ...said, taskId: uuid('a task') }),
    z.strictObject({ action: z.literal('move_deal'), ...said, dealId: uuid('a deal'), stageId: uuid('a stage') }),
    z.strictObject({ action: z.literal('create_workflow'), ...said, templateKey: z.string().trim().min(1, 'is required').max(64, 'must be at most 64 characters') }),
  ],
  { error: 'must be one of open, tag_contact, schedule, create_task, create_contact, create_deal, send_sms, complete_task, move_deal, create_workflow' },
);
export type TRunCommandInput = z.input<typeof ZRunCommandInput>;
export type TRunAction = TRunCommandInput['action'];

export const ZCommandRecord = z.strictObject({
  id: z.uuid(),
  utterance: z.string(),
  intent: z.string(),
  source: z.enum(COMMAND_SOURCES),
  /** What was done, in a sentence ("Tagged Julian Hughes hot-lead"). */
  summary: z.string(),
  link: z.string().nullable(),
  createdAt: ZAnswerInstant,
});
export type TCommandRecord = z.infer<typeof ZCommandRecord>;

export const ZCommandHistory = z.strictObject({ items: z.array(ZCommandRecord) });

/** Spec §7 analytics: voice toggled (value 0); the spoken (100) and manual (50) commands are the history's rows. */
export const ZVoiceToggleInput = z.strictObject({ listening: z.boolean({ error: 'must be true or false' }) });
export const ZVoiceToggled = z.strictObject({ ok: z.literal(true) });

/** Spec §7: the analytics value of each event. */
export const VOICE_EVENT_VALUES = { voice_toggle: 0, command_spoken: 100, command_manual: 50 } as const;
