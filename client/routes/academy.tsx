import { createFileRoute, Link } from '@tanstack/react-router';
import { AwardIcon, BookOpenIcon, LayersIcon, RouteIcon } from 'lucide-react';
import { FeatureGrid } from '../components/marketing/feature-grid';
import { Hero } from '../components/marketing/hero';
import { Steps } from '../components/marketing/steps';
import { TutorialList } from '../components/marketing/tutorial-list';
import { PublicLayout } from '../components/public-layout';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs';
import { CERTIFICATIONS, LEARNING_PATHS, QUICKSTART, RESOURCES, TEMPLATES } from '../content/academy';
import { TUTORIALS } from '../content/tutorials';

export const Route = createFileRoute('/academy')({
  staticData: {
    title: 'Switchboard Academy',
    description: 'Learn Switchboard: learning paths by role, a 15-minute quick start, tutorials, certifications, automation templates and resources.',
  },
  component: Academy,
});

const TABS = [
  { id: 'paths', label: 'Learning paths' },
  { id: 'quickstart', label: 'Quick start' },
  { id: 'tutorials', label: 'Tutorials' },
  { id: 'certification', label: 'Certifications' },
  { id: 'templates', label: 'Templates' },
  { id: 'resources', label: 'Resources' },
] as const;

function Academy() {
  return (
    <PublicLayout>
      <Hero
        eyebrow="Academy"
        title="Learn Switchboard at your own pace"
        lead="Learning paths for your role, a 15-minute quick start, the full training course and certifications that prove what you know."
        actions={[
          { label: 'Start the training course', to: '/training-course' },
          { label: 'Browse the Academy', variant: 'outline', href: '#academy-sections' },
        ]}
      />
      <div id="academy-sections" className="mx-auto w-full max-w-7xl scroll-mt-20 px-4 py-12 sm:px-6 lg:px-8">
        <Tabs defaultValue="paths">
          <TabsList aria-label="Academy sections" className="flex-wrap">
            {TABS.map((t) => (
              <TabsTrigger key={t.id} value={t.id}>
                {t.label}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="paths">
            <h2 className="sr-only">Learning paths</h2>
            <FeatureGrid
              columns={4}
              items={LEARNING_PATHS.map((p) => ({ icon: RouteIcon, title: p.title, text: p.text, points: [`${p.courses} courses`, `${p.hours} hours`] }))}
            />
          </TabsContent>
          <TabsContent value="quickstart">
            <h2 className="mb-4 text-xl font-semibold text-gray-900 dark:text-white">Up and running in 15 minutes</h2>
            <Steps items={QUICKSTART.map((q) => ({ title: q.title, text: q.text, when: `${q.minutes} min` }))} />
          </TabsContent>
          <TabsContent value="tutorials">
            <TutorialList tutorials={TUTORIALS.slice(0, 3)} />
            <p className="mt-4">
              <Link to="/tutorials" className="font-medium text-indigo-700 underline dark:text-indigo-300">
                All tutorials
              </Link>
            </p>
          </TabsContent>
          <TabsContent value="certification">
            <h2 className="sr-only">Certifications</h2>
            <FeatureGrid items={CERTIFICATIONS.map((c) => ({ icon: AwardIcon, title: c.title, text: c.text, points: [`Requires: ${c.requirement}`] }))} />
          </TabsContent>
          <TabsContent value="templates">
            <h2 className="sr-only">Templates</h2>
            <FeatureGrid columns={4} items={TEMPLATES.map((t) => ({ icon: LayersIcon, title: t.title, text: t.text, points: [`${t.steps} steps`] }))} />
          </TabsContent>
          <TabsContent value="resources">
            <h2 className="sr-only">Resources</h2>
            <FeatureGrid columns={4} items={RESOURCES.map((r) => ({ icon: BookOpenIcon, title: r.title, text: r.text, action: { label: `Open ${r.title.toLowerCase()}`, to: r.to } }))} />
          </TabsContent>
        </Tabs>
      </div>
    </PublicLayout>
  );
}
