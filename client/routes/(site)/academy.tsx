import { createFileRoute, Link } from '@tanstack/react-router';
import { AwardIcon, BookOpenIcon, LayersIcon, RouteIcon } from 'lucide-react';
import { FeatureGrid } from '../../components/marketing/feature-grid';
import { Hero } from '../../components/marketing/hero';
import { Steps } from '../../components/marketing/steps';
import { TutorialList } from '../../components/marketing/tutorial-list';
import { PublicLayout } from '../../components/public-layout';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { ACADEMY_TEXTS, LEARNING_PATHS, QUICKSTART_MINUTES, RESOURCE_LINKS, TEMPLATE_STEPS } from '../../content/academy';
import { STARTER_TUTORIAL_TEXTS } from '../../content/tutorials';
import { useT } from '../../i18n';
import { formatNumber } from '../../i18n/format';

export const Route = createFileRoute('/(site)/academy')({
  staticData: {
    title: 'Switchboard Academy',
    description: 'Learn Switchboard: learning paths by role, a 15-minute quick start, tutorials, certifications, planned automation templates and resources.',
  },
  component: Academy,
});

const TABS = ['paths', 'quickstart', 'tutorials', 'certification', 'templates', 'resources'] as const;

function Academy() {
  const {
    language,
    texts: [text, starter],
  } = useT(ACADEMY_TEXTS, STARTER_TUTORIAL_TEXTS);
  return (
    <PublicLayout>
      <Hero
        eyebrow={text.eyebrow}
        title={text.title}
        lead={text.lead}
        actions={[
          { label: text.startCourse, to: '/training-course' },
          { label: text.browse, variant: 'outline', href: '#academy-sections' },
        ]}
      />
      <div id="academy-sections" className="mx-auto w-full max-w-7xl scroll-mt-20 px-4 py-12 sm:px-6 lg:px-8">
        <Tabs defaultValue="paths">
          <TabsList aria-label={text.sectionsLabel} className="flex-wrap">
            {TABS.map((id) => (
              <TabsTrigger key={id} value={id}>
                {text.tabs[id]}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="paths">
            <h2 className="sr-only">{text.tabs.paths}</h2>
            <FeatureGrid
              columns={4}
              items={text.paths.map((p, i) => ({
                icon: RouteIcon,
                ...p,
                points: [text.courses(LEARNING_PATHS[i]!.courses), text.hours(formatNumber(language, LEARNING_PATHS[i]!.hours))],
              }))}
            />
          </TabsContent>
          <TabsContent value="quickstart">
            <h2 className="mb-4 text-xl font-semibold text-gray-900 dark:text-white">{text.quickstartTitle}</h2>
            <Steps items={text.quickstart.map((q, i) => ({ ...q, when: text.minutes(QUICKSTART_MINUTES[i]!) }))} />
          </TabsContent>
          <TabsContent value="tutorials">
            <h2 className="sr-only">{text.tabs.tutorials}</h2>
            <TutorialList tutorials={starter.tutorials} minutesLabel={starter.minutes} />
            <p className="mt-4">
              <Link to="/tutorials" className="font-medium text-indigo-700 underline dark:text-indigo-300">
                {text.allTutorials}
              </Link>
            </p>
          </TabsContent>
          <TabsContent value="certification">
            <h2 className="sr-only">{text.tabs.certification}</h2>
            <FeatureGrid items={text.certifications.map((c) => ({ icon: AwardIcon, title: c.title, text: c.text, points: [c.requirement] }))} />
          </TabsContent>
          <TabsContent value="templates">
            <h2 className="sr-only">{text.tabs.templates}</h2>
            <FeatureGrid columns={4} items={text.templates.map((t, i) => ({ icon: LayersIcon, ...t, points: [text.steps(TEMPLATE_STEPS[i]!)] }))} />
          </TabsContent>
          <TabsContent value="resources">
            <h2 className="sr-only">{text.tabs.resources}</h2>
            <FeatureGrid columns={4} items={text.resources.map((r, i) => ({ icon: BookOpenIcon, title: r.title, text: r.text, action: { label: r.action, to: RESOURCE_LINKS[i]! } }))} />
          </TabsContent>
        </Tabs>
      </div>
    </PublicLayout>
  );
}
