import type { Context } from 'hono';
import { DomainError } from '../errors';
import type { OrgContext } from '../kernel/context';
import type { Permission } from '../kernel/permissions';
import type { OrgAuth } from '../kernel/caller';
import { authOf } from './auth';
import type { AppEnv } from './env';

/** A client route a page request matched, with its parameters ("/contacts/$contactId", { contactId }). */
export type MatchedRoute = { pattern: string; params: Record<string, string> };

/**
 * An application screen of one record, declared by its domain (server/<domain>/domain.ts). A path
 * naming no such record answers 404 (still with the application shell, which shows the record's own
 * Not Found): at once when the id is not well formed by the domain's rule, and, when the request
 * carries a session, when the record is not in its organization or not visible to its user.
 */
export type RecordPage = {
  param: string;
  wellFormed: (id: string) => boolean;
  /** Without it the screen shows its own refusal; the page does not tell whether the record exists. */
  permission: Permission;
  visible: (ctx: Pick<OrgContext, 'db' | 'organizationId' | 'auth'>, id: string) => Promise<boolean>;
};

/** The record screens, by route pattern. */
export type RecordPages = Readonly<Record<string, RecordPage>>;

/** The status of an application route's page: 404 when it names a record that is not there for the caller. */
export async function recordPageStatus(c: Context<AppEnv>, route: MatchedRoute, pages: RecordPages): Promise<200 | 404> {
  const page = pages[route.pattern];
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
