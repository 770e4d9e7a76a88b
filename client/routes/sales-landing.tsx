import { createFileRoute } from '@tanstack/react-router';
import { AlarmClockIcon, CheckCircle2Icon, EyeIcon, RocketIcon, XCircleIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { CtaBand } from '../components/marketing/cta-band';
import { FormPanel } from '../components/marketing/form-panel';
import { DemoRequestForm } from '../components/lead-forms/demo-request-form';
import { Hero } from '../components/marketing/hero';
import { Section } from '../components/marketing/section';
import { StatsBand } from '../components/marketing/stats-band';
import { PublicLayout } from '../components/public-layout';
import { CLAIMS } from '../content/product';
import {
  COUNTDOWN_START_MINUTES,
  COUNTDOWN_TICK_MS,
  countdownParts,
  tickCountdown,
  tickVisitors,
  VISITORS_START,
  VISITORS_TICK_MS,
} from '../lib/marketing/sales-timers';

export const Route = createFileRoute('/sales-landing')({
  staticData: {
    title: 'Launch Offer: Automate Your Sales Follow-up',
    description: 'Stop losing leads to slow follow-up. Switchboard answers, scores and nurtures every lead automatically. Launch pricing for a limited time.',
  },
  component: SalesLanding,
});

const PROBLEMS = [
  { problem: 'Leads wait hours for a reply and buy from whoever answers first.', solution: 'Every new lead gets a personal reply by e-mail or text within a minute, day or night.' },
  { problem: 'Your team calls whoever is at the top of the list, not who is ready to buy.', solution: 'AI lead scoring ranks every lead with 94% accuracy, so the best ones are called first.' },
  { problem: 'Follow-ups live in people’s heads and slip when it gets busy.', solution: 'Automations send every follow-up on schedule and create a task when a person is needed.' },
  { problem: 'Eight tools, eight logins, and nobody sees the whole customer.', solution: 'Contacts, deals, campaigns, texts and bookings share one timeline.' },
];

const RESULTS = [
  { value: CLAIMS.fasterAutomation, label: 'faster lead automation' },
  { value: '3.2×', label: 'more booked calls in 90 days' },
  { value: CLAIMS.aiAccuracy, label: 'lead-scoring accuracy' },
  { value: '2 hours', label: 'average setup time' },
];

function SalesLanding() {
  return (
    <PublicLayout>
      <OfferCountdown />
      <Hero
        eyebrow="Launch offer"
        title="Stop losing leads to slow follow-up"
        lead="Half of all buyers choose the company that answers first. Switchboard answers, scores and nurtures every lead automatically, so you are always first."
        actions={[
          { label: 'Start Free Trial', icon: RocketIcon, href: '/signup' },
          { label: 'Book a Demo', variant: 'outline', href: '/book-demo' },
        ]}
        note={`${CLAIMS.trial}. ${CLAIMS.guarantee}.`}
      />
      <Section title="The problem, and how we solve it">
        <ul className="grid gap-4 md:grid-cols-2">
          {PROBLEMS.map((p) => (
            <li key={p.problem} className="rounded-xl border border-gray-200 bg-white p-5 dark:border-gray-800 dark:bg-gray-900">
              <p className="flex gap-2 text-gray-800 dark:text-gray-200">
                <XCircleIcon className="mt-0.5 size-5 shrink-0 text-red-700 dark:text-red-400" aria-hidden />
                <span>
                  <span className="sr-only">Problem: </span>
                  {p.problem}
                </span>
              </p>
              <p className="mt-3 flex gap-2 font-medium text-gray-900 dark:text-white">
                <CheckCircle2Icon className="mt-0.5 size-5 shrink-0 text-green-700 dark:text-green-400" aria-hidden />
                <span>
                  <span className="sr-only">Solution: </span>
                  {p.solution}
                </span>
              </p>
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Results customers report" tone="muted">
        <StatsBand label="Customer results" stats={RESULTS} />
      </Section>
      <Section title="Why now" intro="Launch pricing is locked in for as long as you stay a customer, but only for sign-ups before the offer ends.">
        <div className="grid gap-4 md:grid-cols-2">
          <VisitorCounter />
          <div className="rounded-xl border border-gray-200 bg-white p-6 dark:border-gray-800 dark:bg-gray-900">
            <h3 className="font-semibold text-gray-900 dark:text-white">Included with the launch offer</h3>
            <ul className="mt-3 list-disc space-y-1 ps-5 text-sm text-gray-700 dark:text-gray-300">
              <li>Free guided migration from your current tool</li>
              <li>50+ ready-made automation templates</li>
              <li>A 1-to-1 onboarding call in your first week</li>
              <li>{CLAIMS.guarantee}</li>
            </ul>
          </div>
        </div>
      </Section>
      <Section title="See it on your own leads" tone="muted" width="narrow">
        <FormPanel title="Book a 30-minute demo" text="We will show you your first automation working on a real lead, and answer every question. Reply within 24 hours.">
          <DemoRequestForm formId="sales-landing-demo" tags={['enterprise-demo', 'sales-landing']} />
        </FormPanel>
      </Section>
      <CtaBand
        title="Be the first to answer, every time"
        text="Start free today; your first automated follow-up can go out this afternoon."
        actions={[
          { label: 'Start Free Trial', href: '/signup' },
          { label: 'See pricing', to: '/pricing' },
        ]}
        note={CLAIMS.trial}
      />
    </PublicLayout>
  );
}

/** Spec §4: counts down from 15 d 7 h 32 min, one minute at a time. */
function OfferCountdown() {
  const [minutes, setMinutes] = useState(COUNTDOWN_START_MINUTES);
  useEffect(() => {
    const timer = setInterval(() => setMinutes(tickCountdown), COUNTDOWN_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  const left = countdownParts(minutes);
  return (
    <div role="timer" aria-label="Launch offer ends in" className="bg-gray-900 text-white dark:bg-indigo-950">
      <p className="mx-auto flex max-w-7xl flex-wrap items-center justify-center gap-x-3 gap-y-1 px-4 py-3 text-sm sm:px-6 lg:px-8">
        <AlarmClockIcon className="size-4" aria-hidden />
        <span>Launch pricing ends in</span>
        <span className="font-mono font-semibold" data-testid="countdown">
          {left.days} days {left.hours} hours {left.minutes} minutes
        </span>
      </p>
    </div>
  );
}

/** Spec §4: starts at 1247 and rises by 1–3 every 45 seconds. */
function VisitorCounter() {
  const [count, setCount] = useState(VISITORS_START);
  useEffect(() => {
    const timer = setInterval(() => setCount((c) => tickVisitors(c, Math.random())), VISITORS_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <div className="rounded-xl border border-amber-300 bg-amber-50 p-6 dark:border-amber-800 dark:bg-amber-950/40">
      <p className="flex items-center gap-2 font-semibold text-gray-900 dark:text-white">
        <EyeIcon className="size-5" aria-hidden />
        <span>
          <span data-testid="visitor-count">{count.toLocaleString('en-US')}</span> business owners have looked at this offer
        </span>
      </p>
      <p className="mt-2 text-sm text-gray-700 dark:text-gray-300">Launch pricing is limited; the places go to whoever starts their trial first.</p>
    </div>
  );
}
