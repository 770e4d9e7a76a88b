import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { ArrowRightIcon, LockIcon } from 'lucide-react';
import { FormAlert } from '../../components/form';
import { Page } from '../../components/page';
import { NoAccess } from '../../components/settings-section';
import { buttonClasses } from '../../components/ui/button';
import { useCan, useMe } from '../../lib/auth';
import { errorMessageOf } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { ActionsPanel, InsightsPanel } from './-components/analytics/insights-panel';
import { KpiCards } from './-components/analytics/kpi-cards';
import { PeriodSelector, PeriodSummary } from './-components/analytics/period-bar';
import { PipelinePanel } from './-components/analytics/pipeline-panel';
import { dashboardQueryOptions, permissionsOf, settle } from './-components/analytics/queries';
import { PERIOD_LABELS, ZDashboardSearch, periodOf } from './-components/analytics/search';
import { TrendsPanel } from './-components/analytics/trends-panel';

/**
 * The executive dashboard (spec §2.4): KPIs, Sales Pipeline Analysis (any pipeline), AI Revenue
 * Intelligence with Recommended Actions, and Performance Trends, for the period in the URL.
 */
export const Route = createFileRoute('/_app/analytics')({
  validateSearch: ZDashboardSearch,
  loaderDeps: ({ search }) => ({ period: periodOf(search), pipelineId: search.pipelineId }),
  loader: async ({ context, deps, cause }) => {
    const can = permissionsOf(context.trpc);
    if (!can('reports:read')) return;
    const input = { period: deps.period };
    const loads: Promise<unknown>[] = [
      context.trpc.analytics.dashboard.ensureData(input),
      context.trpc.analytics.pipelineAnalysis.ensureData({ ...input, pipelineId: deps.pipelineId }),
      context.trpc.analytics.insights.ensureData(input),
      context.trpc.analytics.trends.ensureData(input),
    ];
    if (can('deals:read')) loads.push(context.trpc.pipelines.list.ensureData());
    await settle(cause, loads);
  },
  staticData: { title: 'Analytics' },
  component: AnalyticsPage,
});

function AnalyticsPage() {
  const search = Route.useSearch();
  const period = periodOf(search);
  const navigate = useNavigate({ from: Route.fullPath });
  const { data: me } = useMe();
  const canReports = useCan('reports:read');
  const canDeals = useCan('deals:read');
  const utils = trpc.useUtils();

  const input = { period };
  const dashboard = trpc.analytics.dashboard.useQuery(input, { ...dashboardQueryOptions, enabled: canReports });
  const pipeline = trpc.analytics.pipelineAnalysis.useQuery({ ...input, pipelineId: search.pipelineId }, { ...dashboardQueryOptions, enabled: canReports });
  const insights = trpc.analytics.insights.useQuery(input, { ...dashboardQueryOptions, enabled: canReports });
  const trends = trpc.analytics.trends.useQuery(input, { ...dashboardQueryOptions, enabled: canReports });
  const pipelines = trpc.pipelines.list.useQuery(undefined, { enabled: canReports && canDeals });

  const queries = [dashboard, pipeline, insights, trends];
  const busy = queries.some((q) => q.isPlaceholderData);
  const error = queries.find((q) => q.error)?.error;

  return (
    <Page
      title="Analytics"
      description="Real-time revenue insights powered by AI-driven analytics"
      actions={canReports ? <PeriodSelector value={period} onChange={(next) => void navigate({ search: (prev) => ({ ...prev, period: next }) })} /> : null}
    >
      {!canReports ? (
        <NoAccess>Your role does not allow reading reports (reports:read is required). Ask an Admin for access.</NoAccess>
      ) : (
        <>
          <PeriodSummary
            info={dashboard.data?.period}
            busy={busy}
            label={PERIOD_LABELS[period].long.toLowerCase()}
            timeZone={me?.user.preferences.timezone}
            onRefresh={() => void utils.analytics.invalidate()}
            refreshing={queries.some((q) => q.isFetching)}
          />
          {error ? <FormAlert message={errorMessageOf(error, 'Could not load the figures. Try again.')} /> : null}
          {dashboard.data?.ownRecordsOnly ? (
            <p className="flex items-center gap-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950/50 dark:text-amber-200">
              <LockIcon className="size-4 shrink-0" aria-hidden />
              Your organization shows Sales Reps only their own contacts and deals: these figures cover your records.
            </p>
          ) : null}
          {dashboard.data ? <KpiCards dashboard={dashboard.data} busy={dashboard.isPlaceholderData} /> : null}
          {pipeline.data ? (
            <PipelinePanel
              analysis={pipeline.data}
              busy={pipeline.isPlaceholderData}
              pipelines={pipelines.data?.items}
              onPipelineChange={(pipelineId) => {
                const isDefault = pipelines.data?.items.find((p) => p.id === pipelineId)?.isDefault;
                void navigate({ search: (prev) => ({ ...prev, pipelineId: isDefault ? undefined : pipelineId }) });
              }}
            />
          ) : null}
          {insights.data ? (
            <div className="grid gap-6 lg:grid-cols-5">
              <div className="min-w-0 lg:col-span-3">
                <InsightsPanel data={insights.data} busy={insights.isPlaceholderData} />
              </div>
              <div className="min-w-0 lg:col-span-2">
                <ActionsPanel actions={insights.data.actions} busy={insights.isPlaceholderData} />
              </div>
            </div>
          ) : null}
          {trends.data ? <TrendsPanel trends={trends.data} busy={trends.isPlaceholderData} /> : null}
          <div>
            <Link to="/reports" search={{ period }} className={buttonClasses({ variant: 'outline' })}>
              Reports and CSV exports
              <ArrowRightIcon className="size-4" aria-hidden />
            </Link>
          </div>
        </>
      )}
    </Page>
  );
}
