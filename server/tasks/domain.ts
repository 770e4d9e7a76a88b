import type { EventRule } from '../events/types';
import { defineDomain } from '../kernel/domain';
import type { PermissionRule } from '../kernel/permissions';
import { tasksRouter } from './router';

const permissions = {
  'tasks:read': { minimumRole: 'viewer' },
  'tasks:write': { minimumRole: 'sales_rep' },
} as const satisfies Record<string, PermissionRule>;

const events = {
  task_created: { permission: 'tasks:read' },
  task_completed: { permission: 'tasks:read' },
  task_reopened: { permission: 'tasks:read' },
  task_updated: { permission: 'tasks:read' },
  task_deleted: { permission: 'tasks:read' },
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
