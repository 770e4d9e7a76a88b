import { Link } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import ArrowRightIcon from 'lucide-react/icons/arrow-right';
import BotIcon from 'lucide-react/icons/bot';
import CalendarDaysIcon from 'lucide-react/icons/calendar-days';
import ChartColumnIcon from 'lucide-react/icons/chart-column';
import CheckIcon from 'lucide-react/icons/check';
import GlobeIcon from 'lucide-react/icons/globe';
import KanbanIcon from 'lucide-react/icons/kanban';
import type { LucideIcon } from 'lucide-react';
import MailIcon from 'lucide-react/icons/mail';
import MessageSquareTextIcon from 'lucide-react/icons/message-square-text';
import MicIcon from 'lucide-react/icons/mic';
import MinusIcon from 'lucide-react/icons/minus';
import SquareCheckIcon from 'lucide-react/icons/square-check';
import UsersIcon from 'lucide-react/icons/users';
import WorkflowIcon from 'lucide-react/icons/workflow';
import { PublicLayout } from '../../../components/public-layout';
import { plainButtonClasses } from '../../../components/ui/button-classes';
import { TrialForm } from './trial-form';
import { CLAIMS, INTEGRATIONS } from '../../../content/claims';

const HeroLeadForm = lazy(() => import('../../../components/lead-forms/lead-form').then((m) => ({ default: m.LeadForm })));

/** Spec §1's recurring claims. */
const STATS = [
  { figure: `${CLAIMS.setupHours} hours`, label: 'from sign-up to your first text or e-mail to a lead' },
  { figure: String(CLAIMS.integrations), label: `built-in integrations: ${INTEGRATIONS.join(', ')}` },
  { figure: String(CLAIMS.channels), label: 'built-in channels: SMS, e-mail and website chat' },
  { figure: String(CLAIMS.languages), label: 'site languages: English, French and Arabic' },
];

const TESTIMONIALS = [
  {
    quote: 'We replaced three tools in a weekend. Every enquiry now gets a text back in under a minute, and fewer patients forget their appointments.',
    name: 'Dr. Maya Lin',
    role: 'Owner, Brightside Dental',
  },
  {
    quote: 'Each client gets their own pipeline, inbox and reports, and I finally see which of them is actually growing. Onboarding a new account takes an afternoon.',
    name: 'Jordan Reyes',
    role: 'Founder, Northwind Growth Agency',
  },
  {
    quote: 'The inbox and the pipeline do the remembering for me. Discovery calls land on my calendar while I coach, and nothing slips between a lead form and a signed package.',
    name: 'Priya Natarajan',
    role: 'Business coach',
  },
];

const PROBLEMS = [
  { title: 'Leads wait', text: 'A form fills in at 9 pm and nobody answers until the next afternoon. By then the prospect has booked with someone else.' },
  { title: 'Tools do not talk', text: 'Contacts in one app, e-mail in another, texts on a phone, deals in a spreadsheet: nobody sees the whole customer.' },
  { title: 'Reports are guesses', text: 'When data lives in five places, the monthly report is a copy-and-paste job, and nobody trusts the numbers in it.' },
];

const FEATURES: { icon: LucideIcon; title: string; text: string }[] = [
  { icon: UsersIcon, title: 'Contacts', text: 'Every person and company with their full history: e-mails, texts, calls, deals, tasks and appointments.' },
  { icon: KanbanIcon, title: 'Pipeline', text: 'Deals move through your stages by drag and drop, with values, owners and the deals that have stalled.' },
  { icon: SquareCheckIcon, title: 'Tasks', text: 'Follow-ups for the whole team, tied to the contact or deal they concern, with reminders that arrive on time.' },
  {
    icon: MailIcon,
    title: 'E-mail',
    text: 'E-mail a contact from their page and see the reply land on their timeline, with one-click unsubscribe built in. Campaigns send e-mail or SMS to a whole segment.',
  },
  { icon: MessageSquareTextIcon, title: 'SMS', text: 'Two-way texting with templates, opt-out handling and quiet hours that respect your contacts’ time zones.' },
  {
    icon: CalendarDaysIcon,
    title: 'Appointments',
    text: 'Calls and meetings booked against contacts, with overlap warnings, calendar files for everyone invited and a public booking page per calendar.',
  },
  { icon: WorkflowIcon, title: 'Automations', text: 'Triggers, waits, conditions and SMS or e-mail steps that follow up, assign and notify, built visually, step by step.' },
  {
    icon: GlobeIcon,
    title: 'Websites and funnels (planned)',
    text: 'Planned, not built yet: landing pages and funnels. Today, lead-capture forms and the website chat create contacts from your own site.',
  },
  { icon: ChartColumnIcon, title: 'Reports', text: 'Where revenue comes from, where deals stall and which lead sources pay back, computed from your own data.' },
  {
    icon: MicIcon,
    title: 'Voice commands',
    text: 'Say or type (Ctrl K) what you need: today’s leads, a follow-up e-mail, a call on the calendar, then confirm. Calls by voice are planned, not built yet.',
  },
];

const TEMPLATES = [
  'New lead: text within a minute, e-mail within an hour',
  'Missed call: text back and create a task',
  'Appointment reminders 24 hours and 2 hours before',
  'No-show: reschedule messages',
  'Quote sent: follow up after 2 and 5 days',
  'Won deal: onboarding checklist and welcome e-mail',
  'Review request after a completed service',
  'Re-engage contacts quiet for 90 days',
];

const STEPS = [
  { title: 'Import', text: 'Bring contacts and deals from a spreadsheet or from any tool that exports a CSV; duplicates are found and merged.' },
  { title: 'Shape your pipeline', text: 'Name your stages, invite your team and give each member the role that fits.' },
  { title: 'Save templates', text: 'Write the SMS and e-mail templates your team sends most, in your own voice. Automations send SMS and e-mail for you at the right moment.' },
  { title: 'Go live', text: 'Connect your forms and phone number. Most teams are operational within 24 to 48 hours.' },
];

type Support = 'yes' | 'no' | string;
const VENDORS = ['Switchboard', 'HubSpot', 'ActiveCampaign', 'HighLevel'] as const;
const COMPARISON: { row: string; values: [Support, Support, Support, Support] }[] = [
  { row: 'CRM, pipeline, SMS and e-mail in one product', values: ['yes', 'yes', 'yes', 'yes'] },
  { row: 'Two-way SMS included', values: ['yes', 'Add-on', 'Add-on', 'yes'] },
  { row: 'Open source and self-hostable', values: ['yes', 'no', 'no', 'no'] },
  { row: 'Your data in your own database', values: ['yes', 'no', 'no', 'no'] },
  { row: 'Free trial without a credit card', values: ['14 days', 'Free tier', '14 days', '14 days'] },
];

function SupportCell({ value }: { value: Support }) {
  if (value === 'yes') {
    return (
      <>
        <CheckIcon className="mx-auto size-5 text-green-700 dark:text-green-400" aria-hidden />
        <span className="sr-only">Yes</span>
      </>
    );
  }
  if (value === 'no') {
    return (
      <>
        <MinusIcon className="mx-auto size-5 text-gray-500" aria-hidden />
        <span className="sr-only">No</span>
      </>
    );
  }
  return <span className="text-sm text-gray-700 dark:text-gray-300">{value}</span>;
}

const sectionHeading = 'text-3xl font-bold tracking-tight text-gray-900 dark:text-white';
const sectionLead = 'mt-3 max-w-2xl text-lg text-gray-600 dark:text-gray-300';

export function DesktopLanding() {
  return (
    <PublicLayout>
      <section className="relative overflow-hidden border-b border-gray-100 dark:border-gray-900">
        <div aria-hidden className="pointer-events-none absolute inset-x-0 -top-40 -z-10 h-96 bg-gradient-to-b from-indigo-100/70 to-transparent dark:from-indigo-900/30" />
        <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 pt-16 pb-20 sm:px-6 lg:grid-cols-[1.2fr_1fr] lg:px-8 lg:pt-24">
          <div className="flex flex-col items-start">
            <p className="rounded-full border border-indigo-200 bg-indigo-50 px-3 py-1 text-xs font-medium text-indigo-800 dark:border-indigo-800 dark:bg-indigo-950 dark:text-indigo-200">
              Open source · Self-hostable · Setup in 2 hours
            </p>
            <h1 className="mt-6 text-5xl font-bold tracking-tight text-gray-900 sm:text-6xl dark:text-white">Switchboard</h1>
            <p className="mt-4 max-w-xl text-xl text-gray-700 dark:text-gray-200">The CRM that answers every lead, follows up on every deal and shows you where your revenue comes from.</p>
            <p className="mt-3 max-w-xl text-gray-600 dark:text-gray-300">
              Contacts, pipeline, SMS, e-mail, website chat and appointments in one place — for small businesses, agencies and practices.
            </p>
            <TrialForm source="landing_hero" className="mt-8 w-full max-w-lg" />
            <p className="mt-3 text-sm text-gray-600 dark:text-gray-300">14-day free trial · No credit card · Cancel any time</p>
          </div>
          <aside aria-labelledby="hero-sales-heading" className="rounded-2xl border border-gray-200 bg-white p-6 shadow-sm dark:border-gray-800 dark:bg-gray-900">
            <h2 id="hero-sales-heading" className="text-lg font-semibold text-gray-900 dark:text-white">
              Talk to someone who has set up a hundred CRMs
            </h2>
            <p className="mt-2 text-sm text-gray-600 dark:text-gray-300">
              Tell us how you sell today. We reply within 2 business hours with a setup plan for your team, whether you run a practice, an agency or a sales floor.
            </p>
            <ul className="mt-4 flex flex-col gap-2 text-sm text-gray-700 dark:text-gray-300">
              {['A pipeline shaped like your sales process', 'Your contacts imported and de-duplicated', 'Your first SMS templates written'].map((item) => (
                <li key={item} className="flex items-start gap-2">
                  <CheckIcon className="mt-0.5 size-4 shrink-0 text-indigo-600 dark:text-indigo-400" aria-hidden />
                  {item}
                </li>
              ))}
            </ul>
            {/* Loaded after the landing's own code: the form's toasts and validation stay out of its entry. */}
            <Suspense fallback={<div className="mt-6 h-72" aria-hidden />}>
              <HeroLeadForm variant="hero" formId="hero-trial" tags={['trial']} emailPlaceholder="Enter your work email" submitLabel="Get my setup plan" className="mt-6 text-start" />
            </Suspense>
          </aside>
        </div>
      </section>

      <section aria-labelledby="stats-heading" className="bg-gray-50 py-14 dark:bg-gray-900/40">
        <h2 id="stats-heading" className="sr-only">
          Switchboard in numbers
        </h2>
        <dl className="mx-auto grid max-w-7xl gap-8 px-4 sm:grid-cols-2 sm:px-6 lg:grid-cols-4 lg:px-8">
          {STATS.map((s) => (
            <div key={s.figure} className="flex flex-col-reverse gap-1">
              <dt className="text-sm text-gray-600 dark:text-gray-300">{s.label}</dt>
              <dd className="text-4xl font-bold text-indigo-700 dark:text-indigo-300">{s.figure}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="testimonials-heading" className="mx-auto w-full max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
        <h2 id="testimonials-heading" className={sectionHeading}>
          Teams that stopped chasing and started closing
        </h2>
        <p className={sectionLead}>Illustrative examples: these people and businesses are invented to show how teams use Switchboard.</p>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {TESTIMONIALS.map((t) => (
            <li key={t.name}>
              <figure className="flex h-full flex-col justify-between rounded-2xl border border-gray-200 p-6 dark:border-gray-800">
                <blockquote className="text-gray-800 dark:text-gray-200">“{t.quote}”</blockquote>
                <figcaption className="mt-6 text-sm">
                  <span className="block font-semibold text-gray-900 dark:text-white">{t.name}</span>
                  <span className="text-gray-600 dark:text-gray-300">{t.role}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="problem-heading" className="bg-gray-900 py-20 text-white dark:bg-gray-900">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <h2 id="problem-heading" className="text-3xl font-bold tracking-tight">
            Growing businesses lose deals between their tools
          </h2>
          <div className="mt-10 grid gap-8 md:grid-cols-3">
            {PROBLEMS.map((p) => (
              <div key={p.title}>
                <h3 className="text-lg font-semibold text-indigo-200">{p.title}</h3>
                <p className="mt-2 text-gray-300">{p.text}</p>
              </div>
            ))}
          </div>
        </div>
      </section>

      <section id="features" aria-labelledby="features-heading" className="mx-auto w-full max-w-7xl scroll-mt-20 px-4 py-20 sm:px-6 lg:px-8">
        <h2 id="features-heading" className={sectionHeading}>
          One platform for the whole customer journey
        </h2>
        <p className={sectionLead}>Everything a sales and marketing team works with, sharing one contact record and one set of reports.</p>
        <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm dark:border-gray-800 dark:bg-gray-900">
              <Icon className="size-6 text-indigo-600 dark:text-indigo-400" aria-hidden />
              <h3 className="mt-3 font-semibold text-gray-900 dark:text-white">{title}</h3>
              <p className="mt-1 text-sm text-gray-600 dark:text-gray-300">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="action-heading" className="mx-auto w-full max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="flex flex-col items-start gap-6 rounded-2xl bg-indigo-700 p-8 text-white sm:p-12 lg:flex-row lg:items-center lg:justify-between">
          <div>
            <h2 id="action-heading" className="text-3xl font-bold tracking-tight">
              See It in Action
            </h2>
            <p className="mt-2 max-w-xl text-indigo-100">Watch a finished appointment become a thank-you text and a new review: a simulated run of the automations being built, in fifteen seconds.</p>
          </div>
          <Link to="/demo-dashboard" className={plainButtonClasses('secondary', 'lg')}>
            Open the live demo
            <ArrowRightIcon className="size-4 rtl:-scale-x-100" aria-hidden />
          </Link>
        </div>
      </section>

      <section id="templates" aria-labelledby="templates-heading" className="mx-auto w-full max-w-7xl scroll-mt-20 px-4 py-20 sm:px-6 lg:px-8">
        <div className="grid gap-10 lg:grid-cols-2">
          <div>
            <h2 id="templates-heading" className={sectionHeading}>
              Templates, and automations being built
            </h2>
            <p className={sectionLead}>SMS templates work today. The automations below are being built: they show what the automation builder will start from.</p>
            <BotIcon className="mt-8 size-10 text-indigo-600 dark:text-indigo-400" aria-hidden />
          </div>
          <ul className="grid gap-3 sm:grid-cols-2">
            {TEMPLATES.map((t) => (
              <li key={t} className="flex items-start gap-2 rounded-lg border border-gray-200 p-4 text-sm text-gray-800 dark:border-gray-800 dark:text-gray-200">
                <WorkflowIcon className="mt-0.5 size-4 shrink-0 text-indigo-600 dark:text-indigo-400" aria-hidden />
                {t}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="steps-heading" className="bg-gray-50 py-20 dark:bg-gray-900/40">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <h2 id="steps-heading" className={sectionHeading}>
            Live in {CLAIMS.setupHours} hours
          </h2>
          <p className={sectionLead}>Onboarding takes about 15 minutes; your first text or e-mail to a lead can go out within {CLAIMS.setupHours} hours.</p>
          <ol className="mt-10 grid gap-6 md:grid-cols-4">
            {STEPS.map((step, i) => (
              <li key={step.title} className="rounded-xl bg-white p-6 shadow-sm dark:bg-gray-900">
                <span className="flex size-8 items-center justify-center rounded-full bg-indigo-600 text-sm font-semibold text-white" aria-hidden>
                  {i + 1}
                </span>
                <h3 className="mt-4 font-semibold text-gray-900 dark:text-white">{step.title}</h3>
                <p className="mt-1 text-sm text-gray-600 dark:text-gray-300">{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section aria-labelledby="compare-heading" className="mx-auto w-full max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
        <h2 id="compare-heading" className={sectionHeading}>
          How Switchboard compares
        </h2>
        <div className="mt-8 overflow-x-auto rounded-xl border border-gray-200 dark:border-gray-800">
          <table className="w-full min-w-[40rem] text-start text-sm">
            <caption className="sr-only">Switchboard compared with HubSpot, ActiveCampaign and HighLevel</caption>
            <thead className="bg-gray-50 dark:bg-gray-900">
              <tr>
                <th scope="col" className="px-4 py-3 text-start font-semibold text-gray-900 dark:text-white">
                  Feature
                </th>
                {VENDORS.map((v) => (
                  <th key={v} scope="col" className="px-4 py-3 text-center font-semibold text-gray-900 dark:text-white">
                    {v}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-200 dark:divide-gray-800">
              {COMPARISON.map((line) => (
                <tr key={line.row}>
                  <th scope="row" className="px-4 py-3 text-start font-normal text-gray-800 dark:text-gray-200">
                    {line.row}
                  </th>
                  {line.values.map((value, i) => (
                    <td key={VENDORS[i]} className="px-4 py-3 text-center">
                      <SupportCell value={value} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="mt-3 text-xs text-gray-600 dark:text-gray-300">Based on each vendor’s public plans as we understand them; check their sites for current details.</p>
      </section>
    </PublicLayout>
  );
}
