import type { Kysely } from 'kysely';
import type { OrgAuth } from '../kernel/caller';
import { ZPreferences } from '../auth/schema';
import type { Database } from '../db/schema';
import { readSettings } from '../organizations/settings';

/** The caller's time zone: their own preference, else the organization's, else UTC. */
export async function callerTimeZone(db: Kysely<Database>, auth: OrgAuth): Promise<string> {
  if (auth.user) {
    const user = await db.selectFrom('users').select('preferences').where('id', '=', auth.user.id).executeTakeFirst();
    const own = ZPreferences.safeParse(user?.preferences).data?.timezone;
    if (own) return own;
  }
  return (await readSettings(db, auth.organization.id)).timezone;
}
