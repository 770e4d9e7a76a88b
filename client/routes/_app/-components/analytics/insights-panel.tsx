import { Link } from '@tanstack/react-router';
import { ArrowRightIcon, ListChecksIcon, SparklesIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge, type BadgeTone } from '../../../../components/ui/badge';
import { buttonClasses } from '../../../../components/ui/button';
import { Table, TBody, Td, Th, THead, Tr } from '../../../../components/ui/table';
import { cn } from '../../../../lib/cn';
import { formatMoney } from '../../../../lib/money';
import { formatCount, formatDays, formatPercentValue, formatPoints, periodPhrase } from './format';
import { Panel, PanelEmpty } from './panel';
import { ServerLink } from './server-link';
import type { Action, Impact, Insight, Insights } from './types';

const IMPACT: Record<Impact, { label: string; tone: BadgeTone }> = {
  critical: { label: 'Critical', tone: 'red' },
  high: { label: 'High', tone: 'amber' },
  medium: { label: 'Medium', tone: 'blue' },
};

export function ImpactBadge({ impact }: { impact: Impact }) {
  return (
    <Badge tone={IMPACT[impact].tone} data-impact={impact}>
      {IMPACT[impact].label} impact
    </Badge>
  );
}

const num = (v: unknown) => (typeof v === 'number' ? v : Number(v ?? 0));
const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const sourceLabel = (source: string) => source.replace(/[_-]+/g, ' ').trim();

/** The numbers behind an insight, labelled. */
function keyFigures(insight: Insight): { label: string; value: string }[] {
  const m = insight.metrics;
  const currency = str(m.currency) || 'USD';
  switch (insight.kind) {
    case 'stalled_deals':
      return [
        { label: 'Stalled deals', value: `${formatCount(num(m.stalledDeals))} of ${formatCount(num(m.openDeals))} open` },
        { label: 'Stalled value', value: formatMoney(num(m.stalledValueMinor), currency) },
        { label: 'Share of open value', value: formatPercentValue(num(m.shareOfOpenValue)) },
      ];
    case 'conversion_drop':
      return [
        { label: 'Conversion now', value: `${formatPercentValue(num(m.conversion))} (${formatCount(num(m.advanced))} of ${formatCount(num(m.reached))})` },
        { label: 'Previous period', value: `${formatPercentValue(num(m.previousConversion))} of ${formatCount(num(m.previousReached))}` },
        { label: 'Change', value: formatPoints(-num(m.dropPoints)) },
      ];
    case 'overdue_concentration':
      return [
        { label: 'Overdue tasks', value: formatCount(num(m.overdue)) },
        { label: 'Of all overdue', value: `${formatPercentValue(num(m.share))} of ${formatCount(num(m.totalOverdue))}` },
      ];
    case 'best_lead_source':
      return [
        { label: 'Won value', value: formatMoney(num(m.wonValueMinor), currency) },
        { label: 'Won deals', value: formatCount(num(m.wonDeals)) },
        { label: 'Share of won value', value: formatPercentValue(num(m.shareOfWonValue)) },
        ...(m.spendMinor !== null && m.spendMinor !== undefined
          ? [
              { label: 'Recorded spend', value: formatMoney(num(m.spendMinor), currency) },
              { label: 'Return on spend', value: `${new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 }).format(num(m.returnOnSpend))}×` },
            ]
          : []),
      ];
  }
}

function linkLabel(insight: Insight): string {
  const m = insight.metrics;
  switch (insight.kind) {
    case 'stalled_deals':
      return `View the ${formatCount(num(m.stalledDeals))} stalled ${num(m.stalledDeals) === 1 ? 'deal' : 'deals'}`;
    case 'conversion_drop':
      return `View the deals in ${str(m.stage)}`;
    case 'overdue_concentration':
      return `View ${str(m.assignee)}'s overdue tasks`;
    case 'best_lead_source':
      return `View contacts from ${sourceLabel(str(m.source))}`;
  }
}

/** The records or groups behind an insight, as a small table (largest first, as the server orders them). */
function Evidence({ insight, currency }: { insight: Insight; currency: string }) {
  const rows = insight.breakdown;
  if (rows.length === 0) return null;
  let head: string[];
  let cells: (row: Record<string, unknown>) => ReactNode[];
  switch (insight.kind) {
    case 'stalled_deals':
      head = ['Deal', 'Stage', 'Value', 'In stage'];
      cells = (r) => [
        r.dealId ? (
          <Link to="/pipeline/deals/$dealId" params={{ dealId: str(r.dealId) }} className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
            {str(r.title)}
          </Link>
        ) : (
          str(r.title)
        ),
        str(r.stage),
        formatMoney(num(r.valueMinor), str(r.currency) || currency),
        formatDays(num(r.daysInStage)),
      ];
      break;
    case 'overdue_concentration':
      head = ['Assignee', 'Overdue tasks'];
      cells = (r) => [str(r.assignee), formatCount(num(r.overdue))];
      break;
    case 'best_lead_source':
      head = ['Source', 'Won deals', 'Won value', 'Recorded spend'];
      cells = (r) => [sourceLabel(str(r.source)), formatCount(num(r.wonDeals)), formatMoney(num(r.wonValueMinor), currency), r.spendMinor === null ? '—' : formatMoney(num(r.spendMinor), currency)];
      break;
    default:
      return null;
  }
  return (
    <Table aria-label={`Evidence: ${insight.title}`} className="text-xs">
      <THead>
        <Tr>
          {head.map((h, i) => (
            <Th key={h} className={i > 0 ? 'text-right' : undefined}>
              {h}
            </Th>
          ))}
        </Tr>
      </THead>
      <TBody>
        {rows.map((row, index) => (
          <Tr key={index}>
            {cells(row).map((cell, i) => (
              <Td key={i} className={i > 0 ? 'text-right tabular-nums' : undefined}>
                {cell}
              </Td>
            ))}
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}

function InsightCard({ insight, currency }: { insight: Insight; currency: string }) {
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-gray-200 p-4 dark:border-gray-800" data-insight={insight.kind}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="text-sm font-semibold text-gray-900 dark:text-white">{insight.title}</h3>
        <ImpactBadge impact={insight.impact} />
      </div>
      <p className="text-sm text-gray-700 dark:text-gray-300">{insight.message}</p>
      <dl className="flex flex-wrap gap-2">
        {keyFigures(insight).map((f) => (
          <div key={f.label} className="rounded-md bg-gray-50 px-2.5 py-1.5 dark:bg-gray-800/60">
            <dt className="text-[11px] text-gray-500 dark:text-gray-400">{f.label}</dt>
            <dd className="text-sm font-semibold text-gray-900 tabular-nums dark:text-white">{f.value}</dd>
          </div>
        ))}
      </dl>
      <details className="group text-sm">
        <summary className="cursor-pointer rounded text-gray-600 select-none hover:text-gray-900 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none dark:text-gray-400 dark:hover:text-white">
          How this was found
        </summary>
        <div className="mt-2 flex flex-col gap-2">
          <p className="text-xs text-gray-600 dark:text-gray-400">{insight.rule}</p>
          <Evidence insight={insight} currency={currency} />
        </div>
      </details>
      <div>
        <ServerLink link={insight.link} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
          {linkLabel(insight)}
          <ArrowRightIcon className="size-4" aria-hidden />
        </ServerLink>
      </div>
    </li>
  );
}

/**
 * 'AI Revenue Intelligence' (spec §2.4): what the rules found in the organization's own records —
 * stalled deals, conversion drops, overdue tasks piling up, the best lead source — each with its
 * numbers, an impact level and a link to the records behind it. No invented confidence figures.
 */
export function InsightsPanel({ data, busy = false, limit }: { data: Insights; busy?: boolean; /** Show only the first few (the command center). */ limit?: number }) {
  const shown = limit === undefined ? data.insights : data.insights.slice(0, limit);
  return (
    <Panel title="AI Revenue Intelligence" description={`Rules applied to your records for ${periodPhrase(data.period)}; each finding links to the records behind it.`} busy={busy}>
      {data.insights.length === 0 ? (
        <PanelEmpty icon={SparklesIcon} title="Nothing needs your attention">
          No stalled deals, conversion drops, overdue tasks piling up on one person, or winning lead source in {periodPhrase(data.period)}. Findings appear here as your team works deals and tasks.
        </PanelEmpty>
      ) : (
        <div className="flex flex-col gap-3">
          <ul className="flex flex-col gap-3" aria-label="Insights">
            {shown.map((insight) => (
              <InsightCard key={insight.key} insight={insight} currency={data.currency} />
            ))}
          </ul>
          {shown.length < data.insights.length ? (
            <p className="text-sm text-gray-600 dark:text-gray-400">
              {data.insights.length - shown.length} more {data.insights.length - shown.length === 1 ? 'finding' : 'findings'} on the Analytics page.
            </p>
          ) : null}
        </div>
      )}
    </Panel>
  );
}

/** 'Recommended Actions' (spec §2.4): one per finding, each opening the filtered list to act on. */
export function ActionsPanel({ actions, busy = false }: { actions: Action[]; busy?: boolean }) {
  return (
    <Panel title="Recommended Actions" description="The next step for each finding, most urgent first." busy={busy}>
      {actions.length === 0 ? (
        <PanelEmpty icon={ListChecksIcon} title="No actions recommended">
          Actions appear when a rule finds something to fix or to invest in.
        </PanelEmpty>
      ) : (
        <ol className="flex flex-col gap-2" aria-label="Recommended actions">
          {actions.map((action) => (
            <li key={action.key} className="flex flex-col items-start gap-2 rounded-lg border border-gray-200 p-3 dark:border-gray-800">
              <ImpactBadge impact={action.impact} />
              <ServerLink link={action.link} className={cn(buttonClasses({ variant: 'default', size: 'sm' }), 'h-auto min-h-8 w-full justify-between py-1.5 text-left whitespace-normal')}>
                <span>{action.title}</span>
                <ArrowRightIcon className="size-4" aria-hidden />
              </ServerLink>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}
