import { sql } from 'kysely';
import type { Db } from '../db';
import type { AppDeps } from '../deps';
import { scoped } from '../db/scoped';
import { publishCampaignChange } from './campaigns';
import { DISPATCH_JOB, type CampaignJobData } from './lifecycle';
import { repliedThreadsSql, requireCampaign, type AbTest } from './repo';

type Scores = { variant: 'a' | 'b' | null; score: number }[];

/** Per variant, the recipients with a human open (or click). */
function eventScores(trx: Db, organizationId: string, campaignId: string, type: 'open' | 'click'): Promise<Scores> {
  return scoped(trx, organizationId)
    .selectFrom('campaign_events')
    .innerJoin('campaign_recipients', 'campaign_recipients.id', 'campaign_events.recipient_id')
    .select(['campaign_recipients.variant', sql<number>`count(distinct campaign_events.recipient_id)::int`.as('score')])
    .where('campaign_events.campaign_id', '=', campaignId)
    .where('campaign_events.type', '=', type)
    .where('campaign_events.machine', '=', false)
    .where('campaign_recipients.variant', 'is not', null)
    .groupBy('campaign_recipients.variant')
    .execute();
}

/** Per variant, the recipients who replied (the report's rule: repliedThreadsSql). */
async function replyScores(trx: Db, organizationId: string, campaignId: string): Promise<Scores> {
  const { rows } = await sql<Scores[number]>`select r.variant, count(*)::int as score from campaign_recipients r
    where r.organization_id = ${organizationId} and r.campaign_id = ${campaignId} and r.variant is not null
      and r.email_message_id = any(array(${repliedThreadsSql(organizationId)})) group by r.variant`.execute(trx);
  return rows;
}

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
    const scores =
      test.metric === 'replies' ? await replyScores(trx, data.organizationId, campaign.id) : await eventScores(trx, data.organizationId, campaign.id, test.metric === 'opens' ? 'open' : 'click');
    const score = (variant: 'a' | 'b') => scores.find((s) => s.variant === variant)?.score ?? 0;
    const winner = score('b') > score('a') ? 'b' : 'a';
    await scoped(trx, data.organizationId).updateTable('campaigns').set({ ab_winner: winner, updated_at: new Date() }).where('id', '=', campaign.id).execute();
    await scoped(trx, data.organizationId).updateTable('campaign_recipients').set({ held: false, due_at: new Date() }).where('campaign_id', '=', campaign.id).where('held', '=', true).execute();
    await publishCampaignChange(trx, data.organizationId, campaign.id, campaign.status, null);
    // A paused campaign's rest waits for resume, which starts its own chain.
    if (campaign.status === 'sending') await deps.jobs.send(DISPATCH_JOB, data, { db: trx });
  });
}
