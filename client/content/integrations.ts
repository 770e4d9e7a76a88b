import { pageTexts } from '../i18n';
import { CLAIMS } from './claims';

/** The integrations page: the apps Switchboard connects to, by category (product names as their makers write them). */
const en = {
  eyebrow: 'Integrations',
  title: `${CLAIMS.integrations} built-in integrations, one customer record`,
  lead: 'Stripe for billing, Twilio for SMS, Kit for your lead forms, Google Analytics for your site, and a REST API for everything else: what Switchboard connects to today, each on the right contact.',
  startTrial: 'Start Free Trial',
  apiReference: 'API reference',
  categoriesTitle: 'Built-in integrations',
  categories: {
    payments: {
      title: 'Billing',
      text: 'Your Switchboard subscription is billed through Stripe, with its customer portal for cards and invoices.',
      points: ['Stripe Checkout', 'Stripe customer portal'],
    },
    sms: {
      title: 'SMS',
      text: 'Two-way texting from your Twilio number, with delivery status and opt-outs; a sandbox until you add credentials.',
      points: ['Twilio', 'Delivery status', 'STOP opt-outs'],
    },
    forms: { title: 'Lead forms', text: 'Leads from your website forms become contacts, and can be forwarded to your Kit account.', points: ['Kit (ConvertKit)', 'Website forms'] },
    analytics: { title: 'Analytics', text: 'The public site can send page views and sign-ups to your Google Analytics property.', points: ['Google Analytics'] },
    api: {
      title: 'Your own systems',
      text: 'A documented REST API with API keys per role and an OpenAPI reference.',
      points: ['REST API at /api/v1', 'OpenAPI 3.1 reference', 'CSV import of contacts'],
    },
    planned: { title: 'Planned', text: 'Calendars, e-mail sending and no-code connectors are on the roadmap, not built yet.', points: ['Calendars', 'E-mail', 'No-code connectors'] },
  },
  missingTitle: 'Missing something?',
  missingText:
    'Anything that can call a REST API can talk to Switchboard: create an API key with the role it needs, and call the documented endpoints under /api/v1. Switchboard is open source, so you can also add an integration yourself.',
  ctaTitle: 'Bring your tools along',
  ctaText: 'Add your Twilio number and your Kit account during your free trial.',
  talkToUs: 'Talk to us',
};

export type IntegrationsTexts = typeof en;
export const INTEGRATIONS_TEXTS = pageTexts(en, { fr: () => import('./fr/integrations'), ar: () => import('./ar/integrations') });
