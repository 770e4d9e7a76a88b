import { createFileRoute, Link } from '@tanstack/react-router';
import { BadgePercentIcon, CalendarIcon, HandshakeIcon, LayoutDashboardIcon, type LucideIcon, MegaphoneIcon, RocketIcon, TagIcon, UserCheckIcon } from 'lucide-react';
import { CtaBand } from '../../components/marketing/cta-band';
import { FeatureGrid } from '../../components/marketing/feature-grid';
import { Hero } from '../../components/marketing/hero';
import { Section } from '../../components/marketing/section';
import { Steps } from '../../components/marketing/steps';
import { PublicLayout } from '../../components/public-layout';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { PARTNER_TABS, PARTNERSHIP_TEXTS, type PartnerTabKey, type PartnershipTexts } from '../../content/partnerships';
import { SUPPORT } from '../../content/support';
import { trackEvent } from '../../lib/analytics';
import type { MarketingAction } from '../../components/marketing/actions';
import { revenueExample } from '../../lib/marketing/partnership-revenue';
import { withIcons } from '../../lib/marketing/with-icons';
import { useT } from '../../i18n';
import { formatNumber, formatPercent, formatUsd } from '../../i18n/format';

export const Route = createFileRoute('/(site)/partnerships')({
  staticData: {
    title: 'Partner Program',
    description: 'Partner with Switchboard: a recurring commission and a member price, on terms agreed with each partner.',
  },
  component: PartnershipsPage,
});

const SOURCE = 'partnership_portal';

const BENEFIT_ICONS: Record<keyof PartnershipTexts['benefits'], LucideIcon> = {
  commission: BadgePercentIcon,
  pricing: TagIcon,
  launch: RocketIcon,
  marketing: MegaphoneIcon,
  manager: UserCheckIcon,
  dashboard: LayoutDashboardIcon,
};

function PartnershipsPage() {
  const { t, text } = useT(PARTNERSHIP_TEXTS);
  const apply: MarketingAction = {
    label: text.apply,
    icon: HandshakeIcon,
    href: `mailto:${SUPPORT.partnersEmail}?subject=${encodeURIComponent(text.applySubject)}`,
    onClick: () => trackEvent('partner_application_started', { partner_type: 'association', source: SOURCE }),
  };
  const scheduleDemo: MarketingAction = {
    label: text.scheduleDemo,
    icon: CalendarIcon,
    variant: 'outline',
    href: '/book-demo',
    onClick: () => trackEvent('partnership_demo_requested', { source: SOURCE }),
  };
  const tabs = Object.keys(PARTNER_TABS) as PartnerTabKey[];
  return (
    <PublicLayout>
      <nav aria-label={text.navLabel} className="border-b border-gray-100 dark:border-gray-900">
        <ul className="mx-auto flex max-w-7xl gap-6 px-4 py-3 text-sm font-medium sm:px-6 lg:px-8">
          <li>
            <Link to="/case-studies" className="text-indigo-700 hover:underline dark:text-indigo-300">
              {text.successStories}
            </Link>
          </li>
          <li>
            <Link to="/pricing" className="text-indigo-700 hover:underline dark:text-indigo-300">
              {text.pricing}
            </Link>
          </li>
        </ul>
      </nav>
      <Hero eyebrow={text.eyebrow} title={text.title} lead={text.lead} actions={[apply, scheduleDemo]} />
      <Section title={text.benefitsTitle}>
        <FeatureGrid items={withIcons(BENEFIT_ICONS, text.benefits)} />
      </Section>
      <Section title={text.tabsTitle} tone="muted" intro={text.tabsIntro}>
        <Tabs defaultValue="dental">
          <TabsList aria-label={text.tabsLabel} className="flex-wrap">
            {tabs.map((key) => (
              <TabsTrigger key={key} value={key}>
                {text.tabs[key].label}
              </TabsTrigger>
            ))}
          </TabsList>
          {tabs.map((key) => (
            <TabsContent key={key} value={key}>
              <PartnerTabPanel tab={key} />
            </TabsContent>
          ))}
        </Tabs>
      </Section>
      <Section title={text.associationsTitle}>
        <ul className="grid gap-4 md:grid-cols-3">
          {text.associations.map((a) => (
            <li key={a.name} className="rounded-xl border border-gray-200 bg-white p-6 dark:border-gray-800 dark:bg-gray-900">
              <h3 className="font-semibold text-gray-900 dark:text-white">{a.name}</h3>
              <p className="text-sm text-gray-600 dark:text-gray-300">{a.kind}</p>
              <blockquote className="mt-3 text-gray-800 dark:text-gray-200">{t('marketing.quote', { text: a.quote })}</blockquote>
            </li>
          ))}
        </ul>
      </Section>
      <Section title={text.processTitle} tone="muted">
        <Steps items={text.process} />
      </Section>
      <CtaBand
        title={text.ctaTitle}
        text={text.ctaText}
        actions={[
          { ...apply, variant: undefined },
          { ...scheduleDemo, variant: undefined },
        ]}
      />
    </PublicLayout>
  );
}

function PartnerTabPanel({ tab }: { tab: PartnerTabKey }) {
  const { text, language } = useT(PARTNERSHIP_TEXTS);
  const inputs = PARTNER_TABS[tab];
  const copy = text.tabs[tab];
  const example = revenueExample(inputs);
  const money = (dollars: number) => formatUsd(language, dollars);
  const percent = (value: number) => formatPercent(language, value);
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <div className="rounded-xl border border-gray-200 bg-white p-6 dark:border-gray-800 dark:bg-gray-900">
        <h3 className="font-semibold text-gray-900 dark:text-white">{text.forAudience(copy.audience)}</h3>
        <ul className="mt-3 list-disc space-y-1 ps-5 text-gray-700 dark:text-gray-300">
          {copy.benefits.map((b) => (
            <li key={b}>{b}</li>
          ))}
        </ul>
      </div>
      <div className="rounded-xl border border-indigo-200 bg-indigo-50/60 p-6 dark:border-indigo-900 dark:bg-indigo-950/40">
        <h3 className="font-semibold text-gray-900 dark:text-white">{text.revenueTitle}</h3>
        <dl className="mt-3 grid grid-cols-2 gap-3 text-sm">
          <dt className="text-gray-600 dark:text-gray-300">{text.members}</dt>
          <dd className="text-end font-medium text-gray-900 dark:text-white">{formatNumber(language, inputs.members)}</dd>
          <dt className="text-gray-600 dark:text-gray-300">{text.adoption}</dt>
          <dd className="text-end font-medium text-gray-900 dark:text-white">{percent(inputs.adoptionPercent)}</dd>
          <dt className="text-gray-600 dark:text-gray-300">{text.pricePerMember}</dt>
          <dd className="text-end font-medium text-gray-900 dark:text-white">{money(inputs.pricePerMonth)}</dd>
          <dt className="text-gray-600 dark:text-gray-300">{text.annualSubscriptions}</dt>
          <dd className="text-end font-medium text-gray-900 dark:text-white" data-testid="annual-member-revenue">
            {money(example.annualMemberRevenue)}
          </dd>
          <dt className="font-semibold text-gray-900 dark:text-white">{text.yourCommission(percent(inputs.commissionPercent))}</dt>
          <dd className="text-end text-xl font-bold text-indigo-700 dark:text-indigo-300" data-testid="annual-commission">
            {money(example.annualCommission)}
          </dd>
        </dl>
        <p className="mt-3 text-xs text-gray-600 dark:text-gray-300">{text.revenueFormula(formatNumber(language, example.subscribers), money(inputs.pricePerMonth))}</p>
      </div>
    </div>
  );
}
