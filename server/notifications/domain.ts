import { defineDomain } from '../kernel/domain';
import type { DigestJobData, DIGEST_JOB } from './digest';
import { registerNotificationEmails } from './jobs';
import { notificationsRouter } from './router';

/** Its job: one member's daily digest of notification e-mails. */
type Jobs = { [DIGEST_JOB]: DigestJobData };

declare module '../jobs/queue' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declares this domain's jobs to the kernel
  interface JobRegistry extends Jobs {}
}

export const notificationsDomain = defineDomain({ name: 'notifications', router: { notifications: notificationsRouter }, jobs: registerNotificationEmails });
