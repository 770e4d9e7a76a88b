import { recordAudit } from '../audit/service';
import type { Actor } from '../kernel/caller';
import type { Db } from '../db';
import type { RoleKey } from '../db/schema';
import type { AppDeps } from '../deps';
import { DomainError, fieldError } from '../errors';
import type { RequestMeta } from '../http/meta';
import type { UserContext } from '../kernel/context';
import { registry } from '../kernel/registry';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password';
import { permissionsFor } from '../kernel/access';
import type { Permission } from '../kernel/permissions';
import { actorOf, type Auth } from '../kernel/caller';
import { loadMembership } from './resolve';
import type { z } from 'zod';
import {
  ZPreferences,
  NOTIFICATION_TYPES,
  type TPreferences,
  type ZChangePasswordInput,
  type ZLoginInput,
  type ZRevokeSessionInput,
  type ZSignupInput,
  type ZSwitchOrganizationInput,
  type ZUpdatePreferencesInput,
  type ZUpdateProfileInput,
} from './schema';
import { sessionManager } from './session';
import { assertSlots, takeSlots } from '../rate-limit';
import { sendAccountEmail } from '../kernel/account-emails';
import { trustDevice, trustedDeviceOf } from './devices';
import { admitLoginAttempt, markLoginSucceeded, PASSWORD_CHANGE_LIMIT, passwordChangesMessage, SIGNUP_NOTICE_LIMIT, signupLimit, signupsMessage } from './throttle';

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
  user: { id: string; email: string; emailVerified: boolean; name: string; lastActive: string | null; preferences: Preferences };
  permissions: Permission[];
  organization: { id: string; name: string; role: RoleKey } | null;
  organizations: { id: string; name: string; role: RoleKey }[];
};

/** The body of login, signup and `GET /api/auth/user` (spec app-core §7). */
export async function authPayload(db: Db, userId: string, organizationId: string | null): Promise<AuthPayload> {
  const [user, organizations] = await Promise.all([
    db.selectFrom('users').select(['id', 'email', 'email_verified_at', 'name', 'last_active_at', 'preferences']).where('id', '=', userId).executeTakeFirstOrThrow(),
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
      emailVerified: user.email_verified_at !== null,
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
 * Creates the user, their organization and its Super Admin membership, e-mails a verification link,
 * and signs them in. Each valid request counts against its client address's sign-up limit
 * (signupLimit), taken or not. An address that already has an account is told of the attempt
 * (SIGNUP_NOTICE_LIMIT), with a sign-in and a reset link; the answer stays 409.
 */
export async function signup(deps: AppDeps, input: z.output<typeof ZSignupInput>, meta: RequestMeta): Promise<Signed> {
  const db = deps.database.db;
  await assertSlots(db, [{ limit: signupLimit(deps.config), key: meta.ip }], signupsMessage);
  const existing = await db.selectFrom('users').select('id').where('email', '=', input.email).executeTakeFirst();
  if (existing) {
    if ((await takeSlots(db, [{ limit: SIGNUP_NOTICE_LIMIT, key: existing.id }])).ok) {
      await db.transaction().execute((trx) => sendAccountEmail(trx, deps, { type: 'signup_existing', userId: existing.id }));
    }
    throw EMAIL_TAKEN();
  }
  const passwordHash = await hashPassword(input.password);
  const { userId, organizationId } = await db
    .transaction()
    .execute(async (trx) => {
      const user = await trx.insertInto('users').values({ email: input.email, name: input.name, password_hash: passwordHash, preferences: '{}' }).returning('id').executeTakeFirstOrThrow();
      const actor = { userId: user.id, apiKeyId: null, label: `${input.name} <${input.email}>` };
      // Through the registry: organizations is above auth (it signs invited members in), so auth may not import its creation.
      const org = await registry().createSignupOrganization(trx, { name: input.organizationName, industry: input.industry, ownerUserId: user.id, actor, meta });
      await recordAudit(trx, {
        organizationId: org.id,
        actor,
        action: 'auth.signup',
        target: { type: 'organization', id: org.id },
        meta,
      });
      await sendAccountEmail(trx, deps, { type: 'verify_email', userId: user.id });
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
export async function login(deps: Deps, input: z.output<typeof ZLoginInput>, meta: RequestMeta, cookieHeader?: string | null): Promise<Signed & { deviceCookie?: string }> {
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
export async function logout(ctx: UserContext): Promise<string> {
  const sessions = sessionManager(ctx.db, ctx.deps.config);
  await sessions.invalidate(ctx.auth.session.token);
  await recordAudit(ctx.db, { organizationId: ctx.auth.organization?.id ?? null, actor: actorOf(ctx.auth), action: 'auth.logout', meta: ctx.meta });
  return sessions.blankCookie();
}

export async function me(ctx: Pick<UserContext, 'db' | 'auth'>): Promise<AuthPayload> {
  return authPayload(ctx.db, ctx.auth.user.id, ctx.auth.organization?.id ?? null);
}

/** Merges a partial update into the stored preferences (notification settings key by key). */
export async function updatePreferences(ctx: UserContext, input: z.output<typeof ZUpdatePreferencesInput>) {
  const { auth } = ctx;
  const preferences = await ctx.db.transaction().execute(async (trx) => {
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
      meta: ctx.meta,
    });
    return merged;
  });
  return { preferences: effectivePreferences(preferences) };
}

export async function updateProfile(ctx: UserContext, input: z.output<typeof ZUpdateProfileInput>) {
  await ctx.db.updateTable('users').set({ name: input.name, updated_at: new Date() }).where('id', '=', ctx.auth.user.id).execute();
  return me(ctx);
}

/**
 * Changes the password and ends every other session of the user. Every valid attempt, a wrong
 * current password included, counts against the user's PASSWORD_CHANGE_LIMIT.
 */
export async function changePassword(ctx: UserContext, input: z.output<typeof ZChangePasswordInput>): Promise<void> {
  const { db, auth } = ctx;
  await assertSlots(db, [{ limit: PASSWORD_CHANGE_LIMIT, key: auth.user.id }], passwordChangesMessage);
  const user = await db.selectFrom('users').select('password_hash').where('id', '=', auth.user.id).executeTakeFirstOrThrow();
  if (!(await verifyPassword(user.password_hash, input.currentPassword))) {
    throw fieldError('currentPassword', 'is not your current password');
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ password_hash: passwordHash, updated_at: new Date() }).where('id', '=', auth.user.id).execute();
    await trx.deleteFrom('sessions').where('user_id', '=', auth.user.id).where('id', '!=', auth.session.id).execute();
    await recordAudit(trx, { organizationId: auth.organization?.id ?? null, actor: actorOf(auth), action: 'auth.password_changed', meta: ctx.meta });
  });
}

export async function listSessions(ctx: Pick<UserContext, 'db' | 'auth'>) {
  const { auth } = ctx;
  const rows = await ctx.db
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
export async function revokeSession(ctx: UserContext, { id }: z.output<typeof ZRevokeSessionInput>): Promise<void> {
  const { db, auth } = ctx;
  const result = await db.deleteFrom('sessions').where('id', '=', id).where('user_id', '=', auth.user.id).executeTakeFirst();
  if (Number(result.numDeletedRows ?? 0) === 0) throw new DomainError('NOT_FOUND', 'Session not found');
  await recordAudit(db, { organizationId: auth.organization?.id ?? null, actor: actorOf(auth), action: 'auth.session_revoked', target: { type: 'session', id: id.slice(0, 12) }, meta: ctx.meta });
}

/** Moves the session to another organization the user belongs to. */
export async function switchOrganization(ctx: Pick<UserContext, 'db' | 'auth'>, { organizationId }: z.output<typeof ZSwitchOrganizationInput>): Promise<AuthPayload> {
  const { db, auth } = ctx;
  if (!(await loadMembership(db, organizationId, auth.user.id))) throw new DomainError('NOT_FOUND', 'Organization not found');
  await db.updateTable('sessions').set({ organization_id: organizationId }).where('id', '=', auth.session.id).execute();
  return authPayload(db, auth.user.id, organizationId);
}

export type { Auth };
