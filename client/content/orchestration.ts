import { pageTexts } from '../i18n';
import { CLAIMS, INTEGRATIONS } from './claims';

/** Multi-channel orchestration's public face (spec app-core §2.9: channel ids email, sms, voice, social, web, calendar). */
const en = {
  eyebrow: 'Multi-channel orchestration · planned',
  title: 'One journey across every channel',
  lead: 'A preview of a planned feature, not built yet. Start with an e-mail, follow with a text, hand over to a call, and book the meeting: Switchboard coordinates the channels so each customer hears from you once, in the right place.',
  startTrial: 'Start Free Trial',
  seeBuilder: 'See the automation builder',
  sectionsLabel: 'Orchestration sections',
  tabs: { overview: 'Overview', campaigns: 'Campaigns', languages: 'Languages', analytics: 'Analytics' },
  channelsHeading: 'Channels',
  channels: {
    email: { title: 'E-mail', text: 'Personal, well-timed e-mails from your own domain, with opens and replies tracked.' },
    sms: { title: 'SMS', text: 'Two-way texts from local numbers, for reminders and quick replies.' },
    voice: { title: 'Voice', text: 'Calls and voicemail drops, logged on the contact with their outcome.' },
    social: { title: 'Social', text: 'Lead ads and messages from social platforms, answered in the same inbox.' },
    web: { title: 'Web', text: 'Forms, landing pages and chat that create and update contacts.' },
    calendar: { title: 'Calendar', text: 'Booking links and reminders, tied to the journey that led to the meeting.' },
  },
  campaignsTitle: 'Sample campaigns',
  campaignsNote: 'A preview of the campaign controls; switches here change only this page.',
  allCampaigns: (live: boolean) => `All campaigns: ${live ? 'Live' : 'Paused'}`,
  running: 'Running',
  stopped: 'Stopped',
  campaigns: {
    welcome: { name: 'New lead welcome', channels: 'E-mail → SMS → Call task', audience: 'Website leads' },
    'no-show': { name: 'No-show recovery', channels: 'SMS → E-mail → Calendar', audience: 'Missed appointments' },
    renewal: { name: 'Renewal reminder', channels: 'E-mail → Voice', audience: 'Contracts ending in 30 days' },
  },
  languagesTitle: 'Message languages (planned)',
  languagesNote: 'Each contact receives messages in their own language; templates keep a version per language.',
  status: { primary: 'Primary', available: 'Available', beta: 'Beta' },
  languages: { en: 'English', es: 'Spanish', fr: 'French', de: 'German', pt: 'Portuguese', it: 'Italian', nl: 'Dutch', ja: 'Japanese', zh: 'Chinese (Simplified)', ar: 'Arabic' },
  analyticsTitle: 'Results by channel',
  analyticsLabel: 'Orchestration figures',
  stats: [
    { value: String(CLAIMS.channels), label: 'channels built in: SMS, e-mail and the website chat' },
    { value: String(CLAIMS.languages), label: 'site languages: English, French and Arabic' },
    { value: String(CLAIMS.integrations), label: `built-in integrations: ${INTEGRATIONS.join(', ')}` },
    { value: String(CLAIMS.databases), label: 'databases to self-host on: Postgres or embedded PGlite' },
  ],
  analyticsNote: 'In your account, the Reports screen shows sends, replies, bookings and revenue per channel and per journey, from your own data.',
  ctaTitle: 'Meet customers where they are',
  ctaText: 'Build your first multi-channel journey from a template during your free trial.',
  bookDemo: 'Book a Demo',
};

export type OrchestrationTexts = typeof en;
export const ORCHESTRATION_TEXTS = pageTexts(en, { fr: () => import('./fr/orchestration'), ar: () => import('./ar/orchestration') });
