import type { RoleKey } from '../db/schema';
import { isSessionOnly, permissionsFor } from '../kernel/access';
import { lowerRole, type Permission } from '../kernel/permissions';

/**
 * What an API key carries: the role it was made with, narrowed to its creator's current role (a
 * key acts for the member who made it and never exceeds them), without the session-only permissions,
 * and to its scopes when it has them.
 */
export function apiKeyAccess(keyRole: RoleKey, creatorRole: RoleKey, scopes: readonly string[] | null = null): { role: RoleKey; permissions: Permission[] } {
  const role = lowerRole(keyRole, creatorRole);
  const carried = keyPermissions(role);
  return { role, permissions: scopes ? carried.filter((p) => scopes.includes(p)) : carried };
}

/** The permissions a key of this role may carry (its scopes are chosen among them). */
export function keyPermissions(role: RoleKey): Permission[] {
  return permissionsFor(role).filter((p) => !isSessionOnly(p));
}
