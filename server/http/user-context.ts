import type { Context } from 'hono';
import type { UserAuth } from '../kernel/caller';
import type { UserContext } from '../kernel/context';
import type { AppEnv } from './env';

/** The user context of a REST request behind requireUser: the same one tRPC's authedProcedure gives services. */
export function userContextOf(c: Context<{ Variables: AppEnv['Variables'] & { auth: UserAuth } }>): UserContext {
  const { deps, auth, meta } = c.var;
  return { db: deps.database.db, auth, deps, meta };
}
