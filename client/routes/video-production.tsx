import { createFileRoute } from '@tanstack/react-router';
import { ExternalLinkIcon } from 'lucide-react';
import { Section } from '../components/marketing/section';
import { Steps } from '../components/marketing/steps';
import { PublicLayout } from '../components/public-layout';
import { buttonClasses } from '../components/ui/button';

export const Route = createFileRoute('/video-production')({
  staticData: {
    title: 'Demo Recordings',
    description: 'How we record Switchboard product demos: the scenes, the settings and the live demo dashboard to capture.',
  },
  component: VideoProduction,
});

const SCENES = [
  { title: 'Set up the screen', text: 'Open the demo dashboard in its own tab, at 1920×1080 for landscape demos or in a 1080×1920 window for vertical ones.' },
  { title: 'Record the run', text: 'Start your screen recorder, press Start Demo and let the 15-second run play out to "Automation complete".' },
  { title: 'Narrate the story', text: 'One sentence per step: appointment finished, thank-you text, review page opened, review posted, shared, done.' },
  { title: 'Reset and retake', text: 'Press Reset to return to 65% and 248 reviews, and record again until the take is clean.' },
];

const RECORDINGS = [
  { title: 'Review automation in 15 seconds', use: 'Landing pages and the features page', length: '0:20' },
  { title: 'From missed call to booked visit', use: 'Dental and med spa pages, short-video ads', length: '0:30' },
  { title: 'A client workspace under your brand', use: 'Agency page and partner webinars', length: '1:10' },
  { title: 'Voice commands between meetings', use: 'Social posts and the voice command page', length: '0:25' },
];

function VideoProduction() {
  return (
    <PublicLayout>
      <section className="mx-auto w-full max-w-5xl px-4 pt-14 sm:px-6 lg:px-8">
        <p className="text-sm font-semibold tracking-wide text-indigo-700 uppercase dark:text-indigo-300">Marketing tools</p>
        <h1 className="mt-2 text-4xl font-bold tracking-tight text-gray-900 dark:text-white">Demo recordings</h1>
        <p className="mt-4 max-w-3xl text-lg text-gray-600 dark:text-gray-300">
          Everything needed to record a clean product demo: the live demo dashboard, the scenes to capture and the recordings we use across the site.
        </p>
        <a href="/demo-dashboard" target="_blank" rel="noopener" className={buttonClasses({ size: 'lg', className: 'mt-8' })}>
          <ExternalLinkIcon className="size-4" aria-hidden />
          Open the demo dashboard
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </section>
      <Section title="Recording a demo, step by step">
        <Steps items={SCENES} />
      </Section>
      <Section title="Recordings to make" tone="muted" intro="The short demos the site needs, and where each one is used.">
        <ul className="grid gap-4 sm:grid-cols-2">
          {RECORDINGS.map((r) => (
            <li key={r.title} className="rounded-xl border border-gray-200 bg-white p-5 dark:border-gray-800 dark:bg-gray-900">
              <h3 className="font-semibold text-gray-900 dark:text-white">{r.title}</h3>
              <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">
                Target length {r.length} · for {r.use}
              </p>
            </li>
          ))}
        </ul>
      </Section>
    </PublicLayout>
  );
}
