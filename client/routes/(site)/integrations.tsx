import { createFileRoute } from '@tanstack/react-router';
import { BarChart3Icon, BracesIcon, CalendarClockIcon, CreditCardIcon, type LucideIcon, MailIcon, MessageSquareIcon, SendIcon } from 'lucide-react';
import { CtaBand } from '../../components/marketing/cta-band';
import { FeatureGrid } from '../../components/marketing/feature-grid';
import { Hero } from '../../components/marketing/hero';
import { Section } from '../../components/marketing/section';
import { PublicLayout } from '../../components/public-layout';
import { CLAIMS, INTEGRATIONS } from '../../content/claims';
import { INTEGRATIONS_TEXTS, type IntegrationsTexts } from '../../content/integrations';
import { PRODUCT_TEXTS } from '../../content/product';
import { useT } from '../../i18n';
import { withIcons } from '../../lib/marketing/with-icons';

export const Route = createFileRoute('/(site)/integrations')({
  staticData: {
    title: 'Integrations',
    description: `Switchboard's ${CLAIMS.integrations} built-in integrations: ${INTEGRATIONS.join(', ')}.`,
  },
  component: IntegrationsPage,
});

const CATEGORY_ICONS: Record<keyof IntegrationsTexts['categories'], LucideIcon> = {
  payments: CreditCardIcon,
  sms: MessageSquareIcon,
  email: MailIcon,
  forms: SendIcon,
  analytics: BarChart3Icon,
  api: BracesIcon,
  planned: CalendarClockIcon,
};

function IntegrationsPage() {
  const {
    texts: [text, product],
  } = useT(INTEGRATIONS_TEXTS, PRODUCT_TEXTS);
  return (
    <PublicLayout>
      <Hero
        eyebrow={text.eyebrow}
        title={text.title}
        lead={text.lead}
        actions={[
          { label: text.startTrial, href: '/signup' },
          { label: text.apiReference, variant: 'outline', href: '/api/docs' },
        ]}
      />
      <Section title={text.categoriesTitle}>
        <FeatureGrid items={withIcons(CATEGORY_ICONS, text.categories)} columns={4} />
      </Section>
      <Section title={text.missingTitle} tone="muted" width="narrow">
        <p className="text-gray-700 dark:text-gray-300">{text.missingText}</p>
      </Section>
      <CtaBand
        title={text.ctaTitle}
        text={text.ctaText}
        actions={[
          { label: text.startTrial, href: '/signup' },
          { label: text.talkToUs, to: '/contact' },
        ]}
        note={product.claims.trial}
      />
    </PublicLayout>
  );
}
