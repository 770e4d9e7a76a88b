import type { AppDeps } from '../deps';
import { DIGEST_JOB, sendDigest } from './digest';
import { handleNotificationEmailEvent, NOTIFICATION_EMAIL_EVENTS } from './emails';

/** The consumer that turns events into notification e-mail work, and the job that sends each member's digest. */
export function registerNotificationEmails(deps: AppDeps): void {
  deps.consumers.onEvent('notification-emails', NOTIFICATION_EMAIL_EVENTS, (event, { db }) => handleNotificationEmailEvent(deps, event, db));
  deps.jobs.register(DIGEST_JOB, (job) => sendDigest(deps, job.data), { retryLimit: 5, retryDelay: 60 });
}
