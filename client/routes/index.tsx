import { createFileRoute, Link } from '@tanstack/react-router';
import {
  CalendarDaysIcon,
  ChartColumnIcon,
  GlobeIcon,
  KanbanIcon,
  type LucideIcon,
  MegaphoneIcon,
  SquareCheckIcon,
  UsersIcon,
  WorkflowIcon,
} from 'lucide-react';
import { LeadForm } from '../components/lead-forms/lead-form';
import { PublicLayout } from '../components/public-layout';
import { buttonClasses } from '../components/ui/button';

export const Route = createFileRoute('/')({
  component: Landing,
});

const FEATURES: { icon: LucideIcon; title: string; text: string }[] = [
  { icon: UsersIcon, title: 'Contacts', text: 'Every person and company you work with, with their history, tasks and appointments.' },
  { icon: SquareCheckIcon, title: 'Tasks', text: 'Follow-ups and to-dos for the whole team, tied to the contacts and deals they concern.' },
  { icon: KanbanIcon, title: 'Pipeline', text: 'Deals moving through your stages, from first conversation to closed won.' },
  { icon: MegaphoneIcon, title: 'Campaigns', text: 'Email and SMS campaigns to the right segment of your contacts.' },
  { icon: WorkflowIcon, title: 'Automation', text: 'Workflows that follow up, assign and notify on triggers you choose.' },
  { icon: CalendarDaysIcon, title: 'Appointments', text: 'Calls and meetings booked with contacts, kept next to the deal they belong to.' },
  { icon: GlobeIcon, title: 'Websites and funnels', text: 'Landing pages and funnels that turn visitors into contacts.' },
  { icon: ChartColumnIcon, title: 'Reports', text: 'Where revenue comes from and where deals stall, from your own data.' },
];

function Landing() {
  return (
    <PublicLayout>
      <section className="relative overflow-hidden">
        <div
          aria-hidden
          className="pointer-events-none absolute inset-x-0 -top-40 -z-10 h-96 bg-gradient-to-b from-indigo-100/70 to-transparent blur-2xl dark:from-indigo-900/30"
        />
        <div className="mx-auto flex max-w-4xl flex-col items-center px-4 pt-20 pb-16 text-center sm:px-6 sm:pt-28 lg:px-8">
          <p className="rounded-full border border-indigo-200 bg-indigo-50 px-3 py-1 text-xs font-medium text-indigo-700 dark:border-indigo-800 dark:bg-indigo-950 dark:text-indigo-300">
            Open source · Self-hostable
          </p>
          <h1 className="mt-6 text-5xl font-bold tracking-tight text-gray-900 sm:text-6xl dark:text-white">Switchboard</h1>
          <p className="mt-4 max-w-2xl text-lg text-gray-600 sm:text-xl dark:text-gray-300">
            The CRM that connects your contacts, pipeline, campaigns and automations in one place.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Link to="/app" className={buttonClasses({ size: 'lg' })}>
              Explore the app
            </Link>
            <Link to="/pricing" className={buttonClasses({ variant: 'outline', size: 'lg' })}>
              View pricing
            </Link>
          </div>
        </div>
      </section>
      <section aria-labelledby="trial-heading" className="mx-auto w-full max-w-2xl px-4 pb-16 text-center sm:px-6 lg:px-8">
        <h2 id="trial-heading" className="text-2xl font-semibold tracking-tight text-gray-900 dark:text-white">
          Start your 14-day free trial
        </h2>
        <p className="mt-2 text-gray-600 dark:text-gray-300">No credit card required. Tell us your work email and we will set you up.</p>
        <LeadForm variant="hero" formId="hero-trial" tags={['trial']} emailPlaceholder="Enter your work email" submitLabel="Start Free Trial" className="mt-6 text-left" />
      </section>
      <section aria-labelledby="features-heading" className="mx-auto w-full max-w-7xl px-4 pb-24 sm:px-6 lg:px-8">
        <h2 id="features-heading" className="text-center text-2xl font-semibold tracking-tight text-gray-900 dark:text-white">
          Everything a sales and marketing team works with
        </h2>
        <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm dark:border-gray-800 dark:bg-gray-900">
              <Icon className="size-6 text-indigo-600 dark:text-indigo-400" aria-hidden />
              <h3 className="mt-3 font-semibold text-gray-900 dark:text-white">{title}</h3>
              <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">{text}</p>
            </li>
          ))}
        </ul>
      </section>
    </PublicLayout>
  );
}
