import type { EventRule } from '../events/types';
import { defineDomain } from '../kernel/domain';
import type { PermissionRule } from '../kernel/permissions';
import { tasksRouter } from './router';

const permissions = {
  'tasks:read': { minimumRole: 'viewer' },
  'tasks:write': { minimumRole: 'sales_rep' },
} as const satisfies Record<string, PermissionRule>;

/** The task lists and counts. */
const TASK_LISTS = ['tasks.list', 'tasks.counts'] as const;
/** The same, the task's own query and its contact's timeline. */
const TASK_CHANGED = [...TASK_LISTS, 'tasks.get', 'contacts.timeline'] as const;

const events = {
  task_created: { permission: 'tasks:read', invalidates: TASK_CHANGED },
  task_completed: { permission: 'tasks:read', invalidates: TASK_CHANGED },
  task_reopened: { permission: 'tasks:read', invalidates: TASK_CHANGED },
  task_updated: { permission: 'tasks:read', invalidates: TASK_CHANGED },
  // Its own query is left alone.
  task_deleted: { permission: 'tasks:read', invalidates: TASK_LISTS },
} as const satisfies Record<string, EventRule>;

declare module '../kernel/permissions' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declares this domain's permission names to the kernel
  interface PermissionRegistry extends Record<keyof typeof permissions, true> {}
}
declare module '../events/types' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declares this domain's event types to the kernel
  interface EventRegistry extends Record<keyof typeof events, true> {}
}

export const tasksDomain = defineDomain({ name: 'tasks', router: { tasks: tasksRouter }, permissions, events });
