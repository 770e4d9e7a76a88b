import type { OrgAuth } from '../kernel/caller';
import type { Db } from '../db';
import { scoped } from '../db/scoped';
import { fieldError } from '../errors';
import { readSettings } from './settings';

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
  // An API key acts for the member who made it: a Sales Rep key sees what that member owns.
  const memberId = auth.user?.id ?? auth.apiKey?.createdBy;
  if (auth.organization.role !== 'sales_rep' || !memberId) return null;
  return (await readSettings(db, auth.organization.id)).salesRepsSeeOwnOnly ? memberId : null;
}
