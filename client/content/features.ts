import { pageTexts } from '../i18n';

/** The features page (spec public-site §2.4). */
const en = {
  eyebrow: 'Features',
  title: 'Everything you need to turn leads into customers',
  lead: 'Contacts, a pipeline, appointments, SMS, e-mail and the website chat in one inbox, working together from the first day. Automations follow up by SMS and e-mail for you. Most teams are set up in 2 hours.',
  startTrial: 'Start Free Trial',
  bookDemo: 'Book a Demo',
  seeInAction: 'See in Action',
  toolsTitle: 'Six tools, one platform',
  toolsIntro: 'Each one is good on its own. Together they follow every lead from the first click to the signed deal.',
  numbersTitle: 'The numbers behind it',
  compareTitle: 'How Switchboard compares',
  ctaTitle: 'See it with your own leads',
  ctaText: 'Start a free trial and import your contacts, or let us walk you through it on a call.',
  demoTitle: 'Request a personal demo',
  demoPanelTitle: 'A 30-minute walkthrough, tailored to your team',
  demoPanelText: 'Tell us your business e-mail and company; a product specialist will contact you within 24 hours to set a time.',
};

export type FeaturesTexts = typeof en;
export const FEATURES_TEXTS = pageTexts(en, { fr: () => import('./fr/features'), ar: () => import('./ar/features') });
