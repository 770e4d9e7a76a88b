import type { AppDeps } from '../deps';
import { DELIVER_JOB, drainEndpoint, type DeliverJobData } from './deliver';
import { fanOut, SOURCE_EVENTS } from './fanout';

export type WebhookJobs = { [DELIVER_JOB]: DeliverJobData };

/** The webhooks consumer (delivery rows and their endpoints' drains in the consumer's transaction) and the drains. */
export function registerWebhookJobs(deps: AppDeps): void {
  deps.consumers.onEvent('webhooks', SOURCE_EVENTS, (event, { db }) => fanOut(deps, event, db));
  // 'short': one waiting job per key (an endpoint, or an endpoint and a retry time; see wakeDrains).
  // Retries are the deliveries' own (backoff, Retry-After, 24 hours); the queue's retry only covers a
  // worker that died mid-drain, whose claims come due again when their lease ends.
  deps.jobs.register(DELIVER_JOB, (job) => drainEndpoint(deps, job.data, job.signal), { concurrency: 16, retryLimit: 5, retryDelay: 30, expireInSeconds: 60, policy: 'short' });
}
