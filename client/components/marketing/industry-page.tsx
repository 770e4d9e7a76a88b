import { CalendarIcon, RocketIcon } from 'lucide-react';
import { INDUSTRY_GUARANTEE, type IndustryPage } from '../../content/industries';
import { trackEvent } from '../../lib/analytics';
import { PublicLayout } from '../public-layout';
import type { MarketingAction } from './actions';
import { ContactDetails } from './contact-details';
import { CtaBand } from './cta-band';
import { FeatureGrid } from './feature-grid';
import { Hero, HeroBadge } from './hero';
import { Section } from './section';
import { StatsBand } from './stats-band';
import { Testimonials } from './testimonials';

/** The shared layout of /dental, /medspa, /agency and /coaching (spec public-site §2.10). */
export function IndustryLanding({ page }: { page: IndustryPage }) {
  // Spec §2.10/§7: Start Free Trial sends `<prefix>_get_started`, then opens signup with the industry key.
  const trial = (cta: string): MarketingAction => ({
    label: 'Start Free Trial',
    icon: RocketIcon,
    href: `/signup?industry=${page.industry}`,
    onClick: () => trackEvent(`${page.eventPrefix}_get_started`, { landing: page.landing, cta_name: cta }),
  });
  const demo = (button: string): MarketingAction => ({
    label: page.demoLabel,
    icon: CalendarIcon,
    variant: 'outline',
    href: '/book-demo',
    onClick: () => trackEvent(`${page.eventPrefix}_demo_request`, { landing: page.landing, demo_button: button }),
  });

  return (
    <PublicLayout>
      <Hero
        badge={<HeroBadge icon={page.badge.icon}>{page.badge.text}</HeroBadge>}
        title={page.heroTitle}
        lead={page.heroLead}
        actions={[trial('hero'), demo('hero')]}
        note={INDUSTRY_GUARANTEE}
      />
      <Section title="Results our customers see" tone="muted">
        <StatsBand label={`${page.title}: key figures`} stats={page.stats} />
      </Section>
      <Section title={page.featuresTitle}>
        <FeatureGrid items={page.features} />
      </Section>
      {page.extras ? (
        <Section title={page.extras.title} intro={page.extras.intro} tone="muted">
          <FeatureGrid items={page.extras.items} columns={4} />
        </Section>
      ) : null}
      <Section title="What our customers say">
        <Testimonials items={page.testimonials} />
      </Section>
      <CtaBand
        title={page.closingTitle}
        text={page.closingText}
        actions={[trial('closing'), { ...demo('closing'), variant: 'outline' }]}
        note="Backed by our 30-day money-back guarantee. No setup fee."
      />
      <Section title="Talk to us" intro="Questions before you start? Our team answers by chat, e-mail and phone.">
        <ContactDetails />
      </Section>
    </PublicLayout>
  );
}
