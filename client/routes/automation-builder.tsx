import { createFileRoute } from '@tanstack/react-router';
import { ArrowDownIcon, PlusIcon, Trash2Icon, ZapIcon } from 'lucide-react';
import { useState } from 'react';
import { CtaBand } from '../components/marketing/cta-band';
import { Section } from '../components/marketing/section';
import { PublicLayout } from '../components/public-layout';
import { Button, buttonClasses } from '../components/ui/button';
import { cn } from '../lib/cn';

export const Route = createFileRoute('/automation-builder')({
  staticData: {
    title: 'Visual Automation Builder',
    description: 'Build workflows visually from 15 kinds of building blocks: triggers, conditions, e-mail, SMS, voice, scoring, AI actions and more. Try it on this page.',
  },
  component: AutomationBuilder,
});

/** Spec app-core §2.6: the 15 component categories, with sample components to drop on the canvas. */
const CATEGORIES = [
  { id: 'triggers', label: 'Triggers', components: ['Form submitted', 'Tag added', 'Appointment booked'] },
  { id: 'conditions', label: 'Conditions', components: ['If lead score above 70', 'If e-mail opened', 'If tag is VIP'] },
  { id: 'email', label: 'Email', components: ['Welcome Email', 'Follow-up Email', 'Newsletter'] },
  { id: 'sms', label: 'SMS', components: ['Reminder SMS', 'Thank-you SMS', 'Review request SMS'] },
  { id: 'voice', label: 'Voice', components: ['Voicemail drop', 'Call task'] },
  { id: 'calendar', label: 'Calendar', components: ['Send booking link', 'Reschedule offer'] },
  { id: 'scoring', label: 'Lead Scoring', components: ['Add 10 points', 'Recalculate AI score'] },
  { id: 'delays', label: 'Delays', components: ['Wait 1 day', 'Wait until Monday 9AM'] },
  { id: 'assignments', label: 'Assignments', components: ['Assign to owner', 'Round-robin to team'] },
  { id: 'integrations', label: 'Integrations', components: ['Send webhook', 'Add to spreadsheet'] },
  { id: 'ai-actions', label: 'AI Actions', components: ['Write personalised reply', 'Predict outcome'] },
  { id: 'analytics', label: 'Analytics', components: ['Record conversion', 'Add to report'] },
  { id: 'compliance', label: 'Compliance', components: ['Check SMS consent', 'Quiet hours'] },
  { id: 'alerts', label: 'Alerts', components: ['Notify owner', 'Slack alert'] },
  { id: 'custom', label: 'Custom Logic', components: ['Split A/B', 'Go to step'] },
];

const TEMPLATES = [
  { name: 'Lead Nurturing Sequence', steps: 8, category: 'Marketing', complexity: 'Beginner' },
  { name: 'Appointment Booking Flow', steps: 12, category: 'Sales', complexity: 'Intermediate' },
  { name: 'Enterprise Deal Pipeline', steps: 25, category: 'Enterprise', complexity: 'Advanced' },
];

type WorkflowNode = { key: number; category: string; title: string };

function AutomationBuilder() {
  const [category, setCategory] = useState(CATEGORIES[0]!.id);
  const [nodes, setNodes] = useState<WorkflowNode[]>([]);
  const [nextKey, setNextKey] = useState(1);
  const current = CATEGORIES.find((c) => c.id === category)!;
  const add = (categoryLabel: string, title: string) => {
    setNodes((all) => [...all, { key: nextKey, category: categoryLabel, title }]);
    setNextKey((k) => k + 1);
  };

  return (
    <PublicLayout>
      <div className="mx-auto w-full max-w-7xl px-4 pt-12 sm:px-6 lg:px-8">
        <p className="text-sm font-semibold tracking-wide text-indigo-700 uppercase dark:text-indigo-300">Automation</p>
        <h1 className="mt-2 text-4xl font-bold tracking-tight text-gray-900 dark:text-white">Visual Automation Builder</h1>
        <p className="mt-4 max-w-3xl text-lg text-gray-600 dark:text-gray-300">
          Fifteen kinds of building blocks, one canvas. Try it: pick a category, click a block to add it to the workflow.
        </p>
      </div>
      <div className="mx-auto grid w-full max-w-7xl gap-6 px-4 py-10 sm:px-6 lg:grid-cols-[14rem_1fr_18rem] lg:px-8">
        <div role="tablist" aria-label="Building block categories" aria-orientation="vertical" className="flex gap-1 overflow-x-auto lg:flex-col">
          {CATEGORIES.map((c) => (
            <button
              key={c.id}
              type="button"
              role="tab"
              id={`tab-${c.id}`}
              aria-selected={c.id === category}
              aria-controls="builder-components"
              onClick={() => setCategory(c.id)}
              className={cn(buttonClasses({ variant: c.id === category ? 'default' : 'ghost', size: 'sm' }), 'justify-start')}
            >
              {c.label}
            </button>
          ))}
        </div>
        <div className="grid min-w-0 gap-6">
          <div id="builder-components" role="tabpanel" aria-labelledby={`tab-${current.id}`} className="rounded-xl border border-gray-200 bg-white p-4 dark:border-gray-800 dark:bg-gray-900">
            <h2 className="font-semibold text-gray-900 dark:text-white">{current.label}</h2>
            <ul className="mt-3 flex flex-wrap gap-2">
              {current.components.map((title) => (
                <li key={title}>
                  <Button variant="outline" size="sm" onClick={() => add(current.label, title)}>
                    <PlusIcon className="size-4" aria-hidden />
                    {title}
                  </Button>
                </li>
              ))}
            </ul>
          </div>
          <section aria-labelledby="canvas-title" className="rounded-xl border-2 border-dashed border-gray-300 bg-gray-50 p-6 dark:border-gray-700 dark:bg-gray-900/50">
            <h2 id="canvas-title" className="sr-only">
              Workflow canvas
            </h2>
            <div className="flex flex-col items-center gap-2">
              <span className="inline-flex items-center gap-2 rounded-full bg-green-100 px-4 py-1.5 text-sm font-semibold text-green-900 dark:bg-green-900/50 dark:text-green-200">
                <ZapIcon className="size-4" aria-hidden />
                Workflow Start
              </span>
              {nodes.length === 0 ? (
                <Button className="mt-4" onClick={() => add('Email', 'Welcome Email')}>
                  <PlusIcon className="size-4" aria-hidden />
                  Add Your First Action
                </Button>
              ) : (
                <ol aria-label="Workflow steps" className="flex w-full max-w-sm flex-col items-center gap-2">
                  {nodes.map((n) => (
                    <li key={n.key} className="flex w-full flex-col items-center gap-2">
                      <ArrowDownIcon className="size-4 text-gray-500" aria-hidden />
                      <div className="flex w-full items-center justify-between gap-2 rounded-lg border border-gray-200 bg-white px-4 py-3 shadow-sm dark:border-gray-700 dark:bg-gray-900">
                        <span>
                          <span className="block text-xs text-gray-600 dark:text-gray-300">{n.category}</span>
                          <span className="font-medium text-gray-900 dark:text-white">{n.title}</span>
                        </span>
                        <Button variant="ghost" size="icon" aria-label={`Remove ${n.title}`} onClick={() => setNodes((all) => all.filter((x) => x.key !== n.key))}>
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
            Templates
          </h2>
          <ul className="mt-3 grid gap-3">
            {TEMPLATES.map((t) => (
              <li key={t.name} className="rounded-lg border border-gray-200 p-3 dark:border-gray-800">
                <h3 className="text-sm font-semibold text-gray-900 dark:text-white">{t.name}</h3>
                <p className="text-xs text-gray-600 dark:text-gray-300">
                  {t.steps} steps · {t.category} · {t.complexity}
                </p>
              </li>
            ))}
          </ul>
          <a href="/signup" className={buttonClasses({ size: 'sm', className: 'mt-4 w-full' })}>
            Use templates in your trial
          </a>
        </aside>
      </div>
      <Section title="Why teams build with it" tone="muted">
        <ul className="grid gap-4 sm:grid-cols-3">
          {[
            ['15 building blocks', 'Triggers to custom logic, e-mail to voice, all on one canvas.'],
            ['58% faster lead automation', 'Leads get their first touch in seconds, not hours.'],
            ['94% prediction accuracy', 'AI actions score leads and predict outcomes to route the right ones to people.'],
          ].map(([title, text]) => (
            <li key={title} className="rounded-xl border border-gray-200 bg-white p-5 dark:border-gray-800 dark:bg-gray-900">
              <h3 className="font-semibold text-gray-900 dark:text-white">{title}</h3>
              <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">{text}</p>
            </li>
          ))}
        </ul>
      </Section>
      <CtaBand
        title="Build your first workflow today"
        text="Start from a template and switch it on in minutes."
        actions={[
          { label: 'Start Free Trial', href: '/signup' },
          { label: 'See multi-channel journeys', to: '/multi-channel-orchestration' },
        ]}
      />
    </PublicLayout>
  );
}
