import { payloadText } from '../events/notifications';
import type { EventRule } from '../events/types';
import { defineDomain } from '../kernel/domain';
import type { PermissionRule } from '../kernel/permissions';
import { registerSmsJobs } from './jobs';
import { smsRest } from './rest';
import { smsRouter } from './router';
import type { SANDBOX_DELIVERY_JOB } from './delivery';
import type { SEND_JOB, SendJobData } from './send-job';

const permissions = {
  'sms:read': { minimumRole: 'viewer' },
  'sms:send': { minimumRole: 'sales_rep' },
} as const satisfies Record<string, PermissionRule>;

const events = {
  sms_received: {
    permission: 'sms:read',
    invalidates: ['sms', 'contacts.timeline', 'contacts.get', 'conversations'],
    notification: (payload) => ({
      preference: 'sms_received',
      type: 'info',
      title: 'New SMS',
      message: `${payloadText(payload.from, 'A contact')}: ${payloadText(payload.body, '').slice(0, 120)}`,
      link: payload.contactId ? `/contacts/${String(payload.contactId)}` : '/sms',
    }),
  },
  sms_status: { permission: 'sms:read', invalidates: [] },
} as const satisfies Record<string, EventRule>;

/** Its jobs: chunks of accepted messages to send, and the sandbox's delayed delivery reports. */
type Jobs = { [SEND_JOB]: SendJobData; [SANDBOX_DELIVERY_JOB]: SendJobData };

declare module '../jobs/queue' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declares this domain's jobs to the kernel
  interface JobRegistry extends Jobs {}
}
declare module '../kernel/permissions' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declares this domain's permission names to the kernel
  interface PermissionRegistry extends Record<keyof typeof permissions, true> {}
}
declare module '../events/types' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declares this domain's event types to the kernel
  interface EventRegistry extends Record<keyof typeof events, true> {}
}

export const smsDomain = defineDomain({
  name: 'sms',
  router: { sms: smsRouter },
  rest: [{ path: '/sms', routes: () => smsRest }],
  jobs: (deps) => registerSmsJobs(deps),
  permissions,
  events,
});
