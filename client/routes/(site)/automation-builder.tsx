import { createFileRoute } from '@tanstack/react-router';
import { ArrowDownIcon, PlusIcon, Trash2Icon, ZapIcon } from 'lucide-react';
import { useState } from 'react';
import { CtaBand } from '../../components/marketing/cta-band';
import { Section } from '../../components/marketing/section';
import { PublicLayout } from '../../components/public-layout';
import { Button, buttonClasses } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { AUTOMATION_BUILDER_TEXTS, type AutomationBuilderTexts } from '../../content/automation-builder';
import { useT } from '../../i18n';

export const Route = createFileRoute('/(site)/automation-builder')({
  staticData: {
    title: 'Visual Automation Builder',
    description: 'Build workflows visually in Switchboard: triggers, conditions, waits, SMS and e-mail steps, tasks and lead score, from ready-made templates. Preview it on this page.',
  },
  component: AutomationBuilder,
});

type Category = keyof AutomationBuilderTexts['categories'];
/** A block on the canvas: its category and its place in that category (its name is the texts'). */
type WorkflowNode = { key: number; category: Category; component: number };

function AutomationBuilder() {
  const { text } = useT(AUTOMATION_BUILDER_TEXTS);
  const categories = Object.keys(text.categories) as Category[];
  const [category, setCategory] = useState<Category>(categories[0]!);
  const [nodes, setNodes] = useState<WorkflowNode[]>([]);
  const [nextKey, setNextKey] = useState(1);
  const current = text.categories[category];
  const add = (nodeCategory: Category, component: number) => {
    setNodes((all) => [...all, { key: nextKey, category: nodeCategory, component }]);
    setNextKey((k) => k + 1);
  };
  const titleOf = (n: WorkflowNode) => text.categories[n.category].components[n.component]!;

  return (
    <PublicLayout>
      <div className="mx-auto w-full max-w-7xl px-4 pt-12 sm:px-6 lg:px-8">
        <p className="text-sm font-semibold tracking-wide text-indigo-700 uppercase dark:text-indigo-300">{text.eyebrow}</p>
        <h1 className="mt-2 text-4xl font-bold tracking-tight text-gray-900 dark:text-white">{text.title}</h1>
        <p className="mt-4 max-w-3xl text-lg text-gray-600 dark:text-gray-300">{text.lead}</p>
      </div>
      <div className="mx-auto grid w-full max-w-7xl gap-6 px-4 py-10 sm:px-6 lg:grid-cols-[14rem_1fr_18rem] lg:px-8">
        <div role="tablist" aria-label={text.categoriesLabel} aria-orientation="vertical" className="flex gap-1 overflow-x-auto lg:flex-col">
          {categories.map((id) => (
            <button
              key={id}
              type="button"
              role="tab"
              id={`tab-${id}`}
              aria-selected={id === category}
              aria-controls="builder-components"
              onClick={() => setCategory(id)}
              className={cn(buttonClasses({ variant: id === category ? 'default' : 'ghost', size: 'sm' }), 'justify-start')}
            >
              {text.categories[id].label}
            </button>
          ))}
        </div>
        <div className="grid min-w-0 gap-6">
          <div id="builder-components" role="tabpanel" aria-labelledby={`tab-${category}`} className="rounded-xl border border-gray-200 bg-white p-4 dark:border-gray-800 dark:bg-gray-900">
            <h2 className="font-semibold text-gray-900 dark:text-white">{current.label}</h2>
            <ul className="mt-3 flex flex-wrap gap-2">
              {current.components.map((title, index) => (
                <li key={title}>
                  <Button variant="outline" size="sm" onClick={() => add(category, index)}>
                    <PlusIcon className="size-4" aria-hidden />
                    {title}
                  </Button>
                </li>
              ))}
            </ul>
          </div>
          <section aria-labelledby="canvas-title" className="rounded-xl border-2 border-dashed border-gray-300 bg-gray-50 p-6 dark:border-gray-700 dark:bg-gray-900/50">
            <h2 id="canvas-title" className="sr-only">
              {text.canvas}
            </h2>
            <div className="flex flex-col items-center gap-2">
              <span className="inline-flex items-center gap-2 rounded-full bg-green-100 px-4 py-1.5 text-sm font-semibold text-green-900 dark:bg-green-900/50 dark:text-green-200">
                <ZapIcon className="size-4" aria-hidden />
                {text.start}
              </span>
              {nodes.length === 0 ? (
                <Button className="mt-4" onClick={() => add('email', 0)}>
                  <PlusIcon className="size-4" aria-hidden />
                  {text.addFirst}
                </Button>
              ) : (
                <ol aria-label={text.stepsLabel} className="flex w-full max-w-sm flex-col items-center gap-2">
                  {nodes.map((n) => (
                    <li key={n.key} className="flex w-full flex-col items-center gap-2">
                      <ArrowDownIcon className="size-4 text-gray-500" aria-hidden />
                      <div className="flex w-full items-center justify-between gap-2 rounded-lg border border-gray-200 bg-white px-4 py-3 shadow-sm dark:border-gray-700 dark:bg-gray-900">
                        <span>
                          <span className="block text-xs text-gray-600 dark:text-gray-300">{text.categories[n.category].label}</span>
                          <span className="font-medium text-gray-900 dark:text-white">{titleOf(n)}</span>
                        </span>
                        <Button variant="ghost" size="icon" aria-label={text.remove(titleOf(n))} onClick={() => setNodes((all) => all.filter((x) => x.key !== n.key))}>
                          <Trash2Icon className="size-4" aria-hidden />
                        </Button>
                      </div>
                    </li>
                  ))}
                </ol>
              )}
            </div>
          </section>
        </div>
        <aside aria-labelledby="templates-title" className="rounded-xl border border-gray-200 bg-white p-4 dark:border-gray-800 dark:bg-gray-900">
          <h2 id="templates-title" className="font-semibold text-gray-900 dark:text-white">
            {text.templatesTitle}
          </h2>
          <ul className="mt-3 grid gap-3">
            {text.templates.map((t) => (
              <li key={t.name} className="rounded-lg border border-gray-200 p-3 dark:border-gray-800">
                <h3 className="text-sm font-semibold text-gray-900 dark:text-white">{t.name}</h3>
                <p className="text-xs text-gray-600 dark:text-gray-300">{t.details}</p>
              </li>
            ))}
          </ul>
          <a href="/signup" className={buttonClasses({ size: 'sm', className: 'mt-4 w-full' })}>
            {text.useTemplates}
          </a>
          <a href="/automation" className={buttonClasses({ size: 'sm', variant: 'outline', className: 'mt-2 w-full' })}>
            {text.openBuilder}
          </a>
        </aside>
      </div>
      <Section title={text.whyTitle} tone="muted">
        <ul className="grid gap-4 sm:grid-cols-3">
          {text.why.map(({ title, text: why }) => (
            <li key={title} className="rounded-xl border border-gray-200 bg-white p-5 dark:border-gray-800 dark:bg-gray-900">
              <h3 className="font-semibold text-gray-900 dark:text-white">{title}</h3>
              <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">{why}</p>
            </li>
          ))}
        </ul>
      </Section>
      <CtaBand
        title={text.ctaTitle}
        text={text.ctaText}
        actions={[
          { label: text.startTrial, href: '/signup' },
          { label: text.seeJourneys, to: '/multi-channel-orchestration' },
        ]}
      />
    </PublicLayout>
  );
}
