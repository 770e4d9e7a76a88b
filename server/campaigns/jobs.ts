import type { AppDeps } from '../deps';
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
