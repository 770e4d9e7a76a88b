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
    guarantee: '30-day money-back guarantee',
  },
  headlineStats: {
    label: 'Switchboard in figures',
    integrations: `built-in integrations: ${INTEGRATIONS.join(', ')}`,
    channels: 'built-in channels: SMS and website chat',
    databases: 'databases to self-host on: Postgres or embedded PGlite',
    languages: 'site languages: English, French and Arabic',
  },
  /** The six headline capabilities (features page, basic landing). */
  coreFeatures: {
    automation: {
      title: 'Visual automation builder (planned)',
      text: 'Planned, not built yet. Drag triggers, conditions, e-mails, texts and calls onto one canvas. Fifteen building blocks cover everything from a welcome series to a win-back campaign.',
    },
    scoring: {
      title: 'Lead scoring (planned)',
      text: 'Planned, not built yet: each lead scored from its behaviour and profile, so your team calls the people most likely to buy first.',
    },
    campaigns: { title: 'Multi-channel campaigns (planned)', text: 'Planned, not built yet. E-mail, SMS and voice from one place, with each contact’s whole conversation history on one timeline.' },
    pipeline: { title: 'Pipeline and deals', text: 'A board of every deal by stage, with stalled deals flagged and the forecast updated as deals move.' },
    appointments: { title: 'Appointments', text: 'Online booking on your real calendar, reminders that cut no-shows, and meetings tied to the deal they belong to.' },
    reports: { title: 'Reports and insights', text: 'Where leads come from, which campaigns pay, where deals stall: dashboards built from your own data.' },
  },
  /** Everything in the platform, one line each (basic landing). */
  modules: {
    contacts: { title: 'Contacts', text: 'Every person and company, with custom fields, tags, duplicates merged and CSV import.' },
    pipeline: { title: 'Pipeline', text: 'Deals through your stages, from first conversation to closed won.' },
    campaigns: { title: 'Campaigns (planned)', text: 'Planned, not built yet. E-mail and SMS to the right segment, with opens, clicks and replies tracked.' },
    automations: { title: 'Automations (planned)', text: 'Planned, not built yet. Workflows that follow up, assign and notify on the triggers you choose.' },
    websites: { title: 'Websites and funnels (planned)', text: 'Planned, not built yet. Landing pages and funnels that turn visitors into contacts.' },
    voice: { title: 'Voice commands (planned)', text: 'Planned, not built yet. Ask for today’s leads or schedule a call by speaking to the Voice Command Center.' },
    security: { title: 'Security', text: 'Roles, audit log, hashed credentials and HIPAA compliance with a signed BAA.' },
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
