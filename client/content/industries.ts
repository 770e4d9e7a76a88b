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
  guarantee: '14-day free trial, no credit card. 30-day money-back guarantee.',
  closingNote: 'Backed by our 30-day money-back guarantee. No setup fee.',
  talkTitle: 'Talk to us',
  talkIntro: 'Questions before you start? Our team answers by chat, e-mail and booked calls.',
  pages: {
    dental: {
      title: 'CRM for Dental Practices',
      badge: 'HIPAA compliant · signed BAA included',
      heroTitle: 'Fill every chair, keep every patient coming back',
      heroLead: 'Recall reminders, online booking, review requests and treatment-plan follow-ups run on their own, so your front desk spends its day with patients instead of on the phone.',
      /** 'Book Demo', or 'See Demo' on the agency page (spec §2.10). */
      demo: 'Book Demo',
      stats: [
        { value: String(CLAIMS.integrations), label: `built-in integrations: ${INTEGRATIONS.join(', ')}` },
        { value: String(CLAIMS.channels), label: 'built-in channels: SMS and the website chat' },
        { value: String(CLAIMS.languages), label: 'site languages: English, French and Arabic' },
        { value: String(CLAIMS.databases), label: 'databases to self-host on: Postgres or embedded PGlite' },
      ],
      featuresTitle: 'Built for the way a dental office runs',
      features: {
        booking: { title: 'Online booking', text: 'Patients pick a free slot from your real schedule, any hour of the day, and get a confirmation by text.' },
        recall: { title: 'Recall and reminders', text: 'Six-month recalls, appointment reminders and confirmations by SMS and e-mail cut no-shows without extra calls.' },
        reviews: { title: 'Review requests', text: 'A friendly text after each visit asks happy patients for a Google review while the experience is fresh.' },
        treatment: { title: 'Treatment-plan follow-up', text: 'Unscheduled treatment gets a gentle sequence of reminders until the patient books or tells you why not.' },
        hipaa: { title: 'HIPAA-compliant messaging', text: 'Patient conversations stay in one secure inbox with an audit trail, covered by a signed business associate agreement.' },
        reports: { title: 'Practice reports', text: 'New patients by source, recall rate, cancelled slots refilled and revenue booked, from your own data.' },
      },
      testimonials: [
        {
          quote: 'Our recall list used to live in a spreadsheet nobody had time for. Now the reminders go out on their own and the hygiene column is full.',
          name: 'Dr. Sarah Patel',
          role: 'Owner',
          company: 'Bright Smiles Family Dentistry',
        },
        {
          quote: 'The front desk stopped chasing confirmations by phone. No-shows dropped in the first month.',
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
      closingText: 'Import your patient list, connect your calendar and turn on recall reminders today.',
    },
    medspa: {
      title: 'CRM for Medical Spas',
      badge: 'HIPAA compliant · signed BAA included',
      heroTitle: 'More consultations booked, more clients returning on schedule',
      heroLead: 'From the first Instagram enquiry to the next Botox touch-up, Switchboard follows up with every client at the right moment, so your providers stay booked.',
      demo: 'Book Demo',
      stats: [
        { value: String(CLAIMS.integrations), label: `built-in integrations: ${INTEGRATIONS.join(', ')}` },
        { value: String(CLAIMS.channels), label: 'built-in channels: SMS and the website chat' },
        { value: String(CLAIMS.languages), label: 'site languages: English, French and Arabic' },
        { value: String(CLAIMS.databases), label: 'databases to self-host on: Postgres or embedded PGlite' },
      ],
      featuresTitle: 'Everything between the first enquiry and the tenth visit',
      features: {
        enquiries: { title: 'Instant enquiry replies', text: 'Form, Instagram and text enquiries get an answer in seconds, with a link to book a consultation.' },
        booking: { title: 'Consultation booking', text: 'Clients book consultations and treatments online; deposits and reminders are handled for you.' },
        intervals: { title: 'Treatment-interval reminders', text: 'Injectables at 3–4 months, laser series every few weeks: each client hears from you when the next session is due.' },
        memberships: { title: 'Memberships and packages', text: 'Track monthly memberships and prepaid packages, and remind clients of sessions they have left.' },
        care: { title: 'Before-and-after care', text: 'Pre-care instructions before the visit and after-care check-ins the day after, sent automatically.' },
        reviews: { title: 'Reviews and referrals', text: 'Ask delighted clients for a review and reward the friends they refer.' },
      },
      extras: {
        title: 'Journeys for each treatment category',
        intro: 'Each category comes with ready-made reminders and follow-ups you can adjust to your menu.',
        items: [
          { title: 'Injectables', text: 'Botox, fillers and other neurotoxins.', points: ['Touch-up reminder at 3–4 months', 'Two-week results check-in', 'Member pricing reminders'] },
          { title: 'Laser', text: 'Hair removal, resurfacing and IPL.', points: ['Series scheduling with correct intervals', 'Sun-exposure pre-care', 'Patch-test follow-up'] },
          { title: 'Skincare', text: 'Facials, peels and medical-grade products.', points: ['Monthly facial membership', 'Product reorder reminders', 'Seasonal routine tips'] },
          { title: 'Body', text: 'Body contouring and skin tightening.', points: ['Consultation-to-package follow-up', 'Progress photo reminders', 'Maintenance session nudges'] },
        ],
      },
      testimonials: [
        {
          quote: 'Enquiries that came in at 11pm used to wait until morning. Now they get a booking link straight away, and half of them book.',
          name: 'Jessica Moreau',
          role: 'Founder',
          company: 'Glow Aesthetics Med Spa',
        },
        { quote: 'The touch-up reminders alone paid for the subscription in the first month.', name: 'Dr. Amanda Reyes', role: 'Medical Director', company: 'Renew Skin Clinic' },
        { quote: 'Memberships finally have a home. Clients know what they have left, and so do we.', name: 'Tina Brooks', role: 'Spa Manager', company: 'Serenity Medical Spa' },
      ],
      closingTitle: 'Keep your treatment rooms full',
      closingText: 'Start with your client list and your treatment menu; the reminders follow.',
    },
    agency: {
      title: 'CRM for Marketing Agencies',
      badge: 'White label · client workspaces',
      heroTitle: 'Run every client from one place, under your own brand',
      heroLead: 'A workspace per client, automations you build once and reuse, and reports with your logo on them. Set up in 2 hours, not 2 months.',
      demo: 'See Demo',
      stats: [
        { value: String(CLAIMS.integrations), label: `built-in integrations: ${INTEGRATIONS.join(', ')}` },
        { value: String(CLAIMS.channels), label: 'built-in channels: SMS and the website chat' },
        { value: String(CLAIMS.languages), label: 'site languages: English, French and Arabic' },
        { value: String(CLAIMS.databases), label: 'databases to self-host on: Postgres or embedded PGlite' },
      ],
      featuresTitle: 'The tools an agency resells',
      features: {
        workspaces: { title: 'Client workspaces', text: 'Each client gets its own contacts, pipeline and reports; your team switches between them in one click.' },
        whiteLabel: { title: 'White-label everything', text: 'Your logo, your colours, your domain on the client portal and on every report you send.' },
        automations: { title: 'Reusable automations', text: 'Build a lead-nurture sequence once, then copy it into every new client account.' },
        reports: { title: 'Client reports', text: 'Leads, conversions and revenue per campaign, scheduled to land in your client’s inbox every Monday.' },
        scoring: { title: 'Lead scoring', text: 'AI scores every lead so your clients’ sales teams call the right people first.' },
        rebilling: { title: 'Rebilling', text: 'Charge clients for their seats and messages with your own margin on top.' },
      },
      extras: {
        title: 'Made for every kind of agency',
        intro: 'Whatever you sell, Switchboard is the system behind it.',
        items: [
          { title: 'Digital', text: 'Paid search, social and SEO.', points: ['Lead attribution by campaign', 'Landing pages and funnels', 'Ad-lead instant follow-up'] },
          { title: 'Creative', text: 'Brand, content and design studios.', points: ['Project pipelines', 'Client approvals by e-mail', 'Retainer renewals'] },
          { title: 'PR', text: 'Communications and media relations.', points: ['Media contact lists', 'Pitch sequences', 'Coverage reporting'] },
          { title: 'Growth', text: 'Growth and revenue operations.', points: ['Multi-channel experiments', 'Funnel analytics', 'A/B-tested sequences'] },
        ],
      },
      testimonials: [
        {
          quote: 'We onboard a new client in an afternoon now: copy the workspace template, import their list, done.',
          name: 'Marcus Chen',
          role: 'Managing Director',
          company: 'Northlight Digital',
        },
        {
          quote: 'The white-label reports made us look like a much bigger agency. Two clients upgraded their retainer after seeing them.',
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
      closingText: 'Set up your first client workspace in 2 hours and see it with your own brand on it.',
    },
    coaching: {
      title: 'CRM for Coaches',
      badge: 'Secure client records · GDPR ready',
      heroTitle: 'Spend your time coaching, not chasing',
      heroLead: 'Discovery calls booked from your website, follow-ups that write themselves and programmes that keep clients on track. Most coaches are live within an hour.',
      demo: 'Book Demo',
      stats: [
        { value: String(CLAIMS.integrations), label: `built-in integrations: ${INTEGRATIONS.join(', ')}` },
        { value: String(CLAIMS.channels), label: 'built-in channels: SMS and the website chat' },
        { value: String(CLAIMS.languages), label: 'site languages: English, French and Arabic' },
        { value: String(CLAIMS.databases), label: 'databases to self-host on: Postgres or embedded PGlite' },
      ],
      featuresTitle: 'A practice that runs itself between sessions',
      features: {
        discovery: { title: 'Discovery-call booking', text: 'Prospects book a free call from your site or social profile; reminders make sure they show up.' },
        nurture: { title: 'Nurture sequences', text: 'New subscribers get a welcome series that shares your best thinking and invites them to talk.' },
        programmes: { title: 'Programmes and packages', text: 'Sell 6- and 12-week programmes, track sessions used and renewals due.' },
        notes: { title: 'Session notes and homework', text: 'Notes, goals and homework live on each client record, with a reminder before the next session.' },
        payments: { title: 'Payments and invoices', text: 'Card payments, payment plans and invoices, with automatic reminders for late ones.' },
        testimonials: { title: 'Testimonials on autopilot', text: 'Ask for a testimonial when a client hits a milestone, and publish the best ones.' },
      },
      extras: {
        title: 'Whatever you coach',
        intro: 'Start from templates written for your specialty.',
        items: [
          { title: 'Business', text: 'Founders, executives and teams.', points: ['Strategy-call funnel', 'Quarterly review reminders', 'Mastermind group management'] },
          { title: 'Life', text: 'Personal growth and transitions.', points: ['Free-guide opt-in funnel', 'Weekly check-in texts', 'Milestone celebrations'] },
          { title: 'Career', text: 'Job seekers and career changers.', points: ['CV review booking', 'Interview-prep sequences', 'Offer follow-up'] },
          { title: 'Wellness', text: 'Health, fitness and nutrition.', points: ['Habit-tracking reminders', 'Programme renewals', 'Community challenges'] },
        ],
      },
      testimonials: [
        {
          quote: 'My calendar fills itself now. I wake up to booked discovery calls instead of an inbox to answer.',
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
        { quote: 'I set it up on a Sunday evening and took my first payment through it on Monday.', name: 'Priya Nair', role: 'Career Coach', company: 'NextStep Careers' },
      ],
      closingTitle: 'Grow your practice without working more hours',
      closingText: 'Set up your booking page and welcome sequence tonight; wake up to booked calls.',
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
