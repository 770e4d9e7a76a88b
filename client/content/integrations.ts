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
    email: {
      title: 'E-mail',
      text: 'One-to-one e-mail and replies through your own SMTP server, signed with DKIM, with one-click unsubscribe and a suppression list; a sandbox until you set SMTP_URL.',
      points: ['Any SMTP server', 'DKIM signing', 'One-click unsubscribe'],
    },
    forms: { title: 'Lead forms', text: 'Leads from your website forms become contacts, and can be forwarded to your Kit account.', points: ['Kit (ConvertKit)', 'Website forms'] },
    analytics: { title: 'Analytics', text: 'The public site can send page views and sign-ups to your Google Analytics property.', points: ['Google Analytics'] },
    api: {
      title: 'Your own systems',
      text: 'A documented REST API with API keys per role and an OpenAPI reference, and outbound webhooks (Settings → Webhooks), signed per Standard Webhooks and retried for 24 hours, with a delivery log.',
      points: ['REST API at /api/v1', 'OpenAPI 3.1 reference', 'Outbound webhooks', 'CSV import of contacts'],
    },
    planned: { title: 'Planned', text: 'Calendar sync and an integrations marketplace of no-code connectors are on the roadmap, not built yet.', points: ['Calendar sync', 'No-code connectors'] },
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
