import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { ArrowRightIcon, LayoutDashboardIcon, LockIcon } from 'lucide-react';
import { FormAlert } from '../../components/form';
import { Page } from '../../components/page';
import { NoAccess } from '../../components/settings-section';
import { buttonClasses } from '../../components/ui/button';
import { useCan, useMe } from '../../lib/auth';
import { todayRangeIn } from '../../lib/calendar';
import { errorMessageOf } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { CampaignsPanel } from './-components/analytics/campaigns-panel';
import { ActionsPanel, InsightsPanel } from './-components/analytics/insights-panel';
import { KpiCards } from './-components/analytics/kpi-cards';
import { PeriodSelector, PeriodSummary } from './-components/analytics/period-bar';
import { PipelinePanel } from './-components/analytics/pipeline-panel';
import { dashboardQueryOptions, permissionsOf, settle } from './-components/analytics/queries';
import { PERIOD_LABELS, ZDashboardSearch, periodOf } from './-components/analytics/search';
import { TodayPanel } from './-components/analytics/today-panel';

/**
 * The Enterprise Command Center: KPIs for the chosen period, the pipeline, what the insight rules
 * found and what to do about it, and today's tasks and appointments — all from the organization's
 * records. The period lives in the URL (?period=7d); 30 days when absent.
 */
export const Route = createFileRoute('/_app/app')({
  validateSearch: ZDashboardSearch,
  loaderDeps: ({ search }) => ({ period: periodOf(search) }),
  loader: async ({ context, deps, cause }) => {
    const can = permissionsOf(context.trpc);
    const today = todayRangeIn(context.trpc.auth.me.getData()?.user.preferences.timezone);
    const input = { period: deps.period };
    const loads: Promise<unknown>[] = [];
    if (can('reports:read')) {
      loads.push(context.trpc.analytics.dashboard.ensureData(input), context.trpc.analytics.pipelineAnalysis.ensureData(input), context.trpc.analytics.insights.ensureData(input));
    }
    if (can('tasks:read')) loads.push(context.trpc.tasks.counts.ensureData());
    if (can('appointments:read')) loads.push(context.trpc.appointments.list.ensureData({ from: today.from, to: today.to }));
    await settle(cause, loads);
    return { today };
  },
  staticData: { title: 'Dashboard', nav: { label: 'Dashboard', icon: LayoutDashboardIcon, order: 10, mobile: { to: '/' } } },
  component: CommandCenter,
});

const INSIGHTS_ON_DASHBOARD = 3;

function CommandCenter() {
  const search = Route.useSearch();
  const period = periodOf(search);
  const { today } = Route.useLoaderData();
  const navigate = useNavigate({ from: Route.fullPath });
  const { data: me } = useMe();
  const timeZone = me?.user.preferences.timezone;
  const canReports = useCan('reports:read');
  const canTasks = useCan('tasks:read');
  const canAppointments = useCan('appointments:read');
  const canCampaigns = useCan('campaigns:read');
  const utils = trpc.useUtils();

  const input = { period };
  const dashboard = trpc.analytics.dashboard.useQuery(input, { ...dashboardQueryOptions, enabled: canReports });
  const pipeline = trpc.analytics.pipelineAnalysis.useQuery(input, { ...dashboardQueryOptions, enabled: canReports });
  const insights = trpc.analytics.insights.useQuery(input, { ...dashboardQueryOptions, enabled: canReports });
  const counts = trpc.tasks.counts.useQuery(undefined, { enabled: canTasks });
  const appointments = trpc.appointments.list.useQuery({ from: today.from, to: today.to }, { enabled: canAppointments });

  const queries = [dashboard, pipeline, insights];
  const busy = queries.some((q) => q.isPlaceholderData);
  const refreshing = queries.some((q) => q.isFetching) || counts.isFetching || appointments.isFetching;
  const error = queries.find((q) => q.error)?.error;

  function refresh() {
    void utils.analytics.invalidate();
    void utils.tasks.counts.invalidate();
    void utils.appointments.list.invalidate();
    void utils.campaigns.list.invalidate();
  }

  return (
    <Page
      title="Enterprise Command Center"
      description={me?.organization ? `${me.organization.name}: revenue, pipeline and today's work, from your own records.` : undefined}
      actions={canReports ? <PeriodSelector value={period} onChange={(next) => void navigate({ search: (prev) => ({ ...prev, period: next }) })} /> : null}
    >
      {me && !canReports ? <NoAccess>Your role does not allow reading reports (reports:read is required), so revenue figures are not shown.</NoAccess> : null}
      {canReports ? <PeriodSummary info={dashboard.data?.period} busy={busy} label={PERIOD_LABELS[period].long.toLowerCase()} timeZone={timeZone} onRefresh={refresh} refreshing={refreshing} /> : null}
      {error ? <FormAlert message={errorMessageOf(error, 'Could not load the figures. Try again.')} /> : null}
      {dashboard.data?.ownRecordsOnly ? (
        <p className="flex items-center gap-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950/50 dark:text-amber-200">
          <LockIcon className="size-4 shrink-0" aria-hidden />
          Your organization shows Sales Reps only their own contacts and deals: these figures cover your records.
        </p>
      ) : null}
      {dashboard.data ? <KpiCards dashboard={dashboard.data} busy={dashboard.isPlaceholderData} /> : null}
      <div className="grid gap-6 lg:grid-cols-3">
        {canTasks || canAppointments ? <TodayPanel date={today.date} counts={counts.data} appointments={appointments.data} timeZone={timeZone} className="lg:col-span-1" /> : null}
        {pipeline.data ? (
          <div className={canTasks || canAppointments ? 'min-w-0 lg:col-span-2' : 'min-w-0 lg:col-span-3'}>
            <PipelinePanel analysis={pipeline.data} busy={pipeline.isPlaceholderData} />
          </div>
        ) : null}
      </div>
      {insights.data ? (
        <div className="grid gap-6 lg:grid-cols-5">
          <div className="min-w-0 lg:col-span-3">
            <InsightsPanel data={insights.data} busy={insights.isPlaceholderData} limit={INSIGHTS_ON_DASHBOARD} />
          </div>
          <div className="min-w-0 lg:col-span-2">
            <ActionsPanel actions={insights.data.actions} busy={insights.isPlaceholderData} />
          </div>
        </div>
      ) : null}
      {canCampaigns ? <CampaignsPanel timeZone={timeZone} /> : null}
      {canReports ? (
        <div className="flex flex-wrap gap-3">
          <Link to="/analytics" search={{ period }} className={buttonClasses({ variant: 'outline' })}>
            Open analytics
            <ArrowRightIcon className="size-4" aria-hidden />
          </Link>
          <Link to="/reports" search={{ period }} className={buttonClasses({ variant: 'ghost' })}>
            Reports and exports
          </Link>
        </div>
      ) : null}
    </Page>
  );
}
