import { createFileRoute } from '@tanstack/react-router';
import { CalendarIcon, GlobeIcon, MailIcon, MessageSquareIcon, PhoneIcon, Share2Icon } from 'lucide-react';
import { useState } from 'react';
import { CtaBand } from '../components/marketing/cta-band';
import { FeatureGrid } from '../components/marketing/feature-grid';
import { Hero } from '../components/marketing/hero';
import { StatsBand } from '../components/marketing/stats-band';
import { PublicLayout } from '../components/public-layout';
import { Switch } from '../components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs';

export const Route = createFileRoute('/multi-channel-orchestration')({
  staticData: {
    title: 'Multi-Channel Orchestration',
    description: 'Coordinate e-mail, SMS, voice, social, web and calendar in one journey, in ten languages, with results per channel.',
  },
  component: MultiChannel,
});

/** Spec app-core §2.9: channel ids email, sms, voice, social, web, calendar. */
const CHANNELS = [
  { id: 'email', icon: MailIcon, title: 'E-mail', text: 'Personal, well-timed e-mails from your own domain, with opens and replies tracked.' },
  { id: 'sms', icon: MessageSquareIcon, title: 'SMS', text: 'Two-way texts from local numbers, for reminders and quick replies.' },
  { id: 'voice', icon: PhoneIcon, title: 'Voice', text: 'Calls and voicemail drops, logged on the contact with their outcome.' },
  { id: 'social', icon: Share2Icon, title: 'Social', text: 'Lead ads and messages from social platforms, answered in the same inbox.' },
  { id: 'web', icon: GlobeIcon, title: 'Web', text: 'Forms, landing pages and chat that create and update contacts.' },
  { id: 'calendar', icon: CalendarIcon, title: 'Calendar', text: 'Booking links and reminders, tied to the journey that led to the meeting.' },
];

const SAMPLE_CAMPAIGNS = [
  { id: 'welcome', name: 'New lead welcome', channels: 'E-mail → SMS → Call task', audience: 'Website leads' },
  { id: 'no-show', name: 'No-show recovery', channels: 'SMS → E-mail → Calendar', audience: 'Missed appointments' },
  { id: 'renewal', name: 'Renewal reminder', channels: 'E-mail → Voice', audience: 'Contracts ending in 30 days' },
];

const LANGUAGES = [
  { name: 'English', status: 'Primary' },
  { name: 'Spanish', status: 'Available' },
  { name: 'French', status: 'Available' },
  { name: 'German', status: 'Available' },
  { name: 'Portuguese', status: 'Available' },
  { name: 'Italian', status: 'Available' },
  { name: 'Dutch', status: 'Available' },
  { name: 'Japanese', status: 'Available' },
  { name: 'Chinese (Simplified)', status: 'Available' },
  { name: 'Arabic', status: 'Beta' },
];

function MultiChannel() {
  const [live, setLive] = useState(true);
  const [campaigns, setCampaigns] = useState<Record<string, boolean>>({ welcome: true, 'no-show': true, renewal: false });
  return (
    <PublicLayout>
      <Hero
        eyebrow="Multi-channel orchestration"
        title="One journey across every channel"
        lead="Start with an e-mail, follow with a text, hand over to a call, and book the meeting: Switchboard coordinates the channels so each customer hears from you once, in the right place."
        actions={[
          { label: 'Start Free Trial', href: '/signup' },
          { label: 'See the automation builder', variant: 'outline', to: '/automation-builder' },
        ]}
      />
      <div className="mx-auto w-full max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
        <Tabs defaultValue="overview">
          <TabsList aria-label="Orchestration sections" className="flex-wrap">
            <TabsTrigger value="overview">Overview</TabsTrigger>
            <TabsTrigger value="campaigns">Campaigns</TabsTrigger>
            <TabsTrigger value="languages">Languages</TabsTrigger>
            <TabsTrigger value="analytics">Analytics</TabsTrigger>
          </TabsList>
          <TabsContent value="overview">
            <h2 className="sr-only">Channels</h2>
            <FeatureGrid items={CHANNELS} />
          </TabsContent>
          <TabsContent value="campaigns">
            <h2 className="text-xl font-semibold text-gray-900 dark:text-white">Sample campaigns</h2>
            <p className="mt-1 text-sm text-gray-600 dark:text-gray-300">A preview of the campaign controls; switches here change only this page.</p>
            <label className="mt-4 flex items-center gap-3 text-sm font-medium text-gray-900 dark:text-white">
              <Switch
                checked={live}
                onCheckedChange={setLive}
              />
              All campaigns: {live ? 'Live' : 'Paused'}
            </label>
            <ul className="mt-4 grid gap-3">
              {SAMPLE_CAMPAIGNS.map((c) => (
                <li key={c.id} className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-gray-200 bg-white p-4 dark:border-gray-800 dark:bg-gray-900">
                  <div>
                    <h3 className="font-semibold text-gray-900 dark:text-white">{c.name}</h3>
                    <p className="text-sm text-gray-600 dark:text-gray-300">
                      {c.channels} · {c.audience}
                    </p>
                  </div>
                  <label className="flex items-center gap-2 text-sm text-gray-800 dark:text-gray-200">
                    <Switch checked={live && campaigns[c.id]} disabled={!live} onCheckedChange={(next) => setCampaigns((all) => ({ ...all, [c.id]: next }))} />
                    <span>{live && campaigns[c.id] ? 'Running' : 'Stopped'}</span>
                    <span className="sr-only">: {c.name}</span>
                  </label>
                </li>
              ))}
            </ul>
          </TabsContent>
          <TabsContent value="languages">
            <h2 className="text-xl font-semibold text-gray-900 dark:text-white">Ten languages, one journey</h2>
            <p className="mt-1 text-sm text-gray-600 dark:text-gray-300">Each contact receives messages in their own language; templates keep a version per language.</p>
            <ul className="mt-4 grid gap-2 sm:grid-cols-2 lg:grid-cols-5">
              {LANGUAGES.map((l) => (
                <li key={l.name} className="flex items-center justify-between rounded-lg border border-gray-200 bg-white px-4 py-3 text-sm dark:border-gray-800 dark:bg-gray-900">
                  <span className="font-medium text-gray-900 dark:text-white">{l.name}</span>
                  <span className="text-xs text-gray-600 dark:text-gray-300">{l.status}</span>
                </li>
              ))}
            </ul>
          </TabsContent>
          <TabsContent value="analytics">
            <h2 className="mb-4 text-xl font-semibold text-gray-900 dark:text-white">Results by channel</h2>
            <StatsBand
              label="Orchestration figures"
              stats={[
                { value: '15+', label: 'channels supported' },
                { value: '40+', label: 'languages for templates' },
                { value: '58%', label: 'faster lead automation' },
                { value: '94%', label: 'AI prediction accuracy' },
              ]}
            />
            <p className="mt-4 text-sm text-gray-700 dark:text-gray-300">
              In your account, the Reports screen shows sends, replies, bookings and revenue per channel and per journey, from your own data.
            </p>
          </TabsContent>
        </Tabs>
      </div>
      <CtaBand
        title="Meet customers where they are"
        text="Build your first multi-channel journey from a template during your free trial."
        actions={[
          { label: 'Start Free Trial', href: '/signup' },
          { label: 'Book a Demo', href: '/book-demo' },
        ]}
      />
    </PublicLayout>
  );
}
