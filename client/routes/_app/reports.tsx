import { keepPreviousData } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { DownloadIcon, type LucideIcon, CalendarCheckIcon, ChartColumnIcon, KanbanIcon, ListChecksIcon, UsersIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { FormAlert } from '../../components/form';
import { Page } from '../../components/page';
import { NoAccess } from '../../components/settings-section';
import { buttonClasses } from '../../components/ui/button';
import { useCan, useMe } from '../../lib/auth';
import { formatCalendarRange, todayIn } from '../../lib/calendar';
import { errorMessageOf } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { periodPhrase } from './-components/analytics/format';
import { Panel, PanelEmpty } from './-components/analytics/panel';
import { permissionsOf, settle } from './-components/analytics/queries';
import { rangeQuery, reportRangeOf, type ReportRange, SPEND_PAGE_SIZE, ZReportsSearch } from './-components/analytics/search';
import type { Report } from './-components/analytics/types';
import { AppointmentsChart, DealsWonChart, LeadSourcesChart, PipelineChart, summarize, TasksChart } from './-components/reports/report-charts';
import { num } from './-components/reports/report-format';
import { ReportTable } from './-components/reports/report-table';
import { CampaignsSection } from './-components/reports/campaigns-section';
import { RangePicker } from './-components/reports/range-picker';
import { SpendSection } from './-components/reports/spend-section';
import { WebsiteSection } from './-components/reports/website-section';

/** The five reports of the server, in the order the screen shows them. */
const REPORT_KEYS = ['deals-won', 'pipeline', 'lead-sources', 'tasks', 'appointments'] as const;
type ReportKey = (typeof REPORT_KEYS)[number];

const reportInput = (report: ReportKey, range: ReportRange) => ({ report, ...range });

/**
 * Reports: deals won over time, pipeline by stage, lead sources, task completion and appointment
 * outcomes for a preset period or a custom range (in the URL), each with its chart, its data table
 * and a CSV export of the same figures; the public site's visits, the campaigns that started sending
 * in the range, and the marketing spend that Customer Acquisition Cost uses.
 */
export const Route = createFileRoute('/_app/reports')({
  validateSearch: ZReportsSearch,
  loaderDeps: ({ search }) => ({ range: reportRangeOf(search), spendPage: search.spendPage ?? 1 }),
  loader: async ({ context, deps, cause }) => {
    const can = permissionsOf(context.trpc);
    if (!can('reports:read')) return;
    await settle(cause, [
      ...REPORT_KEYS.map((key) => context.trpc.analytics.report.ensureData(reportInput(key, deps.range))),
      context.trpc.spend.list.ensureData({ page: deps.spendPage, limit: SPEND_PAGE_SIZE }),
      ...(can('campaigns:read') ? [context.trpc.campaigns.performance.ensureData(deps.range)] : []),
    ]);
  },
  staticData: { title: 'Reports', nav: { label: 'Reports', icon: ChartColumnIcon, order: 120 } },
  component: ReportsPage,
});

const EMPTY: Record<ReportKey, { icon: LucideIcon; title: string; isEmpty: (r: Report) => boolean }> = {
  'deals-won': { icon: ChartColumnIcon, title: 'No won deals in this period yet', isEmpty: (r) => num(r.totals?.won) === 0 },
  pipeline: { icon: KanbanIcon, title: 'No deals in this pipeline yet', isEmpty: (r) => num(r.totals?.deals) === 0 },
  'lead-sources': { icon: UsersIcon, title: 'No new contacts or won deals in this period', isEmpty: (r) => r.rows.length === 0 },
  tasks: {
    icon: ListChecksIcon,
    title: 'No tasks created, completed or due in this period',
    isEmpty: (r) => num(r.totals?.created) + num(r.totals?.completed) + num(r.totals?.due) === 0,
  },
  appointments: {
    icon: CalendarCheckIcon,
    title: 'No appointments in this period',
    isEmpty: (r) => num(r.totals?.scheduled) + num(r.totals?.completed) + num(r.totals?.cancelled) + num(r.totals?.noShow) === 0,
  },
};

const CHARTS: Record<ReportKey, (props: { report: Report; summary: string }) => ReactNode> = {
  'deals-won': DealsWonChart,
  pipeline: PipelineChart,
  'lead-sources': LeadSourcesChart,
  tasks: TasksChart,
  appointments: AppointmentsChart,
};

function ReportsPage() {
  const search = Route.useSearch();
  const range = reportRangeOf(search);
  const navigate = useNavigate({ from: Route.fullPath });
  const { data: me } = useMe();
  const canReports = useCan('reports:read');
  const canReadCampaigns = useCan('campaigns:read');
  const canWriteSpend = useCan('campaigns:write');
  const today = todayIn(me?.user.preferences.timezone);

  const queries = {
    'deals-won': trpc.analytics.report.useQuery(reportInput('deals-won', range), { placeholderData: keepPreviousData, enabled: canReports }),
    pipeline: trpc.analytics.report.useQuery(reportInput('pipeline', range), { placeholderData: keepPreviousData, enabled: canReports }),
    'lead-sources': trpc.analytics.report.useQuery(reportInput('lead-sources', range), { placeholderData: keepPreviousData, enabled: canReports }),
    tasks: trpc.analytics.report.useQuery(reportInput('tasks', range), { placeholderData: keepPreviousData, enabled: canReports }),
    appointments: trpc.analytics.report.useQuery(reportInput('appointments', range), { placeholderData: keepPreviousData, enabled: canReports }),
  };
  const first = queries['deals-won'].data;
  const busy = Object.values(queries).some((q) => q.isPlaceholderData);
  const rangeText = first ? periodPhrase(first.period) : '';

  return (
    <Page
      title="Reports"
      description="Deals, pipeline, lead sources, tasks and appointments over time. Every report exports to CSV with the same figures."
      actions={
        canReports ? (
          <RangePicker
            key={'from' in range ? `${range.from}_${range.to}` : range.period}
            range={range}
            shown={first?.period}
            today={today}
            onPreset={(period) => void navigate({ search: (prev) => ({ ...prev, period, from: undefined, to: undefined }) })}
            onCustom={(from, to) => void navigate({ search: (prev) => ({ ...prev, period: undefined, from, to }) })}
          />
        ) : null
      }
    >
      {!canReports ? (
        <NoAccess>Your role does not allow reading reports (reports:read is required). Ask an Admin for access.</NoAccess>
      ) : (
        <>
          <p className="text-sm text-gray-600 dark:text-gray-400">
            {first ? (
              <>
                <span className="font-medium text-gray-900 dark:text-white">{formatCalendarRange(first.period.from, first.period.to)}</span>
                {` · ${first.period.days} ${first.period.days === 1 ? 'day' : 'days'} by ${first.period.bucket} in ${first.period.timezone} · amounts in ${first.currency}`}
              </>
            ) : null}
          </p>
          <p role="status" aria-live="polite" className="sr-only">
            {busy ? 'Updating the reports…' : first ? `Reports for ${rangeText}.` : ''}
          </p>
          <div className="grid gap-6 xl:grid-cols-2">
            {REPORT_KEYS.map((key) => {
              const query = queries[key];
              return (
                <ReportCard
                  key={key}
                  reportKey={key}
                  range={range}
                  report={query.data}
                  busy={query.isPlaceholderData}
                  error={query.error ? errorMessageOf(query.error, 'Could not load this report') : null}
                />
              );
            })}
          </div>
          <WebsiteSection range={range} />
          {canReadCampaigns ? <CampaignsSection range={range} /> : null}
          <SpendSection
            page={search.spendPage ?? 1}
            onPageChange={(page) => void navigate({ search: (prev) => ({ ...prev, spendPage: page === 1 ? undefined : page }), resetScroll: false })}
            primaryCurrency={first?.currency ?? 'USD'}
            today={today}
            canWrite={canWriteSpend}
          />
        </>
      )}
    </Page>
  );
}

function ReportCard({ reportKey, range, report, busy, error }: { reportKey: ReportKey; range: ReportRange; report: Report | undefined; busy: boolean; error: string | null }) {
  const Chart = CHARTS[reportKey];
  const empty = EMPTY[reportKey];
  const title = report?.title ?? reportKey;
  const href = `/api/reports/${reportKey}.csv?${rangeQuery(range)}`;
  return (
    <Panel
      title={title}
      description={report ? `${periodPhrase(report.period)[0]!.toUpperCase()}${periodPhrase(report.period).slice(1)}` : undefined}
      busy={busy}
      actions={
        <a href={href} download className={buttonClasses({ variant: 'outline', size: 'sm' })} aria-label={`Export ${title} as CSV`}>
          <DownloadIcon className="size-4" aria-hidden />
          CSV
        </a>
      }
    >
      {error ? (
        <FormAlert message={error} />
      ) : !report ? null : empty.isEmpty(report) ? (
        <PanelEmpty icon={empty.icon} title={empty.title}>
          The chart fills in as your team adds records; the CSV export still lists every{' '}
          {report.period.bucket === 'day' || reportKey === 'pipeline' || reportKey === 'lead-sources' ? 'row' : report.period.bucket} with zeros.
        </PanelEmpty>
      ) : (
        <div className="flex flex-col gap-3">
          <Chart report={report} summary={summarize(report, periodPhrase(report.period))} />
          <details className="text-sm">
            <summary className="cursor-pointer rounded text-gray-600 select-none hover:text-gray-900 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none dark:text-gray-400 dark:hover:text-white">
              Show the data table
            </summary>
            <div className="mt-2">
              <ReportTable report={report} />
            </div>
          </details>
          {report.notes.length > 0 ? (
            <ul className="flex flex-col gap-1 text-xs text-gray-500 dark:text-gray-400">
              {report.notes.map((note) => (
                <li key={note}>{note}</li>
              ))}
            </ul>
          ) : null}
        </div>
      )}
    </Panel>
  );
}
