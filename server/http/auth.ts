import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Permission } from '../auth/permissions';
import { requireOrgAuth, requireUserAuth, resolveAuth, type Auth, type OrgAuth, type UserAuth } from '../auth/resolve';
import type { AppEnv } from './env';

/** Resolves the caller (cookie or API key) once per request; refreshes a sliding session cookie. */
export async function authOf(c: Context<AppEnv>): Promise<Auth | null> {
  if (c.var.auth === undefined) {
    const { auth, setCookie } = await resolveAuth(c.var.deps, c.req.raw.headers);
    if (setCookie) c.header('Set-Cookie', setCookie, { append: true });
    c.set('auth', auth);
  }
  return c.var.auth;
}

type WithOrg = { Variables: AppEnv['Variables'] & { auth: OrgAuth } };
type WithUser = { Variables: AppEnv['Variables'] & { auth: UserAuth } };

/** The REST twin of orgProcedure/permittedProcedure: the same guard functions, the same errors. */
export function requireOrg(permission?: Permission) {
  return createMiddleware<WithOrg>(async (c, next) => {
    c.set('auth', requireOrgAuth(await authOf(c as unknown as Context<AppEnv>), permission));
    await next();
  });
}

/** The REST twin of authedProcedure. */
export const requireUser = createMiddleware<WithUser>(async (c, next) => {
  c.set('auth', requireUserAuth(await authOf(c as unknown as Context<AppEnv>)));
  await next();
});
