import { describe, expect, it } from 'vitest';
import { sha256 } from '../../server/auth/tokens';
import { type buildTestApp, TEST_ORIGIN } from '../helpers/app';
import { checkedTestApp } from '../helpers/openapi';
import { browser, cookieFrom, PASSWORD, uniqueEmail } from '../helpers/factories';

const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, ...headers },
  body: JSON.stringify(body),
});

async function signupRest(app: Awaited<ReturnType<typeof buildTestApp>>['app'], email = uniqueEmail()) {
  const res = await app.request('/api/auth/signup', json({ name: 'Ada Lovelace', email, password: PASSWORD, organizationName: 'Analytical Engines' }));
  return { res, email };
}

describe('POST /api/auth/signup', () => {
  it('creates the user, the organization and a Super Admin membership, and signs in', async () => {
    const { app, deps } = await checkedTestApp();
    const { res, email } = await signupRest(app, `  ${uniqueEmail().toUpperCase()}  `);
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({
      user: { email: email.trim().toLowerCase(), name: 'Ada Lovelace', lastActive: null, preferences: { theme: 'system', language: 'en' } },
      organization: { name: 'Analytical Engines', role: 'super_admin' },
    });
    expect(body.permissions).toContain('billing:manage');
    const membership = await deps.database.db.selectFrom('memberships').selectAll().where('user_id', '=', body.user.id).executeTakeFirstOrThrow();
    expect(membership.role).toBe('super_admin');
    expect(res.headers.get('set-cookie')).toMatch(/^sb_session=[\w-]{43}; HttpOnly; Max-Age=2592000; Path=\/; SameSite=Lax$/);
  });

  it('remembers the industry an industry landing page passed (spec public-site §2.10)', async () => {
    const { app, deps } = await checkedTestApp();
    const res = await app.request('/api/auth/signup', json({ name: 'Grace Hopper', email: uniqueEmail(), password: PASSWORD, organizationName: 'Bright Smiles Dental', industry: 'dental_practice' }));
    expect(res.status).toBe(201);
    const { organization } = await res.json();
    const row = await deps.database.db.selectFrom('organizations').select('settings').where('id', '=', organization.id).executeTakeFirstOrThrow();
    expect(row.settings).toMatchObject({ industry: 'dental_practice' });
  });

  it('stores only the SHA-256 of the session token and an Argon2id password hash', async () => {
    const { app, deps } = await checkedTestApp();
    const { res, email } = await signupRest(app);
    const token = cookieFrom(res.headers.get('set-cookie')).split('=')[1]!;
    const db = deps.database.db;
    const user = await db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect(user.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const sessions = await db.selectFrom('sessions').selectAll().where('user_id', '=', user.id).execute();
    expect(sessions.map((s) => s.id)).toEqual([sha256(token)]);
    const dump = JSON.stringify(await db.selectFrom('sessions').selectAll().execute());
    expect(dump).not.toContain(token);
  });

  it.each([
    [{ name: 'A', email: 'not-an-email', password: PASSWORD, organizationName: 'O' }, 'email', 'must be a valid e-mail address'],
    [{ name: 'A', email: 'a@b.co', password: 'short', organizationName: 'O' }, 'password', 'must be at least 10 characters'],
    [{ name: 'A', email: 'a@b.co', password: 'x'.repeat(257), organizationName: 'O' }, 'password', 'must be at most 256 characters'],
    [{ name: '', email: 'a@b.co', password: PASSWORD, organizationName: 'O' }, 'name', 'is required'],
    [{ name: 'A', email: 'a@b.co', password: PASSWORD }, 'organizationName', 'is required'],
    [{ name: 'A', email: 'a@b.co', password: PASSWORD, organizationName: 'O', industry: 'bakery' }, 'industry', 'must be one of dental_practice, med_spa, agency, business_coach'],
  ])('refuses %o naming the field and the rule', async (input, path, message) => {
    const { app } = await checkedTestApp();
    const res = await app.request('/api/auth/signup', json(input));
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.message).toBe(`${path}: ${message}`);
    expect(body.issues).toContainEqual({ path, message });
  });

  it('refuses an e-mail that already has an account, and a malformed body', async () => {
    const { app } = await checkedTestApp();
    const { email } = await signupRest(app);
    const again = await signupRest(app, email);
    expect(again.res.status).toBe(409);
    expect(await again.res.json()).toMatchObject({ message: 'email: An account with this e-mail already exists' });
    const malformed = await app.request('/api/auth/signup', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{oops' });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ message: 'body: must be a JSON object' });
  });
});

describe('POST /api/auth/login', () => {
  it('answers the user, permissions and organization with a new session cookie each time', async () => {
    const { app } = await checkedTestApp();
    const { email } = await signupRest(app);
    const first = await app.request('/api/auth/login', json({ email, password: PASSWORD }));
    const second = await app.request('/api/auth/login', json({ email: email.toUpperCase(), password: PASSWORD }));
    expect(first.status).toBe(200);
    const body = await first.json();
    expect(Object.keys(body.user).sort()).toEqual(['email', 'emailVerified', 'id', 'lastActive', 'name', 'preferences']);
    expect(body.organization.role).toBe('super_admin');
    expect(body.permissions.length).toBeGreaterThan(10);
    expect(cookieFrom(first.headers.get('set-cookie'))).not.toBe(cookieFrom(second.headers.get('set-cookie')));
  });

  it('answers an unknown e-mail and a wrong password identically', async () => {
    const { app } = await checkedTestApp();
    const { email } = await signupRest(app);
    const wrong = await app.request('/api/auth/login', json({ email, password: 'wrong password!' }));
    const unknown = await app.request('/api/auth/login', json({ email: uniqueEmail('ghost'), password: 'wrong password!' }));
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: 'Invalid email or password' });
      expect(res.headers.get('set-cookie')).toBeNull();
    }
  });

  it('sets Secure on the cookie when PUBLIC_URL is https', async () => {
    const { app } = await checkedTestApp({ env: { PUBLIC_URL: 'https://crm.example.com' } });
    const res = await app.request('/api/auth/signup', json({ name: 'A', email: uniqueEmail(), password: PASSWORD, organizationName: 'O' }, { origin: 'https://crm.example.com' }));
    expect(res.headers.get('set-cookie')).toContain('; Secure');
  });
});

describe('GET /api/auth/user, PATCH /api/auth/preferences, POST /api/auth/logout', () => {
  it('answers the current user, or 401 Not authenticated', async () => {
    const { app } = await checkedTestApp();
    const { res } = await signupRest(app);
    const cookie = cookieFrom(res.headers.get('set-cookie'));
    const me = await app.request('/api/auth/user', { headers: { cookie } });
    expect(me.status).toBe(200);
    expect((await me.json()).user.name).toBe('Ada Lovelace');
    const anonymous = await app.request('/api/auth/user');
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ message: 'Not authenticated' });
    const bogus = await app.request('/api/auth/user', { headers: { cookie: 'sb_session=forged' } });
    expect(bogus.status).toBe(401);
  });

  it('auth.session answers the signed-in payload, or null without a 401', async () => {
    const { app, caller } = await checkedTestApp();
    const { res } = await signupRest(app);
    const cookie = cookieFrom(res.headers.get('set-cookie'));
    expect((await caller({ cookie }).auth.session())?.user.name).toBe('Ada Lovelace');
    expect(await caller().auth.session()).toBeNull();
    const anonymous = await app.request('/trpc/auth.session');
    expect(anonymous.status).toBe(200);
  });

  it('merges partial preferences and refuses unknown keys and bad values', async () => {
    const { app } = await checkedTestApp();
    const { res } = await signupRest(app);
    const cookie = cookieFrom(res.headers.get('set-cookie'));
    const patch = (body: unknown) => app.request('/api/auth/preferences', { method: 'PATCH', headers: { ...browser(cookie), 'content-type': 'application/json' }, body: JSON.stringify(body) });

    const first = await patch({ theme: 'dark', notifications: { deal_won: false } });
    expect(first.status).toBe(200);
    const second = await patch({ language: 'fr', notifications: { sms_received: false } });
    const { preferences } = await second.json();
    expect(preferences).toMatchObject({ theme: 'dark', language: 'fr', timezone: 'UTC' });
    expect(preferences.notifications).toMatchObject({ deal_won: false, sms_received: false, contact_created: true });

    const unknown = await patch({ theme: 'dark', colour: 'red' });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({ message: 'colour: is not a known field', issues: [{ path: 'colour', message: 'is not a known field' }] });
    const badZone = await patch({ timezone: 'Mars/Olympus' });
    expect((await badZone.json()).message).toBe('timezone: must be an IANA time zone such as Europe/Paris');

    const me = await app.request('/api/auth/user', { headers: { cookie } });
    expect((await me.json()).user.preferences.language).toBe('fr');
  });

  it('logs out with 204, clears the cookie and ends the session', async () => {
    const { app } = await checkedTestApp();
    const { res } = await signupRest(app);
    const cookie = cookieFrom(res.headers.get('set-cookie'));
    const out = await app.request('/api/auth/logout', { method: 'POST', headers: browser(cookie) });
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toMatch(/^sb_session=; HttpOnly; Max-Age=0; Path=\/; SameSite=Lax$/);
    expect((await app.request('/api/auth/user', { headers: { cookie } })).status).toBe(401);
    expect((await app.request('/api/auth/logout', { method: 'POST', headers: browser(cookie) })).status).toBe(401);
  });
});
