import { describe, expect, it } from 'vitest';
import { MAX_FAILURES_PER_EMAIL, MAX_FAILURES_PER_IP } from '../../server/auth/throttle';
import { buildTestApp } from '../helpers/app';
import { createAccount, PASSWORD, uniqueEmail } from '../helpers/factories';

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
