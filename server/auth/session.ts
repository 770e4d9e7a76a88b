import { Lucia, TimeSpan, type Adapter, type DatabaseSession, type DatabaseUser } from 'lucia';
import type { Config } from '../config';
import type { Db } from '../db';
import { SESSION_COOKIE } from '../kernel/caller';
import { randomToken, sha256 } from './tokens';

/**
 * Sessions, behind this one module so Lucia (now maintained only as a guide upstream) could be
 * replaced. The cookie carries a 256-bit CSPRNG token; the database keeps only its SHA-256.
 */

export const SESSION_DAYS = 30;

type SessionAttributes = { organizationId: string | null; ip: string | null; userAgent: string | null };
type UserAttributes = { email: string; name: string };

declare module 'lucia' {
  interface Register {
    Lucia: Lucia<SessionAttributes, UserAttributes>;
    DatabaseSessionAttributes: SessionAttributes;
    DatabaseUserAttributes: UserAttributes;
  }
}

/** Lucia's adapter over Kysely; every session id it is handed is a token, hashed before any query. */
class KyselySessionAdapter implements Adapter {
  constructor(private readonly db: Db) {}

  async getSessionAndUser(token: string): Promise<[DatabaseSession | null, DatabaseUser | null]> {
    const row = await this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select(['sessions.user_id', 'sessions.expires_at', 'sessions.organization_id', 'sessions.ip', 'sessions.user_agent', 'users.email', 'users.name'])
      .where('sessions.id', '=', sha256(token))
      .executeTakeFirst();
    if (!row) return [null, null];
    return [
      {
        id: token,
        userId: row.user_id,
        expiresAt: row.expires_at,
        attributes: { organizationId: row.organization_id, ip: row.ip, userAgent: row.user_agent },
      },
      { id: row.user_id, attributes: { email: row.email, name: row.name } },
    ];
  }

  async getUserSessions(userId: string): Promise<DatabaseSession[]> {
    const rows = await this.db.selectFrom('sessions').selectAll().where('user_id', '=', userId).execute();
    return rows.map((r) => ({
      id: r.id,
      userId: r.user_id,
      expiresAt: r.expires_at,
      attributes: { organizationId: r.organization_id, ip: r.ip, userAgent: r.user_agent },
    }));
  }

  async setSession(session: DatabaseSession): Promise<void> {
    await this.db
      .insertInto('sessions')
      .values({
        id: sha256(session.id),
        user_id: session.userId,
        expires_at: session.expiresAt,
        organization_id: session.attributes.organizationId,
        ip: session.attributes.ip,
        user_agent: session.attributes.userAgent,
      })
      .execute();
  }

  async updateSessionExpiration(token: string, expiresAt: Date): Promise<void> {
    await this.db.updateTable('sessions').set({ expires_at: expiresAt }).where('id', '=', sha256(token)).execute();
  }

  async deleteSession(token: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('id', '=', sha256(token)).execute();
  }

  async deleteUserSessions(userId: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('user_id', '=', userId).execute();
  }

  async deleteExpiredSessions(): Promise<void> {
    await this.db.deleteFrom('sessions').where('expires_at', '<=', new Date()).execute();
  }
}

export type ValidSession = {
  token: string;
  /** The stored id (SHA-256 of the token), safe to show and to revoke by. */
  id: string;
  userId: string;
  organizationId: string | null;
  expiresAt: Date;
  user: { id: string; email: string; name: string };
  /** A Set-Cookie value when the expiry slid forward (past half-life) or the session is gone. */
  setCookie: string | undefined;
};

export type SessionManager = ReturnType<typeof createSessionManager>;

export function createSessionManager(db: Db, config: Pick<Config, 'publicUrl'>) {
  const lucia = new Lucia(new KyselySessionAdapter(db), {
    sessionExpiresIn: new TimeSpan(SESSION_DAYS, 'd'),
    sessionCookie: {
      name: SESSION_COOKIE,
      attributes: { secure: config.publicUrl.startsWith('https://'), sameSite: 'lax', path: '/' },
    },
    getSessionAttributes: (a) => a,
    getUserAttributes: (a) => ({ email: a.email, name: a.name }),
  });

  return {
    async create(userId: string, attributes: SessionAttributes): Promise<{ token: string; setCookie: string }> {
      const session = await lucia.createSession(userId, attributes, { sessionId: randomToken(32) });
      return { token: session.id, setCookie: lucia.createSessionCookie(session.id).serialize() };
    },

    async validate(token: string): Promise<ValidSession | null> {
      const { session, user } = await lucia.validateSession(token);
      if (!session) return null;
      return {
        token,
        id: sha256(token),
        userId: user.id,
        organizationId: session.organizationId,
        expiresAt: session.expiresAt,
        user: { id: user.id, email: user.email, name: user.name },
        setCookie: session.fresh ? lucia.createSessionCookie(session.id).serialize() : undefined,
      };
    },

    invalidate: (token: string) => lucia.invalidateSession(token),
    readCookie: (cookieHeader: string | undefined | null) => (cookieHeader ? lucia.readSessionCookie(cookieHeader) : null),
    blankCookie: () => lucia.createBlankSessionCookie().serialize(),
  };
}

const managers = new WeakMap<Db, Map<string, SessionManager>>();

/** One manager per database handle and public URL (which decides the cookie's Secure flag). */
export function sessionManager(db: Db, config: Pick<Config, 'publicUrl'>): SessionManager {
  let byUrl = managers.get(db);
  if (!byUrl) managers.set(db, (byUrl = new Map()));
  let manager = byUrl.get(config.publicUrl);
  if (!manager) byUrl.set(config.publicUrl, (manager = createSessionManager(db, config)));
  return manager;
}
