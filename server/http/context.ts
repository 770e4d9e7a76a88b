import type { OrgAuth, UserAuth } from '../auth/resolve';
import type { AppDeps } from '../deps';
import type { OrgContext, UserContext } from '../kernel/context';
import type { RequestMeta } from './meta';

/** What a REST door's variables hold once requireOrg / requireUser (server/http/auth.ts) admitted the caller. */
type DoorVariables<A> = { var: { deps: AppDeps; meta: RequestMeta; auth: A } };

/** The organization context of a REST request behind requireOrg: the same shape tRPC's orgProcedure gives services. */
export function orgContextOf(c: DoorVariables<OrgAuth>): OrgContext {
  const { deps, meta, auth } = c.var;
  return { db: deps.database.db, organizationId: auth.organization.id, auth, deps, meta };
}

/** The user context of a REST request behind requireUser: the same shape tRPC's authedProcedure gives services. */
export function userContextOf(c: DoorVariables<UserAuth>): UserContext {
  const { deps, meta, auth } = c.var;
  return { db: deps.database.db, auth, deps, meta };
}
