import { payloadText } from '../events/notifications';
import type { EventRule } from '../events/types';
import { defineDomain } from '../kernel/domain';
import type { PermissionRule } from '../kernel/permissions';

/*
 * Automations are planned, not built: no procedure yet. Their permissions and their notification are
 * declared now so the roles grant what the spec gives them (app-core §6) and members can already
 * choose whether "Automation Complete" notifies them (app-core §4.2).
 */
const permissions = {
  'automations:read': { minimumRole: 'viewer' },
  'automations:write': { minimumRole: 'manager' },
} as const satisfies Record<string, PermissionRule>;

const events = {
  automation_completed: {
    permission: 'automations:read',
    notification: (payload) => ({
      preference: 'automation_completed',
      type: 'info',
      title: 'Automation Complete',
      message: `${payloadText(payload.name, 'An automation')} has finished running`,
      link: payload.automationId ? `/automations` : null,
    }),
  },
} as const satisfies Record<string, EventRule>;

declare module '../kernel/permissions' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declares this domain's permission names to the kernel
  interface PermissionRegistry extends Record<keyof typeof permissions, true> {}
}
declare module '../events/types' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declares this domain's event types to the kernel
  interface EventRegistry extends Record<keyof typeof events, true> {}
}

export const automationsDomain = defineDomain({ name: 'automations', permissions, events });
