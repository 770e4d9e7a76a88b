import { pageTexts } from '../i18n';
import { COMPARISON_MATRIX, PLAN_KEYS, PLANS, TRIAL_DAYS, YEARLY_BADGE, type PlanKey } from '../../server/plans/schema';

/**
 * The pricing, pricing comparison and subscribe pages. Prices, plan names and limits come from the
 * billing catalogue (server/plans/schema.ts), as do the English plan texts; each language gives
 * its own texts for the same plans.
 */

type PlanText = { description: string; features: string[]; limitations: string[]; buttonText: string };
const planTexts = Object.fromEntries(
  PLAN_KEYS.map((key) => [key, { description: PLANS[key].description, features: PLANS[key].features, limitations: PLANS[key].limitations, buttonText: PLANS[key].buttonText }]),
) as Record<PlanKey, PlanText>;

const en = {
  plans: planTexts,
  /** Pieces shared by the pricing pages. */
  billing: { label: 'Billing period', monthly: 'Monthly', yearly: 'Yearly', yearlyDescription: `Yearly, ${YEARLY_BADGE.toLowerCase()}`, badge: YEARLY_BADGE },
  perMonth: '/month',
  perYear: '/year',
  was: 'was',
  unlimited: 'Unlimited',
  withPlan: (plan: string) => `with ${plan}`,
  /** Spec §2.13. */
  pricing: {
    title: 'Pricing',
    lead: `Plans for teams that sell: one platform for contacts, pipeline, campaigns and automation. Start with a ${TRIAL_DAYS}-day free trial, no credit card.`,
    plansLabel: 'Plans',
    mostPopular: 'Most Popular',
    youSave: (amount: string) => `You save ${amount} a year`,
    compareTitle: 'Compare plans',
    featureColumn: 'Feature',
    rows: {
      contacts: 'Contacts',
      members: 'Team members',
      funnels: 'Funnels',
      websites: 'Websites',
      developmentHours: 'Custom development hours per month',
      monthlyPrice: 'Price per month',
      yearlyPrice: 'Price per year',
    },
    /** "Smaller team? See the … plans on the [subscribe page] or how we compare on [price against a leading competitor]." */
    smallerTeam: {
      before: 'Smaller team? See the Starter, Unlimited and SaaS Pro plans on the',
      subscribeLink: 'subscribe page',
      between: 'or how we compare on',
      comparisonLink: 'price against a leading competitor',
      after: '.',
    },
    faqTitle: 'Frequently asked questions',
    faq: [
      { question: 'Can I try it before paying?', answer: `Yes. Every new workspace starts a ${TRIAL_DAYS}-day free trial of Unlimited, no credit card needed.` },
      { question: 'Can I change plans later?', answer: 'Yes. Upgrades apply immediately; downgrades take effect at the start of your next billing cycle.' },
      { question: 'What happens when a trial ends?', answer: 'Your workspace becomes read-only until you subscribe. Nothing is deleted.' },
      { question: 'How do I pay?', answer: 'By card through our payment provider; enterprise customers can ask for annual invoicing.' },
      { question: 'Is there a money-back guarantee?', answer: 'Yes, 30 days, and there is no setup fee.' },
    ],
    ctaTitle: 'Ready when you are',
    ctaText: 'Start your free trial today. Upgrade, downgrade or cancel at any time.',
    ctaButton: 'Start Free Trial',
  },
  /** Spec §2.14. */
  comparison: {
    title: 'Switchboard vs. a leading competitor',
    lead: `The same jobs done for less, every month, with a ${TRIAL_DAYS}-day free trial and no setup fee.`,
    pricesTitle: 'Prices side by side',
    tiers: { small: 'Small team', growing: 'Growing business', agency: 'Agency' },
    competitor: 'Leading competitor',
    ourPlan: (plan: string) => `Switchboard ${plan}`,
    monthly: (price: string) => `${price}/mo`,
    youSaveEachYear: 'You save each year',
    calculatorTitle: 'Annual savings calculator',
    yourBusiness: 'Your business',
    accounts: 'Accounts or locations',
    savePrefix: 'You save',
    saveSuffix: 'a year',
    matrixTitle: 'Feature by feature',
    featureColumn: 'Feature',
    matrix: COMPARISON_MATRIX.map((group) => ({ category: group.category as string, rows: group.rows.map((row) => ({ ...row })) })),
    startTrial: `Start ${TRIAL_DAYS}-Day Free Trial`,
    seeEnterprise: 'See enterprise pricing',
  },
};

export type PricingTexts = typeof en;
export const PRICING_TEXTS = pageTexts(en, { fr: () => import('./fr/pricing'), ar: () => import('./ar/pricing') });
