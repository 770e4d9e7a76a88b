import type { EventRule } from '../events/types';
import { defineDomain } from '../kernel/domain';
import type { PermissionRule } from '../kernel/permissions';
import { registerLeadJobs } from './jobs';
import { leadsRest } from './rest';
import { leadsRouter } from './router';
import type { KIT_FORWARD_JOB, KitForwardJobData } from './jobs';

const permissions = {
  'forms:read': { minimumRole: 'viewer' },
} as const satisfies Record<string, PermissionRule>;

const events = {
  lead_captured: { permission: 'contacts:read', invalidates: ['contacts.list', 'contacts.duplicates', 'analytics'] },
} as const satisfies Record<string, EventRule>;

/** Its job: one lead forwarded to Kit. */
type Jobs = { [KIT_FORWARD_JOB]: KitForwardJobData };

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

export const leadsDomain = defineDomain({
  name: 'leads',
  router: { leads: leadsRouter },
  rest: [{ path: '/', routes: () => leadsRest }],
  jobs: (deps) => registerLeadJobs(deps),
  permissions,
  events,
});
