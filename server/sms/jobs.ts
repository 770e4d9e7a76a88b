import type { AppDeps } from '../deps';
import { deliverMessage, deliverSandboxMessage, SANDBOX_DELIVERY_JOB } from './delivery';
import { SEND_JOB, type SendJobData } from './service';

export type SmsJobOptions = {
  /** Retries after the first attempt (429, 5xx, timeouts); the last one ends the message as failed. Default 6. */
  retryLimit?: number;
  /** Seconds before the first retry, doubled each time (with jitter). Default 5. */
  retryDelay?: number;
  /** A send still running this long (a dead worker) is retried, and reconciled first. Default 120. */
  expireInSeconds?: number;
  /** Sends one process runs at once (each waits for its sender's rate slot). Default 32. */
  concurrency?: number;
};

/**
 * The SMS domain's background jobs: one sms.send job per accepted message (enqueued in the
 * transaction that stores it), and the sandbox's delayed delivery receipt. Delivery is at least
 * once; deliverMessage is idempotent by the message's state and reconciles interrupted sends.
 */
export function registerSmsJobs(deps: AppDeps, options: SmsJobOptions = {}): void {
  const retryLimit = options.retryLimit ?? 6;
  deps.jobs.register<SendJobData>(SEND_JOB, (job) => deliverMessage(deps, job, { retryLimit }), {
    concurrency: options.concurrency ?? 32,
    retryLimit,
    retryDelay: options.retryDelay ?? 5,
    retryBackoff: true,
    expireInSeconds: options.expireInSeconds ?? 120,
  });
  deps.jobs.register<SendJobData>(SANDBOX_DELIVERY_JOB, (job) => deliverSandboxMessage(deps, job.data), { concurrency: 4, retryLimit: 3, retryDelay: 5 });
}
