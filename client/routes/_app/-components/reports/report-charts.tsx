import type { ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, type TooltipContentProps, XAxis, YAxis } from 'recharts';
import { formatMoney } from '../../../../lib/money';
import { formatCount, formatPercentValue } from '../analytics/format';
import type { Report } from '../analytics/types';
import { bucketLabel, num } from './report-format';

/**
 * The report charts (recharts, loaded with the /reports screen only). Colours are mid-tones that
 * read on light and dark backgrounds; axis text and grid take the surrounding text colour. Each
 * chart is one image to assistive technology, named by a summary of its figures; the data table
 * under it carries every number.
 */

const COLORS = { indigo: '#6366f1', emerald: '#10b981', amber: '#f59e0b', rose: '#f43f5e', sky: '#0ea5e9', gray: '#9ca3af' } as const;
const HEIGHT = 260;
const tick = { fill: 'currentColor', fontSize: 12 };
const grid = <CartesianGrid stroke="currentColor" strokeOpacity={0.12} vertical={false} />;

type Series = { key: string; label: string; format: (v: number) => string };

function ChartTooltip({ active, payload, label, series, labelOf }: TooltipContentProps<number, string> & { series: Series[]; labelOf: (label: string) => string }) {
  if (!active || !payload?.length) return null;
  return (
    <div className="rounded-md border border-gray-200 bg-white px-3 py-2 text-xs shadow-md dark:border-gray-700 dark:bg-gray-900">
      <p className="mb-1 font-semibold text-gray-900 dark:text-white">{labelOf(String(label ?? ''))}</p>
      <ul className="flex flex-col gap-0.5">
        {payload.map((entry) => {
          const s = series.find((x) => x.key === entry.dataKey);
          return (
            <li key={String(entry.dataKey)} className="flex items-center gap-2 text-gray-700 dark:text-gray-300">
              <span className="inline-block size-2 rounded-full" style={{ background: entry.color }} aria-hidden />
              <span>{s?.label ?? entry.name}:</span>
              <span className="font-medium tabular-nums">{s ? s.format(Number(entry.value ?? 0)) : String(entry.value)}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function Frame({ summary, children }: { summary: string; children: ReactNode }) {
  return (
    <div role="img" aria-label={summary} data-slot="chart" className="w-full text-gray-500 dark:text-gray-400" style={{ height: HEIGHT }}>
      <ResponsiveContainer width="100%" height="100%">
        {children}
      </ResponsiveContainer>
    </div>
  );
}

const legend = <Legend wrapperStyle={{ fontSize: 12 }} iconType="circle" iconSize={8} />;

function percentAxis(id: string) {
  return <YAxis yAxisId={id} orientation="right" domain={[0, 100]} tickFormatter={(v: number) => `${v}%`} tick={tick} axisLine={false} tickLine={false} width={44} />;
}

export function DealsWonChart({ report, summary }: { report: Report; summary: string }) {
  const money = (v: number) => formatMoney(v, report.currency);
  const series: Series[] = [
    { key: 'won', label: 'Deals won', format: formatCount },
    { key: 'valueMinor', label: 'Won value', format: money },
  ];
  const labelOf = (d: string) => bucketLabel(d, report.period.bucket, true);
  return (
    <Frame summary={summary}>
      <ComposedChart data={report.rows} accessibilityLayer={false} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
        {grid}
        <XAxis dataKey="bucket" tickFormatter={(d: string) => bucketLabel(d, report.period.bucket)} tick={tick} tickLine={false} axisLine={false} minTickGap={16} />
        <YAxis yAxisId="count" allowDecimals={false} tick={tick} axisLine={false} tickLine={false} width={36} />
        <YAxis yAxisId="money" orientation="right" tickFormatter={(v: number) => formatMoney(v, report.currency, { compact: true })} tick={tick} axisLine={false} tickLine={false} width={64} />
        <Tooltip content={(props) => <ChartTooltip {...(props as TooltipContentProps<number, string>)} series={series} labelOf={labelOf} />} cursor={{ fill: 'currentColor', fillOpacity: 0.06 }} />
        {legend}
        <Bar yAxisId="count" dataKey="won" name="Deals won" fill={COLORS.indigo} radius={[3, 3, 0, 0]} maxBarSize={36} />
        <Line yAxisId="money" dataKey="valueMinor" name="Won value" stroke={COLORS.emerald} strokeWidth={2} dot={false} type="monotone" />
      </ComposedChart>
    </Frame>
  );
}

export function PipelineChart({ report, summary }: { report: Report; summary: string }) {
  const money = (v: number) => formatMoney(v, report.currency);
  const series: Series[] = [
    { key: 'valueMinor', label: 'Value', format: money },
    { key: 'weightedValueMinor', label: 'Weighted value', format: money },
    { key: 'deals', label: 'Deals', format: formatCount },
  ];
  return (
    <Frame summary={summary}>
      <BarChart data={report.rows} layout="vertical" accessibilityLayer={false} margin={{ top: 8, right: 16, left: 0, bottom: 0 }}>
        <CartesianGrid stroke="currentColor" strokeOpacity={0.12} horizontal={false} />
        <YAxis type="category" dataKey="stage" tick={tick} axisLine={false} tickLine={false} width={112} />
        <XAxis type="number" tickFormatter={(v: number) => formatMoney(v, report.currency, { compact: true })} tick={tick} axisLine={false} tickLine={false} />
        <Tooltip content={(props) => <ChartTooltip {...(props as TooltipContentProps<number, string>)} series={series} labelOf={(l) => l} />} cursor={{ fill: 'currentColor', fillOpacity: 0.06 }} />
        {legend}
        <Bar dataKey="valueMinor" name="Value" fill={COLORS.sky} radius={[0, 3, 3, 0]} maxBarSize={18} />
        <Bar dataKey="weightedValueMinor" name="Weighted value" fill={COLORS.indigo} radius={[0, 3, 3, 0]} maxBarSize={18} />
      </BarChart>
    </Frame>
  );
}

/** Sources with the most contacts or wins; the table lists all of them. */
const SOURCES_CHARTED = 8;

export function LeadSourcesChart({ report, summary }: { report: Report; summary: string }) {
  const rows = report.rows.slice(0, SOURCES_CHARTED).map((r) => ({ ...r, source: String(r.source ?? '').replace(/[_-]+/g, ' ') }));
  const series: Series[] = [
    { key: 'contactsCreated', label: 'Contacts created', format: formatCount },
    { key: 'dealsWon', label: 'Deals won', format: formatCount },
  ];
  return (
    <Frame summary={summary}>
      <BarChart data={rows} layout="vertical" accessibilityLayer={false} margin={{ top: 8, right: 16, left: 0, bottom: 0 }}>
        <CartesianGrid stroke="currentColor" strokeOpacity={0.12} horizontal={false} />
        <YAxis type="category" dataKey="source" tick={tick} axisLine={false} tickLine={false} width={112} />
        <XAxis type="number" allowDecimals={false} tick={tick} axisLine={false} tickLine={false} />
        <Tooltip content={(props) => <ChartTooltip {...(props as TooltipContentProps<number, string>)} series={series} labelOf={(l) => l} />} cursor={{ fill: 'currentColor', fillOpacity: 0.06 }} />
        {legend}
        <Bar dataKey="contactsCreated" name="Contacts created" fill={COLORS.sky} radius={[0, 3, 3, 0]} maxBarSize={16} />
        <Bar dataKey="dealsWon" name="Deals won" fill={COLORS.emerald} radius={[0, 3, 3, 0]} maxBarSize={16} />
      </BarChart>
    </Frame>
  );
}

export function TasksChart({ report, summary }: { report: Report; summary: string }) {
  const series: Series[] = [
    { key: 'created', label: 'Created', format: formatCount },
    { key: 'completed', label: 'Completed', format: formatCount },
    { key: 'onTimePercent', label: 'On time', format: (v) => formatPercentValue(v) },
  ];
  const labelOf = (d: string) => bucketLabel(d, report.period.bucket, true);
  return (
    <Frame summary={summary}>
      <ComposedChart data={report.rows} accessibilityLayer={false} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
        {grid}
        <XAxis dataKey="bucket" tickFormatter={(d: string) => bucketLabel(d, report.period.bucket)} tick={tick} tickLine={false} axisLine={false} minTickGap={16} />
        <YAxis yAxisId="count" allowDecimals={false} tick={tick} axisLine={false} tickLine={false} width={36} />
        {percentAxis('percent')}
        <Tooltip content={(props) => <ChartTooltip {...(props as TooltipContentProps<number, string>)} series={series} labelOf={labelOf} />} cursor={{ fill: 'currentColor', fillOpacity: 0.06 }} />
        {legend}
        <Bar yAxisId="count" dataKey="created" name="Created" fill={COLORS.gray} radius={[3, 3, 0, 0]} maxBarSize={24} />
        <Bar yAxisId="count" dataKey="completed" name="Completed" fill={COLORS.indigo} radius={[3, 3, 0, 0]} maxBarSize={24} />
        <Line yAxisId="percent" dataKey="onTimePercent" name="On time" stroke={COLORS.emerald} strokeWidth={2} dot={{ r: 2 }} connectNulls type="monotone" />
      </ComposedChart>
    </Frame>
  );
}

export function AppointmentsChart({ report, summary }: { report: Report; summary: string }) {
  const series: Series[] = [
    { key: 'completed', label: 'Completed', format: formatCount },
    { key: 'noShow', label: 'No-show', format: formatCount },
    { key: 'cancelled', label: 'Cancelled', format: formatCount },
    { key: 'scheduled', label: 'Scheduled', format: formatCount },
  ];
  const labelOf = (d: string) => bucketLabel(d, report.period.bucket, true);
  return (
    <Frame summary={summary}>
      <BarChart data={report.rows} accessibilityLayer={false} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
        {grid}
        <XAxis dataKey="bucket" tickFormatter={(d: string) => bucketLabel(d, report.period.bucket)} tick={tick} tickLine={false} axisLine={false} minTickGap={16} />
        <YAxis allowDecimals={false} tick={tick} axisLine={false} tickLine={false} width={36} />
        <Tooltip content={(props) => <ChartTooltip {...(props as TooltipContentProps<number, string>)} series={series} labelOf={labelOf} />} cursor={{ fill: 'currentColor', fillOpacity: 0.06 }} />
        {legend}
        <Bar dataKey="completed" name="Completed" stackId="a" fill={COLORS.emerald} maxBarSize={28} />
        <Bar dataKey="noShow" name="No-show" stackId="a" fill={COLORS.rose} maxBarSize={28} />
        <Bar dataKey="cancelled" name="Cancelled" stackId="a" fill={COLORS.gray} maxBarSize={28} />
        <Bar dataKey="scheduled" name="Scheduled" stackId="a" fill={COLORS.indigo} radius={[3, 3, 0, 0]} maxBarSize={28} />
      </BarChart>
    </Frame>
  );
}

/** A sentence of the chart's figures, for its accessible name (and for anyone who prefers words). */
export function summarize(report: Report, rangeText: string): string {
  const t = report.totals ?? {};
  const money = (v: number) => formatMoney(v, report.currency);
  switch (report.report) {
    case 'deals-won': {
      const best = report.rows.reduce<(typeof report.rows)[number] | null>((top, r) => (num(r.won) > num(top?.won) ? r : top), null);
      return `Deals won, ${rangeText}: ${formatCount(num(t.won))} deals worth ${money(num(t.valueMinor))}${best ? `; most in ${bucketLabel(String(best.bucket), report.period.bucket, true)} (${formatCount(num(best.won))})` : ''}.`;
    }
    case 'pipeline':
      return `${report.title}: ${report.rows.map((r) => `${r.stage} ${formatCount(num(r.deals))} deals, ${money(num(r.valueMinor))}`).join('; ')}.`;
    case 'lead-sources':
      return `Lead sources, ${rangeText}: ${report.rows
        .slice(0, 5)
        .map((r) => `${String(r.source).replace(/[_-]+/g, ' ')} ${formatCount(num(r.contactsCreated))} contacts, ${formatCount(num(r.dealsWon))} won`)
        .join('; ')}.`;
    case 'tasks':
      return `Task completion, ${rangeText}: ${formatCount(num(t.created))} created, ${formatCount(num(t.completed))} completed, ${formatCount(num(t.completedOnTime))} of ${formatCount(num(t.due))} due done on time.`;
    case 'appointments':
      return `Appointment outcomes, ${rangeText}: ${formatCount(num(t.completed))} completed, ${formatCount(num(t.noShow))} no-shows, ${formatCount(num(t.cancelled))} cancelled, ${formatCount(num(t.scheduled))} still scheduled.`;
  }
}
