import { InfoIcon } from 'lucide-react';
import { useId } from 'react';
import { Tooltip } from '../../../../components/ui/tooltip';
import { focusRing } from '../../../../components/ui/focus';
import { cn } from '../../../../lib/cn';
import { formatMoney } from '../../../../lib/money';
import { formatDays, formatSignedPercent, previousPhrase } from './format';
import { TrendIndicator } from './trend';
import type { Dashboard, Kpi } from './types';

function formatKpiValue(kpi: Kpi, value: number): string {
  return kpi.unit === 'money' && kpi.currency ? formatMoney(value, kpi.currency) : formatDays(value);
}

/** The four KPI cards of spec §2.4, each with its value, change against the previous period and definition. */
export function KpiCards({ dashboard, busy = false }: { dashboard: Dashboard; busy?: boolean }) {
  return (
    <section aria-label="Key performance indicators" aria-busy={busy || undefined} className={cn('grid gap-4 sm:grid-cols-2 xl:grid-cols-4', busy && 'opacity-60 transition-opacity')}>
      {dashboard.kpis.map((kpi) => (
        <KpiCard key={kpi.key} kpi={kpi} period={dashboard.period} />
      ))}
    </section>
  );
}

function KpiCard({ kpi, period }: { kpi: Kpi; period: Dashboard['period'] }) {
  const titleId = useId();
  const previousText = previousPhrase(period);
  const comparison = kpi.value === null ? null : kpi.previous === null ? `Nothing to compare with in ${previousText}` : `vs ${formatKpiValue(kpi, kpi.previous)} in ${previousText}`;
  const excludedNote =
    kpi.excludedCount > 0
      ? `${kpi.excludedCount} ${kpi.key === 'cac' ? (kpi.excludedCount === 1 ? 'spend entry' : 'spend entries') : kpi.excludedCount === 1 ? 'deal' : 'deals'} in other currencies than ${kpi.currency} left out (never converted).`
      : null;
  return (
    <article aria-labelledby={titleId} data-kpi={kpi.key} className="flex min-w-0 flex-col gap-2 rounded-xl border border-gray-200 bg-white p-5 shadow-sm dark:border-gray-800 dark:bg-gray-900">
      <div className="flex items-start justify-between gap-2">
        <h3 id={titleId} className="text-sm font-medium text-gray-600 dark:text-gray-400">
          {kpi.title}
        </h3>
        <Tooltip content={kpi.definition}>
          <button
            type="button"
            aria-label={`How ${kpi.title} is calculated`}
            className={cn('-m-1 inline-flex size-7 shrink-0 items-center justify-center rounded-md text-gray-400 hover:text-gray-700 dark:text-gray-500 dark:hover:text-gray-200', focusRing)}
          >
            <InfoIcon className="size-4" aria-hidden />
          </button>
        </Tooltip>
      </div>
      <p className="text-2xl font-semibold tracking-tight text-gray-900 tabular-nums sm:text-3xl dark:text-white" data-slot="kpi-value">
        {kpi.value === null ? (
          <>
            <span aria-hidden>—</span>
            <span className="sr-only">No value</span>
          </>
        ) : (
          formatKpiValue(kpi, kpi.value)
        )}
      </p>
      {kpi.value === null && kpi.hint ? <p className="text-sm text-gray-600 dark:text-gray-400">{kpi.hint}</p> : null}
      {kpi.value !== null ? (
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-gray-600 dark:text-gray-400">
          {kpi.previous !== null ? <TrendIndicator trend={kpi.trend} better={kpi.better} change={kpi.changePercent === null ? null : formatSignedPercent(kpi.changePercent)} /> : null}
          {comparison ? <span>{comparison}</span> : null}
        </div>
      ) : null}
      {excludedNote ? <p className="text-xs text-amber-700 dark:text-amber-400">{excludedNote}</p> : null}
    </article>
  );
}
