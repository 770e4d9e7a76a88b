import { pageTexts } from '../i18n';

/** The basic landing page; its Growth plan (spec public-site §9) is $97 a month. */
const en = {
  title: 'The simple way to win and keep customers',
  lead: 'Switchboard keeps your contacts, deals, tasks and conversations in one place, so no follow-up slips.',
  startTrial: 'Start Free Trial',
  seeFeatures: 'See all features',
  whyTitle: 'Why teams switch',
  platformTitle: 'One platform instead of eight tools',
  planTitle: 'One plan to start',
  planName: 'Growth',
  perMonth: 'per month',
  includes: ['Contacts, pipeline and tasks', 'E-mail and SMS from the CRM', 'Appointments and team calendar', 'Automations by SMS and e-mail', 'Reports and CSV export', 'Community support on GitHub'],
  planButton: 'Start your 14-day free trial',
  noSetupFee: 'No setup fee.',
  ctaTitle: 'Ready when you are',
  ctaText: 'Create your workspace in a minute and import your contacts from a spreadsheet.',
  comparePlans: 'Compare plans',
};

export type BasicLandingTexts = typeof en;
export const BASIC_LANDING_TEXTS = pageTexts(en, { fr: () => import('./fr/basic-landing'), ar: () => import('./ar/basic-landing') });
export const GROWTH_PLAN_PRICE = 97;
