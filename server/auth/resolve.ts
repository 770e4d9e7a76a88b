import type { Db } from '../db';
import type { AppDeps } from '../deps';
import { DomainError } from '../errors';
import { bearerToken, type Auth, type ResolvedAuth } from '../kernel/caller';
import { permissionsFor } from '../kernel/access';
import { apiKeyAccess } from './permissions';
import { sessionManager } from './session';
import { sha256 } from './tokens';

export const API_KEY_PREFIX = 'sb_';

const ACTIVE_WRITE_INTERVAL_MS = 5 * 60 * 1000;

/** Who is calling (server/kernel/caller.ts), from the session cookie or an API key; the assembly hands it to the kernel's guards. */
export async function resolveAuth(deps: Pick<AppDeps, 'database' | 'config'>, headers: Headers): Promise<ResolvedAuth> {
  const db = deps.database.db;
  const bearer = bearerToken(headers.get('authorization'));
  if (bearer) {
    // A present but wrong key is an error, never a silent fall back to the cookie.
    const auth = await resolveApiKey(db, bearer);
    if (!auth) throw new DomainError('UNAUTHENTICATED', 'Invalid or revoked API key');
    return { auth, setCookie: undefined };
  }
  const sessions = sessionManager(db, deps.config);
  const token = sessions.readCookie(headers.get('cookie'));
  if (!token) return { auth: null, setCookie: undefined };
  const session = await sessions.validate(token);
  if (!session) return { auth: null, setCookie: sessions.blankCookie() };
  const membership = session.organizationId ? await loadMembership(db, session.organizationId, session.userId) : undefined;
  void touchLastActive(db, session.userId);
  return {
    auth: {
      via: 'session',
      user: session.user,
      session: { id: session.id, token },
      apiKey: null,
      organization: membership ?? null,
      permissions: membership ? permissionsFor(membership.role) : [],
    },
    setCookie: session.setCookie,
  };
}

export async function loadMembership(db: Db, organizationId: string, userId: string) {
  return db
    .selectFrom('memberships')
    .innerJoin('organizations', 'organizations.id', 'memberships.organization_id')
    .select(['organizations.id', 'organizations.name', 'memberships.role'])
    .where('memberships.organization_id', '=', organizationId)
    .where('memberships.user_id', '=', userId)
    .executeTakeFirst();
}

async function resolveApiKey(db: Db, secret: string): Promise<Auth | null> {
  if (!secret.startsWith(API_KEY_PREFIX)) return null;
  const key = await db
    .selectFrom('api_keys')
    .innerJoin('organizations', 'organizations.id', 'api_keys.organization_id')
    // A key acts for the member who made it: checked here, on every request, so it cannot drift.
    .innerJoin('memberships', (join) => join.onRef('memberships.organization_id', '=', 'api_keys.organization_id').onRef('memberships.user_id', '=', 'api_keys.created_by'))
    .select([
      'api_keys.id',
      'api_keys.name',
      'api_keys.role',
      'api_keys.created_by',
      'api_keys.last_used_at',
      'api_keys.scopes',
      'memberships.role as creator_role',
      'organizations.id as organization_id',
      'organizations.name as organization_name',
    ])
    .where('api_keys.secret_hash', '=', sha256(secret))
    .where('api_keys.revoked_at', 'is', null)
    .executeTakeFirst();
  // Unknown, revoked, or its creator is no longer a member of the organization.
  if (!key || !key.created_by) return null;
  if (!key.last_used_at || Date.now() - key.last_used_at.getTime() > 60_000) {
    await db.updateTable('api_keys').set({ last_used_at: new Date() }).where('id', '=', key.id).execute();
  }
  const access = apiKeyAccess(key.role, key.creator_role, key.scopes);
  return {
    via: 'apiKey',
    user: null,
    session: null,
    apiKey: { id: key.id, name: key.name, createdBy: key.created_by },
    organization: { id: key.organization_id, name: key.organization_name, role: access.role },
    permissions: access.permissions,
  };
}

/** Keeps users.last_active_at within five minutes without a write on every request. */
async function touchLastActive(db: Db, userId: string): Promise<void> {
  const threshold = new Date(Date.now() - ACTIVE_WRITE_INTERVAL_MS);
  await db
    .updateTable('users')
    .set({ last_active_at: new Date() })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('last_active_at', 'is', null), eb('last_active_at', '<', threshold)]))
    .execute()
    .catch(() => {});
}
