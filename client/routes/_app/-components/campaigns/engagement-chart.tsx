import { useState } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { FormAlert } from '../../../../components/form';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card';
import { errorMessageOf } from '../../../../lib/errors';
import { trpc } from '../../../../lib/trpc';
import type { Campaign } from './labels';

const COLORS = { opened: '#6366f1', clicked: '#10b981', machine: '#9ca3af' } as const;
const tick = { fill: 'currentColor', fontSize: 12 };

/** "2026-11-30T09:00" → "Nov 30, 09:00" by the hour, "Nov 30" by the day (already the organization's wall-clock time). */
function bucketLabel(at: string, bucket: 'hour' | 'day'): string {
  const day = new Date(`${at.slice(0, 10)}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
  return bucket === 'hour' ? `${day}, ${at.slice(11, 16)}` : day;
}

/** Opens (people's; machines' apart) and clicks over time, from the stored events, by the hour or the day. */
export function EngagementCard({ campaign, live }: { campaign: Campaign; live: boolean }) {
  const [bucket, setBucket] = useState<'hour' | 'day'>('hour');
  const engagement = trpc.campaigns.engagement.useQuery({ id: campaign.id, bucket }, { refetchInterval: live ? 10_000 : false });
  const points = engagement.data?.points ?? [];
  const totals = points.reduce((sum, p) => ({ opened: sum.opened + p.opened, clicked: sum.clicked + p.clicked }), { opened: 0, clicked: 0 });
  const summary = `${totals.opened} opens and ${totals.clicked} clicks by people over ${points.length} ${bucket === 'hour' ? 'hours' : 'days'}`;
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle as="h2">Opens and clicks over time</CardTitle>
        <div className="flex gap-1" role="group" aria-label="Chart interval">
          {(['hour', 'day'] as const).map((b) => (
            <Button key={b} size="sm" variant={b === bucket ? 'default' : 'outline'} aria-pressed={b === bucket} onClick={() => setBucket(b)}>
              {b === 'hour' ? 'By hour' : 'By day'}
            </Button>
          ))}
        </div>
      </CardHeader>
      <CardContent>
        <FormAlert message={engagement.error ? errorMessageOf(engagement.error, 'Could not load the chart') : null} />
        {points.length === 0 ? (
          <p className="text-sm text-gray-600 dark:text-gray-400">{engagement.isPending ? 'Loading…' : 'No opens or clicks yet.'}</p>
        ) : (
          <div role="img" aria-label={summary} data-slot="chart" data-testid="engagement-chart" className="h-64 w-full text-gray-500 dark:text-gray-400">
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={points} accessibilityLayer={false} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
                <CartesianGrid stroke="currentColor" strokeOpacity={0.12} vertical={false} />
                <XAxis dataKey="at" tickFormatter={(at: string) => bucketLabel(at, bucket)} tick={tick} tickLine={false} axisLine={false} minTickGap={24} />
                <YAxis allowDecimals={false} tick={tick} axisLine={false} tickLine={false} width={36} />
                <Tooltip labelFormatter={(at) => `${bucketLabel(String(at), bucket)} (${engagement.data?.timeZone ?? ''})`} />
                <Legend wrapperStyle={{ fontSize: 12 }} iconType="circle" iconSize={8} />
                <Bar dataKey="opened" name="Opens" fill={COLORS.opened} radius={[3, 3, 0, 0]} maxBarSize={28} />
                <Bar dataKey="clicked" name="Clicks" fill={COLORS.clicked} radius={[3, 3, 0, 0]} maxBarSize={28} />
                <Bar dataKey="machineOpened" name="Machine opens" fill={COLORS.machine} radius={[3, 3, 0, 0]} maxBarSize={28} />
              </BarChart>
            </ResponsiveContainer>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
