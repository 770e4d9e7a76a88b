import type { RoleKey } from '../db/schema';
import { DomainError } from '../errors';
import type { EventType } from '../events/types';
import type { Auth, OrgAuth, UserAuth } from './caller';
import { roleRank, type Permission } from './permissions';
import { registry, type KernelRegistry } from './registry';

const grants = new WeakMap<KernelRegistry, Record<RoleKey, readonly Permission[]>>();

/** Role → permissions (spec app-core §6): every permission whose minimum role is the role or below it. Super Admin has everything. */
export function rolePermissions(): Record<RoleKey, readonly Permission[]> {
  const current = registry();
  let table = grants.get(current);
  if (!table) {
    const rules = Object.entries(current.permissions) as [Permission, { minimumRole: RoleKey }][];
    const holding = (role: RoleKey) => rules.filter(([, rule]) => roleRank(rule.minimumRole) >= roleRank(role)).map(([permission]) => permission);
    table = { super_admin: holding('super_admin'), admin: holding('admin'), manager: holding('manager'), sales_rep: holding('sales_rep'), viewer: holding('viewer') };
    grants.set(current, table);
  }
  return table;
}

export function permissionsFor(role: RoleKey): Permission[] {
  return [...rolePermissions()[role]];
}

export function isSessionOnly(permission: Permission): boolean {
  return registry().permissions[permission]?.sessionOnly === true;
}

/** What an API key's caller is told when it asks for a session-only permission. */
export function sessionOnlyMessage(permission: Permission): string {
  return `API keys cannot manage members, API keys or provider settings: sign in as a member to do this (${permission} is not available to API keys)`;
}

/** The one permission check every door uses. */
export function assertPermission(auth: Auth, permission: Permission): void {
  if (auth.via === 'apiKey' && isSessionOnly(permission)) throw new DomainError('FORBIDDEN', sessionOnlyMessage(permission));
  if (!auth.permissions.includes(permission)) {
    throw new DomainError('FORBIDDEN', `Your role does not allow this action (${permission} is required)`);
  }
}

export function requireUserAuth(auth: Auth | null): UserAuth {
  if (!auth) throw new DomainError('UNAUTHENTICATED', 'Not authenticated');
  if (!auth.user || !auth.session) throw new DomainError('FORBIDDEN', 'This action needs a signed-in user, not an API key');
  return auth as UserAuth;
}

export function requireOrgAuth(auth: Auth | null, permission?: Permission): OrgAuth {
  if (!auth) throw new DomainError('UNAUTHENTICATED', 'Not authenticated');
  if (!auth.organization) throw new DomainError('FORBIDDEN', 'Choose an organization first');
  if (permission) assertPermission(auth, permission);
  return auth as OrgAuth;
}

/** Whether a member holding these permissions receives an event of this type. */
export function mayReceive(permissions: readonly string[], type: EventType): boolean {
  const needed = registry().events[type]?.permission;
  return needed === null || (needed !== undefined && permissions.includes(needed));
}

/**
 * Whether an event stays hidden from a Sales Rep who sees only the records they own: it is about
 * such a record (ownerScoped) and the rep neither owns it nor just lost it.
 */
export function hiddenFromOwnOnlyRep(type: EventType, payload: Record<string, unknown>, userId: string): boolean {
  if (!registry().events[type]?.ownerScoped) return false;
  return payload.ownerId !== userId && payload.previousOwnerId !== userId;
}
