import type { AppDeps } from '../deps';
import { deliverEmails } from './delivery';
import { SEND_JOB } from './send-job';

export type EmailJobOptions = {
  /** Retries after the first attempt (4xx replies, timeouts, dropped connections). Default 6. */
  retryLimit?: number;
  /** Seconds before the first retry, doubled each time (with jitter). Default 10. */
  retryDelay?: number;
  /** A send still running this long (a dead worker) is retried (decision 025). Default 120. */
  expireInSeconds?: number;
  /** Send jobs (chunks of messages) one process runs at once; their calls share the SMTP pool's connections, paced by SMTP_MAX_RATE. Default 4. */
  concurrency?: number;
};

/** The e-mail domain's background jobs: email.send, one per chunk of outbound messages, enqueued with them (outbox.ts). */
export function registerEmailJobs(deps: AppDeps, options: EmailJobOptions = {}): void {
  const retryLimit = options.retryLimit ?? 6;
  const expireInSeconds = options.expireInSeconds ?? 120;
  deps.jobs.register(SEND_JOB, (job) => deliverEmails(deps, job, { retryLimit, budgetMs: (expireInSeconds * 1000) / 2 }), {
    concurrency: options.concurrency ?? 4,
    retryLimit,
    retryDelay: options.retryDelay ?? 10,
    retryBackoff: true,
    expireInSeconds,
  });
}
