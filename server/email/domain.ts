import { payloadText } from '../events/notifications';
import type { EventRule } from '../events/types';
import { defineDomain } from '../kernel/domain';
import type { PermissionRule } from '../kernel/permissions';
import { complianceRest } from './compliance-rest';
import { emailInboundRest } from './inbound-rest';
import { registerEmailJobs } from './jobs';
import type { SEND_JOB, SendJobData } from './send-job';
import { emailRouter } from './router';
import { emailSendRest } from './send-rest';
import { closeEmailTransport } from './transport';

const permissions = {
  'email:read': { minimumRole: 'viewer' },
  'email:send': { minimumRole: 'sales_rep' },
  /** Settings → E-mail: sender identity, suppression list, templates, the outbox. */
  'email:manage': { minimumRole: 'admin' },
} as const satisfies Record<string, PermissionRule>;

const events = {
  email_status: { permission: 'email:read', invalidates: ['email', 'contacts.timeline', 'conversations'] },
  email_received: {
    permission: 'email:read',
    invalidates: ['email', 'contacts.timeline', 'conversations'],
    notification: (payload) => ({
      preference: 'email_received',
      type: 'info',
      title: 'New e-mail',
      message: `${payloadText(payload.from, 'A contact')}: ${payloadText(payload.subject, '').slice(0, 120)}`,
      link: payload.contactId ? `/contacts/${String(payload.contactId)}` : '/conversations',
    }),
  },
} as const satisfies Record<string, EventRule>;

/** Its job: one outbound message sent (server/email/delivery.ts). */
type Jobs = { [SEND_JOB]: SendJobData };

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

export const emailDomain = defineDomain({
  name: 'email',
  router: { email: emailRouter },
  rest: [
    { path: '/v1/emails', routes: () => emailSendRest },
    { path: '/email', routes: () => complianceRest },
    { path: '/email/inbound', routes: () => emailInboundRest },
  ],
  jobs: (deps) => registerEmailJobs(deps),
  close: closeEmailTransport,
  permissions,
  events,
});
