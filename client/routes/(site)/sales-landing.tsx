import { createFileRoute } from '@tanstack/react-router';
import { AlarmClockIcon, CheckCircle2Icon, RocketIcon, XCircleIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { CtaBand } from '../../components/marketing/cta-band';
import { FormPanel } from '../../components/marketing/form-panel';
import { DemoRequestForm } from '../../components/lead-forms/demo-request-form';
import { Hero } from '../../components/marketing/hero';
import { Section } from '../../components/marketing/section';
import { StatsBand } from '../../components/marketing/stats-band';
import { PublicLayout } from '../../components/public-layout';
import { headlineStats, PRODUCT_TEXTS } from '../../content/product';
import { SALES_LANDING_TEXTS } from '../../content/sales-landing';
import { useT } from '../../i18n';
import { COUNTDOWN_START_MINUTES, COUNTDOWN_TICK_MS, countdownParts, tickCountdown } from '../../lib/marketing/sales-timers';

export const Route = createFileRoute('/(site)/sales-landing')({
  staticData: {
    title: 'Launch Offer: Answer Every Lead First',
    description: 'Stop losing leads to slow follow-up. Switchboard puts every lead from your forms and chat on your pipeline at once, so your team answers first. Launch pricing for a limited time.',
  },
  component: SalesLanding,
});

function SalesLanding() {
  const {
    texts: [text, product],
  } = useT(SALES_LANDING_TEXTS, PRODUCT_TEXTS);
  const { claims } = product;
  const results = headlineStats(product);
  return (
    <PublicLayout>
      <OfferCountdown />
      <Hero
        eyebrow={text.eyebrow}
        title={text.title}
        lead={text.lead}
        actions={[
          { label: text.startTrial, icon: RocketIcon, href: '/signup' },
          { label: text.bookDemo, variant: 'outline', href: '/book-demo' },
        ]}
        note={`${claims.trial}. ${claims.cancel}.`}
      />
      <Section title={text.problemsTitle}>
        <ul className="grid gap-4 md:grid-cols-2">
          {text.problems.map((p) => (
            <li key={p.problem} className="rounded-xl border border-gray-200 bg-white p-5 dark:border-gray-800 dark:bg-gray-900">
              <p className="flex gap-2 text-gray-800 dark:text-gray-200">
                <XCircleIcon className="mt-0.5 size-5 shrink-0 text-red-700 dark:text-red-400" aria-hidden />
                <span>
                  <span className="sr-only">{text.problemLabel} </span>
                  {p.problem}
                </span>
              </p>
              <p className="mt-3 flex gap-2 font-medium text-gray-900 dark:text-white">
                <CheckCircle2Icon className="mt-0.5 size-5 shrink-0 text-green-700 dark:text-green-400" aria-hidden />
                <span>
                  <span className="sr-only">{text.solutionLabel} </span>
                  {p.solution}
                </span>
              </p>
            </li>
          ))}
        </ul>
      </Section>
      <Section title={text.resultsTitle} tone="muted">
        <StatsBand label={text.resultsLabel} stats={results} />
      </Section>
      <Section title={text.whyNowTitle} intro={text.whyNowIntro}>
        <div className="rounded-xl border border-gray-200 bg-white p-6 dark:border-gray-800 dark:bg-gray-900">
          <h3 className="font-semibold text-gray-900 dark:text-white">{text.includedTitle}</h3>
          <ul className="mt-3 list-disc space-y-1 ps-5 text-sm text-gray-700 dark:text-gray-300">
            {[...text.included, claims.cancel].map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </div>
      </Section>
      <Section title={text.demoTitle} tone="muted" width="narrow">
        <FormPanel title={text.demoPanelTitle} text={text.demoPanelText}>
          <DemoRequestForm formId="sales-landing-demo" tags={['enterprise-demo', 'sales-landing']} />
        </FormPanel>
      </Section>
      <CtaBand
        title={text.ctaTitle}
        text={text.ctaText}
        actions={[
          { label: text.startTrial, href: '/signup' },
          { label: text.seePricing, to: '/pricing' },
        ]}
        note={claims.trial}
      />
    </PublicLayout>
  );
}

/** Spec §4: counts down from 15 d 7 h 32 min, one minute at a time. */
function OfferCountdown() {
  const { text } = useT(SALES_LANDING_TEXTS);
  const [minutes, setMinutes] = useState(COUNTDOWN_START_MINUTES);
  useEffect(() => {
    const timer = setInterval(() => setMinutes(tickCountdown), COUNTDOWN_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  const left = countdownParts(minutes);
  return (
    <div role="timer" aria-label={text.countdownLabel} className="bg-gray-900 text-white dark:bg-indigo-950">
      <p className="mx-auto flex max-w-7xl flex-wrap items-center justify-center gap-x-3 gap-y-1 px-4 py-3 text-sm sm:px-6 lg:px-8">
        <AlarmClockIcon className="size-4" aria-hidden />
        <span>{text.countdownLead}</span>
        <span className="font-mono font-semibold" data-testid="countdown">
          {text.countdown(left.days, left.hours, left.minutes)}
        </span>
      </p>
    </div>
  );
}
