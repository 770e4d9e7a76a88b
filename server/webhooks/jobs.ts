import type { AppDeps } from '../deps';
import { deliver, DELIVER_JOB, type DeliverJobData } from './deliver';
import { fanOut, SOURCE_EVENTS } from './fanout';

export type WebhookJobs = { [DELIVER_JOB]: DeliverJobData };

/** The webhooks consumer (delivery rows and their jobs in the consumer's transaction) and the sender. */
export function registerWebhookJobs(deps: AppDeps): void {
  deps.consumers.onEvent('webhooks', SOURCE_EVENTS, (event, { db }) => fanOut(deps, event, db));
  // Retries are the delivery's own (backoff, Retry-After, 24 hours); the queue's retry only covers a worker that died mid-attempt.
  deps.jobs.register(DELIVER_JOB, (job) => deliver(deps, job.data), { concurrency: 16, retryLimit: 5, retryDelay: 30, expireInSeconds: 60 });
}
