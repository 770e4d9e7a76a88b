import { payloadText } from '../events/notifications';
import type { EventRule } from '../events/types';
import { defineDomain } from '../kernel/domain';
import type { PermissionRule } from '../kernel/permissions';
import { organizationRest } from './rest';
import { apiKeysRouter, invitesRouter, membersRouter, organizationsRouter } from './router';

const permissions = {
  'members:read': { minimumRole: 'viewer' },
  // A leaked API key cannot entrench whoever holds it: members and keys are managed by signed-in members only.
  'members:manage': { minimumRole: 'admin', sessionOnly: true },
  'settings:manage': { minimumRole: 'admin' },
  'apikeys:manage': { minimumRole: 'admin', sessionOnly: true },
} as const satisfies Record<string, PermissionRule>;

const events = {
  member_joined: {
    permission: 'members:read',
    invalidates: ['members.list', 'organizations.roles'],
    notification: (payload) => ({
      preference: 'member_joined',
      type: 'info',
      title: 'New team member',
      message: `${payloadText(payload.name, 'Someone')} joined your organization`,
      link: '/settings/organization',
    }),
  },
  member_left: { permission: 'members:read', invalidates: ['members.list', 'organizations.roles'] },
} as const satisfies Record<string, EventRule>;

declare module '../kernel/permissions' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declares this domain's permission names to the kernel
  interface PermissionRegistry extends Record<keyof typeof permissions, true> {}
}
declare module '../events/types' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declares this domain's event types to the kernel
  interface EventRegistry extends Record<keyof typeof events, true> {}
}

export const organizationsDomain = defineDomain({
  name: 'organizations',
  router: { organizations: organizationsRouter, members: membersRouter, invites: invitesRouter, apiKeys: apiKeysRouter },
  rest: [{ path: '/v1', routes: () => organizationRest }],
  permissions,
  events,
});
