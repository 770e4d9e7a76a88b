import { ROLES, type TRole } from './schema';

/**
 * The roles a member may hand out (invites, role changes, API keys): their own and every role
 * below it, most powerful first — the same rule the server applies.
 */
export function grantableRoles(own: TRole | null | undefined): TRole[] {
  if (!own) return [];
  const index = ROLES.indexOf(own);
  return index < 0 ? [] : ROLES.slice(index);
}

/** Whether a member with role `own` may change or remove a member with role `target` (a peer or below). */
export function mayManage(own: TRole | null | undefined, target: TRole): boolean {
  return grantableRoles(own).includes(target);
}
