import type { Kysely } from 'kysely';
import type { OrgAuth, UserAuth } from './caller';
import type { Database } from '../db/schema';
import type { AppDeps } from '../deps';
import type { RequestMeta } from '../http/meta';

export type Db = Kysely<Database>;

/**
 * What every organization-owned service works with: the database (or the transaction it runs in),
 * the organization it acts for (from the session or API key, never from input), the caller, the
 * app's dependencies, and where the request came from when there was one.
 */
export type OrgContext = { db: Db; organizationId: string; auth: OrgAuth; deps: AppDeps; meta?: RequestMeta };

/** What a signed-in user's own services (profile, sessions, training) work with: no organization. */
export type UserContext = { db: Db; auth: UserAuth; deps: AppDeps; meta?: RequestMeta };

/** The member acting, for audit and ownership columns; null when an API key acts without one (never today) or the system acts. */
export const actorIdOf = (ctx: { auth: { user: { id: string } | null } }): string | null => ctx.auth.user?.id ?? null;
