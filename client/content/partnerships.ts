/** Partnership page content (spec public-site §2.11, §9). */

export type PartnerTab = {
  id: 'dental' | 'medspa' | 'agency' | 'coaching';
  label: string;
  audience: string;
  benefits: string[];
  /** Revenue example inputs (spec §9). */
  members: number;
  adoptionPercent: number;
  pricePerMonth: number;
  commissionPercent: number;
};

export const PARTNER_TABS: PartnerTab[] = [
  {
    id: 'dental',
    label: 'Dental Associations',
    audience: 'state and regional dental associations and study clubs',
    benefits: [
      'Member pricing up to 40% off on every plan',
      'HIPAA-compliant set-up with a signed BAA for each practice',
      'Recall, reminder and review templates written with practising dentists',
      'Continuing-education webinars on practice growth, co-hosted with you',
    ],
    members: 1000,
    adoptionPercent: 35,
    pricePerMonth: 297,
    commissionPercent: 30,
  },
  {
    id: 'medspa',
    label: 'Medical Spa',
    audience: 'medical aesthetics associations and med spa networks',
    benefits: [
      'Treatment-interval reminders for injectables, laser, skincare and body',
      'Membership and package tracking for every location',
      'HIPAA-compliant client messaging with a signed BAA',
      'Co-branded launch kit for your annual conference',
    ],
    members: 500,
    adoptionPercent: 42,
    pricePerMonth: 347,
    commissionPercent: 35,
  },
  {
    id: 'agency',
    label: 'Marketing Groups',
    audience: 'agency networks, marketing collectives and franchise groups',
    benefits: [
      'White label and client workspaces for every member agency',
      'Reusable automation snapshots shared across the group',
      'Rebilling with each agency’s own margin',
      'Quarterly growth workshops for member agencies',
    ],
    members: 750,
    adoptionPercent: 28,
    pricePerMonth: 447,
    commissionPercent: 25,
  },
  {
    id: 'coaching',
    label: 'Coaching Networks',
    audience: 'coaching federations, certification bodies and communities',
    benefits: [
      'Discovery-call booking and programme tracking out of the box',
      'Templates for business, life, career and wellness coaching',
      'Payments and payment plans for programmes',
      'Member-only onboarding cohorts every month',
    ],
    members: 600,
    adoptionPercent: 38,
    pricePerMonth: 197,
    commissionPercent: 40,
  },
];

export const PARTNER_ASSOCIATIONS = [
  {
    name: 'Midwest Dental Practice Alliance',
    kind: 'Dental association · 1,200 member practices',
    quote: 'Our members wanted one system for recalls, reviews and reminders. Now they have it, at a price we negotiated for them.',
  },
  {
    name: 'Aesthetic Medicine Network',
    kind: 'Medical spa network · 480 locations',
    quote: 'The launch kit and member webinars made adoption easy; over 40% of our locations switched in the first year.',
  },
  {
    name: 'Independent Agency Collective',
    kind: 'Marketing group · 750 member agencies',
    quote: 'Shared automation snapshots mean every member agency starts with what the best of them already built.',
  },
];
