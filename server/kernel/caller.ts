import type { RoleKey } from '../db/schema';
import type { Permission } from './permissions';

/** Who is calling, resolved once per request from the session cookie or an API key (by the auth domain). */
export type Auth = {
  via: 'session' | 'apiKey';
  user: { id: string; email: string; name: string } | null;
  /** The stored session id (hash of the token) and the token itself, for logout. */
  session: { id: string; token: string } | null;
  /** The key, and the member it acts for (its creator, still a member: otherwise the key is refused). */
  apiKey: { id: string; name: string; createdBy: string } | null;
  organization: { id: string; name: string; role: RoleKey } | null;
  permissions: Permission[];
};

export type OrgAuth = Auth & { organization: NonNullable<Auth['organization']> };
export type UserAuth = Auth & { user: NonNullable<Auth['user']>; session: NonNullable<Auth['session']> };

/** The caller, and the cookie to set when resolving it refreshed (or cleared) the session. */
export type ResolvedAuth = { auth: Auth | null; setCookie: string | undefined };

/** Who did something, as the audit log records it. */
export type Actor = { userId: string | null; apiKeyId: string | null; label: string };

/** The name of the session cookie: the CSRF guard looks for it before any domain resolves the caller. */
export const SESSION_COOKIE = 'sb_session';

export function bearerToken(authorization: string | undefined | null): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  return match?.[1] ?? null;
}

export function actorOf(auth: Auth): Actor {
  if (auth.user) return { userId: auth.user.id, apiKeyId: null, label: `${auth.user.name} <${auth.user.email}>` };
  return { userId: null, apiKeyId: auth.apiKey!.id, label: `API key "${auth.apiKey!.name}"` };
}
