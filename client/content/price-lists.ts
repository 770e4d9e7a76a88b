import type { PlanKey } from '../../server/billing/schema';

/**
 * Prices the public pages show that nothing bills: the leading competitor's, for the pricing
 * comparison (spec public-site §2.14, §9), and the French and Arabic landings' price lists (spec §9).
 * What Switchboard bills — plan keys, prices, limits — stays in the billing catalogue
 * (server/billing/schema.ts).
 */

/** The competitor's monthly price by team size, against our plan for it: its prices are the struck-through ones, giving spec §9's savings of 360, 1,200, 2,400. */
export const COMPETITOR_TIERS = [
  { key: 'small', competitorMonthly: 127, ourPlan: 'starter' },
  { key: 'growing', competitorMonthly: 397, ourPlan: 'unlimited' },
  { key: 'agency', competitorMonthly: 697, ourPlan: 'saas_pro' },
] as const satisfies readonly { key: string; competitorMonthly: number; ourPlan: PlanKey }[];

/**
 * The annual savings calculator: what a year of the competitor costs minus a year of our plan, for
 * a number of accounts (sub-accounts or locations billed separately). Whole dollars, never negative.
 */
export function annualSavings(competitorMonthly: number, ourMonthly: number, accounts = 1): number {
  const count = Number.isFinite(accounts) ? Math.max(1, Math.floor(accounts)) : 1;
  return Math.max(0, (competitorMonthly - ourMonthly) * 12 * count);
}

/** A plan of a local price list, in its currency; the page writes its own copy of each plan. */
type DisplayPlan = { name: string; monthly: number | null; yearly: number | null; currency: 'EUR' | 'EGP' | 'SAR' };

/** The discount label is the yearly saving the French landing shows. */
export const FRENCH_PLANS: { discountLabel: string; plans: DisplayPlan[] } = {
  discountLabel: '20%',
  plans: [
    { name: 'Professional', monthly: 1497, yearly: 1198, currency: 'EUR' },
    { name: 'Enterprise', monthly: 3997, yearly: 3198, currency: 'EUR' },
    { name: 'Ultimate', monthly: null, yearly: null, currency: 'EUR' },
  ],
};

/** The yearly and government discounts are the percentages the Arabic landing shows. */
export const ARABIC_PLANS: { yearlyBadge: string; plans: DisplayPlan[]; government: { discountPercent: number } } = {
  yearlyBadge: '20%',
  plans: [
    { name: 'Professional', monthly: 1299, yearly: 999, currency: 'EGP' },
    { name: 'Enterprise', monthly: 3999, yearly: 2999, currency: 'SAR' },
  ],
  government: { discountPercent: 50 },
};
