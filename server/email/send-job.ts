import type { AppDeps } from '../deps';

/** The job that sends a chunk of outbound messages (server/email/jobs.ts), enqueued by queueEmails in the transaction that stores them. */
export const SEND_JOB = 'email.send';
export type SendJobData = {
  messageIds: string[];
  /** Sandbox only, by message id: printed on the console with the message (an account e-mail's link). */
  consoleLinks?: Record<string, string>;
};

/** The most messages one email.send job carries. */
export const SEND_CHUNK_MAX = 100;

/**
 * Messages per email.send job: about one second of SMTP_MAX_RATE (10 at the default 10/s, the
 * maximum when the limit is lifted), so a chunk takes about as long to send as one message did
 * when each had its job, and a run stays far inside its expiry (decision 025, Chunks).
 */
export function sendChunkSize(deps: Pick<AppDeps, 'config'>): number {
  return Math.min(SEND_CHUNK_MAX, Math.max(1, Math.floor(deps.config.email.maxRate)));
}
