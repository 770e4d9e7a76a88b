import { permissionsFor } from '../../server/kernel/access';
import { API_KEY_PREFIX } from '../../server/auth/resolve';
import { signup } from '../../server/auth/service';
import { sessionManager } from '../../server/auth/session';
import { randomToken, sha256 } from '../../server/auth/tokens';
import { hashPassword } from '../../server/auth/password';
import type { RoleKey } from '../../server/db/schema';
import type { AppDeps } from '../../server/deps';
import { TEST_ORIGIN } from './app';

let sequence = 0;
export const uniqueEmail = (label = 'user') => `${label}-${Date.now().toString(36)}-${sequence++}@example.test`;
export const PASSWORD = 'correct horse battery';
const META = { ip: '127.0.0.1', userAgent: 'vitest' };

/** "sb_session=…" from a Set-Cookie header value. */
export function cookieFrom(setCookie: string | null | undefined): string {
  const pair = setCookie?.split(';')[0];
  if (!pair) throw new Error('no Set-Cookie');
  return pair;
}

/** Headers of a same-origin browser request signed in with this cookie. */
export function browser(cookie: string, extra: Record<string, string> = {}): Record<string, string> {
  return { cookie, origin: TEST_ORIGIN, ...extra };
}

export type Account = { userId: string; organizationId: string; email: string; cookie: string; role: RoleKey };

/** Signs up a new user with a new organization (Super Admin), through the real service. */
export async function createAccount(deps: AppDeps, label = 'owner'): Promise<Account> {
  const email = uniqueEmail(label);
  const { setCookie, payload } = await signup(deps, { name: `Test ${label}`, email, password: PASSWORD, organizationName: `Org of ${email}` }, META);
  return { userId: payload.user.id, organizationId: payload.organization!.id, email, cookie: cookieFrom(setCookie), role: 'super_admin' };
}

let passwordHash: Promise<string> | undefined;

/** Adds a member with a role to an organization and signs them in. */
export async function addMember(deps: AppDeps, organizationId: string, role: RoleKey, label: string = role): Promise<Account> {
  const db = deps.database.db;
  passwordHash ??= hashPassword(PASSWORD);
  const email = uniqueEmail(label);
  const user = await db
    .insertInto('users')
    .values({ email, name: `Test ${label}`, password_hash: await passwordHash, preferences: '{}' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('memberships').values({ organization_id: organizationId, user_id: user.id, role }).execute();
  const { setCookie } = await sessionManager(db, deps.config).create(user.id, { organizationId, ...META });
  return { userId: user.id, organizationId, email, cookie: cookieFrom(setCookie), role };
}

/**
 * Inserts an API key with a role directly; returns its secret. A key acts for the member who made
 * it: `createdBy` (by default the organization's first Super Admin).
 */
export async function createKey(deps: AppDeps, organizationId: string, role: RoleKey, createdBy?: string): Promise<string> {
  const db = deps.database.db;
  const creator =
    createdBy ??
    (await db.selectFrom('memberships').select('user_id').where('organization_id', '=', organizationId).where('role', '=', 'super_admin').orderBy('created_at').executeTakeFirstOrThrow()).user_id;
  const secret = `${API_KEY_PREFIX}${randomToken(32)}`;
  await db
    .insertInto('api_keys')
    .values({ organization_id: organizationId, name: `key ${role}`, role, prefix: secret.slice(0, 10), secret_hash: sha256(secret), created_by: creator })
    .execute();
  return secret;
}

export { permissionsFor };

/** What /api/v1 answers (401, problem+json) for an unknown, revoked or orphaned API key. */
export const REVOKED_KEY_PROBLEM = {
  type: 'https://switchboard.dev/problems/unauthenticated',
  title: 'Not authenticated',
  status: 401,
  detail: 'Invalid or revoked API key',
  errors: [],
  message: 'Invalid or revoked API key',
} as const;
