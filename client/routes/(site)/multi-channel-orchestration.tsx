import { createFileRoute } from '@tanstack/react-router';
import { CalendarIcon, GlobeIcon, type LucideIcon, MailIcon, MessageSquareIcon, PhoneIcon, Share2Icon } from 'lucide-react';
import { useState } from 'react';
import { CtaBand } from '../../components/marketing/cta-band';
import { FeatureGrid } from '../../components/marketing/feature-grid';
import { Hero } from '../../components/marketing/hero';
import { StatsBand } from '../../components/marketing/stats-band';
import { PublicLayout } from '../../components/public-layout';
import { Switch } from '../../components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { ORCHESTRATION_TEXTS, type OrchestrationTexts } from '../../content/orchestration';
import { useT } from '../../i18n';
import { withIcons } from '../../lib/marketing/with-icons';

export const Route = createFileRoute('/(site)/multi-channel-orchestration')({
  staticData: {
    title: 'Multi-Channel Orchestration',
    description: 'Planned, not built yet: e-mail, SMS, voice, social, web and calendar in one journey. Today: SMS, e-mail and the website chat on one timeline.',
  },
  component: MultiChannel,
});

const CHANNEL_ICONS: Record<keyof OrchestrationTexts['channels'], LucideIcon> = {
  email: MailIcon,
  sms: MessageSquareIcon,
  voice: PhoneIcon,
  social: Share2Icon,
  web: GlobeIcon,
  calendar: CalendarIcon,
};

/** Template languages other than these two are available. */
const LANGUAGE_STATUS: Partial<Record<keyof OrchestrationTexts['languages'], keyof OrchestrationTexts['status']>> = { en: 'primary', ar: 'beta' };

function MultiChannel() {
  const { text } = useT(ORCHESTRATION_TEXTS);
  const [live, setLive] = useState(true);
  const [campaigns, setCampaigns] = useState<Record<string, boolean>>({ welcome: true, 'no-show': true, renewal: false });
  return (
    <PublicLayout>
      <Hero
        eyebrow={text.eyebrow}
        title={text.title}
        lead={text.lead}
        actions={[
          { label: text.startTrial, href: '/signup' },
          { label: text.seeBuilder, variant: 'outline', to: '/automation-builder' },
        ]}
      />
      <div className="mx-auto w-full max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
        <Tabs defaultValue="overview">
          <TabsList aria-label={text.sectionsLabel} className="flex-wrap">
            {(Object.keys(text.tabs) as (keyof typeof text.tabs)[]).map((id) => (
              <TabsTrigger key={id} value={id}>
                {text.tabs[id]}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="overview">
            <h2 className="sr-only">{text.channelsHeading}</h2>
            <FeatureGrid items={withIcons(CHANNEL_ICONS, text.channels)} />
          </TabsContent>
          <TabsContent value="campaigns">
            <h2 className="text-xl font-semibold text-gray-900 dark:text-white">{text.campaignsTitle}</h2>
            <p className="mt-1 text-sm text-gray-600 dark:text-gray-300">{text.campaignsNote}</p>
            <label className="mt-4 flex items-center gap-3 text-sm font-medium text-gray-900 dark:text-white">
              <Switch checked={live} onCheckedChange={setLive} />
              {text.allCampaigns(live)}
            </label>
            <ul className="mt-4 grid gap-3">
              {Object.entries(text.campaigns)
                .map(([id, c]) => ({ id, ...c }))
                .map((c) => (
                  <li key={c.id} className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-gray-200 bg-white p-4 dark:border-gray-800 dark:bg-gray-900">
                    <div>
                      <h3 className="font-semibold text-gray-900 dark:text-white">{c.name}</h3>
                      <p className="text-sm text-gray-600 dark:text-gray-300">
                        {c.channels} · {c.audience}
                      </p>
                    </div>
                    <label className="flex items-center gap-2 text-sm text-gray-800 dark:text-gray-200">
                      <Switch checked={live && campaigns[c.id]} disabled={!live} onCheckedChange={(next) => setCampaigns((all) => ({ ...all, [c.id]: next }))} />
                      <span>{live && campaigns[c.id] ? text.running : text.stopped}</span>
                      <span className="sr-only">: {c.name}</span>
                    </label>
                  </li>
                ))}
            </ul>
          </TabsContent>
          <TabsContent value="languages">
            <h2 className="text-xl font-semibold text-gray-900 dark:text-white">{text.languagesTitle}</h2>
            <p className="mt-1 text-sm text-gray-600 dark:text-gray-300">{text.languagesNote}</p>
            <ul className="mt-4 grid gap-2 sm:grid-cols-2 lg:grid-cols-5">
              {(Object.keys(text.languages) as (keyof typeof text.languages)[]).map((code) => (
                <li key={code} className="flex items-center justify-between rounded-lg border border-gray-200 bg-white px-4 py-3 text-sm dark:border-gray-800 dark:bg-gray-900">
                  <span className="font-medium text-gray-900 dark:text-white">{text.languages[code]}</span>
                  <span className="text-xs text-gray-600 dark:text-gray-300">{text.status[LANGUAGE_STATUS[code] ?? 'available']}</span>
                </li>
              ))}
            </ul>
          </TabsContent>
          <TabsContent value="analytics">
            <h2 className="mb-4 text-xl font-semibold text-gray-900 dark:text-white">{text.analyticsTitle}</h2>
            <StatsBand label={text.analyticsLabel} stats={text.stats} />
            <p className="mt-4 text-sm text-gray-700 dark:text-gray-300">{text.analyticsNote}</p>
          </TabsContent>
        </Tabs>
      </div>
      <CtaBand
        title={text.ctaTitle}
        text={text.ctaText}
        actions={[
          { label: text.startTrial, href: '/signup' },
          { label: text.bookDemo, href: '/book-demo' },
        ]}
      />
    </PublicLayout>
  );
}
