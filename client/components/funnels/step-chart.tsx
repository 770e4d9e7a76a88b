import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export type StepDay = { day: string; visitors: number; optIns: number };

const COLORS = { indigo: '#6366f1', emerald: '#10b981' } as const;
/** One per variant, in the variants' order (a step has at most six). */
const VARIANT_COLORS = ['#6366f1', '#f59e0b', '#10b981', '#ec4899', '#0ea5e9', '#8b5cf6'] as const;
const tick = { fill: 'currentColor', fontSize: 12 };

/** "2026-11-16" → "Nov 16". */
export function dayLabel(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/**
 * A step's visitors per day (bars) and its opt-ins (line), the chart style of the Forms view. One
 * image to assistive technology, named by `summary`; the stats table beside it carries the numbers.
 */
export function StepChart({ days, summary }: { days: StepDay[]; summary: string }) {
  return (
    <div role="img" aria-label={summary} data-slot="chart" className="h-48 w-full text-gray-500 dark:text-gray-400">
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={days} accessibilityLayer={false} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
          <CartesianGrid stroke="currentColor" strokeOpacity={0.12} vertical={false} />
          <XAxis dataKey="day" tickFormatter={dayLabel} tick={tick} tickLine={false} axisLine={false} minTickGap={16} />
          <YAxis allowDecimals={false} tick={tick} axisLine={false} tickLine={false} width={36} />
          <Tooltip labelFormatter={(d) => dayLabel(String(d))} />
          <Legend wrapperStyle={{ fontSize: 12 }} iconType="circle" iconSize={8} />
          <Bar dataKey="visitors" name="Visitors" fill={COLORS.indigo} radius={[3, 3, 0, 0]} maxBarSize={28} />
          <Line dataKey="optIns" name="Opt-ins" stroke={COLORS.emerald} strokeWidth={2} dot={false} type="monotone" />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}

export type VariantSeries = { variantId: string; label: string; days: StepDay[] };

/**
 * Each variant's cumulative opt-in rate (0–100) on each day of the period that had visits: the
 * opt-ins over the visitors from the period's first day to that day, as A/B reports chart it (a
 * day's own rate jumps with a handful of visitors). A variant without visitors yet has no point.
 */
export function cumulativeRates(series: readonly VariantSeries[]): Record<string, number | string | null>[] {
  const days = [...new Set(series.flatMap((s) => s.days.map((d) => d.day)))].sort();
  const totals = series.map(() => ({ visitors: 0, optIns: 0 }));
  const byDay = series.map((s) => new Map(s.days.map((d) => [d.day, d])));
  return days.map((day) => {
    const point: Record<string, number | string | null> = { day };
    series.forEach((s, i) => {
      const today = byDay[i]!.get(day);
      const total = totals[i]!;
      total.visitors += today?.visitors ?? 0;
      total.optIns += today?.optIns ?? 0;
      point[s.variantId] = total.visitors > 0 ? Math.round((total.optIns / total.visitors) * 1000) / 10 : null;
    });
    return point;
  });
}

/** The variants of one step side by side: a line per variant of its cumulative opt-in rate. */
export function VariantChart({ series, summary }: { series: readonly VariantSeries[]; summary: string }) {
  return (
    <div role="img" aria-label={summary} data-slot="chart" className="h-48 w-full text-gray-500 dark:text-gray-400">
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={cumulativeRates(series)} accessibilityLayer={false} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
          <CartesianGrid stroke="currentColor" strokeOpacity={0.12} vertical={false} />
          <XAxis dataKey="day" tickFormatter={dayLabel} tick={tick} tickLine={false} axisLine={false} minTickGap={16} />
          <YAxis unit="%" tick={tick} axisLine={false} tickLine={false} width={44} />
          <Tooltip labelFormatter={(d) => dayLabel(String(d))} formatter={(value) => `${String(value)}%`} />
          <Legend wrapperStyle={{ fontSize: 12 }} iconType="circle" iconSize={8} />
          {series.map((s, i) => (
            <Line key={s.variantId} dataKey={s.variantId} name={s.label} stroke={VARIANT_COLORS[i % VARIANT_COLORS.length]} strokeWidth={2} dot={false} type="monotone" connectNulls />
          ))}
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
