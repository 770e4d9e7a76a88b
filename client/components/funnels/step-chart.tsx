import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export type StepDay = { day: string; visitors: number; optIns: number };

const COLORS = { indigo: '#6366f1', emerald: '#10b981' } as const;
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
