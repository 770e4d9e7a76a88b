import type { AppDeps } from '../deps';
import { scoped } from '../db/scoped';
import { publishCampaignChange } from './campaigns';
import { DISPATCH_JOB, type CampaignJobData } from './lifecycle';
import { requireCampaign, type AbTest } from './repo';
import { campaignIdsOf, engagementByCampaign } from './stats';

/**
 * The A/B test's end (a job at the set time after sending started): the variant with more unique
 * human opens (or clicks, or replies) among its recipients wins — A on a tie — and the held rest of the
 * audience is released to get it. A cancelled campaign's rest stays cancelled.
 */
export async function pickWinner(deps: AppDeps, data: CampaignJobData): Promise<void> {
  await deps.database.db.transaction().execute(async (trx) => {
    const campaign = await requireCampaign(trx, data.organizationId, data.campaignId, { lock: true }).catch(() => null);
    const test = campaign?.ab_test as AbTest | null | undefined;
    if (!campaign || !test || campaign.ab_winner) return;
    const engagement = (await engagementByCampaign(trx, data.organizationId, campaignIdsOf(trx, data.organizationId, campaign.id))).get(campaign.id) ?? [];
    const figure = ({ opens: 'openedHuman', clicks: 'clicked', replies: 'replied' } as const)[test.metric];
    const score = (variant: 'a' | 'b') => engagement.find((row) => row.variant === variant)?.[figure] ?? 0;
    const winner = score('b') > score('a') ? 'b' : 'a';
    await scoped(trx, data.organizationId).updateTable('campaigns').set({ ab_winner: winner, updated_at: new Date() }).where('id', '=', campaign.id).execute();
    await scoped(trx, data.organizationId).updateTable('campaign_recipients').set({ held: false, due_at: new Date() }).where('campaign_id', '=', campaign.id).where('held', '=', true).execute();
    await publishCampaignChange(trx, data.organizationId, campaign.id, campaign.status, null);
    // A paused campaign's rest waits for resume, which starts its own chain.
    if (campaign.status === 'sending') await deps.jobs.send(DISPATCH_JOB, data, { db: trx });
  });
}
