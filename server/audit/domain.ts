import { defineDomain } from '../kernel/domain';
import type { PermissionRule } from '../kernel/permissions';
import { auditRouter } from './router';

const permissions = {
  'audit:read': { minimumRole: 'super_admin' },
} as const satisfies Record<string, PermissionRule>;

declare module '../kernel/permissions' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declares this domain's permission names to the kernel
  interface PermissionRegistry extends Record<keyof typeof permissions, true> {}
}

export const auditDomain = defineDomain({ name: 'audit', router: { audit: auditRouter }, permissions });
