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

/** The platform's recurring claims (spec public-site §1, §9): static marketing text, written once. */
export const CLAIMS = {
  setup: 'Setup in 2 hours',
  fasterAutomation: '58%',
  aiAccuracy: '94%',
  templates: '50+',
  integrations: '500+',
  languages: '40+',
  channels: '15+',
  trial: '14-day free trial, no credit card required',
  guarantee: '30-day money-back guarantee',
  uptime: '99.9%',
  companies: '736+',
} as const;

export const HEADLINE_STATS = [
  { value: CLAIMS.fasterAutomation, label: 'faster lead automation' },
  { value: CLAIMS.aiAccuracy, label: 'AI lead-scoring accuracy' },
  { value: CLAIMS.templates, label: 'ready-made templates' },
  { value: CLAIMS.companies, label: 'companies on Switchboard' },
];

export type ProductFeature = { icon: LucideIcon; title: string; text: string };

/** The six headline capabilities (features page, basic landing). */
export const CORE_FEATURES: ProductFeature[] = [
  {
    icon: WorkflowIcon,
    title: 'Visual automation builder',
    text: 'Drag triggers, conditions, e-mails, texts and calls onto one canvas. Fifteen building blocks cover everything from a welcome series to a win-back campaign.',
  },
  {
    icon: BotIcon,
    title: 'AI lead scoring',
    text: 'Every new lead is scored from its behaviour and profile with 94% accuracy, so your team calls the people most likely to buy first.',
  },
  {
    icon: MessageSquareTextIcon,
    title: 'Multi-channel campaigns',
    text: 'E-mail, SMS and voice from one place, with each contact’s whole conversation history on one timeline.',
  },
  {
    icon: KanbanIcon,
    title: 'Pipeline and deals',
    text: 'A board of every deal by stage, with stalled deals flagged and the forecast updated as deals move.',
  },
  {
    icon: CalendarDaysIcon,
    title: 'Appointments',
    text: 'Online booking on your real calendar, reminders that cut no-shows, and meetings tied to the deal they belong to.',
  },
  {
    icon: ChartColumnIcon,
    title: 'Reports and insights',
    text: 'Where leads come from, which campaigns pay, where deals stall: dashboards built from your own data.',
  },
];

/** Everything in the platform, one line each (basic landing, integrations). */
export const PLATFORM_MODULES: ProductFeature[] = [
  { icon: UsersIcon, title: 'Contacts', text: 'Every person and company, with custom fields, tags, duplicates merged and CSV import.' },
  { icon: KanbanIcon, title: 'Pipeline', text: 'Deals through your stages, from first conversation to closed won.' },
  { icon: MegaphoneIcon, title: 'Campaigns', text: 'E-mail and SMS to the right segment, with opens, clicks and replies tracked.' },
  { icon: WorkflowIcon, title: 'Automations', text: 'Workflows that follow up, assign and notify on the triggers you choose.' },
  { icon: GlobeIcon, title: 'Websites and funnels', text: 'Landing pages and funnels that turn visitors into contacts.' },
  { icon: MicIcon, title: 'Voice commands', text: 'Ask for today’s leads or schedule a call by speaking to the Voice Command Center.' },
  { icon: ShieldCheckIcon, title: 'Security', text: 'Roles, audit log, hashed credentials and HIPAA compliance with a signed BAA.' },
  { icon: ChartColumnIcon, title: 'Reports', text: 'Revenue, conversion and activity reports, exportable to CSV.' },
];
