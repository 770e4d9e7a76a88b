import { pageTexts } from '../i18n';
import { CHECKOUT_PRODUCT } from '../../server/plans/schema';

/** The subscribe and checkout pages (spec public-site §2.15, §2.16). The toasts are spec §8's, in English. */
const en = {
  subscribe: {
    title: 'Subscribe to Switchboard',
    lead: 'Choose a plan, tell us who you are, and pay securely by card.',
    plansLabel: 'Plans',
    mostPopular: 'Most Popular',
    selected: (plan: string) => `Selected: ${plan}`,
    heading: (plan: string, yearly: boolean) => `${plan}, ${yearly ? 'yearly' : 'monthly'}`,
    stepsLabel: 'Steps',
    detailsStep: '1. Your details',
    paymentStep: '2. Payment',
    loadingPayment: 'Loading payment form...',
    pay: (plan: string) => `Subscribe to ${plan}`,
    processing: 'Processing subscription...',
    limitsTitle: 'What each plan includes',
    limitColumn: 'Limit',
    limits: { contacts: 'Contacts', members: 'Team members', funnels: 'Funnels', websites: 'Websites' },
    whyTitle: 'Why choose Switchboard',
    why: [
      { title: 'Live in 2 hours', text: 'Import your contacts, save an SMS template, and answer your first leads today.' },
      { title: 'Cancel any time', text: 'No setup fee and no card for the trial; cancel from Settings → Billing whenever you like.' },
      { title: 'Open source', text: 'Run it on your own servers, with community support on GitHub.' },
    ],
    failedTitle: 'Subscription Failed',
    successTitle: 'Subscription Successful',
    successText: 'Welcome to Switchboard! Your subscription is now active.',
    detailsLabel: 'Your details',
    fullName: 'Full name',
    email: 'E-mail',
    required: 'is required',
    processingShort: 'Processing...',
    continue: 'Continue to payment',
    paid: 'Payment received. Thank you!',
    dashboard: 'Go to your dashboard',
    ready: (organization: string, email: string) => `Your organization “${organization}” is ready. Set your password to sign in as ${email}. This link is shown only once.`,
    setPassword: 'Set your password',
    alreadyShown: (organization: string) => `Your organization “${organization}” is ready; its set-password link was already shown.`,
    signIn: 'Sign in',
    settingUp: 'Setting up your organization… this takes a few seconds once the payment is confirmed.',
  },
  checkout: {
    title: 'Checkout',
    product: CHECKOUT_PRODUCT.name,
    description: CHECKOUT_PRODUCT.description,
    loading: 'Loading payment form...',
    paid: 'Payment received. Thank you for your purchase!',
    pay: (amount: string) => `Pay ${amount}`,
    processing: 'Processing...',
    failedTitle: 'Payment Failed',
    successTitle: 'Payment Successful',
    successText: 'Thank you for your purchase!',
  },
};

export type SubscribeTexts = typeof en;
export const SUBSCRIBE_TEXTS = pageTexts(en, { fr: () => import('./fr/subscribe'), ar: () => import('./ar/subscribe') });
