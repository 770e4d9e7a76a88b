import type { FaqItem } from '../components/marketing/faq-accordion';

/** Help centre content (spec public-site §2.12, §3). */

export const VIDEO_CATEGORIES = [
  { id: 'all', label: 'All Videos' },
  { id: 'getting-started', label: 'Getting Started' },
  { id: 'campaigns', label: 'Campaigns' },
  { id: 'automation', label: 'Automation' },
  { id: 'analytics', label: 'Analytics' },
  { id: 'compliance', label: 'Compliance' },
] as const;

export type HelpVideo = {
  id: number;
  title: string;
  duration: string;
  description: string;
  thumbnail: string;
  /** 'contacts' has no filter button (spec §3): the video shows under All Videos only. */
  category: 'getting-started' | 'campaigns' | 'contacts' | 'automation' | 'compliance' | 'analytics';
  views: string;
  /** The written tutorial the video belongs to, on /tutorials. */
  tutorial: string;
};

export const HELP_VIDEOS: HelpVideo[] = [
  {
    id: 1,
    title: 'Getting Started with Switchboard',
    duration: '8:24',
    description: 'Create your workspace, invite your team and set up your first pipeline in under 15 minutes.',
    thumbnail: '🚀',
    category: 'getting-started',
    views: '12.4K views',
    tutorial: 'getting-started',
  },
  {
    id: 2,
    title: 'Your First SMS and E-mail Campaign',
    duration: '11:02',
    description: 'Choose a segment, write a message that gets replies and schedule it for the best time.',
    thumbnail: '📣',
    category: 'campaigns',
    views: '8.9K views',
    tutorial: 'campaigns',
  },
  {
    id: 3,
    title: 'Importing and Organising Contacts',
    duration: '6:47',
    description: 'Import a CSV, map the columns, merge duplicates and save views for your team.',
    thumbnail: '👥',
    category: 'contacts',
    views: '10.1K views',
    tutorial: 'contacts',
  },
  {
    id: 4,
    title: 'Building Automations Visually',
    duration: '14:35',
    description: 'Triggers, conditions, delays and actions: build a lead-nurture workflow from a template.',
    thumbnail: '⚙️',
    category: 'automation',
    views: '9.6K views',
    tutorial: 'automation',
  },
  {
    id: 5,
    title: 'HIPAA Compliance Setup',
    duration: '9:18',
    description: 'Sign the business associate agreement, set roles and keep patient messages compliant.',
    thumbnail: '🛡️',
    category: 'compliance',
    views: '5.2K views',
    tutorial: 'compliance',
  },
  {
    id: 6,
    title: 'Reading Your Reports',
    duration: '7:53',
    description: 'Understand revenue, conversion and campaign reports, and export them for your accountant.',
    thumbnail: '📊',
    category: 'analytics',
    views: '6.8K views',
    tutorial: 'analytics',
  },
];

export const FAQ_GROUPS: { id: string; category: string; questions: FaqItem[] }[] = [
  {
    id: 'getting-started',
    category: 'Getting Started',
    questions: [
      { question: 'How long does setup take?', answer: 'Onboarding takes about 15 minutes: create your workspace, import contacts and connect your calendar. Most teams are fully operational within 24–48 hours.' },
      { question: 'Can I import my existing contacts?', answer: 'Yes. Upload a CSV from any tool; Switchboard maps the columns, normalises phone numbers and helps you merge duplicates. We have ready-made mappings for 50+ platforms.' },
      { question: 'Do you offer training?', answer: 'Every plan includes the Academy, the 8-module training course, video tutorials and a free onboarding call with our team.' },
    ],
  },
  {
    id: 'billing',
    category: 'Billing & Pricing',
    questions: [
      { question: 'Is there a free trial?', answer: 'Yes, 14 days with every feature and no credit card required. There is no setup fee, and paid plans carry a 30-day money-back guarantee.' },
      { question: 'How do upgrades and downgrades work?', answer: 'Upgrades apply immediately, with the difference prorated. Downgrades take effect at the start of your next billing cycle.' },
      { question: 'Which payment methods do you accept?', answer: 'All major credit and debit cards through our card payment provider, ACH bank transfers, and annual invoicing for Enterprise plans.' },
    ],
  },
  {
    id: 'features',
    category: 'Features & Functionality',
    questions: [
      { question: 'Which channels can I use?', answer: 'E-mail, SMS and voice are built in, alongside booking pages, forms, websites and social lead ads: 15+ channels in one timeline.' },
      { question: 'Can I white-label Switchboard for my clients?', answer: 'Yes. White label, API access, custom domains, A/B testing and lead scoring are included from the Unlimited plan.' },
      { question: 'How many integrations are there?', answer: 'Switchboard connects natively to 200+ apps, and to many more through Zapier, Make and our REST API with webhooks.' },
    ],
  },
  {
    id: 'technical',
    category: 'Technical Support',
    questions: [
      { question: 'Is Switchboard HIPAA compliant?', answer: 'Yes. The top plan includes a signed business associate agreement; patient data is encrypted in transit and at rest, with access logged in the audit trail.' },
      { question: 'What is your uptime?', answer: 'We commit to 99.9% uptime. You can see the service’s current state at any time on our status page.' },
      { question: 'How do I reach support?', answer: 'Live chat answers in under 2 minutes around the clock, e-mail within 4 hours, and phone or video Monday to Friday 9AM–6PM EST and Saturday 10AM–4PM EST. Enterprise customers have a 24/7 emergency line.' },
    ],
  },
];
