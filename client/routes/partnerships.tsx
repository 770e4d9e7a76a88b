import { createFileRoute, Link } from '@tanstack/react-router';
import { BadgePercentIcon, CalendarIcon, HandshakeIcon, LayoutDashboardIcon, MegaphoneIcon, RocketIcon, TagIcon, UserCheckIcon } from 'lucide-react';
import { CtaBand } from '../components/marketing/cta-band';
import { FeatureGrid } from '../components/marketing/feature-grid';
import { Hero } from '../components/marketing/hero';
import { Section } from '../components/marketing/section';
import { Steps } from '../components/marketing/steps';
import { PublicLayout } from '../components/public-layout';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs';
import { PARTNER_ASSOCIATIONS, PARTNER_TABS, type PartnerTab } from '../content/partnerships';
import { SUPPORT } from '../content/support';
import { trackEvent } from '../lib/analytics';
import type { MarketingAction } from '../components/marketing/actions';
import { revenueExample } from '../lib/marketing/partnership-revenue';

export const Route = createFileRoute('/partnerships')({
  staticData: {
    title: 'Partner Program',
    description:
      'Partner with Switchboard: 25–40% recurring commission, member pricing up to 40% off, and a launch for your association or network in 30 days or less.',
  },
  component: PartnershipsPage,
});

const SOURCE = 'partnership_portal';

const apply: MarketingAction = {
  label: 'Apply for Partnership',
  icon: HandshakeIcon,
  href: `mailto:${SUPPORT.partnersEmail}?subject=${encodeURIComponent('Partnership application')}`,
  onClick: () => trackEvent('partner_application_started', { partner_type: 'association', source: SOURCE }),
};
const scheduleDemo: MarketingAction = {
  label: 'Schedule Demo',
  icon: CalendarIcon,
  variant: 'outline',
  href: '/book-demo',
  onClick: () => trackEvent('partnership_demo_requested', { source: SOURCE }),
};

const BENEFITS = [
  { icon: BadgePercentIcon, title: '25–40% recurring commission', text: 'Earn a share of every member subscription for as long as the member stays, paid monthly.' },
  { icon: TagIcon, title: 'Member pricing up to 40% off', text: 'Give your members an exclusive price they cannot get anywhere else: a real membership benefit.' },
  { icon: RocketIcon, title: 'Launch in 30 days or less', text: 'We prepare the landing page, the announcement and the webinars; you tell your members.' },
  { icon: MegaphoneIcon, title: 'Co-branded marketing', text: 'E-mails, slides and a member landing page with your brand next to ours, ready to send.' },
  { icon: UserCheckIcon, title: 'A dedicated partner manager', text: 'One person who knows your members, your calendar and your goals, from launch onwards.' },
  { icon: LayoutDashboardIcon, title: 'Partner dashboard', text: 'See member sign-ups, active accounts and commission earned, updated daily.' },
];

const PROCESS = [
  { title: 'Submit application', text: 'Tell us about your organisation, your members and what they need. It takes ten minutes.' },
  { title: 'Partnership review and strategy session', text: 'We review your application within a week and plan the launch with you on a call.' },
  { title: 'Agreement and setup', text: 'Sign the partner agreement; we set up member pricing, your landing page and your dashboard.' },
  { title: 'Member launch', text: 'Announce to your members with our co-branded kit and webinars. Commission starts with the first sign-up.' },
];

const money = (n: number) => `$${n.toLocaleString('en-US')}`;

function PartnershipsPage() {
  return (
    <PublicLayout>
      <nav aria-label="Partnerships" className="border-b border-gray-100 dark:border-gray-900">
        <ul className="mx-auto flex max-w-7xl gap-6 px-4 py-3 text-sm font-medium sm:px-6 lg:px-8">
          <li>
            <Link to="/case-studies" className="text-indigo-700 hover:underline dark:text-indigo-300">
              Success Stories
            </Link>
          </li>
          <li>
            <Link to="/pricing" className="text-indigo-700 hover:underline dark:text-indigo-300">
              Pricing
            </Link>
          </li>
        </ul>
      </nav>
      <Hero
        eyebrow="Partner program"
        title="Give your members a better way to grow, and share in it"
        lead="Associations, networks and professional groups offer Switchboard to their members at an exclusive price, and earn 25–40% recurring commission on every subscription."
        actions={[apply, scheduleDemo]}
      />
      <Section title="Why partner with us">
        <FeatureGrid items={BENEFITS} />
      </Section>
      <Section title="What it means for your members" tone="muted" intro="Choose your network to see the member benefits and a revenue example.">
        <Tabs defaultValue="dental">
          <TabsList aria-label="Partner types" className="flex-wrap">
            {PARTNER_TABS.map((t) => (
              <TabsTrigger key={t.id} value={t.id}>
                {t.label}
              </TabsTrigger>
            ))}
          </TabsList>
          {PARTNER_TABS.map((t) => (
            <TabsContent key={t.id} value={t.id}>
              <PartnerTabPanel tab={t} />
            </TabsContent>
          ))}
        </Tabs>
      </Section>
      <Section title="Partners who launched with us">
        <ul className="grid gap-4 md:grid-cols-3">
          {PARTNER_ASSOCIATIONS.map((a) => (
            <li key={a.name} className="rounded-xl border border-gray-200 bg-white p-6 dark:border-gray-800 dark:bg-gray-900">
              <h3 className="font-semibold text-gray-900 dark:text-white">{a.name}</h3>
              <p className="text-sm text-gray-600 dark:text-gray-300">{a.kind}</p>
              <blockquote className="mt-3 text-gray-800 dark:text-gray-200">“{a.quote}”</blockquote>
            </li>
          ))}
        </ul>
      </Section>
      <Section title="How to become a partner" tone="muted">
        <Steps items={PROCESS} />
      </Section>
      <CtaBand
        title="Launch for your members in 30 days"
        text="Apply today; we reply within a week with a launch plan for your organisation."
        actions={[
          { ...apply, variant: undefined },
          { ...scheduleDemo, variant: undefined },
        ]}
      />
    </PublicLayout>
  );
}

function PartnerTabPanel({ tab }: { tab: PartnerTab }) {
  const example = revenueExample(tab);
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <div className="rounded-xl border border-gray-200 bg-white p-6 dark:border-gray-800 dark:bg-gray-900">
        <h3 className="font-semibold text-gray-900 dark:text-white">For {tab.audience}</h3>
        <ul className="mt-3 list-disc space-y-1 ps-5 text-gray-700 dark:text-gray-300">
          {tab.benefits.map((b) => (
            <li key={b}>{b}</li>
          ))}
        </ul>
      </div>
      <div className="rounded-xl border border-indigo-200 bg-indigo-50/60 p-6 dark:border-indigo-900 dark:bg-indigo-950/40">
        <h3 className="font-semibold text-gray-900 dark:text-white">Revenue potential</h3>
        <dl className="mt-3 grid grid-cols-2 gap-3 text-sm">
          <dt className="text-gray-600 dark:text-gray-300">Members</dt>
          <dd className="text-end font-medium text-gray-900 dark:text-white">{tab.members.toLocaleString('en-US')}</dd>
          <dt className="text-gray-600 dark:text-gray-300">Adoption</dt>
          <dd className="text-end font-medium text-gray-900 dark:text-white">{tab.adoptionPercent}%</dd>
          <dt className="text-gray-600 dark:text-gray-300">Price per member per month</dt>
          <dd className="text-end font-medium text-gray-900 dark:text-white">{money(tab.pricePerMonth)}</dd>
          <dt className="text-gray-600 dark:text-gray-300">Annual member subscriptions</dt>
          <dd className="text-end font-medium text-gray-900 dark:text-white" data-testid="annual-member-revenue">
            {money(example.annualMemberRevenue)}
          </dd>
          <dt className="font-semibold text-gray-900 dark:text-white">Your {tab.commissionPercent}% commission per year</dt>
          <dd className="text-end text-xl font-bold text-indigo-700 dark:text-indigo-300" data-testid="annual-commission">
            {money(example.annualCommission)}
          </dd>
        </dl>
        <p className="mt-3 text-xs text-gray-600 dark:text-gray-300">
          {example.subscribers.toLocaleString('en-US')} subscribing members × {money(tab.pricePerMonth)} × 12 months. An example, not a promise.
        </p>
      </div>
    </div>
  );
}
