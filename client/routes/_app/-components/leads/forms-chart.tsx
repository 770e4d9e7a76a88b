import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export type FormWeek = { week: string; submissions: number; converted: number };

const COLORS = { indigo: '#6366f1', emerald: '#10b981' } as const;
const tick = { fill: 'currentColor', fontSize: 12 };

/** "2026-11-16" → "Nov 16": the week's first day. */
export function weekLabel(week: string): string {
  return new Date(`${week}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/**
 * Submissions per week (bars) and the share of them whose contact converted (line, %). One image to
 * assistive technology, named by `summary`; the table beside it carries the numbers.
 */
export function FormsChart({ weeks, summary }: { weeks: FormWeek[]; summary: string }) {
  const data = weeks.map((w) => ({ ...w, conversion: w.submissions > 0 ? Math.round((w.converted / w.submissions) * 1000) / 10 : 0 }));
  return (
    <div role="img" aria-label={summary} data-slot="chart" className="h-64 w-full text-gray-500 dark:text-gray-400">
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
          <CartesianGrid stroke="currentColor" strokeOpacity={0.12} vertical={false} />
          <XAxis dataKey="week" tickFormatter={weekLabel} tick={tick} tickLine={false} axisLine={false} minTickGap={16} />
          <YAxis yAxisId="count" allowDecimals={false} tick={tick} axisLine={false} tickLine={false} width={36} />
          <YAxis yAxisId="percent" orientation="right" domain={[0, 100]} tickFormatter={(v: number) => `${v}%`} tick={tick} axisLine={false} tickLine={false} width={44} />
          <Tooltip labelFormatter={(w) => `Week of ${weekLabel(String(w))}`} formatter={(value, name) => (name === 'Conversion' ? `${String(value)}%` : String(value))} />
          <Legend wrapperStyle={{ fontSize: 12 }} iconType="circle" iconSize={8} />
          <Bar yAxisId="count" dataKey="submissions" name="Submissions" fill={COLORS.indigo} radius={[3, 3, 0, 0]} maxBarSize={36} />
          <Line yAxisId="percent" dataKey="conversion" name="Conversion" stroke={COLORS.emerald} strokeWidth={2} dot={false} type="monotone" />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
