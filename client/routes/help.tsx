import { createFileRoute, Link } from '@tanstack/react-router';
import { BookOpenIcon, HeadphonesIcon, MailIcon, MessageCircleIcon, MonitorIcon, PhoneIcon, PlayCircleIcon, SearchIcon, VideoIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { FaqAccordion } from '../components/marketing/faq-accordion';
import { FeatureGrid } from '../components/marketing/feature-grid';
import { Section } from '../components/marketing/section';
import { PublicLayout } from '../components/public-layout';
import { Button, buttonClasses } from '../components/ui/button';
import { Input, Label } from '../components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs';
import { FAQ_GROUPS, HELP_VIDEOS, VIDEO_CATEGORIES } from '../content/help';
import { SUPPORT } from '../content/support';
import { trackEvent } from '../lib/analytics';
import { filterVideos, shouldTrackSearch } from '../lib/marketing/help-filter';
import { openChat } from '../components/chat-widget/open';

export const Route = createFileRoute('/help')({
  staticData: {
    title: 'Help Center',
    description: 'Switchboard help centre: video tutorials, answers to common questions about setup, billing and features, and 24/7 live support.',
  },
  component: HelpCenter,
});

const SOURCE = 'help_center';
/** One search event per pause in typing, not one per keystroke. */
const SEARCH_EVENT_DELAY_MS = 1000;

type ContactMethod = 'live_chat' | 'email' | 'phone' | 'screen_share';
const contactInitiated = (method: ContactMethod) => trackEvent('support_contact_initiated', { contact_method: method, source: SOURCE });

function HelpCenter() {
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<string>('all');
  const videos = filterVideos(HELP_VIDEOS, category, search);

  useEffect(() => {
    if (!shouldTrackSearch(search)) return;
    const timer = setTimeout(() => trackEvent('help_search_performed', { search_query: search.trim(), source: SOURCE }), SEARCH_EVENT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);

  return (
    <PublicLayout>
      <section className="border-b border-gray-100 bg-gradient-to-b from-indigo-50 to-white dark:border-gray-900 dark:from-indigo-950/40 dark:to-gray-950">
        <div className="mx-auto flex max-w-3xl flex-col items-center px-4 py-16 text-center sm:px-6">
          <h1 className="text-4xl font-bold tracking-tight text-gray-900 sm:text-5xl dark:text-white">How can we help?</h1>
          <p className="mt-4 text-lg text-gray-600 dark:text-gray-300">Search the video tutorials, browse common questions, or talk to our team.</p>
          <div className="relative mt-8 w-full">
            <Label htmlFor="help-search" className="sr-only">
              Search help articles and videos
            </Label>
            <SearchIcon className="pointer-events-none absolute start-3 top-1/2 size-5 -translate-y-1/2 text-gray-500" aria-hidden />
            <Input
              id="help-search"
              type="search"
              placeholder="Search tutorials"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              className="h-12 ps-10 text-base"
            />
          </div>
          <Button
            variant="outline"
            className="mt-6"
            onClick={() => {
              contactInitiated('live_chat');
              openChat();
            }}
          >
            <MessageCircleIcon className="size-4" aria-hidden />
            Live Chat
          </Button>
        </div>
      </section>

      <Section title="Ways to get help" tone="muted">
        <FeatureGrid
          items={[
            { icon: VideoIcon, title: 'Video tutorials', text: 'Short walkthroughs of every part of Switchboard, from first login to advanced automations.' },
            { icon: HeadphonesIcon, title: 'Live support', text: `${SUPPORT.chatResponse}. Phone and video during business hours.` },
            { icon: BookOpenIcon, title: 'Knowledge base', text: 'Step-by-step written guides, the Academy and the full training course.', action: { label: 'Open tutorials', to: '/tutorials' } },
          ]}
        />
      </Section>

      <Section id="videos" title="Video tutorials">
        <div role="group" aria-label="Filter videos by category" className="flex flex-wrap gap-2">
          {VIDEO_CATEGORIES.map((c) => (
            <button
              key={c.id}
              type="button"
              aria-pressed={category === c.id}
              onClick={() => setCategory(c.id)}
              className={buttonClasses({ variant: category === c.id ? 'default' : 'outline', size: 'sm' })}
            >
              {c.label}
            </button>
          ))}
        </div>
        <p className="mt-4 text-sm text-gray-600 dark:text-gray-300" role="status">
          {videos.length === 1 ? '1 video' : `${videos.length} videos`}
        </p>
        {videos.length === 0 ? (
          <p className="mt-4 text-gray-700 dark:text-gray-300">No tutorial matches “{search.trim()}”. Try another word, or ask us in the live chat.</p>
        ) : (
          <ul aria-label="Videos" className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {videos.map((v) => (
              <li key={v.id} className="flex flex-col rounded-xl border border-gray-200 bg-white p-5 dark:border-gray-800 dark:bg-gray-900">
                <span aria-hidden className="flex h-28 items-center justify-center rounded-lg bg-indigo-50 text-5xl dark:bg-indigo-950/50">
                  {v.thumbnail}
                </span>
                <h3 className="mt-4 font-semibold text-gray-900 dark:text-white">{v.title}</h3>
                <p className="mt-1 flex-1 text-sm text-gray-600 dark:text-gray-300">{v.description}</p>
                <p className="mt-3 text-xs text-gray-600 dark:text-gray-400">
                  {v.duration} · {v.views}
                </p>
                <Link
                  to="/tutorials"
                  hash={v.tutorial}
                  onClick={() => trackEvent('help_video_played', { video_id: v.id, video_title: v.title, source: SOURCE })}
                  className={buttonClasses({ variant: 'outline', size: 'sm', className: 'mt-3 self-start' })}
                >
                  <PlayCircleIcon className="size-4" aria-hidden />
                  Watch<span className="sr-only">: {v.title}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title="Frequently asked questions" tone="muted">
        <Tabs defaultValue={FAQ_GROUPS[0]!.id}>
          <TabsList aria-label="Question topics" className="flex-wrap">
            {FAQ_GROUPS.map((g) => (
              <TabsTrigger key={g.id} value={g.id}>
                {g.category}
              </TabsTrigger>
            ))}
          </TabsList>
          {FAQ_GROUPS.map((g) => (
            <TabsContent key={g.id} value={g.id}>
              <FaqAccordion items={g.questions} />
            </TabsContent>
          ))}
        </Tabs>
      </Section>

      <Section title="Contact support">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <SupportCard icon={MessageCircleIcon} title="Live chat" text={SUPPORT.chatResponse}>
            <Button
              size="sm"
              onClick={() => {
                contactInitiated('live_chat');
                openChat();
              }}
            >
              Start a chat
            </Button>
          </SupportCard>
          <SupportCard icon={MailIcon} title="E-mail" text={SUPPORT.emailResponse}>
            <a href={`mailto:${SUPPORT.supportEmail}`} onClick={() => contactInitiated('email')} className={buttonClasses({ size: 'sm' })}>
              E-mail support
            </a>
          </SupportCard>
          <SupportCard icon={PhoneIcon} title="Phone" text={`${SUPPORT.phone}, Mon–Fri 9AM–6PM EST, Sat 10AM–4PM EST`}>
            <a href={SUPPORT.phoneHref} onClick={() => contactInitiated('phone')} className={buttonClasses({ size: 'sm' })}>
              Call us
            </a>
          </SupportCard>
          <SupportCard icon={MonitorIcon} title="Screen share" text="A specialist walks through your account with you on a video call.">
            <a href="/book-demo" onClick={() => contactInitiated('screen_share')} className={buttonClasses({ size: 'sm' })}>
              Book a session
            </a>
          </SupportCard>
        </ul>
        <div className="mt-6 rounded-xl border border-gray-200 bg-gray-50 p-5 dark:border-gray-800 dark:bg-gray-900">
          <h3 className="font-semibold text-gray-900 dark:text-white">Support hours</h3>
          <ul className="mt-2 grid gap-1 text-sm text-gray-700 sm:grid-cols-3 dark:text-gray-300">
            {SUPPORT.hours.map((h) => (
              <li key={h.days}>
                {h.days}: {h.time}
              </li>
            ))}
          </ul>
          <p className="mt-2 text-sm text-gray-700 dark:text-gray-300">{SUPPORT.emergency}.</p>
        </div>
      </Section>

      <nav aria-label="More resources" className="border-t border-gray-200 dark:border-gray-800">
        <ul className="mx-auto flex max-w-7xl flex-wrap gap-x-6 gap-y-2 px-4 py-6 text-sm sm:px-6 lg:px-8">
          {(
            [
              ['/case-studies', 'Case studies'],
              ['/pricing', 'Pricing'],
              ['/partnerships', 'Partnerships'],
              ['/academy', 'Academy'],
            ] as const
          ).map(([to, label]) => (
            <li key={to}>
              <Link to={to} className="font-medium text-indigo-700 underline-offset-4 hover:underline dark:text-indigo-300">
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </PublicLayout>
  );
}

function SupportCard({ icon: Icon, title, text, children }: { icon: typeof MailIcon; title: string; text: string; children: React.ReactNode }) {
  return (
    <li className="flex flex-col rounded-xl border border-gray-200 bg-white p-5 dark:border-gray-800 dark:bg-gray-900">
      <Icon className="size-6 text-indigo-600 dark:text-indigo-400" aria-hidden />
      <h3 className="mt-3 font-semibold text-gray-900 dark:text-white">{title}</h3>
      <p className="mt-1 flex-1 text-sm text-gray-600 dark:text-gray-300">{text}</p>
      <div className="mt-4">{children}</div>
    </li>
  );
}
