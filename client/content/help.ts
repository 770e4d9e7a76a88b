import { pageTexts } from '../i18n';
import { CLAIMS, INTEGRATIONS } from './claims';

/** Help centre content (spec public-site §2.12, §3). */

export const VIDEO_CATEGORIES = ['all', 'getting-started', 'campaigns', 'automation', 'analytics', 'compliance'] as const;

/** The videos; each is keyed by the written tutorial it belongs to (an anchor of /tutorials), its texts in HELP_TEXTS.videos. */
export const HELP_VIDEOS = [
  { id: 1, tutorial: 'getting-started', duration: '8:24', thumbnail: '🚀', category: 'getting-started' },
  { id: 2, tutorial: 'campaigns', duration: '11:02', thumbnail: '📣', category: 'campaigns' },
  // 'contacts' has no filter button (spec §3): the video shows under All Videos only.
  { id: 3, tutorial: 'contacts', duration: '6:47', thumbnail: '👥', category: 'contacts' },
  { id: 4, tutorial: 'automation', duration: '14:35', thumbnail: '⚙️', category: 'automation' },
  { id: 5, tutorial: 'compliance', duration: '9:18', thumbnail: '🛡️', category: 'compliance' },
  { id: 6, tutorial: 'analytics', duration: '7:53', thumbnail: '📊', category: 'analytics' },
] as const;

const en = {
  title: 'How can we help?',
  lead: 'Search the video tutorials, browse common questions, or talk to our team.',
  searchLabel: 'Search help articles and videos',
  searchPlaceholder: 'Search tutorials',
  liveChat: 'Live Chat',
  waysTitle: 'Ways to get help',
  ways: {
    videos: { title: 'Video tutorials', text: 'Short walkthroughs of every part of Switchboard, from first login to reports and compliance.' },
    support: { title: 'Live support', text: (chat: string) => `${chat}. Calls and screen shares by appointment.` },
    knowledge: { title: 'Knowledge base', text: 'Step-by-step written guides, the Academy and the full training course.', action: 'Open tutorials' },
  },
  videosTitle: 'Video tutorials',
  filterLabel: 'Filter videos by category',
  categories: { all: 'All Videos', 'getting-started': 'Getting Started', campaigns: 'SMS and e-mail', automation: 'Automations', analytics: 'Analytics', compliance: 'Compliance' },
  videoCount: (count: number) => (count === 1 ? '1 video' : `${count} videos`),
  noMatch: (search: string) => `No tutorial matches “${search}”. Try another word, or ask us in the live chat.`,
  videosLabel: 'Videos',
  watch: 'Watch',
  videos: {
    'getting-started': { title: 'Getting Started with Switchboard', description: 'Create your workspace, invite your team and set up your first pipeline in under 15 minutes.' },
    campaigns: { title: 'Your First Bulk SMS Send', description: 'Paste the numbers, pick a template and send, with quiet hours and opt-outs respected.' },
    contacts: { title: 'Importing and Organising Contacts', description: 'Import a CSV, map the columns, merge duplicates and save views for your team.' },
    automation: { title: 'Your First Automation', description: 'Triggers, conditions, waits and text or e-mail steps, and how to set up a lead follow-up from a template.' },
    compliance: { title: 'HIPAA Compliance Setup', description: 'Set roles, review the audit log and keep patient data on servers you control.' },
    analytics: { title: 'Reading Your Reports', description: 'Understand revenue, conversion and pipeline reports, and export them for your accountant.' },
  },
  faqTitle: 'Frequently asked questions',
  faqTopics: 'Question topics',
  faq: {
    'getting-started': {
      category: 'Getting Started',
      questions: [
        {
          question: 'How long does setup take?',
          answer: 'Onboarding takes about 15 minutes: create your workspace, import contacts and connect your calendar. Most teams are fully operational within 24–48 hours.',
        },
        { question: 'Can I import my existing contacts?', answer: 'Yes. Upload a CSV from any tool; Switchboard maps the columns, normalises phone numbers and helps you merge duplicates.' },
        { question: 'Do you offer training?', answer: 'Every plan includes the Academy, the 8-module training course, video tutorials and a free onboarding call with our team.' },
      ],
    },
    billing: {
      category: 'Billing & Pricing',
      questions: [
        { question: 'Is there a free trial?', answer: 'Yes, 14 days with every feature and no credit card required. There is no setup fee, and you can cancel any time from Settings → Billing.' },
        { question: 'How do upgrades and downgrades work?', answer: 'Upgrades apply immediately, with the difference prorated. Downgrades take effect at the start of your next billing cycle.' },
        {
          question: 'Which payment methods do you accept?',
          answer: 'All major credit and debit cards through our card payment provider, ACH bank transfers, and annual invoicing for Enterprise plans.',
        },
      ],
    },
    features: {
      category: 'Features & Functionality',
      questions: [
        {
          question: 'Which channels can I use?',
          answer: `${CLAIMS.channels} channels are built in, SMS, e-mail and the website chat, each conversation on the contact’s one timeline, alongside lead-capture forms. E-mail and SMS campaigns reach a whole segment at once, and each calendar can have a public booking page where visitors pick a slot.`,
        },
        {
          question: 'Can I white-label Switchboard for my clients?',
          answer:
            'Not yet: white label is planned, not built yet. Websites and funnels can already be served at your own domain once it is verified, e-mail campaigns already A/B test their subject line and their body, and automations keep a rule-based lead score. API access is included from the Unlimited plan.',
        },
        { question: 'How many integrations are there?', answer: `${CLAIMS.integrations} are built in: ${INTEGRATIONS.join(', ')}. Anything else can use the REST API with an API key.` },
      ],
    },
    technical: {
      category: 'Technical Support',
      questions: [
        {
          question: 'Is Switchboard HIPAA compliant?',
          answer:
            'Switchboard gives you roles, an audit log and hashed credentials, and self-hosted it keeps patient data on your own servers. It comes with no business associate agreement (BAA): HIPAA compliance remains the practice’s responsibility.',
        },
        {
          question: 'What is your uptime?',
          answer: 'We do not promise an uptime figure: Switchboard is open source and you can host it yourself. You can see the service’s current state at any time on our status page.',
        },
        {
          question: 'How do I reach support?',
          answer:
            'Live chat answers in under 2 minutes during support hours and e-mail within 4 hours; calls and screen shares are booked Monday to Friday 9AM–6PM EST and Saturday 10AM–4PM EST. The open-source community answers on GitHub Discussions, and bugs are reported on GitHub Issues.',
        },
      ],
    },
  },
  contactTitle: 'Contact support',
  startChat: 'Start a chat',
  emailSupport: 'E-mail support',
  screenShare: 'Screen share',
  screenShareText: 'A specialist walks through your account with you on a video call.',
  bookSession: 'Book a session',
  moreResources: 'More resources',
  links: { caseStudies: 'Case studies', pricing: 'Pricing', partnerships: 'Partnerships', academy: 'Academy' },
};

export type HelpTexts = typeof en;
export const HELP_TEXTS = pageTexts(en, { fr: () => import('./fr/help'), ar: () => import('./ar/help') });
