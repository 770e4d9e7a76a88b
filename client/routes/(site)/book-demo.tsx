import { createFileRoute } from '@tanstack/react-router';
import { CalendarCheckIcon, ClockIcon, type LucideIcon, ShieldCheckIcon, UsersIcon } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import type { TSiteOwnerBookingPage } from '../../../server/calendars/schema';
import { callBooking } from '../../components/booking/booking-api';
import { BookingWidget } from '../../components/booking/booking-widget';
import { DemoRequestForm } from '../../components/lead-forms/demo-request-form';
import { PublicLayout } from '../../components/public-layout';
import { CONTACT_TEXTS, type ContactTexts } from '../../content/contact';
import { useT } from '../../i18n';

export const Route = createFileRoute('/(site)/book-demo')({
  staticData: {
    title: 'Book a Demo',
    description: 'Book a live demo of Switchboard with our enterprise team: your pipeline, your inbox, your questions — answered within 24 hours.',
  },
  component: BookDemoPage,
});

const POINT_ICONS: Record<keyof ContactTexts['bookDemo']['points'], LucideIcon> = {
  walkthrough: CalendarCheckIcon,
  migration: UsersIcon,
  security: ShieldCheckIcon,
  reply: ClockIcon,
};

function BookDemoPage() {
  const {
    text: { bookDemo: text },
  } = useT(CONTACT_TEXTS);
  return (
    <PublicLayout>
      <section className="mx-auto grid w-full max-w-6xl gap-12 px-4 py-16 sm:px-6 lg:grid-cols-2 lg:px-8 lg:py-24">
        <div>
          <p className="text-sm font-medium text-indigo-700 dark:text-indigo-400">{text.eyebrow}</p>
          <h1 className="mt-2 text-4xl font-bold tracking-tight text-gray-900 sm:text-5xl dark:text-white">{text.title}</h1>
          <p className="mt-4 text-lg text-gray-600 dark:text-gray-300">{text.lead}</p>
          <ul className="mt-8 grid gap-4">
            {(Object.keys(POINT_ICONS) as (keyof typeof POINT_ICONS)[]).map((key) => {
              const Icon = POINT_ICONS[key];
              return (
                <li key={key} className="flex items-start gap-3 text-gray-700 dark:text-gray-300">
                  <Icon className="mt-0.5 size-5 shrink-0 text-indigo-600 dark:text-indigo-400" aria-hidden />
                  {text.points[key]}
                </li>
              );
            })}
          </ul>
        </div>
        <DemoBooking fallback={{ title: text.formTitle, text: text.formText }} />
      </section>
    </PublicLayout>
  );
}

/** The site owner's booking page, in a card; while it has no calendar, the request form (issue #20). */
function DemoBooking({ fallback }: { fallback: { title: string; text: string } }) {
  const [booking, setBooking] = useState<TSiteOwnerBookingPage | 'none' | null>(null);
  useEffect(() => {
    let active = true;
    void callBooking<TSiteOwnerBookingPage>('/api/booking/site-owner').then((result) => {
      if (active) setBooking((result.ok && result.answer) || 'none');
    });
    return () => {
      active = false;
    };
  }, []);
  if (booking && booking !== 'none') return <BookingWidget handle={booking.handle} slug={booking.slug} Frame={DemoCard} />;
  return (
    <DemoCard title={fallback.title} description={fallback.text}>
      {booking === 'none' ? <DemoRequestForm formId="book-demo" /> : <div className="h-40" aria-busy />}
    </DemoCard>
  );
}

function DemoCard({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <div className="self-start rounded-2xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8 dark:border-gray-800 dark:bg-gray-900">
      <h2 className="text-xl font-semibold text-gray-900 dark:text-white">{title}</h2>
      {description ? <p className="mt-1 mb-6 text-sm text-gray-600 dark:text-gray-400">{description}</p> : <div className="mb-6" />}
      {children}
    </div>
  );
}
