import { pageTexts } from '../i18n';

/** The integrations page: the apps Switchboard connects to, by category (product names as their makers write them). */
const en = {
  eyebrow: 'Integrations',
  title: (count: string) => `${count} integrations, one customer record`,
  lead: 'Switchboard connects to the calendars, payment providers, inboxes, stores and ad platforms you already use, so every interaction ends up on the right contact.',
  startTrial: 'Start Free Trial',
  apiReference: 'API reference',
  categoriesTitle: 'Popular integrations by category',
  categories: {
    calendars: { title: 'Calendars and meetings', text: 'Bookings land on the calendar your team already uses.', points: ['Google Calendar', 'Microsoft Outlook', 'Zoom', 'Google Meet'] },
    payments: { title: 'Payments', text: 'Take card payments, deposits and subscriptions; see revenue on each contact.', points: ['Stripe', 'PayPal', 'Square', 'ACH and invoices'] },
    email: { title: 'E-mail', text: 'Send from your own domain and keep replies in the contact timeline.', points: ['Gmail', 'Microsoft 365', 'Mailgun', 'Amazon SES'] },
    sms: { title: 'SMS and voice', text: 'Two-way texting and calls from local numbers in your country.', points: ['Twilio', 'Local and toll-free numbers', 'Call recording', 'Voicemail drops'] },
    commerce: { title: 'E-commerce', text: 'Abandoned-cart and post-purchase automations from your store’s events.', points: ['Shopify', 'WooCommerce', 'BigCommerce', 'Order webhooks'] },
    ads: { title: 'Ads and social', text: 'Leads from your ads arrive as contacts, tagged with the campaign.', points: ['Facebook Lead Ads', 'Google Ads', 'LinkedIn Lead Gen', 'Instagram'] },
    automation: { title: 'Automation platforms', text: 'Reach the long tail of apps through no-code connectors.', points: ['Zapier', 'Make', 'n8n', 'Pabbly Connect'] },
    api: { title: 'Your own systems', text: 'A documented REST API with API keys per role, OpenAPI reference and webhooks.', points: ['REST API at /api/v1', 'OpenAPI 3.1 reference', 'Outgoing webhooks', 'CSV import and export'] },
  },
  missingTitle: 'Missing something?',
  missingText:
    'Anything with an API can talk to Switchboard: create an API key with the role it needs, and call the same endpoints our own screens use. Our support team helps you wire it up, and we add native integrations our customers ask for most.',
  ctaTitle: 'Bring your tools along',
  ctaText: 'Connect your calendar and payment provider in minutes during your free trial.',
  talkToUs: 'Talk to us',
};

export type IntegrationsTexts = typeof en;
export const INTEGRATIONS_TEXTS = pageTexts(en, { fr: () => import('./fr/integrations'), ar: () => import('./ar/integrations') });
