import { createFileRoute } from '@tanstack/react-router';
import { ExternalLinkIcon } from 'lucide-react';
import { Section } from '../../components/marketing/section';
import { Steps } from '../../components/marketing/steps';
import { PublicLayout } from '../../components/public-layout';
import { buttonClasses } from '../../components/ui/button';
import { DEMO_TEXTS } from '../../content/demo';
import { useT } from '../../i18n';

export const Route = createFileRoute('/(site)/video-production')({
  staticData: {
    title: 'Demo Recordings',
    description: 'How we record Switchboard product demos: the scenes, the settings and the live demo dashboard to capture.',
  },
  component: VideoProduction,
});

function VideoProduction() {
  const {
    t,
    text: { recordings: text },
  } = useT(DEMO_TEXTS);
  return (
    <PublicLayout>
      <section className="mx-auto w-full max-w-5xl px-4 pt-14 sm:px-6 lg:px-8">
        <p className="text-sm font-semibold tracking-wide text-indigo-700 uppercase dark:text-indigo-300">{text.eyebrow}</p>
        <h1 className="mt-2 text-4xl font-bold tracking-tight text-gray-900 dark:text-white">{text.title}</h1>
        <p className="mt-4 max-w-3xl text-lg text-gray-600 dark:text-gray-300">{text.lead}</p>
        <a href="/demo-dashboard" target="_blank" rel="noopener" className={buttonClasses({ size: 'lg', className: 'mt-8' })}>
          <ExternalLinkIcon className="size-4" aria-hidden />
          {text.open}
          <span className="sr-only"> {t('marketing.newTab')}</span>
        </a>
      </section>
      <Section title={text.scenesTitle}>
        <Steps items={text.scenes} />
      </Section>
      <Section title={text.listTitle} tone="muted" intro={text.listIntro}>
        <ul className="grid gap-4 sm:grid-cols-2">
          {text.list.map((r) => (
            <li key={r.title} className="rounded-xl border border-gray-200 bg-white p-5 dark:border-gray-800 dark:bg-gray-900">
              <h3 className="font-semibold text-gray-900 dark:text-white">{r.title}</h3>
              <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">{r.detail}</p>
            </li>
          ))}
        </ul>
      </Section>
    </PublicLayout>
  );
}
