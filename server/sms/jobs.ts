import type { AppDeps } from '../deps';
import { deliverMessages, deliverSandboxMessages, SANDBOX_DELIVERY_JOB } from './delivery';
import { SEND_JOB } from './send-job';

export type SmsJobOptions = {
  /** Retries after the first attempt (429, 5xx, timeouts); the last one ends the message as failed. Default 6. */
  retryLimit?: number;
  /** Seconds before the first retry, doubled each time (with jitter). Default 5. */
  retryDelay?: number;
  /** A send still running this long (a dead worker) is retried, and reconciled first. Default 120. */
  expireInSeconds?: number;
  /** Send jobs (chunks of messages) one process runs at once. Default 32. */
  concurrency?: number;
  /**
   * Messages of one chunk in flight at once (each claimed, then waiting for its sender's rate slot and
   * one of the process's PROVIDER_SOCKETS). Default 16.
   */
  parallelSends?: number;
};

/**
 * The SMS domain's background jobs: sms.send jobs of up to SEND_CHUNK_MAX accepted messages each
 * (enqueued in the transaction that stores them), and the sandbox's delayed delivery receipts
 * (enqueued in the transaction that marks their messages sent).
 * Delivery is at least once; deliverMessages is idempotent by each message's state and reconciles
 * interrupted sends.
 */
export function registerSmsJobs(deps: AppDeps, options: SmsJobOptions = {}): void {
  const retryLimit = options.retryLimit ?? 6;
  const expireInSeconds = options.expireInSeconds ?? 120;
  const delivery = { retryLimit, parallelSends: options.parallelSends ?? 16, budgetMs: (expireInSeconds * 1000) / 2 };
  deps.jobs.register(SEND_JOB, (job) => deliverMessages(deps, job, delivery), {
    concurrency: options.concurrency ?? 32,
    retryLimit,
    retryDelay: options.retryDelay ?? 5,
    retryBackoff: true,
    expireInSeconds,
  });
  // A report job a dead worker left active is retried after the same expiry as the sends (its write is forward-only, so a second run changes nothing).
  deps.jobs.register(SANDBOX_DELIVERY_JOB, (job) => deliverSandboxMessages(deps, job.data), { concurrency: 4, retryLimit: 3, retryDelay: 5, expireInSeconds });
}
