import { createFileRoute } from '@tanstack/react-router';
import { CheckIcon, RocketIcon } from 'lucide-react';
import { CtaBand } from '../components/marketing/cta-band';
import { FeatureGrid } from '../components/marketing/feature-grid';
import { Hero } from '../components/marketing/hero';
import { Section } from '../components/marketing/section';
import { StatsBand } from '../components/marketing/stats-band';
import { PublicLayout } from '../components/public-layout';
import { buttonClasses } from '../components/ui/button';
import { CLAIMS, HEADLINE_STATS, PLATFORM_MODULES } from '../content/product';

export const Route = createFileRoute('/basic-landing')({
  staticData: {
    title: 'CRM and Marketing Automation for Growing Businesses',
    description: 'One simple platform for contacts, pipeline, campaigns and automations. The Growth plan is $97 per month; try it free for 14 days.',
  },
  component: BasicLanding,
});

/** The Growth plan shown on this landing page (spec public-site §9). */
const GROWTH_PLAN = {
  price: 97,
  includes: ['Contacts, pipeline and tasks', 'E-mail and SMS campaigns', 'Visual automation builder', 'Online booking', 'Reports and CSV export', 'Live chat support 24/7'],
};

function BasicLanding() {
  return (
    <PublicLayout>
      <Hero
        title="The simple way to win and keep customers"
        lead="Switchboard keeps your contacts, deals, campaigns and follow-ups in one place, and does the repetitive work for you."
        actions={[
          { label: 'Start Free Trial', icon: RocketIcon, href: '/signup' },
          { label: 'See all features', variant: 'outline', to: '/features' },
        ]}
        note={CLAIMS.trial}
      />
      <Section title="Why teams switch" tone="muted">
        <StatsBand label="Switchboard in figures" stats={HEADLINE_STATS} />
      </Section>
      <Section title="One platform instead of eight tools">
        <FeatureGrid items={PLATFORM_MODULES} columns={4} />
      </Section>
      <Section title="One plan to start" tone="muted" width="narrow">
        <div className="rounded-2xl border border-indigo-200 bg-white p-8 shadow-sm dark:border-indigo-900 dark:bg-gray-900">
          <h3 className="text-lg font-semibold text-gray-900 dark:text-white">Growth</h3>
          <p className="mt-2">
            <span className="text-4xl font-bold text-gray-900 dark:text-white">${GROWTH_PLAN.price}</span>
            <span className="text-gray-600 dark:text-gray-300"> per month</span>
          </p>
          <ul className="mt-6 grid gap-2 sm:grid-cols-2">
            {GROWTH_PLAN.includes.map((item) => (
              <li key={item} className="flex items-start gap-2 text-sm text-gray-700 dark:text-gray-300">
                <CheckIcon className="mt-0.5 size-4 shrink-0 text-green-700 dark:text-green-400" aria-hidden />
                {item}
              </li>
            ))}
          </ul>
          <a href="/signup" className={buttonClasses({ size: 'lg', className: 'mt-8 w-full' })}>
            Start your 14-day free trial
          </a>
          <p className="mt-3 text-center text-sm text-gray-600 dark:text-gray-300">No setup fee. {CLAIMS.guarantee}.</p>
        </div>
      </Section>
      <CtaBand
        title="Ready when you are"
        text="Create your workspace in a minute and import your contacts from a spreadsheet."
        actions={[
          { label: 'Start Free Trial', href: '/signup' },
          { label: 'Compare plans', to: '/pricing' },
        ]}
      />
    </PublicLayout>
  );
}
