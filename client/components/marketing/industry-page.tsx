import { CalendarIcon, RocketIcon } from 'lucide-react';
import { INDUSTRY_PAGES, INDUSTRY_TEXTS, type IndustryPageKey } from '../../content/industries';
import { useT } from '../../i18n';
import { trackEvent } from '../../lib/analytics';
import { withIcons } from '../../lib/marketing/with-icons';
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
export function IndustryLanding({ page: key }: { page: IndustryPageKey }) {
  const { text } = useT(INDUSTRY_TEXTS);
  const page = INDUSTRY_PAGES[key];
  const copy = text.pages[key];
  // Spec §2.10/§7: Start Free Trial sends `<prefix>_get_started`, then opens signup with the industry key.
  const trial = (cta: string): MarketingAction => ({
    label: text.startTrial,
    icon: RocketIcon,
    href: `/signup?industry=${page.industry}`,
    onClick: () => trackEvent(`${page.eventPrefix}_get_started`, { landing: page.landing, cta_name: cta }),
  });
  const demo = (button: string): MarketingAction => ({
    label: copy.demo,
    icon: CalendarIcon,
    variant: 'outline',
    href: '/book-demo',
    onClick: () => trackEvent(`${page.eventPrefix}_demo_request`, { landing: page.landing, demo_button: button }),
  });

  return (
    <PublicLayout>
      <Hero badge={<HeroBadge icon={page.badgeIcon}>{copy.badge}</HeroBadge>} title={copy.heroTitle} lead={copy.heroLead} actions={[trial('hero'), demo('hero')]} note={text.trialNote} />
      <Section title={text.resultsTitle} tone="muted">
        <StatsBand label={text.statsLabel(copy.title)} stats={copy.stats} />
      </Section>
      <Section title={copy.featuresTitle}>
        <FeatureGrid items={withIcons<string, { title: string; text: string }>(page.featureIcons, copy.features)} />
      </Section>
      {'extras' in copy ? (
        <Section title={copy.extras.title} intro={copy.extras.intro} tone="muted">
          <FeatureGrid items={copy.extras.items} columns={4} />
        </Section>
      ) : null}
      <Section title={text.customersTitle}>
        <Testimonials items={copy.testimonials} />
      </Section>
      <CtaBand title={copy.closingTitle} text={copy.closingText} actions={[trial('closing'), { ...demo('closing'), variant: 'outline' }]} note={text.closingNote} />
      <Section title={text.talkTitle} intro={text.talkIntro}>
        <ContactDetails />
      </Section>
    </PublicLayout>
  );
}
