import { payloadText } from '../events/notifications';
import type { EventRule } from '../events/types';
import { defineDomain } from '../kernel/domain';
import type { PermissionRule } from '../kernel/permissions';
import { registerAutomationJobs, type AutomationJobs } from './jobs';
import { hooksRest } from './hooks-rest';
import { workflowsRest } from './rest';
import { automationsRouter } from './router';

/*
 * Automations (issue #17): workflows, their runs and the engine that runs them on the event
 * consumer and the job queue. "Automation Complete" notifies members (app-core §4.2).
 */
const permissions = {
  'automations:read': { minimumRole: 'viewer' },
  'automations:write': { minimumRole: 'manager' },
} as const satisfies Record<string, PermissionRule>;

const events = {
  automation_completed: {
    permission: 'automations:read',
    // A run ended: the workflows' counts, the run history, the builder's step counts and the overview.
    invalidates: ['automations'],
    notification: (payload) => ({
      preference: 'automation_completed',
      type: 'info',
      title: 'Automation Complete',
      message: `${payloadText(payload.name, 'An automation')} has finished running`,
      link: payload.automationId ? `/automations` : null,
    }),
  },
  /** A run ended failed: its workflow's owner is told (the creator while a member, else the first admin). */
  automation_failed: {
    permission: 'automations:read',
    invalidates: ['automations'],
    notification: (payload) => ({
      preference: 'automation_failed',
      type: 'error',
      title: 'Automation Failed',
      message: `A run of ${payloadText(payload.name, 'an automation')} failed: ${payloadText(payload.error, 'a step failed')}`,
      link: typeof payload.automationId === 'string' ? `/automations?workflowId=${payload.automationId}&status=failed` : '/automations',
      recipients: typeof payload.ownerId === 'string' ? [payload.ownerId] : [],
    }),
  },
} as const satisfies Record<string, EventRule>;

type Jobs = AutomationJobs;

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

export const automationsDomain = defineDomain({
  name: 'automations',
  router: { automations: automationsRouter },
  rest: [
    { path: '/v1/workflows', routes: () => workflowsRest },
    { path: '/automations/hooks', routes: () => hooksRest },
  ],
  jobs: (deps) => registerAutomationJobs(deps),
  permissions,
  events,
});
