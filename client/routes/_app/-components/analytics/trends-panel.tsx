import { InfoIcon } from 'lucide-react';
import { useId } from 'react';
import { focusRing } from '../../../../components/ui/focus';
import { Tooltip } from '../../../../components/ui/tooltip';
import { cn } from '../../../../lib/cn';
import { formatCount, formatPercentValue, formatPoints, periodPhrase, previousPhrase } from './format';
import { Panel } from './panel';
import { TrendIndicator } from './trend';
import type { TrendItem, Trends } from './types';

/** What each rate counts, for the line under its bar. */
const COUNT_WORDS: Record<TrendItem['key'], { of: string; none: string }> = {
  leadToCustomer: { of: 'new contacts became customers', none: 'No contacts created in this period' },
  winRate: { of: 'closed deals were won', none: 'No deals closed in this period' },
  tasksOnTime: { of: 'tasks due were done on time', none: 'No tasks were due in this period' },
  showRate: { of: 'appointments with an outcome were attended', none: 'No appointment outcomes recorded in this period' },
};

/** 'Performance Trends' (spec §2.4): four rates computed from the records, each against the previous period. */
export function TrendsPanel({ trends, busy = false }: { trends: Trends; busy?: boolean }) {
  return (
    <Panel title="Performance Trends" description={`Conversion and follow-through rates for ${periodPhrase(trends.period)}, against ${previousPhrase(trends.period)}.`} busy={busy}>
      <ul className="grid gap-4 sm:grid-cols-2" aria-label="Performance trends">
        {trends.items.map((item) => (
          <TrendRow key={item.key} item={item} previousText={previousPhrase(trends.period)} />
        ))}
      </ul>
    </Panel>
  );
}

function TrendRow({ item, previousText }: { item: TrendItem; previousText: string }) {
  const titleId = useId();
  const words = COUNT_WORDS[item.key];
  return (
    <li aria-labelledby={titleId} data-trend-item={item.key} className="flex flex-col gap-2 rounded-lg border border-gray-200 p-4 dark:border-gray-800">
      <div className="flex items-start justify-between gap-2">
        <h3 id={titleId} className="text-sm font-medium text-gray-700 dark:text-gray-300">
          {item.title}
        </h3>
        <Tooltip content={item.definition}>
          <button
            type="button"
            aria-label={`How ${item.title.toLowerCase()} is calculated`}
            className={cn('-m-1 inline-flex size-7 shrink-0 items-center justify-center rounded-md text-gray-400 hover:text-gray-700 dark:text-gray-500 dark:hover:text-gray-200', focusRing)}
          >
            <InfoIcon className="size-4" aria-hidden />
          </button>
        </Tooltip>
      </div>
      <div className="flex items-baseline gap-3">
        <p className="text-2xl font-semibold text-gray-900 tabular-nums dark:text-white" data-slot="trend-value">
          {item.value === null ? (
            <>
              <span aria-hidden>—</span>
              <span className="sr-only">No value</span>
            </>
          ) : (
            formatPercentValue(item.value)
          )}
        </p>
        {item.value !== null ? <TrendIndicator trend={item.trend} better={item.better} change={item.changePoints === null ? null : formatPoints(item.changePoints)} /> : null}
      </div>
      <div
        role="meter"
        aria-label={item.title}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={item.value ?? 0}
        aria-valuetext={item.value === null ? 'No value' : formatPercentValue(item.value)}
        className="h-2 overflow-hidden rounded-full bg-gray-100 dark:bg-gray-800"
      >
        <div className="h-full rounded-full bg-emerald-500 dark:bg-emerald-400" style={{ width: `${Math.min(100, item.value ?? 0)}%` }} />
      </div>
      <p className="text-xs text-gray-600 dark:text-gray-400">
        {item.denominator === 0 ? words.none : `${formatCount(item.numerator)} of ${formatCount(item.denominator)} ${words.of}`}
        {' · '}
        {item.previous === null
          ? `nothing to compare in ${previousText}`
          : `${formatPercentValue(item.previous)} in ${previousText} (${formatCount(item.previousNumerator)} of ${formatCount(item.previousDenominator)})`}
      </p>
    </li>
  );
}
