import type { Context } from 'hono';
import type { OrgAuth, UserAuth } from '../kernel/caller';
import type { OrgContext, UserContext } from '../kernel/context';
import type { AppEnv } from './env';

/** The organization context of a REST request behind requireOrg: the same one tRPC's orgProcedure gives services. */
export function orgContextOf(c: Context<{ Variables: AppEnv['Variables'] & { auth: OrgAuth } }>): OrgContext {
  const { deps, auth, meta } = c.var;
  return { db: deps.database.db, organizationId: auth.organization.id, auth, deps, meta };
}

/** The user context of a REST request behind requireUser: the same one tRPC's authedProcedure gives services. */
export function userContextOf(c: Context<{ Variables: AppEnv['Variables'] & { auth: UserAuth } }>): UserContext {
  const { deps, auth, meta } = c.var;
  return { db: deps.database.db, auth, deps, meta };
}
