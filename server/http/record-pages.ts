import type { Context } from 'hono';
import type { Permission } from '../auth/permissions';
import type { OrgAuth } from '../auth/resolve';
import { contactVisible } from '../contacts/service';
import { ZContactIdInput } from '../contacts/schema';
import type { Db } from '../db';
import { dealVisible } from '../deals/service';
import { ZDealIdInput } from '../deals/schema';
import { DomainError } from '../errors';
import { authOf } from './auth';
import type { MatchedRoute } from './client';
import type { AppEnv } from './env';

/**
 * The application's screens of one record, by route pattern. A path naming no such record answers
 * 404 (still with the application shell, which shows the record's own Not Found): at once when the
 * id is not well formed by the domain's rule, and, when the request carries a session, when the
 * record is not in its organization or not visible to its user.
 */
type RecordPage = {
  param: string;
  wellFormed: (id: string) => boolean;
  /** Without it the screen shows its own refusal; the page does not tell whether the record exists. */
  permission: Permission;
  visible: (ctx: { db: Db; organizationId: string; auth: OrgAuth }, id: string) => Promise<boolean>;
};

const RECORD_PAGES: Record<string, RecordPage> = {
  '/contacts/$contactId': { param: 'contactId', wellFormed: (id) => ZContactIdInput.safeParse({ id }).success, permission: 'contacts:read', visible: contactVisible },
  '/pipeline/deals/$dealId': { param: 'dealId', wellFormed: (id) => ZDealIdInput.safeParse({ id }).success, permission: 'deals:read', visible: dealVisible },
};

/** The status of an application route's page: 404 when it names a record that is not there for the caller. */
export async function recordPageStatus(c: Context<AppEnv>, route: MatchedRoute): Promise<200 | 404> {
  const page = RECORD_PAGES[route.pattern];
  const id = page ? route.params[page.param] : undefined;
  if (!page || id === undefined) return 200;
  if (!page.wellFormed(id)) return 404;
  const auth = await pageAuth(c);
  if (!auth?.organization || !auth.permissions.includes(page.permission)) return 200;
  const ctx = { db: c.var.deps.database.forOrganization(auth.organization.id), organizationId: auth.organization.id, auth: auth as OrgAuth };
  return (await page.visible(ctx, id)) ? 200 : 404;
}

/** The caller of a page request; a revoked API key only means the page cannot tell (the app's own calls answer 401). */
async function pageAuth(c: Context<AppEnv>) {
  try {
    return await authOf(c);
  } catch (error) {
    if (error instanceof DomainError && error.code === 'UNAUTHENTICATED') return null;
    throw error;
  }
}
