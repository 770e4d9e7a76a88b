import type { Db } from '../db';
import type { Config } from '../config';
import { DomainError } from '../errors';

/**
 * The organization that owns the public site: it receives the leads of the site's forms and the
 * visitors' chats. LEADS_ORGANIZATION_ID names it; unset, it is the first organization created.
 */
export async function siteOwnerOrganization(db: Db, config: Pick<Config, 'leadsOrganizationId'>): Promise<{ id: string; name: string; configured: boolean }> {
  const query = db.selectFrom('organizations').select(['id', 'name']);
  const row = config.leadsOrganizationId ? await query.where('id', '=', config.leadsOrganizationId).executeTakeFirst() : await query.orderBy('created_at').orderBy('id').limit(1).executeTakeFirst();
  if (!row) {
    throw new DomainError('UNAVAILABLE', config.leadsOrganizationId ? 'LEADS_ORGANIZATION_ID names no organization on this server' : 'No organization exists yet to receive the site’s leads');
  }
  return { ...row, configured: Boolean(config.leadsOrganizationId) };
}
