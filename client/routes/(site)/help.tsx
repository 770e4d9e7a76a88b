import { createFileRoute, Link } from '@tanstack/react-router';
import { BookOpenIcon, HeadphonesIcon, MailIcon, MessageCircleIcon, MonitorIcon, PhoneIcon, PlayCircleIcon, SearchIcon, VideoIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { FaqAccordion } from '../../components/marketing/faq-accordion';
import { FeatureGrid } from '../../components/marketing/feature-grid';
import { Section } from '../../components/marketing/section';
import { PublicLayout } from '../../components/public-layout';
import { Button, buttonClasses } from '../../components/ui/button';
import { Input, Label } from '../../components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { HELP_TEXTS, HELP_VIDEOS, type HelpTexts, VIDEO_CATEGORIES } from '../../content/help';
import { SUPPORT, SUPPORT_TEXTS } from '../../content/support';
import { useT } from '../../i18n';
import { trackEvent } from '../../lib/analytics';
import { filterVideos, shouldTrackSearch } from '../../lib/marketing/help-filter';
import { openChat } from '../../components/chat-widget/open';

export const Route = createFileRoute('/(site)/help')({
  staticData: {
    title: 'Help Center',
    description: 'Switchboard help centre: video tutorials, answers to common questions about setup, billing and features, live chat and community support on GitHub.',
  },
  component: HelpCenter,
});

const SOURCE = 'help_center';
/** One search event per pause in typing, not one per keystroke. */
const SEARCH_EVENT_DELAY_MS = 1000;

type ContactMethod = 'live_chat' | 'email' | 'phone' | 'screen_share';
/** Spec §2.12's footer links. */
const RESOURCE_LINKS = [
  ['/case-studies', 'caseStudies'],
  ['/pricing', 'pricing'],
  ['/partnerships', 'partnerships'],
  ['/academy', 'academy'],
] as const;

const contactInitiated = (method: ContactMethod) => trackEvent('support_contact_initiated', { contact_method: method, source: SOURCE });

function HelpCenter() {
  const {
    texts: [text, support],
  } = useT(HELP_TEXTS, SUPPORT_TEXTS);
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<string>('all');
  const videos = filterVideos(
    HELP_VIDEOS.map((v) => ({ ...v, ...text.videos[v.tutorial] })),
    category,
    search,
  );

  useEffect(() => {
    if (!shouldTrackSearch(search)) return;
    const timer = setTimeout(() => trackEvent('help_search_performed', { search_query: search.trim(), source: SOURCE }), SEARCH_EVENT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);

  // Spec §2.12's FAQ tabs, in the texts' order.
  const faqTopics = Object.keys(text.faq) as (keyof HelpTexts['faq'])[];
  const startChat = () => {
    contactInitiated('live_chat');
    openChat();
  };

  return (
    <PublicLayout>
      <section className="border-b border-gray-100 bg-gradient-to-b from-indigo-50 to-white dark:border-gray-900 dark:from-indigo-950/40 dark:to-gray-950">
        <div className="mx-auto flex max-w-3xl flex-col items-center px-4 py-16 text-center sm:px-6">
          <h1 className="text-4xl font-bold tracking-tight text-gray-900 sm:text-5xl dark:text-white">{text.title}</h1>
          <p className="mt-4 text-lg text-gray-600 dark:text-gray-300">{text.lead}</p>
          <div className="relative mt-8 w-full">
            <Label htmlFor="help-search" className="sr-only">
              {text.searchLabel}
            </Label>
            <SearchIcon className="pointer-events-none absolute start-3 top-1/2 size-5 -translate-y-1/2 text-gray-500" aria-hidden />
            <Input id="help-search" type="search" placeholder={text.searchPlaceholder} value={search} onChange={(e) => setSearch(e.target.value)} className="h-12 ps-10 text-base" />
          </div>
          <Button variant="outline" className="mt-6" onClick={startChat}>
            <MessageCircleIcon className="size-4" aria-hidden />
            {text.liveChat}
          </Button>
        </div>
      </section>

      <Section title={text.waysTitle} tone="muted">
        <FeatureGrid
          items={[
            { icon: VideoIcon, title: text.ways.videos.title, text: text.ways.videos.text },
            { icon: HeadphonesIcon, title: text.ways.support.title, text: text.ways.support.text(support.chatResponse) },
            { icon: BookOpenIcon, title: text.ways.knowledge.title, text: text.ways.knowledge.text, action: { label: text.ways.knowledge.action, to: '/tutorials' } },
          ]}
        />
      </Section>

      <Section id="videos" title={text.videosTitle}>
        <div role="group" aria-label={text.filterLabel} className="flex flex-wrap gap-2">
          {VIDEO_CATEGORIES.map((id) => (
            <button key={id} type="button" aria-pressed={category === id} onClick={() => setCategory(id)} className={buttonClasses({ variant: category === id ? 'default' : 'outline', size: 'sm' })}>
              {text.categories[id]}
            </button>
          ))}
        </div>
        <p className="mt-4 text-sm text-gray-600 dark:text-gray-300" role="status">
          {text.videoCount(videos.length)}
        </p>
        {videos.length === 0 ? (
          <p className="mt-4 text-gray-700 dark:text-gray-300">{text.noMatch(search.trim())}</p>
        ) : (
          <ul aria-label={text.videosLabel} className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {videos.map((v) => (
              <li key={v.id} className="flex flex-col rounded-xl border border-gray-200 bg-white p-5 dark:border-gray-800 dark:bg-gray-900">
                <span aria-hidden className="flex h-28 items-center justify-center rounded-lg bg-indigo-50 text-5xl dark:bg-indigo-950/50">
                  {v.thumbnail}
                </span>
                <h3 className="mt-4 font-semibold text-gray-900 dark:text-white">{v.title}</h3>
                <p className="mt-1 flex-1 text-sm text-gray-600 dark:text-gray-300">{v.description}</p>
                <p className="mt-3 text-xs text-gray-600 dark:text-gray-400">
                  <span dir="ltr">{v.duration}</span>
                </p>
                <Link
                  to="/tutorials"
                  hash={v.tutorial}
                  onClick={() => trackEvent('help_video_played', { video_id: v.id, video_title: v.title, source: SOURCE })}
                  className={buttonClasses({ variant: 'outline', size: 'sm', className: 'mt-3 self-start' })}
                >
                  <PlayCircleIcon className="size-4" aria-hidden />
                  {text.watch}
                  <span className="sr-only">: {v.title}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title={text.faqTitle} tone="muted">
        <Tabs defaultValue={faqTopics[0]}>
          <TabsList aria-label={text.faqTopics} className="flex-wrap">
            {faqTopics.map((id) => (
              <TabsTrigger key={id} value={id}>
                {text.faq[id].category}
              </TabsTrigger>
            ))}
          </TabsList>
          {faqTopics.map((id) => (
            <TabsContent key={id} value={id}>
              <FaqAccordion items={text.faq[id].questions} />
            </TabsContent>
          ))}
        </Tabs>
      </Section>

      <Section title={text.contactTitle}>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <SupportCard icon={MessageCircleIcon} title={support.cards.liveChat} text={support.chatResponse}>
            <Button size="sm" onClick={startChat}>
              {text.startChat}
            </Button>
          </SupportCard>
          <SupportCard icon={MailIcon} title={support.cards.email} text={`${SUPPORT.supportEmail} · ${support.emailResponse}`}>
            <a href={`mailto:${SUPPORT.supportEmail}`} onClick={() => contactInitiated('email')} className={buttonClasses({ size: 'sm' })}>
              {text.emailSupport}
            </a>
          </SupportCard>
          <SupportCard icon={PhoneIcon} title={support.cards.call} text={`${support.cards.callText} ${support.hoursShort}.`}>
            <a href="/book-demo" onClick={() => contactInitiated('phone')} className={buttonClasses({ size: 'sm' })}>
              {support.cards.bookCall}
            </a>
          </SupportCard>
          <SupportCard icon={MonitorIcon} title={text.screenShare} text={text.screenShareText}>
            <a href="/book-demo" onClick={() => contactInitiated('screen_share')} className={buttonClasses({ size: 'sm' })}>
              {text.bookSession}
            </a>
          </SupportCard>
        </ul>
        <div className="mt-6 rounded-xl border border-gray-200 bg-gray-50 p-5 dark:border-gray-800 dark:bg-gray-900">
          <h3 className="font-semibold text-gray-900 dark:text-white">{support.cards.hours}</h3>
          <ul className="mt-2 grid gap-1 text-sm text-gray-700 sm:grid-cols-3 dark:text-gray-300">
            {support.hours.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <p className="mt-2 text-sm text-gray-700 dark:text-gray-300">{support.emergency}.</p>
          <p className="mt-2 text-sm text-gray-700 dark:text-gray-300">
            {support.cards.communityText}{' '}
            <a href={SUPPORT.discussions} className="font-medium text-indigo-700 underline dark:text-indigo-300">
              {support.cards.discussions}
            </a>
          </p>
        </div>
      </Section>

      <nav aria-label={text.moreResources} className="border-t border-gray-200 dark:border-gray-800">
        <ul className="mx-auto flex max-w-7xl flex-wrap gap-x-6 gap-y-2 px-4 py-6 text-sm sm:px-6 lg:px-8">
          {RESOURCE_LINKS.map(([to, key]) => (
            <li key={to}>
              <Link to={to} className="font-medium text-indigo-700 underline-offset-4 hover:underline dark:text-indigo-300">
                {text.links[key]}
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
