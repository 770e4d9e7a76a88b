import type { RoleKey } from '../db/schema';

/** Every permission string the server checks. */
export const PERMISSIONS = [
  'contacts:read',
  'contacts:write',
  'contacts:delete',
  'deals:read',
  'deals:write',
  'pipelines:manage',
  'tasks:read',
  'tasks:write',
  'appointments:read',
  'appointments:write',
  'sms:read',
  'sms:send',
  'campaigns:read',
  'campaigns:write',
  'automations:read',
  'automations:write',
  'forms:read',
  'reports:read',
  'members:read',
  'members:manage',
  'data:import',
  'data:export',
  'settings:manage',
  'apikeys:manage',
  'billing:manage',
  'audit:read',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

const VIEWER: Permission[] = ['contacts:read', 'deals:read', 'tasks:read', 'appointments:read', 'sms:read', 'campaigns:read', 'automations:read', 'forms:read', 'reports:read', 'members:read'];
// Sales Rep: works leads and contacts.
const SALES_REP: Permission[] = [...VIEWER, 'contacts:write', 'deals:write', 'tasks:write', 'appointments:write', 'sms:send'];
// Manager: also team and pipeline.
const MANAGER: Permission[] = [...SALES_REP, 'pipelines:manage', 'campaigns:write', 'automations:write', 'data:export'];
// Admin: also users and data.
const ADMIN: Permission[] = [...MANAGER, 'contacts:delete', 'members:manage', 'data:import', 'settings:manage', 'apikeys:manage'];

/** Role → permissions (spec app-core §6). Super Admin has everything, including billing and security. */
export const ROLE_PERMISSIONS: Record<RoleKey, readonly Permission[]> = {
  super_admin: PERMISSIONS,
  admin: ADMIN,
  manager: MANAGER,
  sales_rep: SALES_REP,
  viewer: VIEWER,
};

/** Roles from most to least powerful; a member can grant only roles at or below their own. */
export const ROLE_ORDER: readonly RoleKey[] = ['super_admin', 'admin', 'manager', 'sales_rep', 'viewer'];

export function permissionsFor(role: RoleKey): Permission[] {
  return [...ROLE_PERMISSIONS[role]];
}

export function roleRank(role: RoleKey): number {
  return ROLE_ORDER.indexOf(role);
}

/** The less powerful of two roles. */
export function lowerRole(a: RoleKey, b: RoleKey): RoleKey {
  return roleRank(a) >= roleRank(b) ? a : b;
}

/**
 * Permissions only a signed-in member uses, never an API key: a key cannot make or revoke keys,
 * invite or remove members, or change roles — whoever holds a leaked key cannot entrench themselves.
 */
export const SESSION_ONLY_PERMISSIONS = ['members:manage', 'apikeys:manage'] as const satisfies readonly Permission[];

export function isSessionOnly(permission: Permission): boolean {
  return (SESSION_ONLY_PERMISSIONS as readonly Permission[]).includes(permission);
}

/** What an API key's caller is told when it asks for a session-only permission. */
export function sessionOnlyMessage(permission: Permission): string {
  return `API keys cannot manage members or API keys: sign in as a member to do this (${permission} is not available to API keys)`;
}

/**
 * What an API key carries: the role it was made with, narrowed to its creator's current role (a
 * key acts for the member who made it and never exceeds them), without the session-only permissions.
 */
export function apiKeyAccess(keyRole: RoleKey, creatorRole: RoleKey): { role: RoleKey; permissions: Permission[] } {
  const role = lowerRole(keyRole, creatorRole);
  return { role, permissions: permissionsFor(role).filter((p) => !isSessionOnly(p)) };
}
