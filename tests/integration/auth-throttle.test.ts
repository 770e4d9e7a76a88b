import { describe, expect, it } from 'vitest';
import { DEVICE_COOKIE } from '../../server/auth/devices';
import { MAX_FAILURES_PER_DEVICE, MAX_FAILURES_PER_EMAIL, MAX_FAILURES_PER_IP, PASSWORD_CHANGE_LIMIT } from '../../server/auth/throttle';
import { buildTestApp, TEST_ORIGIN } from '../helpers/app';
import { browser, createAccount, PASSWORD, uniqueEmail } from '../helpers/factories';

let ipSeq = 1;
const freshIp = () => `203.0.113.${ipSeq++}`;

describe('login throttling', () => {
  it('refuses with 429 and Retry-After after 10 failures for one e-mail', async () => {
    const { app, deps } = await buildTestApp({ env: { TRUST_PROXY: 'true' } });
    const account = await createAccount(deps);
    const attempt = (password: string, ip = freshIp()) =>
      app.request('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': ip }, body: JSON.stringify({ email: account.email, password }) });

    for (let i = 0; i < MAX_FAILURES_PER_EMAIL; i++) expect((await attempt('wrong password')).status).toBe(401);
    const refused = await attempt(PASSWORD);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);
    expect((await refused.json()).message).toBe('Too many sign-in attempts. Try again in 15 minutes.');

    // Once the window has passed, the right password works again.
    await deps.database.db.updateTable('login_attempts').set({ created_at: new Date(Date.now() - 16 * 60 * 1000) }).where('email', '=', account.email).execute();
    expect((await attempt(PASSWORD)).status).toBe(200);
  });

  it('counts failures only since the last success', async () => {
    const { app, deps } = await buildTestApp({ env: { TRUST_PROXY: 'true' } });
    const account = await createAccount(deps);
    const attempt = (password: string) =>
      app.request('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': freshIp() }, body: JSON.stringify({ email: account.email, password }) });
    for (let i = 0; i < MAX_FAILURES_PER_EMAIL - 1; i++) await attempt('wrong password');
    expect((await attempt(PASSWORD)).status).toBe(200);
    for (let i = 0; i < MAX_FAILURES_PER_EMAIL - 1; i++) expect((await attempt('wrong password')).status).toBe(401);
    expect((await attempt(PASSWORD)).status).toBe(200);
  });

  it('refuses an IP after 50 failures across e-mails', async () => {
    const { app } = await buildTestApp({ env: { TRUST_PROXY: 'true' } });
    const ip = freshIp();
    const attempt = (email: string) =>
      app.request('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': ip }, body: JSON.stringify({ email, password: 'wrong password' }) });
    for (let i = 0; i < MAX_FAILURES_PER_IP; i++) expect((await attempt(uniqueEmail('spray'))).status).toBe(401);
    const refused = await attempt(uniqueEmail('spray'));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
  }, 60_000);
});

const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

/** The `sb_device=…` pair a response set, if any. */
const deviceCookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${DEVICE_COOKIE}=`))
    ?.split(';')[0];

describe('login throttling under simultaneous attempts', () => {
  it(`checks at most ${MAX_FAILURES_PER_EMAIL} passwords of 40 simultaneous wrong ones for one e-mail`, async () => {
    const { app, deps } = await buildTestApp({ env: { TRUST_PROXY: 'true' } });
    const account = await createAccount(deps);
    const responses = await Promise.all(
      Array.from({ length: 40 }, () => app.request('/api/auth/login', json({ email: account.email, password: 'wrong password' }, { 'x-forwarded-for': freshIp() }))),
    );
    const codes = responses.map((r) => r.status);
    // A 401 is a password checked; a 429 is refused before any check.
    expect(codes.filter((c) => c === 401)).toHaveLength(MAX_FAILURES_PER_EMAIL);
    expect(codes.filter((c) => c === 429)).toHaveLength(40 - MAX_FAILURES_PER_EMAIL);
    const recorded = await deps.database.db.selectFrom('login_attempts').select('id').where('email', '=', account.email).execute();
    expect(recorded).toHaveLength(MAX_FAILURES_PER_EMAIL);
  }, 120_000);

  it(`checks at most ${MAX_FAILURES_PER_IP} passwords of simultaneous attempts from one address across e-mails`, async () => {
    const { app } = await buildTestApp({ env: { TRUST_PROXY: 'true' } });
    const ip = freshIp();
    const responses = await Promise.all(
      Array.from({ length: MAX_FAILURES_PER_IP + 15 }, () => app.request('/api/auth/login', json({ email: uniqueEmail('spray'), password: 'wrong password' }, { 'x-forwarded-for': ip }))),
    );
    const codes = responses.map((r) => r.status);
    expect(codes.filter((c) => c === 401)).toHaveLength(MAX_FAILURES_PER_IP);
    expect(codes.filter((c) => c === 429)).toHaveLength(15);
  }, 120_000);
});

describe('device cookies: no lock-out on demand', () => {
  async function lockedAccount() {
    const built = await buildTestApp({ env: { TRUST_PROXY: 'true' } });
    const account = await createAccount(built.deps);
    const login = (password: string, headers: Record<string, string> = {}) =>
      built.app.request('/api/auth/login', json({ email: account.email, password }, { 'x-forwarded-for': freshIp(), ...headers }));
    // The owner has signed in from this browser before: it holds a device cookie.
    const first = await login(PASSWORD);
    expect(first.status).toBe(200);
    const device = deviceCookieOf(first);
    expect(device).toMatch(new RegExp(`^${DEVICE_COOKIE}=[\\w-]{43}$`));
    expect(first.headers.getSetCookie().find((c) => c.startsWith(`${DEVICE_COOKIE}=`))).toMatch(/^sb_device=[\w-]{43}; Max-Age=15552000; Path=\/; HttpOnly; SameSite=Strict$/);
    // Someone else guesses from elsewhere until the account is locked for unknown clients.
    for (let i = 0; i < MAX_FAILURES_PER_EMAIL; i++) expect((await login('wrong password')).status).toBe(401);
    expect((await login(PASSWORD)).status).toBe(429);
    return { ...built, account, login, device: device! };
  }

  it("lets the owner's browser in with the right password while the account is locked for others", async () => {
    const { login, device, deps, account } = await lockedAccount();
    const res = await login(PASSWORD, { cookie: device });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toMatch(/^sb_session=/);
    // The device cookie is renewed; the old token no longer counts as trusted.
    const renewed = deviceCookieOf(res)!;
    expect(renewed).not.toBe(device);
    const devices = await deps.database.db.selectFrom('trusted_devices').select('id').where('user_id', '=', account.userId).execute();
    expect(devices).toHaveLength(1);
    // Still locked for unknown clients; the owner's success does not give the guesser more tries.
    expect((await login(PASSWORD)).status).toBe(429);
    expect((await login(PASSWORD, { cookie: device })).status).toBe(429);
    expect((await login(PASSWORD, { cookie: renewed })).status).toBe(200);
  });

  it(`counts a trusted device's own failures against it alone: ${MAX_FAILURES_PER_DEVICE}, then it is refused too`, async () => {
    const { app, deps } = await buildTestApp({ env: { TRUST_PROXY: 'true' } });
    const account = await createAccount(deps);
    const login = (password: string, headers: Record<string, string> = {}) =>
      app.request('/api/auth/login', json({ email: account.email, password }, { 'x-forwarded-for': freshIp(), ...headers }));
    const device = deviceCookieOf(await login(PASSWORD))!;
    for (let i = 0; i < MAX_FAILURES_PER_DEVICE; i++) expect((await login('wrong password', { cookie: device })).status).toBe(401);
    const refused = await login(PASSWORD, { cookie: device });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(800);
    // Those failures did not count against the account for other clients.
    expect((await login(PASSWORD)).status).toBe(200);
  });

  it("does not let a forged cookie or another user's device cookie past the lock", async () => {
    const { login, app, deps } = await lockedAccount();
    // The attacker's own account and browser: a genuine device cookie, of another user.
    const attacker = await createAccount(deps, 'attacker');
    const own = await app.request('/api/auth/login', json({ email: attacker.email, password: PASSWORD }, { 'x-forwarded-for': freshIp() }));
    const attackerDevice = deviceCookieOf(own)!;
    expect(attackerDevice).toBeDefined();
    for (const cookie of [attackerDevice, `${DEVICE_COOKIE}=${'A'.repeat(43)}`, `${DEVICE_COOKIE}=not-a-token`]) {
      const res = await login(PASSWORD, { cookie });
      expect(res.status, cookie).toBe(429);
    }
  });

  it('sets the device cookie through tRPC too, and honours it there', async () => {
    const { deps, callerWithHeaders } = await buildTestApp();
    const account = await createAccount(deps);
    const first = callerWithHeaders({}, { ip: freshIp(), userAgent: 'vitest' });
    await first.api.auth.login({ email: account.email, password: PASSWORD });
    const device = first.resHeaders.getSetCookie().find((c) => c.startsWith(`${DEVICE_COOKIE}=`))!.split(';')[0]!;
    for (let i = 0; i < MAX_FAILURES_PER_EMAIL; i++) {
      await expect(callerWithHeaders({}, { ip: freshIp(), userAgent: 'vitest' }).api.auth.login({ email: account.email, password: 'wrong password' })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    }
    await expect(callerWithHeaders({}, { ip: freshIp(), userAgent: 'vitest' }).api.auth.login({ email: account.email, password: PASSWORD })).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    await expect(callerWithHeaders({ cookie: device }, { ip: freshIp(), userAgent: 'vitest' }).api.auth.login({ email: account.email, password: PASSWORD })).resolves.toMatchObject({ user: { email: account.email } });
  });
});

describe('sign-up and password change limits', () => {
  it('accepts SIGNUPS_PER_HOUR sign-ups from one address, even at once, then answers 429 with Retry-After', async () => {
    // The production default (the test config lifts it for the other tests).
    const { app, deps } = await buildTestApp({ env: { TRUST_PROXY: 'true', SIGNUPS_PER_HOUR: '' } });
    const limit = deps.config.signupsPerHour;
    expect(limit).toBe(5);
    const ip = freshIp();
    const signup = (from = ip) =>
      app.request('/api/auth/signup', json({ name: 'Burst', email: uniqueEmail('burst'), password: PASSWORD, organizationName: 'Burst Inc' }, { 'x-forwarded-for': from, origin: TEST_ORIGIN }));
    const responses = await Promise.all(Array.from({ length: 30 }, () => signup()));
    const codes = responses.map((r) => r.status);
    expect(codes.filter((c) => c === 201)).toHaveLength(limit);
    expect(codes.filter((c) => c === 429)).toHaveLength(30 - limit);
    const refused = responses.find((r) => r.status === 429)!;
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect((await refused.json()).message).toBe('Too many sign-ups from this address. Try again in 60 minutes.');
    const organizations = await deps.database.db.selectFrom('organizations').select('id').where('name', '=', 'Burst Inc').execute();
    expect(organizations.length).toBeLessThanOrEqual(limit);
    // Another address signs up as usual.
    expect((await signup(freshIp())).status).toBe(201);
  }, 120_000);

  it(`allows ${PASSWORD_CHANGE_LIMIT.max} password change attempts per ${PASSWORD_CHANGE_LIMIT.windowSeconds / 60} minutes per user, wrong current passwords included`, async () => {
    const { deps, caller } = await buildTestApp();
    const account = await createAccount(deps);
    const api = caller(browser(account.cookie));
    for (let i = 0; i < PASSWORD_CHANGE_LIMIT.max; i++) {
      await expect(api.auth.changePassword({ currentPassword: `not it at all ${i}`, newPassword: 'a brand new secret' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    }
    await expect(api.auth.changePassword({ currentPassword: PASSWORD, newPassword: 'a brand new secret' })).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: 'Too many password change attempts. Try again in 15 minutes.',
    });
    // The same answer at once from the REST-less door's HTTP side: 429 with Retry-After.
    const { app } = await buildTestApp();
    const res = await app.request('/trpc/auth.changePassword', json({ currentPassword: PASSWORD, newPassword: 'a brand new secret' }, browser(account.cookie)));
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(800);
    // Another user is not affected.
    const other = await createAccount(deps);
    await expect(caller(browser(other.cookie)).auth.changePassword({ currentPassword: PASSWORD, newPassword: 'a brand new secret' })).resolves.toBeUndefined();
  });
});
