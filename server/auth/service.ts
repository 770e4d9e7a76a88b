import { recordAudit } from '../audit/service';
import type { Actor } from '../kernel/caller';
import type { Db } from '../db';
import type { RoleKey } from '../db/schema';
import type { AppDeps } from '../deps';
import { DomainError, parseInput } from '../errors';
import type { RequestMeta } from '../http/meta';
import { createOrganization } from '../organizations/create';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password';
import { permissionsFor } from '../kernel/access';
import type { Permission } from '../kernel/permissions';
import { actorOf, type Auth, type UserAuth } from '../kernel/caller';
import { loadMembership } from './resolve';
import {
  ZChangePasswordInput,
  ZLoginInput,
  ZPreferences,
  ZRevokeSessionInput,
  ZSignupInput,
  ZSwitchOrganizationInput,
  ZUpdatePreferencesInput,
  ZUpdateProfileInput,
  NOTIFICATION_TYPES,
  type TPreferences,
} from './schema';
import { sessionManager } from './session';
import { assertSlots } from '../rate-limit';
import { trustDevice, trustedDeviceOf } from './devices';
import { admitLoginAttempt, markLoginSucceeded, PASSWORD_CHANGE_LIMIT, passwordChangesMessage, signupLimit, signupsMessage } from './throttle';

export const INVALID_CREDENTIALS = 'Invalid email or password';

type Preferences = Required<Omit<TPreferences, 'notifications'>> & { notifications: Record<(typeof NOTIFICATION_TYPES)[number], boolean> };

export const DEFAULT_PREFERENCES: Preferences = {
  theme: 'system',
  language: 'en',
  timezone: 'UTC',
  notifications: Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, true])) as Preferences['notifications'],
  toasts: true,
};

/** Stored preferences over the defaults; anything stored that no longer validates is ignored. */
export function effectivePreferences(stored: unknown): Preferences {
  const parsed = ZPreferences.safeParse(stored);
  const prefs = parsed.success ? parsed.data : {};
  return { ...DEFAULT_PREFERENCES, ...prefs, notifications: { ...DEFAULT_PREFERENCES.notifications, ...prefs.notifications } };
}

export type AuthPayload = {
  user: { id: string; email: string; name: string; lastActive: string | null; preferences: Preferences };
  permissions: Permission[];
  organization: { id: string; name: string; role: RoleKey } | null;
  organizations: { id: string; name: string; role: RoleKey }[];
};

/** The body of login, signup and `GET /api/auth/user` (spec app-core §7). */
export async function authPayload(db: Db, userId: string, organizationId: string | null): Promise<AuthPayload> {
  const [user, organizations] = await Promise.all([
    db.selectFrom('users').select(['id', 'email', 'name', 'last_active_at', 'preferences']).where('id', '=', userId).executeTakeFirstOrThrow(),
    db
      .selectFrom('memberships')
      .innerJoin('organizations', 'organizations.id', 'memberships.organization_id')
      .select(['organizations.id', 'organizations.name', 'memberships.role'])
      .where('memberships.user_id', '=', userId)
      .orderBy('organizations.name')
      .execute(),
  ]);
  const organization = organizations.find((o) => o.id === organizationId) ?? null;
  return {
    user: {
      id: user.id,
      email: user.email,
      name: user.name,
      lastActive: user.last_active_at?.toISOString() ?? null,
      preferences: effectivePreferences(user.preferences),
    },
    permissions: organization ? permissionsFor(organization.role) : [],
    organization,
    organizations,
  };
}

type Deps = Pick<AppDeps, 'database' | 'config'>;
type Signed = { setCookie: string; payload: AuthPayload };

async function startSession(deps: Deps, userId: string, organizationId: string | null, meta: RequestMeta): Promise<string> {
  const { setCookie } = await sessionManager(deps.database.db, deps.config).create(userId, {
    organizationId,
    ip: meta.ip,
    userAgent: meta.userAgent,
  });
  return setCookie;
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';
}

const EMAIL_TAKEN = () =>
  new DomainError('CONFLICT', 'email: An account with this e-mail already exists', {
    issues: [{ path: 'email', message: 'An account with this e-mail already exists' }],
  });

/**
 * Creates the user, their organization and its Super Admin membership, and signs them in. Each
 * valid request counts against its client address's sign-up limit (signupLimit), taken or not.
 */
export async function signup(deps: Deps, rawInput: unknown, meta: RequestMeta): Promise<Signed> {
  const input = parseInput(ZSignupInput, rawInput);
  const db = deps.database.db;
  await assertSlots(db, [{ limit: signupLimit(deps.config), key: meta.ip }], signupsMessage);
  if (await db.selectFrom('users').select('id').where('email', '=', input.email).executeTakeFirst()) throw EMAIL_TAKEN();
  const passwordHash = await hashPassword(input.password);
  const { userId, organizationId } = await db
    .transaction()
    .execute(async (trx) => {
      const user = await trx.insertInto('users').values({ email: input.email, name: input.name, password_hash: passwordHash, preferences: '{}' }).returning('id').executeTakeFirstOrThrow();
      const actor = { userId: user.id, apiKeyId: null, label: `${input.name} <${input.email}>` };
      const org = await createOrganization(trx, {
        name: input.organizationName,
        origin: 'signup',
        settings: input.industry ? { industry: input.industry } : {},
        ownerUserId: user.id,
        actor,
        meta,
      });
      await recordAudit(trx, {
        organizationId: org.id,
        actor,
        action: 'auth.signup',
        target: { type: 'organization', id: org.id },
        meta,
      });
      return { userId: user.id, organizationId: org.id };
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? EMAIL_TAKEN() : error;
    });
  const setCookie = await startSession(deps, userId, organizationId, meta);
  return { setCookie, payload: await authPayload(db, userId, organizationId) };
}

/** The organization a fresh session starts in: the one joined first. */
async function defaultOrganization(db: Db, userId: string): Promise<string | null> {
  const row = await db.selectFrom('memberships').select('organization_id').where('user_id', '=', userId).orderBy('created_at').limit(1).executeTakeFirst();
  return row?.organization_id ?? null;
}

/**
 * Signs in with e-mail and password. Unknown e-mail and wrong password answer alike and take about
 * the same time. Attempts are admitted by the throttle (server/auth/throttle.ts) before any password
 * is checked: a browser carrying this user's device cookie (`cookieHeader`) is counted on its own;
 * others per e-mail and per address. A success trusts the browser with a fresh device cookie.
 */
export async function login(deps: Deps, rawInput: unknown, meta: RequestMeta, cookieHeader?: string | null): Promise<Signed & { deviceCookie?: string }> {
  const input = parseInput(ZLoginInput, rawInput);
  const db = deps.database.db;
  const user = await db.selectFrom('users').select(['id', 'name', 'email', 'password_hash']).where('email', '=', input.email).executeTakeFirst();
  const deviceId = user ? await trustedDeviceOf(db, user.id, cookieHeader) : null;
  const attemptId = await admitLoginAttempt(db, { email: input.email, ip: meta.ip, deviceId });
  const ok = user ? await verifyPassword(user.password_hash, input.password) : await verifyAgainstDummy(input.password);
  if (ok) await markLoginSucceeded(db, attemptId);
  const organizationId = user ? await defaultOrganization(db, user.id) : null;
  const actor: Actor = { userId: user?.id ?? null, apiKeyId: null, label: user ? `${user.name} <${user.email}>` : input.email };
  if (!user || !ok) {
    await recordAudit(db, { organizationId, actor, action: 'auth.login_failed', details: { email: input.email }, meta });
    throw new DomainError('UNAUTHENTICATED', INVALID_CREDENTIALS);
  }
  const setCookie = await startSession(deps, user.id, organizationId, meta);
  const deviceCookie = await trustDevice(db, deps.config, user.id, deviceId);
  await recordAudit(db, { organizationId, actor, action: 'auth.login', meta });
  return { setCookie, deviceCookie, payload: await authPayload(db, user.id, organizationId) };
}

/** Ends the caller's session; answers the cookie that clears it. */
export async function logout(deps: Deps, auth: UserAuth, meta: RequestMeta): Promise<string> {
  const sessions = sessionManager(deps.database.db, deps.config);
  await sessions.invalidate(auth.session.token);
  await recordAudit(deps.database.db, { organizationId: auth.organization?.id ?? null, actor: actorOf(auth), action: 'auth.logout', meta });
  return sessions.blankCookie();
}

export async function me(deps: Deps, auth: UserAuth): Promise<AuthPayload> {
  return authPayload(deps.database.db, auth.user.id, auth.organization?.id ?? null);
}

/** Merges a partial update into the stored preferences (notification settings key by key). */
export async function updatePreferences(deps: Deps, auth: UserAuth, rawInput: unknown, meta: RequestMeta) {
  const input = parseInput(ZUpdatePreferencesInput, rawInput);
  const db = deps.database.db;
  const preferences = await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('users').select('preferences').where('id', '=', auth.user.id).forUpdate().executeTakeFirstOrThrow();
    const current = ZPreferences.safeParse(row.preferences).data ?? {};
    const merged: TPreferences = {
      ...current,
      ...input,
      ...(input.notifications || current.notifications ? { notifications: { ...current.notifications, ...input.notifications } } : {}),
    };
    await trx
      .updateTable('users')
      .set({ preferences: JSON.stringify(merged), updated_at: new Date() })
      .where('id', '=', auth.user.id)
      .execute();
    await recordAudit(trx, {
      organizationId: auth.organization?.id ?? null,
      actor: actorOf(auth),
      action: 'auth.preferences_changed',
      details: { changed: Object.keys(input) },
      meta,
    });
    return merged;
  });
  return { preferences: effectivePreferences(preferences) };
}

export async function updateProfile(deps: Deps, auth: UserAuth, rawInput: unknown) {
  const input = parseInput(ZUpdateProfileInput, rawInput);
  await deps.database.db.updateTable('users').set({ name: input.name, updated_at: new Date() }).where('id', '=', auth.user.id).execute();
  return me(deps, auth);
}

/**
 * Changes the password and ends every other session of the user. Every valid attempt, a wrong
 * current password included, counts against the user's PASSWORD_CHANGE_LIMIT.
 */
export async function changePassword(deps: Deps, auth: UserAuth, rawInput: unknown, meta: RequestMeta): Promise<void> {
  const input = parseInput(ZChangePasswordInput, rawInput);
  const db = deps.database.db;
  await assertSlots(db, [{ limit: PASSWORD_CHANGE_LIMIT, key: auth.user.id }], passwordChangesMessage);
  const user = await db.selectFrom('users').select('password_hash').where('id', '=', auth.user.id).executeTakeFirstOrThrow();
  if (!(await verifyPassword(user.password_hash, input.currentPassword))) {
    throw new DomainError('VALIDATION', 'currentPassword: is not your current password', {
      issues: [{ path: 'currentPassword', message: 'is not your current password' }],
    });
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ password_hash: passwordHash, updated_at: new Date() }).where('id', '=', auth.user.id).execute();
    await trx.deleteFrom('sessions').where('user_id', '=', auth.user.id).where('id', '!=', auth.session.id).execute();
    await recordAudit(trx, { organizationId: auth.organization?.id ?? null, actor: actorOf(auth), action: 'auth.password_changed', meta });
  });
}

export async function listSessions(deps: Deps, auth: UserAuth) {
  const rows = await deps.database.db
    .selectFrom('sessions')
    .select(['id', 'created_at', 'expires_at', 'ip', 'user_agent'])
    .where('user_id', '=', auth.user.id)
    .where('expires_at', '>', new Date())
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    current: r.id === auth.session.id,
    createdAt: r.created_at.toISOString(),
    expiresAt: r.expires_at.toISOString(),
    ip: r.ip,
    userAgent: r.user_agent,
  }));
}

/** Ends one of the caller's own sessions; another user's session id is simply not found. */
export async function revokeSession(deps: Deps, auth: UserAuth, rawInput: unknown, meta: RequestMeta): Promise<void> {
  const { id } = parseInput(ZRevokeSessionInput, rawInput);
  const db = deps.database.db;
  const result = await db.deleteFrom('sessions').where('id', '=', id).where('user_id', '=', auth.user.id).executeTakeFirst();
  if (Number(result.numDeletedRows ?? 0) === 0) throw new DomainError('NOT_FOUND', 'Session not found');
  await recordAudit(db, { organizationId: auth.organization?.id ?? null, actor: actorOf(auth), action: 'auth.session_revoked', target: { type: 'session', id: id.slice(0, 12) }, meta });
}

/** Moves the session to another organization the user belongs to. */
export async function switchOrganization(deps: Deps, auth: UserAuth, rawInput: unknown): Promise<AuthPayload> {
  const { organizationId } = parseInput(ZSwitchOrganizationInput, rawInput);
  const db = deps.database.db;
  if (!(await loadMembership(db, organizationId, auth.user.id))) throw new DomainError('NOT_FOUND', 'Organization not found');
  await db.updateTable('sessions').set({ organization_id: organizationId }).where('id', '=', auth.session.id).execute();
  return authPayload(db, auth.user.id, organizationId);
}

export type { Auth };
