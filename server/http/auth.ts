import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Permission } from '../kernel/permissions';
import { requireOrgAuth, requireUserAuth } from '../kernel/access';
import { registry } from '../kernel/registry';
import type { Auth, OrgAuth, UserAuth } from '../kernel/caller';
import { actingForOrganization } from '../db';
import type { AppEnv } from './env';

/** Resolves the caller (cookie or API key) once per request; refreshes a sliding session cookie. */
export async function authOf(c: Context<AppEnv>): Promise<Auth | null> {
  if (c.var.auth === undefined) {
    const { auth, setCookie } = await registry().resolveCaller(c.var.deps, c.req.raw.headers);
    if (setCookie) c.header('Set-Cookie', setCookie, { append: true });
    c.set('auth', auth);
  }
  return c.var.auth;
}

type WithOrg = { Variables: AppEnv['Variables'] & { auth: OrgAuth } };
type WithUser = { Variables: AppEnv['Variables'] & { auth: UserAuth } };

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The REST twin of orgProcedure/permittedProcedure: the same guard functions, the same errors (read-only organizations included). */
export function requireOrg(permission?: Permission) {
  return createMiddleware<WithOrg>(async (c, next) => {
    const auth = requireOrgAuth(await authOf(c as unknown as Context<AppEnv>), permission);
    if (!READS.has(c.req.method)) await registry().assertWritable(c.var.deps, auth.organization.id);
    c.set('auth', auth);
    c.set('deps', actingForOrganization(c.var.deps, auth.organization.id));
    await next();
  });
}

/** The REST twin of authedProcedure. */
export const requireUser = createMiddleware<WithUser>(async (c, next) => {
  c.set('auth', requireUserAuth(await authOf(c as unknown as Context<AppEnv>)));
  await next();
});
