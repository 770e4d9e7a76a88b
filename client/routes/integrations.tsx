import { createFileRoute } from '@tanstack/react-router';
import { BracesIcon, CalendarIcon, CreditCardIcon, MailIcon, MessageSquareIcon, PlugIcon, ShareIcon, ShoppingCartIcon } from 'lucide-react';
import { CtaBand } from '../components/marketing/cta-band';
import { FeatureGrid } from '../components/marketing/feature-grid';
import { Hero } from '../components/marketing/hero';
import { Section } from '../components/marketing/section';
import { PublicLayout } from '../components/public-layout';
import { CLAIMS } from '../content/product';

export const Route = createFileRoute('/integrations')({
  staticData: {
    title: 'Integrations',
    description: 'Connect Switchboard to 500+ apps: calendars, payments, e-mail, SMS, e-commerce, forms and your own systems through the REST API and webhooks.',
  },
  component: IntegrationsPage,
});

const CATEGORIES = [
  { icon: CalendarIcon, title: 'Calendars and meetings', text: 'Bookings land on the calendar your team already uses.', points: ['Google Calendar', 'Microsoft Outlook', 'Zoom', 'Google Meet'] },
  { icon: CreditCardIcon, title: 'Payments', text: 'Take card payments, deposits and subscriptions; see revenue on each contact.', points: ['Stripe', 'PayPal', 'Square', 'ACH and invoices'] },
  { icon: MailIcon, title: 'E-mail', text: 'Send from your own domain and keep replies in the contact timeline.', points: ['Gmail', 'Microsoft 365', 'Mailgun', 'Amazon SES'] },
  { icon: MessageSquareIcon, title: 'SMS and voice', text: 'Two-way texting and calls from local numbers in your country.', points: ['Twilio', 'Local and toll-free numbers', 'Call recording', 'Voicemail drops'] },
  { icon: ShoppingCartIcon, title: 'E-commerce', text: 'Abandoned-cart and post-purchase automations from your store’s events.', points: ['Shopify', 'WooCommerce', 'BigCommerce', 'Order webhooks'] },
  { icon: ShareIcon, title: 'Ads and social', text: 'Leads from your ads arrive as contacts, tagged with the campaign.', points: ['Facebook Lead Ads', 'Google Ads', 'LinkedIn Lead Gen', 'Instagram'] },
  { icon: PlugIcon, title: 'Automation platforms', text: 'Reach the long tail of apps through no-code connectors.', points: ['Zapier', 'Make', 'n8n', 'Pabbly Connect'] },
  { icon: BracesIcon, title: 'Your own systems', text: 'A documented REST API with API keys per role, OpenAPI reference and webhooks.', points: ['REST API at /api/v1', 'OpenAPI 3.1 reference', 'Outgoing webhooks', 'CSV import and export'] },
];

function IntegrationsPage() {
  return (
    <PublicLayout>
      <Hero
        eyebrow="Integrations"
        title={`${CLAIMS.integrations} integrations, one customer record`}
        lead="Switchboard connects to the calendars, payment providers, inboxes, stores and ad platforms you already use, so every interaction ends up on the right contact."
        actions={[
          { label: 'Start Free Trial', href: '/signup' },
          { label: 'API reference', variant: 'outline', href: '/api/docs' },
        ]}
      />
      <Section title="Popular integrations by category">
        <FeatureGrid items={CATEGORIES} columns={4} />
      </Section>
      <Section title="Missing something?" tone="muted" width="narrow">
        <p className="text-gray-700 dark:text-gray-300">
          Anything with an API can talk to Switchboard: create an API key with the role it needs, and call the same endpoints our own screens use. Our
          support team helps you wire it up, and we add native integrations our customers ask for most.
        </p>
      </Section>
      <CtaBand
        title="Bring your tools along"
        text="Connect your calendar and payment provider in minutes during your free trial."
        actions={[
          { label: 'Start Free Trial', href: '/signup' },
          { label: 'Talk to us', to: '/contact' },
        ]}
        note={CLAIMS.trial}
      />
    </PublicLayout>
  );
}
