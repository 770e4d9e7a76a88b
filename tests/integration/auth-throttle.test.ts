import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DEVICE_COOKIE } from '../../server/auth/devices';
import {
  FREE_FAILURES_PER_EMAIL,
  LOGIN_WINDOW_MS,
  MAX_FAILURES_PER_DEVICE,
  MAX_FAILURES_PER_EMAIL,
  MAX_FAILURES_PER_IP,
  PASSWORD_CHANGE_LIMIT,
  SLOWDOWN_MAX_SECONDS,
  slowdownSeconds,
} from '../../server/auth/throttle';
import type { Db } from '../../server/db';
import { waitText } from '../../server/rate-limit';
import { buildTestApp, TEST_ORIGIN } from '../helpers/app';
import { browser, createAccount, PASSWORD, uniqueEmail } from '../helpers/factories';

let ipSeq = 1;
const freshIp = () => `203.0.113.${ipSeq++}`;

/** Lets `seconds` pass for an e-mail's sign-in attempts without waiting: all of them move that far into the past. */
async function elapse(db: Db, email: string, seconds: number) {
  if (seconds <= 0) return;
  await db
    .updateTable('login_attempts')
    .set({ created_at: sql<Date>`created_at - make_interval(secs => ${seconds})` })
    .where('email', '=', email)
    .execute();
}

/**
 * Moves an e-mail's sign-in attempts together so that the latest was made exactly `seconds` ago
 * (negative: that far ahead). A test holds a slow-down with `latestFailureAgo(HELD)` while a slow
 * request or burst runs, so it cannot end early however slowly a loaded machine answers, then ends
 * it exactly with `latestFailureAgo(wait)`.
 */
const HELD = -3600;
async function latestFailureAgo(db: Db, email: string, seconds: number) {
  await db
    .updateTable('login_attempts')
    .set({
      created_at: sql<Date>`created_at + (now() - make_interval(secs => ${seconds}) - (select max(created_at) from login_attempts where email = ${email}))`,
    })
    .where('email', '=', email)
    .execute();
}

/**
 * The rule itself, read from what was recorded: past the free failures, each failure came at least
 * the slow-down its predecessors earned after the one before it. A burst that outlasts a slow-down
 * (a loaded machine) may rightly have one more admitted; a race would break this.
 */
async function expectSpacedBySlowdowns(db: Db, email: string) {
  const rows = await db
    .selectFrom('login_attempts')
    .select(sql<number>`extract(epoch from created_at)::float8`.as('at'))
    .where('email', '=', email)
    .where('succeeded', '=', false)
    .orderBy('created_at')
    .execute();
  for (let k = FREE_FAILURES_PER_EMAIL; k < rows.length; k++) {
    expect(Number(rows[k]!.at) - Number(rows[k - 1]!.at), `failure ${k + 1}`).toBeGreaterThanOrEqual(slowdownSeconds(k));
  }
  return rows.length;
}

/**
 * `count` wrong passwords for an e-mail from unknown clients, each one made once the slow-down the
 * ones before it earned is over (`before` failures already counted): every one is checked (401).
 * Answers the seconds that were let pass.
 */
async function failFromUnknownClients(db: Db, email: string, count: number, attempt: (password: string) => Response | Promise<Response>, before = 0) {
  let passed = 0;
  for (let i = before; i < before + count; i++) {
    await elapse(db, email, slowdownSeconds(i));
    passed += slowdownSeconds(i);
    expect((await attempt('wrong password')).status, `failure ${i + 1}`).toBe(401);
  }
  return passed;
}

describe('login throttling', () => {
  it('slows unknown clients progressively after the free failures: each wait doubles, measured from the latest failure', async () => {
    const { app, deps } = await buildTestApp({ env: { TRUST_PROXY: 'true' } });
    const db = deps.database.db;
    const account = await createAccount(deps);
    const attempt = (password: string) =>
      app.request('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': freshIp() }, body: JSON.stringify({ email: account.email, password }) });

    // The free failures, one right after another.
    for (let i = 0; i < FREE_FAILURES_PER_EMAIL; i++) expect((await attempt('wrong password')).status).toBe(401);
    const waits: number[] = [];
    for (let failures = FREE_FAILURES_PER_EMAIL; failures < MAX_FAILURES_PER_EMAIL; failures++) {
      const wait = slowdownSeconds(failures);
      waits.push(wait);
      // Too early, even with the right password: refused before any check, naming the wait.
      await latestFailureAgo(db, account.email, HELD);
      const refused = await attempt(PASSWORD);
      expect(refused.status, `after ${failures} failures`).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBe(wait);
      expect((await refused.json()).message).toBe(`Too many sign-in attempts. Try again in ${waitText(wait)}.`);
      // Refused attempts are not failures: the wait still runs from the latest failure.
      if (wait > 1) {
        await latestFailureAgo(db, account.email, wait - 1);
        const almost = await attempt(PASSWORD);
        expect(almost.status).toBe(429);
        expect(almost.headers.get('retry-after')).toBe('1');
      }
      await latestFailureAgo(db, account.email, wait);
      // Once it has passed, the next attempt is admitted (and checked).
      expect((await attempt('wrong password')).status, `after ${failures} failures and ${wait} s`).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64]);
    expect(waits.at(-1)).toBe(SLOWDOWN_MAX_SECONDS);
    expect(slowdownSeconds(MAX_FAILURES_PER_EMAIL + 5)).toBe(SLOWDOWN_MAX_SECONDS);
  }, 120_000);

  it(`refuses with 429 and Retry-After once an e-mail has ${MAX_FAILURES_PER_EMAIL} failures, until the oldest leaves the window`, async () => {
    const { app, deps } = await buildTestApp({ env: { TRUST_PROXY: 'true' } });
    const db = deps.database.db;
    const account = await createAccount(deps);
    const attempt = (password: string, ip = freshIp()) =>
      app.request('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': ip }, body: JSON.stringify({ email: account.email, password }) });

    const started = Date.now();
    const passed = await failFromUnknownClients(db, account.email, MAX_FAILURES_PER_EMAIL, attempt);
    expect(passed).toBe(127);
    // Long after the last slow-down would have ended, still refused: the hard limit.
    await elapse(db, account.email, SLOWDOWN_MAX_SECONDS);
    const refused = await attempt(PASSWORD);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    const left = LOGIN_WINDOW_MS / 1000 - passed - SLOWDOWN_MAX_SECONDS;
    // The real seconds the eleven requests took (each checks a password) count as well as the ones let pass.
    const realSeconds = Math.ceil((Date.now() - started) / 1000);
    expect(retryAfter).toBeGreaterThanOrEqual(left - realSeconds);
    expect(retryAfter).toBeLessThanOrEqual(left);
    expect((await refused.json()).message).toBe(`Too many sign-in attempts. Try again in ${Math.ceil(left / 60)} minutes.`);

    // Once the window has passed, the right password works again.
    await db
      .updateTable('login_attempts')
      .set({ created_at: new Date(Date.now() - 16 * 60 * 1000) })
      .where('email', '=', account.email)
      .execute();
    expect((await attempt(PASSWORD)).status).toBe(200);
  });

  it('counts failures only since the last success', async () => {
    const { app, deps } = await buildTestApp({ env: { TRUST_PROXY: 'true' } });
    const db = deps.database.db;
    const account = await createAccount(deps);
    const attempt = (password: string) =>
      app.request('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': freshIp() }, body: JSON.stringify({ email: account.email, password }) });
    await failFromUnknownClients(db, account.email, MAX_FAILURES_PER_EMAIL - 1, attempt);
    await elapse(db, account.email, slowdownSeconds(MAX_FAILURES_PER_EMAIL - 1));
    expect((await attempt(PASSWORD)).status).toBe(200);
    // Counting starts again: the free failures are free again (failFromUnknownClients waits only what is due).
    await failFromUnknownClients(db, account.email, MAX_FAILURES_PER_EMAIL - 1, attempt);
    await elapse(db, account.email, slowdownSeconds(MAX_FAILURES_PER_EMAIL - 1));
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
  it(`checks only the ${FREE_FAILURES_PER_EMAIL} free passwords of 40 simultaneous wrong ones for one e-mail`, async () => {
    const { app, deps } = await buildTestApp({ env: { TRUST_PROXY: 'true' } });
    const account = await createAccount(deps);
    const responses = await Promise.all(Array.from({ length: 40 }, () => app.request('/api/auth/login', json({ email: account.email, password: 'wrong password' }, { 'x-forwarded-for': freshIp() }))));
    const codes = responses.map((r) => r.status);
    // A 401 is a password checked; a 429 is refused before any check. Only the free ones are checked
    // at once; any other had to come a slow-down (1 s) after the one before it.
    const checked = codes.filter((c) => c === 401).length;
    expect(codes.filter((c) => c === 429)).toHaveLength(40 - checked);
    expect(await expectSpacedBySlowdowns(deps.database.db, account.email)).toBe(checked);
    expect(checked).toBeGreaterThanOrEqual(FREE_FAILURES_PER_EMAIL);
  }, 120_000);

  it(`refuses every simultaneous attempt during a slow-down, admits exactly one once it is over, and never more than ${MAX_FAILURES_PER_EMAIL} in all`, async () => {
    const { app, deps } = await buildTestApp({ env: { TRUST_PROXY: 'true' } });
    const db = deps.database.db;
    const account = await createAccount(deps);
    const burst = async (password: string, size = 12) => {
      const responses = await Promise.all(Array.from({ length: size }, () => app.request('/api/auth/login', json({ email: account.email, password }, { 'x-forwarded-for': freshIp() }))));
      return { codes: responses.map((r) => r.status), waits: new Set(responses.filter((r) => r.status === 429).map((r) => Number(r.headers.get('retry-after')))) };
    };
    await failFromUnknownClients(db, account.email, FREE_FAILURES_PER_EMAIL, (password) => app.request('/api/auth/login', json({ email: account.email, password }, { 'x-forwarded-for': freshIp() })));
    let failures = FREE_FAILURES_PER_EMAIL;
    while (failures < MAX_FAILURES_PER_EMAIL) {
      // During the slow-down: all refused, the right password included.
      await latestFailureAgo(db, account.email, HELD);
      const early = await burst(PASSWORD);
      expect(
        early.codes.every((c) => c === 429),
        `after ${failures} failures: ${early.codes.join()}`,
      ).toBe(true);
      expect([...early.waits]).toEqual([slowdownSeconds(failures)]);
      // Once over: the first is admitted; the others see it and owe the next, longer wait (on a
      // machine slow enough to outlast that one too, the next is admitted after it, never sooner).
      await latestFailureAgo(db, account.email, slowdownSeconds(failures));
      const over = await burst('wrong password');
      const admitted = over.codes.filter((c) => c === 401).length;
      expect(admitted, `after ${failures} failures: ${over.codes.join()}`).toBeGreaterThanOrEqual(1);
      expect(over.codes.filter((c) => c === 429)).toHaveLength(over.codes.length - admitted);
      if (failures + admitted < MAX_FAILURES_PER_EMAIL) for (const wait of over.waits) expect(wait).toBeLessThanOrEqual(slowdownSeconds(failures + admitted));
      failures += admitted;
      expect(await expectSpacedBySlowdowns(db, account.email)).toBe(failures);
    }
    // The hard limit: nothing more is checked, however long the slow-down has been over.
    await elapse(db, account.email, SLOWDOWN_MAX_SECONDS);
    const locked = await burst(PASSWORD);
    expect(locked.codes.every((c) => c === 429)).toBe(true);
    const recorded = await db.selectFrom('login_attempts').select('id').where('email', '=', account.email).execute();
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
    // Someone else guesses from elsewhere, as fast as the slow-down lets them, until the account is locked for unknown clients.
    await failFromUnknownClients(built.deps.database.db, account.email, MAX_FAILURES_PER_EMAIL, login);
    await elapse(built.deps.database.db, account.email, SLOWDOWN_MAX_SECONDS);
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

  it("does not slow the owner's browser down for others' failures, nor for its own", async () => {
    const { app, deps } = await buildTestApp({ env: { TRUST_PROXY: 'true' } });
    const account = await createAccount(deps);
    const login = (password: string, headers: Record<string, string> = {}) => app.request('/api/auth/login', json({ email: account.email, password }, { 'x-forwarded-for': freshIp(), ...headers }));
    const device = deviceCookieOf(await login(PASSWORD))!;
    // A guesser uses the free failures and one more: unknown clients now owe a wait.
    await failFromUnknownClients(deps.database.db, account.email, FREE_FAILURES_PER_EMAIL + 1, login);
    // The owner's checked passwords take time: the 2 s slow-down must not end on a loaded machine meanwhile.
    await latestFailureAgo(deps.database.db, account.email, HELD);
    const slowed = await login(PASSWORD);
    expect(slowed.status).toBe(429);
    expect(slowed.headers.get('retry-after')).toBe(String(slowdownSeconds(FREE_FAILURES_PER_EMAIL + 1)));
    // The owner's browser, right away: its typos are checked at once, up to its own limit, and the right password gets in.
    let cookie = device;
    for (let i = 0; i < MAX_FAILURES_PER_DEVICE - 1; i++) expect((await login('wrong password', { cookie })).status).toBe(401);
    const res = await login(PASSWORD, { cookie });
    expect(res.status).toBe(200);
    cookie = deviceCookieOf(res)!;
    // Its success does not lift the slow-down for the others.
    expect((await login(PASSWORD)).status).toBe(429);
    expect((await login(PASSWORD, { cookie })).status).toBe(200);
  });

  it(`counts a trusted device's own failures against it alone: ${MAX_FAILURES_PER_DEVICE}, then it is refused too`, async () => {
    const { app, deps } = await buildTestApp({ env: { TRUST_PROXY: 'true' } });
    const account = await createAccount(deps);
    const login = (password: string, headers: Record<string, string> = {}) => app.request('/api/auth/login', json({ email: account.email, password }, { 'x-forwarded-for': freshIp(), ...headers }));
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
    const device = first.resHeaders
      .getSetCookie()
      .find((c) => c.startsWith(`${DEVICE_COOKIE}=`))!
      .split(';')[0]!;
    for (let i = 0; i < MAX_FAILURES_PER_EMAIL; i++) {
      await elapse(deps.database.db, account.email, slowdownSeconds(i));
      await expect(callerWithHeaders({}, { ip: freshIp(), userAgent: 'vitest' }).api.auth.login({ email: account.email, password: 'wrong password' })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    }
    await expect(callerWithHeaders({}, { ip: freshIp(), userAgent: 'vitest' }).api.auth.login({ email: account.email, password: PASSWORD })).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    await expect(callerWithHeaders({ cookie: device }, { ip: freshIp(), userAgent: 'vitest' }).api.auth.login({ email: account.email, password: PASSWORD })).resolves.toMatchObject({
      user: { email: account.email },
    });
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
