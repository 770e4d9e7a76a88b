import type { Db } from '../db';
import type { RoleKey } from '../db/schema';

export type Member = { id: string; email: string; name: string; role: RoleKey; preferences: unknown; verified: boolean };

/** Where the e-mails' links lead: the app's page of the record, and the settings where these e-mails are chosen. */
export const notificationLinks = (publicUrl: string) => ({
  to: (path: string | null) => `${publicUrl}${path ?? '/'}`,
  preferences: `${publicUrl}/settings/profile#notification-emails`,
  app: `${publicUrl}/`,
});

/** Members of the organization (these ones, when named) with what their e-mails need. */
export async function membersOf(trx: Db, organizationId: string, userIds?: readonly string[]): Promise<Member[]> {
  if (userIds?.length === 0) return [];
  let query = trx
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select(['users.id', 'users.email', 'users.name', 'users.preferences', 'users.email_verified_at', 'memberships.role'])
    .where('memberships.organization_id', '=', organizationId);
  if (userIds) query = query.where('users.id', 'in', userIds);
  const rows = await query.execute();
  return rows.map((r) => ({ id: r.id, email: r.email, name: r.name, role: r.role, preferences: r.preferences, verified: r.email_verified_at !== null }));
}
