import { pageTexts } from '../i18n';
import type { RevenueInput } from '../lib/marketing/partnership-revenue';

/** Partnership page content (spec public-site §2.11, §9). */

/** The four partner tabs and their revenue example inputs (spec §9); their texts are in PARTNERSHIP_TEXTS.tabs. */
export const PARTNER_TABS = {
  dental: { members: 1000, adoptionPercent: 35, pricePerMonth: 297, commissionPercent: 30 },
  medspa: { members: 500, adoptionPercent: 42, pricePerMonth: 347, commissionPercent: 35 },
  agency: { members: 750, adoptionPercent: 28, pricePerMonth: 447, commissionPercent: 25 },
  coaching: { members: 600, adoptionPercent: 38, pricePerMonth: 197, commissionPercent: 40 },
} as const satisfies Record<string, RevenueInput>;

export type PartnerTabKey = keyof typeof PARTNER_TABS;

const en = {
  navLabel: 'Partnerships',
  successStories: 'Success Stories',
  pricing: 'Pricing',
  apply: 'Apply for Partnership',
  applySubject: 'Partnership application',
  scheduleDemo: 'Schedule Demo',
  eyebrow: 'Partner program',
  title: 'Give your members a better way to grow, and share in it',
  lead: 'Associations, networks and professional groups offer Switchboard to their members at an exclusive price, and earn a recurring commission on every subscription, on terms agreed with each partner.',
  benefitsTitle: 'Why partner with us',
  benefits: {
    commission: { title: 'Recurring commission', text: 'Earn a share of every member subscription for as long as the member stays, paid monthly.' },
    pricing: { title: 'Member pricing', text: 'Give your members an exclusive price they cannot get anywhere else: a real membership benefit.' },
    launch: { title: 'Launch in 30 days or less', text: 'We prepare the landing page, the announcement and the webinars; you tell your members.' },
    marketing: { title: 'Co-branded marketing', text: 'E-mails, slides and a member landing page with your brand next to ours, ready to send.' },
    manager: { title: 'A dedicated partner manager', text: 'One person who knows your members, your calendar and your goals, from launch onwards.' },
    dashboard: { title: 'Partner dashboard', text: 'See member sign-ups, active accounts and commission earned, updated daily.' },
  },
  tabsTitle: 'What it means for your members',
  tabsIntro: 'Choose your network to see the member benefits and a revenue example.',
  tabsLabel: 'Partner types',
  tabs: {
    dental: {
      label: 'Dental Associations',
      audience: 'state and regional dental associations and study clubs',
      benefits: [
        'A member price on every plan',
        'Set-up help for each practice: roles, audit log and self-hosting (no BAA: HIPAA compliance stays with the practice)',
        'Recall, reminder and review templates written with practising dentists',
        'Continuing-education webinars on practice growth, co-hosted with you',
      ],
    },
    medspa: {
      label: 'Medical Spa',
      audience: 'medical aesthetics associations and med spa networks',
      benefits: [
        'Treatment-interval reminders for injectables, laser, skincare and body',
        'Membership and package tracking for every location',
        'Client messaging with an audit trail, on servers you control',
        'Co-branded launch kit for your annual conference',
      ],
    },
    agency: {
      label: 'Marketing Groups',
      audience: 'agency networks, marketing collectives and franchise groups',
      benefits: [
        'Client workspaces for every member agency, with white label planned',
        'Shared pipeline stages and SMS templates for the group',
        'Rebilling with each agency’s own margin',
        'Quarterly growth workshops for member agencies',
      ],
    },
    coaching: {
      label: 'Coaching Networks',
      audience: 'coaching federations, certification bodies and communities',
      benefits: [
        'Discovery calls on the team calendar and programme tracking on the pipeline',
        'Templates for business, life, career and wellness coaching',
        'Payments and payment plans for programmes',
        'Member-only onboarding cohorts every month',
      ],
    },
  },
  forAudience: (audience: string) => `For ${audience}`,
  revenueTitle: 'Revenue potential',
  members: 'Members',
  adoption: 'Adoption',
  pricePerMember: 'Price per member per month',
  annualSubscriptions: 'Annual member subscriptions',
  yourCommission: (percent: string) => `Your ${percent} commission per year`,
  revenueFormula: (subscribers: string, price: string) => `${subscribers} subscribing members × ${price} × 12 months. An example, not a promise.`,
  associationsTitle: 'Illustrative partners (examples, not real organisations)',
  associations: [
    {
      name: 'Midwest Dental Practice Alliance',
      kind: 'Dental association',
      quote: 'Our members wanted one system for recalls, reviews and reminders. Now they have it, at a price we negotiated for them.',
    },
    {
      name: 'Aesthetic Medicine Network',
      kind: 'Medical spa network',
      quote: 'The launch kit and member webinars made adoption easy; many of our locations switched in the first year.',
    },
    {
      name: 'Independent Agency Collective',
      kind: 'Marketing group',
      quote: 'Shared pipeline stages and templates mean every member agency starts with what the best of them already built.',
    },
  ],
  processTitle: 'How to become a partner',
  process: [
    { title: 'Submit application', text: 'Tell us about your organisation, your members and what they need. It takes ten minutes.' },
    { title: 'Partnership review and strategy session', text: 'We review your application within a week and plan the launch with you on a call.' },
    { title: 'Agreement and setup', text: 'Sign the partner agreement; we set up member pricing, your landing page and your dashboard.' },
    { title: 'Member launch', text: 'Announce to your members with our co-branded kit and webinars. Commission starts with the first sign-up.' },
  ],
  ctaTitle: 'Launch for your members in 30 days',
  ctaText: 'Apply today; we reply within a week with a launch plan for your organisation.',
};

export type PartnershipTexts = typeof en;
export const PARTNERSHIP_TEXTS = pageTexts(en, { fr: () => import('./fr/partnerships'), ar: () => import('./ar/partnerships') });
