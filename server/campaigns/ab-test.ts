import { sql } from 'kysely';
import type { AppDeps } from '../deps';
import { scoped } from '../db/scoped';
import { publishCampaignChange } from './campaigns';
import { DISPATCH_JOB, type CampaignJobData } from './lifecycle';
import { requireCampaign, type AbTest } from './repo';

/**
 * The A/B test's end (a job at the set time after sending started): the variant with more unique
 * human opens (or clicks) among its recipients wins — A on a tie — and the held rest of the
 * audience is released to get it. A cancelled campaign's rest stays cancelled.
 */
export async function pickWinner(deps: AppDeps, data: CampaignJobData): Promise<void> {
  await deps.database.db.transaction().execute(async (trx) => {
    const campaign = await requireCampaign(trx, data.organizationId, data.campaignId, { lock: true }).catch(() => null);
    const test = campaign?.ab_test as AbTest | null | undefined;
    if (!campaign || !test || campaign.ab_winner) return;
    const type = test.metric === 'opens' ? 'open' : 'click';
    const scores = await scoped(trx, data.organizationId)
      .selectFrom('campaign_events')
      .innerJoin('campaign_recipients', 'campaign_recipients.id', 'campaign_events.recipient_id')
      .select(['campaign_recipients.variant', sql<number>`count(distinct campaign_events.recipient_id)::int`.as('score')])
      .where('campaign_events.campaign_id', '=', campaign.id)
      .where('campaign_events.type', '=', type)
      .where('campaign_events.machine', '=', false)
      .where('campaign_recipients.variant', 'is not', null)
      .groupBy('campaign_recipients.variant')
      .execute();
    const score = (variant: 'a' | 'b') => scores.find((s) => s.variant === variant)?.score ?? 0;
    const winner = score('b') > score('a') ? 'b' : 'a';
    await scoped(trx, data.organizationId).updateTable('campaigns').set({ ab_winner: winner, updated_at: new Date() }).where('id', '=', campaign.id).execute();
    await scoped(trx, data.organizationId).updateTable('campaign_recipients').set({ held: false, due_at: new Date() }).where('campaign_id', '=', campaign.id).where('held', '=', true).execute();
    await publishCampaignChange(trx, data.organizationId, campaign.id, campaign.status, null);
    // A paused campaign's rest waits for resume, which starts its own chain.
    if (campaign.status === 'sending') await deps.jobs.send(DISPATCH_JOB, data, { db: trx });
  });
}
