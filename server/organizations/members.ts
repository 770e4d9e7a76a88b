import type { OrgAuth } from '../kernel/caller';
import type { Db } from '../db';
import { scoped } from '../db/scoped';
import { fieldError } from '../errors';
import { readSettings, type OrganizationSettings } from './settings';

/** Refuses a user id that is not a member of the organization, naming the field (ownerId, assigneeId, …). */
export async function assertMember(db: Db, organizationId: string, userId: string | null | undefined, field: string): Promise<void> {
  if (!userId) return;
  const member = await scoped(db, organizationId).selectFrom('memberships').select('user_id').where('user_id', '=', userId).executeTakeFirst();
  if (!member) throw fieldError(field, 'is not a member of this organization');
}

/**
 * The organization setting "Sales Reps see only contacts and deals they own": the user id to filter
 * owner_id by (a key's creator for an API key), or null when the caller sees everything. Enforced in every contacts and deals query.
 */
export async function ownerOnlyFilter(db: Db, auth: OrgAuth): Promise<string | null> {
  if (!mayBeOwnerOnly(auth)) return null;
  return ownerOnlyOf(auth, await readSettings(db, auth.organization.id));
}

/** The caller's member id (a key's creator for an API key) when it is a Sales Rep, whom the setting may limit; null otherwise. */
const mayBeOwnerOnly = (auth: OrgAuth): string | null => (auth.organization.role === 'sales_rep' ? (auth.user?.id ?? auth.apiKey?.createdBy ?? null) : null);

/** ownerOnlyFilter over settings the caller has already read (in a statement of its own lookups). */
export function ownerOnlyOf(auth: OrgAuth, settings: Pick<OrganizationSettings, 'salesRepsSeeOwnOnly'>): string | null {
  // An API key acts for the member who made it: a Sales Rep key sees what that member owns.
  const memberId = mayBeOwnerOnly(auth);
  return memberId && settings.salesRepsSeeOwnOnly ? memberId : null;
}
