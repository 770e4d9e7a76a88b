import { createFileRoute } from '@tanstack/react-router';
import { CalendarCheckIcon, ClockIcon, ShieldCheckIcon, UsersIcon } from 'lucide-react';
import { DemoRequestForm } from '../components/lead-forms/demo-request-form';
import { PublicLayout } from '../components/public-layout';

export const Route = createFileRoute('/book-demo')({
  staticData: {
    title: 'Book a Demo',
    description: 'Book a live demo of Switchboard with our enterprise team: your pipeline, your automations, your questions — answered within 24 hours.',
  },
  component: BookDemoPage,
});

const POINTS = [
  { icon: CalendarCheckIcon, text: 'A live walkthrough built around your pipeline, campaigns and automations.' },
  { icon: UsersIcon, text: 'Migration and onboarding planned with the people who will run it.' },
  { icon: ShieldCheckIcon, text: 'Security, compliance and self-hosting questions answered by engineers.' },
  { icon: ClockIcon, text: 'Our enterprise team contacts you within 24 hours.' },
] as const;

function BookDemoPage() {
  return (
    <PublicLayout>
      <section className="mx-auto grid w-full max-w-6xl gap-12 px-4 py-16 sm:px-6 lg:grid-cols-2 lg:px-8 lg:py-24">
        <div>
          <p className="text-sm font-medium text-indigo-700 dark:text-indigo-400">Enterprise demo</p>
          <h1 className="mt-2 text-4xl font-bold tracking-tight text-gray-900 sm:text-5xl dark:text-white">Book a Demo</h1>
          <p className="mt-4 text-lg text-gray-600 dark:text-gray-300">
            See how Switchboard connects your contacts, pipeline, campaigns and automations — on a call with the team that builds it.
          </p>
          <ul className="mt-8 grid gap-4">
            {POINTS.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-start gap-3 text-gray-700 dark:text-gray-300">
                <Icon className="mt-0.5 size-5 shrink-0 text-indigo-600 dark:text-indigo-400" aria-hidden />
                {text}
              </li>
            ))}
          </ul>
        </div>
        <div className="self-start rounded-2xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8 dark:border-gray-800 dark:bg-gray-900">
          <h2 className="text-xl font-semibold text-gray-900 dark:text-white">Request your demo</h2>
          <p className="mt-1 mb-6 text-sm text-gray-600 dark:text-gray-400">Leave your business email and we will set up a time that suits you.</p>
          <DemoRequestForm formId="book-demo" />
        </div>
      </section>
    </PublicLayout>
  );
}
