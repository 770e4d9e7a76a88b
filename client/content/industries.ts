import {
  BellRingIcon,
  BriefcaseIcon,
  CalendarCheckIcon,
  ChartLineIcon,
  ClipboardListIcon,
  CreditCardIcon,
  FileHeartIcon,
  FileTextIcon,
  type LucideIcon,
  MegaphoneIcon,
  MessageSquareTextIcon,
  RepeatIcon,
  ShieldCheckIcon,
  SmileIcon,
  SparklesIcon,
  StarIcon,
  TargetIcon,
  UsersIcon,
  VideoIcon,
  WorkflowIcon,
} from 'lucide-react';
import { pageTexts } from '../i18n';
import type { Industry } from '../lib/industries';
import { CLAIMS, INTEGRATIONS } from './claims';

/** The industry landing pages (spec public-site §2.10): one layout, fed by this structure and the texts below. */

const en = {
  startTrial: 'Start Free Trial',
  resultsTitle: 'Switchboard today',
  statsLabel: (page: string) => `${page}: key figures`,
  customersTitle: 'Illustrative examples: invented customers, to show how teams use Switchboard',
  trialNote: '14-day free trial, no credit card. Cancel any time.',
  closingNote: 'Cancel any time from Settings → Billing. No setup fee.',
  talkTitle: 'Talk to us',
  talkIntro: 'Questions before you start? Our team answers by chat, e-mail and booked calls.',
  pages: {
    dental: {
      title: 'CRM for Dental Practices',
      badge: 'Self-hosted · patient data on your servers',
      heroTitle: 'Fill every chair, keep every patient coming back',
      heroLead:
        'Appointments on one team calendar, recall lists kept as saved views, and patient texts and e-mails in one inbox, so your front desk spends its day with patients instead of on the phone. Reminders that send themselves are being built.',
      /** 'Book Demo', or 'See Demo' on the agency page (spec §2.10). */
      demo: 'Book Demo',
      stats: [
        { value: String(CLAIMS.integrations), label: `built-in integrations: ${INTEGRATIONS.join(', ')}` },
        { value: String(CLAIMS.channels), label: 'built-in channels: SMS, e-mail and the website chat' },
        { value: String(CLAIMS.languages), label: 'site languages: English, French and Arabic' },
        { value: String(CLAIMS.databases), label: 'databases to self-host on: Postgres or embedded PGlite' },
      ],
      featuresTitle: 'Built for the way a dental office runs',
      features: {
        booking: {
          title: 'Team calendar',
          text: 'Every appointment on one calendar for the whole practice, with overlap warnings and a calendar file for each patient. Patients can also book online on the calendar’s public page, and get a confirmation by e-mail or text with links to reschedule or cancel.',
        },
        recall: { title: 'Recall and reminders (being built)', text: 'Six-month recalls, appointment reminders and confirmations by SMS and e-mail cut no-shows without extra calls.' },
        reviews: { title: 'Review requests (being built)', text: 'A friendly text after each visit asks happy patients for a Google review while the experience is fresh.' },
        treatment: { title: 'Treatment-plan follow-up (being built)', text: 'Unscheduled treatment gets a gentle sequence of reminders until the patient books or tells you why not.' },
        hipaa: {
          title: 'Patient data on your servers',
          text: 'Self-hosted, patient conversations stay on servers you control, with an audit trail. There is no BAA: HIPAA compliance remains your practice’s responsibility.',
        },
        reports: { title: 'Practice reports', text: 'New patients by source, recall rate, cancelled slots refilled and revenue booked, from your own data.' },
      },
      testimonials: [
        {
          quote: 'Our recall list used to live in a spreadsheet nobody had time for. Now it is a saved view, and the front desk texts every patient on it from one screen.',
          name: 'Dr. Sarah Patel',
          role: 'Owner',
          company: 'Bright Smiles Family Dentistry',
        },
        {
          quote: 'The front desk stopped chasing confirmations by phone: one text, and the replies come back to the same inbox.',
          name: 'Maria Gonzales',
          role: 'Office Manager',
          company: 'Lakeside Dental Group',
        },
        {
          quote: 'We went from 60 Google reviews to over 300 in a year, simply by asking every patient at the right moment.',
          name: 'Dr. James Whitfield',
          role: 'Lead Dentist',
          company: 'Whitfield Orthodontics',
        },
      ],
      closingTitle: 'Give your front desk its afternoons back',
      closingText: 'Import your patient list, set up your team calendar and send your first recall texts today.',
    },
    medspa: {
      title: 'CRM for Medical Spas',
      badge: 'Self-hosted · patient data on your servers',
      heroTitle: 'More consultations booked, more clients returning on schedule',
      heroLead: 'From the first website enquiry to the next Botox touch-up, Switchboard keeps every client, conversation and appointment in one place, so your providers stay booked.',
      demo: 'Book Demo',
      stats: [
        { value: String(CLAIMS.integrations), label: `built-in integrations: ${INTEGRATIONS.join(', ')}` },
        { value: String(CLAIMS.channels), label: 'built-in channels: SMS, e-mail and the website chat' },
        { value: String(CLAIMS.languages), label: 'site languages: English, French and Arabic' },
        { value: String(CLAIMS.databases), label: 'databases to self-host on: Postgres or embedded PGlite' },
      ],
      featuresTitle: 'Everything between the first enquiry and the tenth visit',
      features: {
        enquiries: { title: 'Fast enquiry replies', text: 'Form and website-chat enquiries reach your whole team at once, and you answer by text or chat from the same screen.' },
        booking: {
          title: 'Consultations on the team calendar',
          text: 'Consultations and treatments on one calendar for every provider, with a calendar file for each client. Clients book online on each calendar’s public page, in their own time zone; deposits are planned, not built yet.',
        },
        intervals: { title: 'Treatment-interval reminders (being built)', text: 'Injectables at 3–4 months, laser series every few weeks: each client hears from you when the next session is due.' },
        memberships: { title: 'Memberships and packages', text: 'Track monthly memberships and prepaid packages in custom fields, and see the sessions each client has left.' },
        care: { title: 'Before-and-after care (being built)', text: 'Pre-care instructions before the visit and after-care check-ins the day after, sent automatically.' },
        reviews: { title: 'Reviews and referrals', text: 'Ask delighted clients for a review and reward the friends they refer.' },
      },
      extras: {
        title: 'Journeys for each treatment category (being built)',
        intro: 'Automations are being built: each category will come with ready-made reminders and follow-ups you adjust to your menu.',
        items: [
          { title: 'Injectables', text: 'Botox, fillers and other neurotoxins.', points: ['Touch-up reminder at 3–4 months', 'Two-week results check-in', 'Member pricing reminders'] },
          { title: 'Laser', text: 'Hair removal, resurfacing and IPL.', points: ['Series scheduling with correct intervals', 'Sun-exposure pre-care', 'Patch-test follow-up'] },
          { title: 'Skincare', text: 'Facials, peels and medical-grade products.', points: ['Monthly facial membership', 'Product reorder reminders', 'Seasonal routine tips'] },
          { title: 'Body', text: 'Body contouring and skin tightening.', points: ['Consultation-to-package follow-up', 'Progress photo reminders', 'Maintenance session nudges'] },
        ],
      },
      testimonials: [
        {
          quote: 'Enquiries that came in at 11pm used to wait until morning. Now the whole team sees them at once, and whoever is on call answers by text.',
          name: 'Jessica Moreau',
          role: 'Founder',
          company: 'Glow Aesthetics Med Spa',
        },
        { quote: 'Our touch-up texts finally go out on time: one saved view and one bulk send each month.', name: 'Dr. Amanda Reyes', role: 'Medical Director', company: 'Renew Skin Clinic' },
        { quote: 'Memberships finally have a home. Clients know what they have left, and so do we.', name: 'Tina Brooks', role: 'Spa Manager', company: 'Serenity Medical Spa' },
      ],
      closingTitle: 'Keep your treatment rooms full',
      closingText: 'Start with your client list and your treatment menu; send your first touch-up texts today.',
    },
    agency: {
      title: 'CRM for Marketing Agencies',
      badge: 'Client workspaces · white label planned',
      heroTitle: 'Run every client from one place',
      heroLead: 'A workspace per client, the same pipeline stages and SMS templates in each, and reports from every client’s own data. Set up in 2 hours, not 2 months.',
      demo: 'See Demo',
      stats: [
        { value: String(CLAIMS.integrations), label: `built-in integrations: ${INTEGRATIONS.join(', ')}` },
        { value: String(CLAIMS.channels), label: 'built-in channels: SMS, e-mail and the website chat' },
        { value: String(CLAIMS.languages), label: 'site languages: English, French and Arabic' },
        { value: String(CLAIMS.databases), label: 'databases to self-host on: Postgres or embedded PGlite' },
      ],
      featuresTitle: 'The tools an agency resells',
      features: {
        workspaces: { title: 'Client workspaces', text: 'Each client gets its own contacts, pipeline and reports; your team switches between them in one click.' },
        whiteLabel: { title: 'White-label everything (planned)', text: 'Your logo, your colours, your domain on the client portal and on every report you send.' },
        automations: { title: 'Reusable automations (being built)', text: 'Build a lead-nurture sequence once, then copy it into every new client account.' },
        reports: { title: 'Client reports', text: 'Leads, conversions and revenue by source for each client, exported to CSV whenever you need them.' },
        scoring: { title: 'Lead scoring (planned)', text: 'AI scores every lead so your clients’ sales teams call the right people first.' },
        rebilling: { title: 'Rebilling (planned)', text: 'Charge clients for their seats and messages with your own margin on top.' },
      },
      extras: {
        title: 'Made for every kind of agency',
        intro: 'Whatever you sell, Switchboard is the system behind it.',
        items: [
          { title: 'Digital', text: 'Paid search, social and SEO.', points: ['Lead attribution by source', 'Lead forms and website chat', 'Instant replies to ad leads'] },
          { title: 'Creative', text: 'Brand, content and design studios.', points: ['Project pipelines', 'Client approvals by e-mail', 'Retainer renewals'] },
          { title: 'PR', text: 'Communications and media relations.', points: ['Media contact lists', 'Pitches tracked on the pipeline', 'Coverage reporting'] },
          { title: 'Growth', text: 'Growth and revenue operations.', points: ['SMS, e-mail and chat in one inbox', 'Conversion by stage', 'Lead-source reports'] },
        ],
      },
      testimonials: [
        {
          quote: 'We onboard a new client in an afternoon now: set up the pipeline, import their list, done.',
          name: 'Marcus Chen',
          role: 'Managing Director',
          company: 'Northlight Digital',
        },
        {
          quote: 'Clear reports from each client’s own data made us look like a much bigger agency. Two clients upgraded their retainer after seeing them.',
          name: 'Olivia Grant',
          role: 'Founder',
          company: 'Grant & Hale Creative',
        },
        {
          quote: 'We replaced four tools with one and started reselling it. It is now a profit line, not a cost.',
          name: 'Daniel Okafor',
          role: 'Head of Growth',
          company: 'Amplify Growth Partners',
        },
      ],
      closingTitle: 'Your agency, one platform',
      closingText: 'Set up your first client workspace in 2 hours and import their contacts the same day.',
    },
    coaching: {
      title: 'CRM for Coaches',
      badge: 'Secure client records · GDPR ready',
      heroTitle: 'Spend your time coaching, not chasing',
      heroLead: 'Discovery calls on your calendar, every enquiry from your website in one inbox, and programmes that keep clients on track. Most coaches are live within an hour.',
      demo: 'Book Demo',
      stats: [
        { value: String(CLAIMS.integrations), label: `built-in integrations: ${INTEGRATIONS.join(', ')}` },
        { value: String(CLAIMS.channels), label: 'built-in channels: SMS, e-mail and the website chat' },
        { value: String(CLAIMS.languages), label: 'site languages: English, French and Arabic' },
        { value: String(CLAIMS.databases), label: 'databases to self-host on: Postgres or embedded PGlite' },
      ],
      featuresTitle: 'A practice that runs itself between sessions',
      features: {
        discovery: {
          title: 'Discovery calls',
          text: 'Enquiries from your site’s form or chat become contacts at once. Clients can also book a call themselves on your calendar’s public page, with a buffer between calls and the minimum notice you set.',
        },
        nurture: { title: 'Nurture sequences (being built)', text: 'New subscribers get a welcome series that shares your best thinking and invites them to talk.' },
        programmes: { title: 'Programmes and packages', text: 'Sell 6- and 12-week programmes, track sessions used and renewals due.' },
        notes: { title: 'Session notes and homework', text: 'Notes, goals and homework live on each client record, with a task before the next session.' },
        payments: { title: 'Payments and invoices (planned)', text: 'Card payments, payment plans and invoices, with automatic reminders for late ones.' },
        testimonials: { title: 'Testimonial requests (being built)', text: 'Ask for a testimonial when a client hits a milestone, and publish the best ones.' },
      },
      extras: {
        title: 'Whatever you coach',
        intro: 'Start from templates written for your specialty.',
        items: [
          { title: 'Business', text: 'Founders, executives and teams.', points: ['Strategy calls on the pipeline', 'Quarterly review reminders', 'Mastermind group management'] },
          { title: 'Life', text: 'Personal growth and transitions.', points: ['Free-guide sign-up form', 'Weekly check-in texts', 'Milestone celebrations'] },
          { title: 'Career', text: 'Job seekers and career changers.', points: ['CV reviews on the calendar', 'Interview-prep tasks', 'Offer follow-up'] },
          { title: 'Wellness', text: 'Health, fitness and nutrition.', points: ['Habit-tracking reminders', 'Programme renewals', 'Community challenges'] },
        ],
      },
      testimonials: [
        {
          quote: 'Every enquiry lands in one inbox now, and I put discovery calls on my calendar in a minute.',
          name: 'Rachel Kim',
          role: 'Executive Coach',
          company: 'Kim Leadership',
        },
        {
          quote: 'The weekly check-in texts keep clients accountable between sessions. Completion of my 12-week programme went way up.',
          name: 'David Thompson',
          role: 'Life Coach',
          company: 'Thrive Coaching',
        },
        { quote: 'I set it up on a Sunday evening and answered my first enquiry from it on Monday.', name: 'Priya Nair', role: 'Career Coach', company: 'NextStep Careers' },
      ],
      closingTitle: 'Grow your practice without working more hours',
      closingText: 'Set up your enquiry form and your first templates tonight; answer every lead tomorrow.',
    },
  },
};

export type IndustryTexts = typeof en;
export const INDUSTRY_TEXTS = pageTexts(en, { fr: () => import('./fr/industries'), ar: () => import('./ar/industries') });

export type IndustryPageKey = keyof IndustryTexts['pages'];

/** What the texts do not say: the signup key, the analytics names (spec §7) and the icons. */
export const INDUSTRY_PAGES: {
  [K in IndustryPageKey]: {
    /** The signup industry key Start Free Trial carries (spec §2.10). */
    industry: Industry;
    /** Prefix of the page's analytics events (spec §7): `${prefix}_get_started`, `${prefix}_demo_request`. */
    eventPrefix: 'dental' | 'medspa' | 'agency' | 'coach';
    /** The `landing` parameter of those events. */
    landing: string;
    badgeIcon: LucideIcon;
    featureIcons: Record<keyof IndustryTexts['pages'][K]['features'], LucideIcon>;
  };
} = {
  dental: {
    industry: 'dental_practice',
    eventPrefix: 'dental',
    landing: 'dental',
    badgeIcon: ShieldCheckIcon,
    featureIcons: { booking: CalendarCheckIcon, recall: BellRingIcon, reviews: StarIcon, treatment: ClipboardListIcon, hipaa: ShieldCheckIcon, reports: ChartLineIcon },
  },
  medspa: {
    industry: 'med_spa',
    eventPrefix: 'medspa',
    landing: 'medspa',
    badgeIcon: ShieldCheckIcon,
    featureIcons: { enquiries: MessageSquareTextIcon, booking: CalendarCheckIcon, intervals: RepeatIcon, memberships: CreditCardIcon, care: FileHeartIcon, reviews: StarIcon },
  },
  agency: {
    industry: 'agency',
    eventPrefix: 'agency',
    landing: 'agency',
    badgeIcon: SparklesIcon,
    featureIcons: { workspaces: UsersIcon, whiteLabel: SparklesIcon, automations: WorkflowIcon, reports: FileTextIcon, scoring: TargetIcon, rebilling: CreditCardIcon },
  },
  coaching: {
    industry: 'business_coach',
    eventPrefix: 'coach',
    landing: 'coaching',
    badgeIcon: ShieldCheckIcon,
    featureIcons: { discovery: CalendarCheckIcon, nurture: MegaphoneIcon, programmes: BriefcaseIcon, notes: VideoIcon, payments: CreditCardIcon, testimonials: SmileIcon },
  },
};
