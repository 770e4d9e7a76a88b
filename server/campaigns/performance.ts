import type { z } from 'zod';
import { resolvePeriod } from '../analytics/period';
import { scoped } from '../db/scoped';
import type { OrgContext } from '../kernel/context';
import { readSettings } from '../organizations/settings';
import { PERFORMANCE_CONVERSION_DAYS, PERFORMANCE_LIMIT, type TCampaignPerformance, type ZPerformanceInput } from './schema';
import { campaignFigures, figuresOf } from './stats';

/**
 * /reports' Campaigns section: the campaigns that started sending within the page's range — whole
 * days in the organization's time zone, resolved as every analytics report resolves them — with
 * each one's report figures (the same counting as `campaigns.stats`, conversions over its default
 * 30 days), the newest 50 listed and the totals over all of them.
 */
export async function campaignPerformance(ctx: OrgContext, input: z.output<typeof ZPerformanceInput>, now = new Date()): Promise<TCampaignPerformance> {
  const org = ctx.organizationId;
  const settings = await readSettings(ctx.db, org);
  const period = await resolvePeriod(ctx.db, input, { timezone: settings.timezone, now });
  const startedInRange = scoped(ctx.db, org).selectFrom('campaigns').where('campaigns.started_at', '>=', period.start).where('campaigns.started_at', '<', period.end);
  const [listed, counted, figures] = await Promise.all([
    startedInRange.select(['id', 'name', 'channel', 'status', 'started_at']).orderBy('started_at', 'desc').orderBy('id', 'desc').limit(PERFORMANCE_LIMIT).execute(),
    startedInRange.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    campaignFigures(ctx.db, org, startedInRange.select('campaigns.id'), PERFORMANCE_CONVERSION_DAYS),
  ]);
  const rowOf = (campaignId: string) => {
    const f = figuresOf(figures.get(campaignId));
    return {
      recipients: f.recipients,
      sent: f.byStatus.sent + f.byStatus.delivered,
      delivered: f.delivered,
      openedHuman: f.openedHuman,
      clicked: f.clicked,
      replied: f.replied,
      unsubscribed: f.unsubscribed,
      dealsWon: f.conversions.dealsWon,
      wonValue: f.conversions.wonValue,
    };
  };
  const totals = { recipients: 0, sent: 0, delivered: 0, openedHuman: 0, clicked: 0, replied: 0, unsubscribed: 0, dealsWon: 0, wonValue: 0 };
  for (const campaignId of figures.keys()) for (const [key, value] of Object.entries(rowOf(campaignId))) totals[key as keyof typeof totals] += value;
  return {
    period: { from: period.from, to: period.to, timezone: period.timezone },
    conversionWindowDays: PERFORMANCE_CONVERSION_DAYS,
    items: listed.map((row) => ({ id: row.id, name: row.name, channel: row.channel, status: row.status, startedAt: row.started_at!.toISOString(), ...rowOf(row.id) })),
    total: Number(counted.n),
    totals: { ...totals, wonValue: Math.round(totals.wonValue * 100) / 100 },
  };
}
