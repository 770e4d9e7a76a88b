import type { RoleKey } from '../db/schema';

/**
 * Every permission string the server checks. The kernel knows none of them: each domain adds its own
 * by augmenting this interface in its description (server/<domain>/domain.ts), so `Permission` stays
 * a checked union without the kernel importing a domain.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the domains' module augmentations
export interface PermissionRegistry {}

export type Permission = keyof PermissionRegistry & string;

/** Who holds a permission: every role at or above its minimum role (spec app-core §6), and whether an API key may use it. */
export type PermissionRule = {
  minimumRole: RoleKey;
  /**
   * Only a signed-in member uses it, never an API key: a key cannot make or revoke keys, invite or
   * remove members, or change roles — whoever holds a leaked key cannot entrench themselves.
   */
  sessionOnly?: true;
};

/** Roles from most to least powerful; a member can grant only roles at or below their own. */
export const ROLE_ORDER: readonly RoleKey[] = ['super_admin', 'admin', 'manager', 'sales_rep', 'viewer'];

export function roleRank(role: RoleKey): number {
  return ROLE_ORDER.indexOf(role);
}

/** The less powerful of two roles. */
export function lowerRole(a: RoleKey, b: RoleKey): RoleKey {
  return roleRank(a) >= roleRank(b) ? a : b;
}
