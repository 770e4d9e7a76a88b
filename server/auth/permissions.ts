import type { RoleKey } from '../db/schema';
import { isSessionOnly, permissionsFor } from '../kernel/access';
import { lowerRole, type Permission } from '../kernel/permissions';

/**
 * What an API key carries: the role it was made with, narrowed to its creator's current role (a
 * key acts for the member who made it and never exceeds them), without the session-only permissions.
 */
export function apiKeyAccess(keyRole: RoleKey, creatorRole: RoleKey): { role: RoleKey; permissions: Permission[] } {
  const role = lowerRole(keyRole, creatorRole);
  return { role, permissions: permissionsFor(role).filter((p) => !isSessionOnly(p)) };
}
