import { createFileRoute } from '@tanstack/react-router';
import { CheckIcon, ClipboardCopyIcon } from 'lucide-react';
import { useState } from 'react';
import { Section } from '../../components/marketing/section';
import { PublicLayout } from '../../components/public-layout';
import { Button } from '../../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { POSTING_SCHEDULE, scriptText, TIKTOK_TEXTS, type TiktokTexts, VIDEO_FORMAT, type VideoScript } from '../../content/tiktok-scripts';
import { type Texts, useT } from '../../i18n';

export const Route = createFileRoute('/(site)/tiktok-marketing')({
  staticData: {
    title: 'Short-Video Marketing Scripts',
    description: 'Five ready-to-film 9:16 short-video scripts for Switchboard, with shot lists, a filming guide and a weekly posting schedule.',
  },
  component: TiktokMarketing,
});

function TiktokMarketing() {
  const { t, text } = useT(TIKTOK_TEXTS);
  const scripts = Object.entries(text.scripts).map(([id, script]) => ({ id, ...script }));
  return (
    <PublicLayout>
      <section className="mx-auto w-full max-w-7xl px-4 pt-14 sm:px-6 lg:px-8">
        <p className="text-sm font-semibold tracking-wide text-indigo-700 uppercase dark:text-indigo-300">{text.eyebrow}</p>
        <h1 className="mt-2 text-4xl font-bold tracking-tight text-gray-900 dark:text-white">{text.title}</h1>
        <p className="mt-4 max-w-3xl text-lg text-gray-600 dark:text-gray-300">{text.lead(VIDEO_FORMAT.ratio, VIDEO_FORMAT.resolution)}</p>
      </section>
      <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
        <Tabs defaultValue="scripts">
          <TabsList aria-label={text.sectionsLabel} className="flex-wrap">
            {(Object.keys(text.tabs) as (keyof typeof text.tabs)[]).map((id) => (
              <TabsTrigger key={id} value={id}>
                {text.tabs[id]}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="scripts">
            <h2 className="sr-only">{text.tabs.scripts}</h2>
            <ul className="grid gap-4 lg:grid-cols-2">
              {scripts.map((s) => (
                <li key={s.id}>
                  <ScriptCard script={s} text={text} />
                </li>
              ))}
            </ul>
          </TabsContent>
          <TabsContent value="shots">
            <h2 className="sr-only">{text.tabs.shots}</h2>
            <div className="grid gap-6">
              {scripts.map((s) => (
                <div key={s.id} className="overflow-x-auto rounded-xl border border-gray-200 dark:border-gray-800">
                  <table className="w-full min-w-[32rem] text-sm">
                    <caption className="px-4 pt-4 text-start font-semibold text-gray-900 dark:text-white">
                      {s.title} ({s.duration})
                    </caption>
                    <thead>
                      <tr className="text-start text-gray-600 dark:text-gray-300">
                        <th scope="col" className="px-4 py-2 text-start font-medium">
                          {text.columns.time}
                        </th>
                        <th scope="col" className="px-4 py-2 text-start font-medium">
                          {text.columns.shot}
                        </th>
                        <th scope="col" className="px-4 py-2 text-start font-medium">
                          {text.columns.action}
                        </th>
                      </tr>
                    </thead>
                    <tbody className="divide-y divide-gray-100 dark:divide-gray-800">
                      {s.shotList.map((shot) => (
                        <tr key={shot.time}>
                          <td className="px-4 py-2 font-mono whitespace-nowrap text-gray-900 dark:text-white">{shot.time}</td>
                          <td className="px-4 py-2 text-gray-700 dark:text-gray-300">{shot.shot}</td>
                          <td className="px-4 py-2 text-gray-700 dark:text-gray-300">{shot.action}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                  <p className="px-4 pb-4 text-sm text-gray-600 dark:text-gray-300">{text.props(s.props.join(t('marketing.listSeparator')))}</p>
                </div>
              ))}
            </div>
          </TabsContent>
          <TabsContent value="guide">
            <h2 className="sr-only">{text.tabs.guide}</h2>
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {text.guide.map((g) => (
                <li key={g.title} className="rounded-xl border border-gray-200 bg-white p-5 dark:border-gray-800 dark:bg-gray-900">
                  <h3 className="font-semibold text-gray-900 dark:text-white">{g.title}</h3>
                  <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">{g.text}</p>
                </li>
              ))}
            </ul>
          </TabsContent>
          <TabsContent value="schedule">
            <h2 className="sr-only">{text.scheduleHeading}</h2>
            <ol className="grid gap-3">
              {POSTING_SCHEDULE.map((id, i) => (
                <li key={id} className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-gray-200 bg-white px-5 py-4 dark:border-gray-800 dark:bg-gray-900">
                  <span className="font-semibold text-gray-900 dark:text-white">{text.schedule[i]}</span>
                  <span className="text-gray-700 dark:text-gray-300">{text.scripts[id].title}</span>
                </li>
              ))}
            </ol>
          </TabsContent>
        </Tabs>
      </div>
      <Section title={text.tipsTitle} tone="muted" width="narrow">
        <p className="text-gray-700 dark:text-gray-300">{text.tips}</p>
      </Section>
    </PublicLayout>
  );
}

function ScriptCard({ script, text }: { script: Texts<VideoScript>; text: Texts<TiktokTexts> }) {
  const { t } = useT();
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  async function copy() {
    try {
      await navigator.clipboard.writeText(scriptText(script));
      setCopied('copied');
    } catch {
      setCopied('failed');
    }
  }
  return (
    <article className="flex h-full flex-col rounded-xl border border-gray-200 bg-white p-6 dark:border-gray-800 dark:bg-gray-900">
      <h3 className="text-lg font-semibold text-gray-900 dark:text-white">{script.title}</h3>
      <p className="text-sm text-gray-600 dark:text-gray-300">{text.forTarget(script.duration, script.target)}</p>
      <p className="mt-4 font-semibold text-indigo-700 dark:text-indigo-300">{t('marketing.quote', { text: script.hook })}</p>
      <p className="mt-2 flex-1 text-gray-700 dark:text-gray-300">{script.content}</p>
      <p className="mt-3 text-sm text-gray-600 dark:text-gray-300">{script.tags.join(' ')}</p>
      <div className="mt-4 flex items-center gap-3">
        <Button variant="outline" size="sm" onClick={() => void copy()}>
          {copied === 'copied' ? <CheckIcon className="size-4" aria-hidden /> : <ClipboardCopyIcon className="size-4" aria-hidden />}
          {text.copy}
          <span className="sr-only">: {script.title}</span>
        </Button>
        <span role="status" className="text-sm text-gray-700 dark:text-gray-300">
          {copied === 'copied' ? text.copied : copied === 'failed' ? text.blocked : ''}
        </span>
      </div>
    </article>
  );
}
