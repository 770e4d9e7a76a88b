import { createFileRoute, Link } from '@tanstack/react-router';
import { CircleAlertIcon, CircleCheckIcon, InfoIcon, TriangleAlertIcon } from 'lucide-react';
import type { z } from 'zod';
import { Page } from '../../components/page';
import { buttonClasses } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import type { ZOverview } from '../../lib/automations-schema';
import { cn } from '../../lib/cn';
import { formatDateTime } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { stepTitle } from './-components/automations/graph';

type Overview = z.infer<typeof ZOverview>;

export const Route = createFileRoute('/_app/automation-engine')({
  staticData: { title: 'Automation Engine' },
  loader: ({ context }) => context.trpc.automations.overview.ensureData(),
  component: AutomationEnginePage,
});

/** Spec app-core §2.5, with the organization's own figures only: every number is counted from its workflows and runs. */
function AutomationEnginePage() {
  const overview = trpc.automations.overview.useQuery();
  return (
    <Page
      title="Automation Engine"
      description="What your workflows are doing: counted from their runs."
      actions={
        <>
          <Link to="/automation" className={buttonClasses({ variant: 'outline' })}>
            Templates
          </Link>
          <Link to="/automation" className={buttonClasses()}>
            New Workflow
          </Link>
        </>
      }
    >
      {overview.data ? <OverviewBody data={overview.data} /> : <Spinner />}
    </Page>
  );
}

const percent = (value: number | null) => (value === null ? 'No ended run yet' : `${Math.round(value)}%`);

function OverviewBody({ data }: { data: Overview }) {
  const figures = [
    { label: 'Active workflows', value: `${data.activeWorkflows.toLocaleString()} of ${data.totalWorkflows.toLocaleString()}` },
    { label: 'Runs started today', value: data.runsToday.toLocaleString() },
    { label: 'Runs in progress', value: data.runsActive.toLocaleString() },
    { label: 'Completion rate (30 days)', value: percent(data.completionRate) },
    { label: 'Failed runs (30 days)', value: data.failuresLast30Days.toLocaleString() },
    {
      label: 'Sends (30 days)',
      value: `${data.sendsLast30Days.sms.toLocaleString()} SMS · ${data.sendsLast30Days.email.toLocaleString()} e-mail`,
    },
  ];
  return (
    <>
      {data.insights.length ? (
        <section aria-label="Insights" className="grid gap-3 md:grid-cols-3">
          {data.insights.map((insight, i) => (
            <Card key={i} className={cn(insight.level === 'error' && 'border-red-300 dark:border-red-800', insight.level === 'warning' && 'border-amber-300 dark:border-amber-800')}>
              <CardHeader className="pb-2">
                <CardTitle as="h2" className="flex items-center gap-2 text-base">
                  {insight.level === 'info' ? <InfoIcon className="size-4 text-sky-600" aria-hidden /> : <TriangleAlertIcon className="size-4 text-amber-600" aria-hidden />}
                  {insight.title}
                </CardTitle>
                <CardDescription>{insight.message}</CardDescription>
              </CardHeader>
              <CardContent>
                <Link to="/automation" search={{ id: insight.workflowId }} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
                  Open workflow
                </Link>
              </CardContent>
            </Card>
          ))}
        </section>
      ) : null}
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {figures.map((f) => (
          <div key={f.label} className="rounded-xl border border-gray-200 bg-white p-4 dark:border-gray-800 dark:bg-gray-900">
            <dt className="text-sm text-gray-600 dark:text-gray-400">{f.label}</dt>
            <dd className="mt-1 text-xl font-semibold text-gray-900 tabular-nums dark:text-white">{f.value}</dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby="activity-heading" className="flex flex-col gap-2">
        <h2 id="activity-heading" className="text-lg font-semibold text-gray-900 dark:text-white">
          Recent activity
        </h2>
        {data.recentActivity.length === 0 ? (
          <p className="text-sm text-gray-600 dark:text-gray-400">
            No step has run yet.{' '}
            <Link to="/automations" className="text-indigo-700 underline dark:text-indigo-300">
              See your workflows
            </Link>
            .
          </p>
        ) : (
          <ul className="flex flex-col divide-y divide-gray-100 rounded-lg border border-gray-200 bg-white dark:divide-gray-800 dark:border-gray-800 dark:bg-gray-950">
            {data.recentActivity.map((a) => (
              <li key={`${a.runId}-${a.stepId}-${a.at}`} className="flex flex-wrap items-center gap-2 px-3 py-2 text-sm">
                {a.level === 'success' ? (
                  <CircleCheckIcon className="size-4 text-green-600" aria-label="Success" />
                ) : a.level === 'warning' ? (
                  <TriangleAlertIcon className="size-4 text-amber-600" aria-label="Warning" />
                ) : (
                  <CircleAlertIcon className="size-4 text-red-600" aria-label="Error" />
                )}
                <span className="font-medium">{a.workflowName}</span>
                <span className="text-gray-600 dark:text-gray-400">
                  {stepTitle(a.stepId)}
                  {a.contactName ? ` · ${a.contactName}` : ''}: {a.message}
                </span>
                <time className="ml-auto text-xs text-gray-500" dateTime={a.at}>
                  {formatDateTime(a.at)}
                </time>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
