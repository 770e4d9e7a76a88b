import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Permission } from '../kernel/permissions';
import { requireOrgAuth, requireUserAuth } from '../kernel/access';
import { registry } from '../kernel/registry';
import type { Auth, OrgAuth, UserAuth } from '../kernel/caller';
import { actingForOrganization, readingForOrganization } from '../db';
import { noteLogOrganization } from '../logging';
import type { AppEnv } from './env';

/** Resolves the caller (cookie or API key) once per request; refreshes a sliding session cookie. */
export async function authOf(c: Context<AppEnv>): Promise<Auth | null> {
  if (c.var.auth === undefined) {
    const { auth, setCookie } = await registry().resolveCaller(c.var.deps, c.req.raw.headers);
    if (setCookie) c.header('Set-Cookie', setCookie, { append: true });
    c.set('auth', auth);
    noteLogOrganization(auth?.organization?.id);
  }
  return c.var.auth;
}

type WithOrg = { Variables: AppEnv['Variables'] & { auth: OrgAuth } };
type WithUser = { Variables: AppEnv['Variables'] & { auth: UserAuth } };

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The REST twin of orgProcedure/permittedProcedure: the same guard functions, the same errors
 * (read-only organizations included). A read (GET, HEAD) runs in one read-only transaction of the
 * organization's until its handler returned (decision 028), unless it `writes` (an export recorded in
 * the audit log); a body streamed afterwards reads with a transaction per statement.
 */
export function requireOrg(permission?: Permission, { writes = false }: { writes?: boolean } = {}) {
  return createMiddleware<WithOrg>(async (c, next) => {
    const auth = requireOrgAuth(await authOf(c as unknown as Context<AppEnv>), permission);
    const organizationId = auth.organization.id;
    const reads = READS.has(c.req.method);
    if (!reads) await registry().assertWritable(c.var.deps, organizationId);
    c.set('auth', auth);
    if (!reads || writes) {
      c.set('deps', actingForOrganization(c.var.deps, organizationId));
      return next();
    }
    const { deps, end } = readingForOrganization(c.var.deps, organizationId);
    c.set('deps', deps);
    try {
      await next();
    } finally {
      // Hono hands a handler's error to onError before next() returns, leaving it in c.error.
      await end(c.error ? 'rollback' : 'commit');
    }
  });
}

/** The REST twin of authedProcedure. */
export const requireUser = createMiddleware<WithUser>(async (c, next) => {
  c.set('auth', requireUserAuth(await authOf(c as unknown as Context<AppEnv>)));
  await next();
});
