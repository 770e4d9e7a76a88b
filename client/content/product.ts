import {
  BotIcon,
  CalendarDaysIcon,
  ChartColumnIcon,
  GlobeIcon,
  KanbanIcon,
  type LucideIcon,
  MegaphoneIcon,
  MessageSquareTextIcon,
  MicIcon,
  ShieldCheckIcon,
  UsersIcon,
  WorkflowIcon,
} from 'lucide-react';
import { pageTexts, type Texts } from '../i18n';
import { withIcons } from '../lib/marketing/with-icons';
import { CLAIMS, INTEGRATIONS } from './claims';

/** The platform's recurring claims (spec public-site §1, §9) and capabilities, shared by several pages. */
const en = {
  claims: {
    setup: `Setup in ${CLAIMS.setupHours} hours`,
    integrations: String(CLAIMS.integrations),
    databases: String(CLAIMS.databases),
    languages: String(CLAIMS.languages),
    channels: String(CLAIMS.channels),
    trial: '14-day free trial, no credit card required',
    cancel: 'Cancel any time from Settings → Billing',
  },
  headlineStats: {
    label: 'Switchboard in figures',
    integrations: `built-in integrations: ${INTEGRATIONS.join(', ')}`,
    channels: 'built-in channels: SMS, e-mail and website chat',
    databases: 'databases to self-host on: Postgres or embedded PGlite',
    languages: 'site languages: English, French and Arabic',
  },
  /** The six headline capabilities (features page, basic landing). */
  coreFeatures: {
    automation: {
      title: 'Visual automation builder',
      text: 'Drag triggers, conditions, waits, e-mails and texts onto one canvas, from a welcome series to a win-back sequence. Voice and AI steps are planned, not built yet.',
    },
    scoring: {
      title: 'Lead scoring',
      text: 'Automations raise or lower each lead’s score by the rules you set, so your team calls the hottest leads first. AI lead scoring is planned, not built yet.',
    },
    campaigns: {
      title: 'E-mail and SMS campaigns',
      text: 'Send to a tag, a saved view or conditions, now or at each recipient’s local time, and A/B test an e-mail’s subject line, its body or both. Opens, clicks and conversions are tracked, machine opens counted apart.',
    },
    pipeline: { title: 'Pipeline and deals', text: 'A board of every deal by stage, with stalled deals flagged and the forecast updated as deals move.' },
    appointments: {
      title: 'Appointments',
      text: 'A team calendar on your real schedule, .ics files for every invitee, a public booking page per calendar, and meetings tied to the deal they belong to.',
    },
    reports: { title: 'Reports and insights', text: 'Where leads come from, which stages convert, where deals stall: dashboards built from your own data.' },
  },
  /** Everything in the platform, one line each (basic landing). */
  modules: {
    contacts: { title: 'Contacts', text: 'Every person and company, with custom fields, tags, duplicates merged and CSV import.' },
    pipeline: { title: 'Pipeline', text: 'Deals through your stages, from first conversation to closed won.' },
    campaigns: { title: 'Campaigns', text: 'E-mail and SMS to the right segment, built from blocks and scheduled, with opens, clicks and conversions tracked.' },
    automations: { title: 'Automations', text: 'Workflows that follow up, assign and notify on the triggers you choose.' },
    websites: {
      title: 'Websites and funnels',
      text: 'Pages built from blocks and published as fast static pages on your own domain; forms and bookings land in the CRM, and each funnel step shows its conversion.',
    },
    voice: { title: 'Voice commands', text: 'Ask for today’s leads or schedule a call by speaking to the Voice Command Center, or type the same commands with Ctrl K.' },
    security: { title: 'Security', text: 'Roles, audit log and hashed credentials; self-hosted, your data stays on your own servers.' },
    reports: { title: 'Reports', text: 'Revenue, conversion and activity reports, exportable to CSV.' },
  },
};

export type ProductTexts = typeof en;
export const PRODUCT_TEXTS = pageTexts(en, { fr: () => import('./fr/product'), ar: () => import('./ar/product') });

const CORE_FEATURE_ICONS: Record<keyof ProductTexts['coreFeatures'], LucideIcon> = {
  automation: WorkflowIcon,
  scoring: BotIcon,
  campaigns: MessageSquareTextIcon,
  pipeline: KanbanIcon,
  appointments: CalendarDaysIcon,
  reports: ChartColumnIcon,
};

const MODULE_ICONS: Record<keyof ProductTexts['modules'], LucideIcon> = {
  contacts: UsersIcon,
  pipeline: KanbanIcon,
  campaigns: MegaphoneIcon,
  automations: WorkflowIcon,
  websites: GlobeIcon,
  voice: MicIcon,
  security: ShieldCheckIcon,
  reports: ChartColumnIcon,
};

type Text = Texts<ProductTexts>;

export const coreFeatures = (text: Text) => withIcons(CORE_FEATURE_ICONS, text.coreFeatures);
export const platformModules = (text: Text) => withIcons(MODULE_ICONS, text.modules);

export const headlineStats = ({ claims, headlineStats: labels }: Text) => [
  { value: claims.integrations, label: labels.integrations },
  { value: claims.channels, label: labels.channels },
  { value: claims.languages, label: labels.languages },
  { value: claims.databases, label: labels.databases },
];
