import { pageTexts } from '../i18n';
import { PLANS, TRIAL_DAYS, type PlanKey } from '../../server/plans/schema';

/**
 * The pricing, pricing comparison and subscribe pages. Prices, plan names and limits come from the
 * billing catalogue (server/plans/schema.ts), as does the English plan description (also the
 * Stripe product's); each language gives its own texts for the same plans.
 */

type PlanText = { description: string; features: string[]; limitations: string[]; buttonText: string };
const trialButton = `Start ${TRIAL_DAYS}-Day Free Trial`;
const planTexts: Record<PlanKey, PlanText> = {
  starter: {
    description: PLANS.starter.description,
    features: ['1,000 contacts', '3 team members', '3 funnels', '1 website', 'Email and SMS from the CRM', 'Pipeline, tasks and appointments'],
    limitations: ['No white label', 'No API access'],
    buttonText: trialButton,
  },
  unlimited: {
    description: PLANS.unlimited.description,
    features: ['Unlimited contacts', 'Unlimited team members', 'Unlimited funnels and websites', 'White label (planned)', 'API access', 'AI lead scoring (planned)'],
    limitations: [],
    buttonText: trialButton,
  },
  saas_pro: {
    description: PLANS.saas_pro.description,
    features: ['Everything in Unlimited', 'Agency dashboard', 'Unlimited locations', 'Roles and audit log', 'Self-hosting: your data on your own servers', 'Community support on GitHub'],
    limitations: [],
    buttonText: 'Contact Sales',
  },
  professional: {
    description: PLANS.professional.description,
    features: ['25,000 contacts', '25 team members', 'SMS, email and website chat in one inbox', 'Automation builder', 'Reports and dashboards', 'Email and chat support'],
    limitations: [],
    buttonText: 'Get Started',
  },
  enterprise: {
    description: PLANS.enterprise.description,
    features: ['100,000 contacts', 'Unlimited team members', 'Roles and audit log', 'Scoped API keys', 'Self-hosting: your data on your own servers', 'Community support on GitHub'],
    limitations: [],
    buttonText: 'Get Started',
  },
  enterprise_plus: {
    description: PLANS.enterprise_plus.description,
    features: ['Unlimited contacts', 'Unlimited team members', 'Everything in Enterprise', 'Annual invoicing'],
    limitations: [],
    buttonText: 'Contact Sales',
  },
};

/** Yearly is ten months of the monthly price (server/plans/schema.ts): two of twelve months saved. */
const YEARLY_BADGE = 'Save 17%';

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
    lead: `Plans for teams that sell: one platform for contacts, pipeline, SMS, email and appointments. Start with a ${TRIAL_DAYS}-day free trial, no credit card.`,
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
      { question: 'Can I cancel?', answer: 'Yes, at any time from Settings → Billing, and there is no setup fee.' },
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
    /** What is not built yet says so, as on the competitor pages (client/content/comparisons.ts). */
    matrix: [
      {
        category: 'Core Features',
        rows: [
          { feature: 'Contacts and companies', ours: 'Included', competitor: 'Included' },
          { feature: 'Pipeline and deals', ours: 'Included', competitor: 'Included' },
          { feature: 'Tasks and appointments', ours: 'Included', competitor: 'Included' },
          { feature: 'Email and SMS from the CRM', ours: 'Included', competitor: 'Included' },
        ],
      },
      {
        category: 'Advanced Features',
        rows: [
          { feature: 'Automation builder', ours: 'Included (voice and AI steps planned)', competitor: 'Basic workflows' },
          { feature: 'AI lead scoring', ours: 'Planned, not built yet', competitor: 'Add-on' },
          { feature: 'Self-hosting (open source)', ours: 'Yes', competitor: 'No' },
          { feature: 'Realtime team updates', ours: 'Included', competitor: 'Limited' },
        ],
      },
      {
        category: 'Pricing & Limits',
        rows: [
          { feature: 'Free trial', ours: '14 days, no card', competitor: '14 days, card required' },
          { feature: 'Setup fee', ours: 'None', competitor: 'None' },
        ],
      },
      {
        category: 'Support & Training',
        rows: [
          { feature: 'Support', ours: 'Community, on GitHub Discussions and Issues', competitor: 'Business hours' },
          { feature: 'Onboarding', ours: 'About 15 minutes', competitor: 'Self-serve' },
          { feature: 'Academy and tutorials', ours: 'Included', competitor: 'Included' },
        ],
      },
    ],
    startTrial: `Start ${TRIAL_DAYS}-Day Free Trial`,
    seeEnterprise: 'See enterprise pricing',
  },
};

export type PricingTexts = typeof en;
export const PRICING_TEXTS = pageTexts(en, { fr: () => import('./fr/pricing'), ar: () => import('./ar/pricing') });
