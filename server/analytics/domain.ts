import { defineDomain } from '../kernel/domain';
import type { PermissionRule } from '../kernel/permissions';
import { reportsRest } from './rest';
import { analyticsRouter, spendRouter } from './router';

const permissions = {
  'reports:read': { minimumRole: 'viewer' },
  'campaigns:read': { minimumRole: 'viewer' },
  'campaigns:write': { minimumRole: 'manager' },
} as const satisfies Record<string, PermissionRule>;

declare module '../kernel/permissions' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declares this domain's permission names to the kernel
  interface PermissionRegistry extends Record<keyof typeof permissions, true> {}
}

export const analyticsDomain = defineDomain({
  name: 'analytics',
  router: { analytics: analyticsRouter, spend: spendRouter },
  rest: [{ path: '/reports', routes: () => reportsRest }],
  permissions,
});
