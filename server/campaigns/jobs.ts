import { sql } from 'kysely';
import type { AppDeps } from '../deps';
import { readSettings } from '../organizations/settings';
import { startMoment } from './materialize';
import type { CampaignRow } from './repo';
import { pickWinner } from './ab-test';
import { dispatchCampaign } from './dispatch';
import { DISPATCH_JOB, WINNER_JOB, type CampaignJobData } from './lifecycle';

export type CampaignJobs = {
  [DISPATCH_JOB]: CampaignJobData;
  [WINNER_JOB]: CampaignJobData;
};

/** The sending chain (each run claims a batch and enqueues the next) and the A/B test's decision. */
export function registerCampaignJobs(deps: AppDeps): void {
  deps.jobs.register(DISPATCH_JOB, (job) => dispatchCampaign(deps, job.data), { concurrency: 2, retryLimit: 10, retryDelay: 10, expireInSeconds: 300 });
  deps.jobs.register(WINNER_JOB, (job) => pickWinner(deps, job.data), { concurrency: 1, retryLimit: 10, retryDelay: 30, expireInSeconds: 120 });
}

/**
 * The start-up check (issue #18; keila#464's stuck scheduled campaigns): a campaign scheduled or
 * sending whose dispatch job is gone (a seeded or restored database, a queue emptied by hand) would
 * never move. Each gets one — at its start moment when scheduled, now when sending — unless a
 * dispatch job of it is waiting, retrying or running. Each campaign is checked and queued in one
 * transaction with its row locked, so running it again, or in two processes at once, queues none
 * twice. Answers how many were queued.
 */
export async function queueMissingDispatches(deps: AppDeps): Promise<number> {
  const db = deps.database.db;
  const candidates = await db.selectFrom('campaigns').select(['id', 'organization_id']).where('status', 'in', ['scheduled', 'sending']).execute();
  let queued = 0;
  for (const candidate of candidates) {
    queued += await db.transaction().execute(async (trx) => {
      const campaign = (await trx.selectFrom('campaigns').selectAll().where('id', '=', candidate.id).where('status', 'in', ['scheduled', 'sending']).forUpdate().executeTakeFirst()) as
        CampaignRow | undefined;
      if (!campaign) return 0;
      const waiting = await sql<{ n: number }>`select count(*)::int as n from pgboss.job
        where name = ${DISPATCH_JOB} and data->>'campaignId' = ${campaign.id} and state in ('created', 'retry', 'active')`.execute(trx);
      if ((waiting.rows[0]?.n ?? 0) > 0) return 0;
      const data = { organizationId: campaign.organization_id, campaignId: campaign.id };
      const start = campaign.status === 'scheduled' ? startMoment(campaign, (await readSettings(trx, campaign.organization_id)).timezone) : null;
      await deps.jobs.send(DISPATCH_JOB, data, { db: trx, ...(start && start.getTime() > Date.now() ? { startAfter: start } : {}) });
      return 1;
    });
  }
  return queued;
}
