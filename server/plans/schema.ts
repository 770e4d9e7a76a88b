/**
 * The plan catalogue of spec public-site §9, written once: the server bills, limits and syncs Stripe
 * from it; the public pricing pages display its names, prices and limits. Pure data and arithmetic on
 * purpose — no zod and no other imports — so the light public pages can import it without pulling in
 * application code. The zod input schemas of the billing doors live in server/billing/inputs.ts and
 * reuse these rules. The marketing copy (plan features and buttons, the competitor comparison, the
 * French and Arabic price lists) is the public site's: client/content/pricing.ts and price-lists.ts.
 */

export const BILLING_INTERVALS = ['monthly', 'yearly'] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

export const PLAN_KEYS = ['starter', 'unlimited', 'saas_pro', 'professional', 'enterprise', 'enterprise_plus'] as const;
export type PlanKey = (typeof PLAN_KEYS)[number];

/** The plans the subscribe page shows (spec "Plan A") and the ones the pricing page shows ("Plan B"). */
export const SUBSCRIBE_PLAN_KEYS = ['starter', 'unlimited', 'saas_pro'] as const satisfies readonly PlanKey[];
export const PRICING_PLAN_KEYS = ['professional', 'enterprise', 'enterprise_plus'] as const satisfies readonly PlanKey[];

/** What a plan limits; null is unlimited. */
export type PlanLimits = { contacts: number | null; members: number | null; funnels: number | null; websites: number | null };
export type LimitedResource = keyof PlanLimits;

export type Plan = {
  key: PlanKey;
  name: string;
  /** Whole US dollars per month and per year. */
  monthlyPrice: number;
  yearlyPrice: number;
  /** The struck-through monthly price of the subscribe page, when there is one. */
  originalMonthlyPrice: number | null;
  /** The English description, also the Stripe product's (server/billing/sync.ts). */
  description: string;
  limits: PlanLimits;
  popular: boolean;
};

const UNLIMITED: PlanLimits = { contacts: null, members: null, funnels: null, websites: null };

/** Yearly is ten months of the monthly price: the 'Save 17%' of the pricing page (2 of 12 months). */
const yearlyOf = (monthly: number) => monthly * 10;

export const PLANS: Record<PlanKey, Plan> = {
  starter: {
    key: 'starter',
    name: 'Starter',
    monthlyPrice: 97,
    yearlyPrice: yearlyOf(97),
    originalMonthlyPrice: 127,
    description: 'For a small team getting its first pipeline and follow-ups in order.',
    limits: { contacts: 1000, members: 3, funnels: 3, websites: 1 },
    popular: false,
  },
  unlimited: {
    key: 'unlimited',
    name: 'Unlimited',
    monthlyPrice: 297,
    yearlyPrice: yearlyOf(297),
    originalMonthlyPrice: 397,
    description: 'Everything, without limits, for a growing business.',
    limits: UNLIMITED,
    popular: true,
  },
  saas_pro: {
    key: 'saas_pro',
    name: 'SaaS Pro',
    monthlyPrice: 497,
    yearlyPrice: yearlyOf(497),
    originalMonthlyPrice: 697,
    description: 'For agencies that resell the platform to their own clients.',
    limits: UNLIMITED,
    popular: false,
  },
  professional: {
    key: 'professional',
    name: 'Professional',
    monthlyPrice: 1497,
    yearlyPrice: 14970,
    originalMonthlyPrice: null,
    description: 'For established sales and marketing teams.',
    limits: { contacts: 25_000, members: 25, funnels: null, websites: null },
    popular: false,
  },
  enterprise: {
    key: 'enterprise',
    name: 'Enterprise',
    monthlyPrice: 3997,
    yearlyPrice: 39970,
    originalMonthlyPrice: null,
    description: 'For companies running several teams and brands on one platform.',
    limits: { contacts: 100_000, members: null, funnels: null, websites: null },
    popular: true,
  },
  enterprise_plus: {
    key: 'enterprise_plus',
    name: 'Enterprise Plus',
    monthlyPrice: 5688,
    yearlyPrice: 56880,
    originalMonthlyPrice: null,
    description: 'No limits, with annual invoicing, for the largest teams.',
    limits: UNLIMITED,
    popular: false,
  },
};

export const TRIAL_DAYS = 14;
/** The plan a trial gives (spec §9). */
export const TRIAL_PLAN: PlanKey = 'unlimited';

/** The single payment of the checkout page (spec §2.16): one fixed product, in whole dollars. */
export const CHECKOUT_PRODUCT = { name: 'Switchboard Setup Session', description: 'One-time onboarding and setup session', amount: 99, currency: 'usd' } as const;

export const PAYMENTS_NOT_CONFIGURED = 'Payments are not configured on this server';

export function isPlanKey(value: unknown): value is PlanKey {
  return typeof value === 'string' && (PLAN_KEYS as readonly string[]).includes(value);
}

export function isBillingInterval(value: unknown): value is BillingInterval {
  return typeof value === 'string' && (BILLING_INTERVALS as readonly string[]).includes(value);
}

/** A plan by its key or its display name ('Unlimited', 'SaaS Pro'), as the spec's clients send it. */
export function findPlan(nameOrKey: string): Plan | undefined {
  const wanted = nameOrKey.trim().toLowerCase();
  return Object.values(PLANS).find((p) => p.key === wanted || p.name.toLowerCase() === wanted);
}

export function priceOf(plan: Plan, interval: BillingInterval): number {
  return interval === 'yearly' ? plan.yearlyPrice : plan.monthlyPrice;
}

/** What a year costs paid monthly minus the yearly price: the saving the pricing page shows. */
export function yearlySaving(plan: Plan): number {
  return plan.monthlyPrice * 12 - plan.yearlyPrice;
}

/** The Stripe price of a plan and interval is found by this lookup_key (npm run stripe:sync creates it). */
export function lookupKeyOf(plan: PlanKey, interval: BillingInterval): string {
  return `switchboard_${plan}_${interval}`;
}

export function planOfLookupKey(lookupKey: string | null | undefined): { plan: PlanKey; interval: BillingInterval } | undefined {
  const match = /^switchboard_([a-z_]+)_(monthly|yearly)$/.exec(lookupKey ?? '');
  if (!match || !isPlanKey(match[1]) || !isBillingInterval(match[2])) return undefined;
  return { plan: match[1], interval: match[2] };
}

/** Plans rank by their monthly price: a move to a cheaper plan is a downgrade (applied at the next cycle). */
export function isDowngrade(from: PlanKey, to: PlanKey): boolean {
  return PLANS[to].monthlyPrice < PLANS[from].monthlyPrice;
}

/** Each resource's noun, for one and for many. */
const RESOURCE_NOUNS: Record<LimitedResource, [one: string, many: string]> = {
  contacts: ['contact', 'contacts'],
  members: ['team member', 'team members'],
  funnels: ['funnel', 'funnels'],
  websites: ['website', 'websites'],
};

/** The one message of a reached limit: "Your Starter plan allows 1,000 contacts. Upgrade to add more." */
export function limitMessage(plan: PlanKey, resource: LimitedResource): string {
  const limit = PLANS[plan].limits[resource];
  return `Your ${PLANS[plan].name} plan allows ${(limit ?? 0).toLocaleString('en-US')} ${RESOURCE_NOUNS[resource][limit === 1 ? 0 : 1]}. Upgrade to add more.`;
}

export const RESOURCE_LABELS: Record<LimitedResource, string> = { contacts: 'Contacts', members: 'Team members', funnels: 'Funnels', websites: 'Websites' };
