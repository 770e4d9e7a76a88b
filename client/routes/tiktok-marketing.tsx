import { createFileRoute } from '@tanstack/react-router';
import { CheckIcon, ClipboardCopyIcon } from 'lucide-react';
import { useState } from 'react';
import { Section } from '../components/marketing/section';
import { PublicLayout } from '../components/public-layout';
import { Button } from '../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs';
import { FILMING_GUIDE, POSTING_SCHEDULE, scriptText, VIDEO_FORMAT, VIDEO_SCRIPTS, type VideoScript } from '../content/tiktok-scripts';

export const Route = createFileRoute('/tiktok-marketing')({
  staticData: {
    title: 'Short-Video Marketing Scripts',
    description: 'Five ready-to-film 9:16 short-video scripts for Switchboard, with shot lists, a filming guide and a weekly posting schedule.',
  },
  component: TiktokMarketing,
});

function TiktokMarketing() {
  return (
    <PublicLayout>
      <section className="mx-auto w-full max-w-7xl px-4 pt-14 sm:px-6 lg:px-8">
        <p className="text-sm font-semibold tracking-wide text-indigo-700 uppercase dark:text-indigo-300">Marketing tools</p>
        <h1 className="mt-2 text-4xl font-bold tracking-tight text-gray-900 dark:text-white">Short-video marketing scripts</h1>
        <p className="mt-4 max-w-3xl text-lg text-gray-600 dark:text-gray-300">
          Five scripts ready to film: {VIDEO_FORMAT.ratio} vertical, {VIDEO_FORMAT.resolution}, {VIDEO_FORMAT.length} each. Copy a script, follow its shot list,
          and post on the schedule below.
        </p>
      </section>
      <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
        <Tabs defaultValue="scripts">
          <TabsList aria-label="Script tool sections" className="flex-wrap">
            <TabsTrigger value="scripts">Scripts</TabsTrigger>
            <TabsTrigger value="shots">Shot lists</TabsTrigger>
            <TabsTrigger value="guide">Filming guide</TabsTrigger>
            <TabsTrigger value="schedule">Schedule</TabsTrigger>
          </TabsList>
          <TabsContent value="scripts">
            <h2 className="sr-only">Scripts</h2>
            <ul className="grid gap-4 lg:grid-cols-2">
              {VIDEO_SCRIPTS.map((s) => (
                <li key={s.id}>
                  <ScriptCard script={s} />
                </li>
              ))}
            </ul>
          </TabsContent>
          <TabsContent value="shots">
            <h2 className="sr-only">Shot lists</h2>
            <div className="grid gap-6">
              {VIDEO_SCRIPTS.map((s) => (
                <div key={s.id} className="overflow-x-auto rounded-xl border border-gray-200 dark:border-gray-800">
                  <table className="w-full min-w-[32rem] text-sm">
                    <caption className="px-4 pt-4 text-start font-semibold text-gray-900 dark:text-white">
                      {s.title} ({s.duration})
                    </caption>
                    <thead>
                      <tr className="text-start text-gray-600 dark:text-gray-300">
                        <th scope="col" className="px-4 py-2 text-start font-medium">Time</th>
                        <th scope="col" className="px-4 py-2 text-start font-medium">Shot</th>
                        <th scope="col" className="px-4 py-2 text-start font-medium">Action</th>
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
                  <p className="px-4 pb-4 text-sm text-gray-600 dark:text-gray-300">Props: {s.props.join(', ')}</p>
                </div>
              ))}
            </div>
          </TabsContent>
          <TabsContent value="guide">
            <h2 className="sr-only">Filming guide</h2>
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {FILMING_GUIDE.map((g) => (
                <li key={g.title} className="rounded-xl border border-gray-200 bg-white p-5 dark:border-gray-800 dark:bg-gray-900">
                  <h3 className="font-semibold text-gray-900 dark:text-white">{g.title}</h3>
                  <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">{g.text}</p>
                </li>
              ))}
            </ul>
          </TabsContent>
          <TabsContent value="schedule">
            <h2 className="sr-only">Posting schedule</h2>
            <ol className="grid gap-3">
              {POSTING_SCHEDULE.map((p) => (
                <li key={p.day} className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-gray-200 bg-white px-5 py-4 dark:border-gray-800 dark:bg-gray-900">
                  <span className="font-semibold text-gray-900 dark:text-white">
                    {p.day}, {p.time}
                  </span>
                  <span className="text-gray-700 dark:text-gray-300">{VIDEO_SCRIPTS.find((s) => s.id === p.script)?.title}</span>
                </li>
              ))}
            </ol>
          </TabsContent>
        </Tabs>
      </div>
      <Section title="Tips for better results" tone="muted" width="narrow">
        <p className="text-gray-700 dark:text-gray-300">
          Post at the same times each week, reply to comments within the first hour, and reuse your best-performing hook with a new example. Send viewers to the
          free trial; every sign-up from a video is tracked like any other lead.
        </p>
      </Section>
    </PublicLayout>
  );
}

function ScriptCard({ script }: { script: VideoScript }) {
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
      <p className="text-sm text-gray-600 dark:text-gray-300">
        {script.duration} · for {script.target}
      </p>
      <p className="mt-4 font-semibold text-indigo-700 dark:text-indigo-300">“{script.hook}”</p>
      <p className="mt-2 flex-1 text-gray-700 dark:text-gray-300">{script.content}</p>
      <p className="mt-3 text-sm text-gray-600 dark:text-gray-300">{script.tags.join(' ')}</p>
      <div className="mt-4 flex items-center gap-3">
        <Button variant="outline" size="sm" onClick={() => void copy()}>
          {copied === 'copied' ? <CheckIcon className="size-4" aria-hidden /> : <ClipboardCopyIcon className="size-4" aria-hidden />}
          Copy Script
          <span className="sr-only">: {script.title}</span>
        </Button>
        <span role="status" className="text-sm text-gray-700 dark:text-gray-300">
          {copied === 'copied' ? 'Copied to clipboard' : copied === 'failed' ? 'Your browser blocked the clipboard; select the text to copy it.' : ''}
        </span>
      </div>
    </article>
  );
}
