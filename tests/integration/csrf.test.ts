import { describe, expect, it } from 'vitest';
import { buildTestApp, TEST_ORIGIN } from '../helpers/app';
import { createAccount, createKey } from '../helpers/factories';

describe('CSRF: cookie-authenticated writes must come from PUBLIC_URL', () => {
  it('refuses a cross-site tRPC mutation sent as multipart/form-data, and nothing changes', async () => {
    const { app, deps } = await buildTestApp();
    const account = await createAccount(deps);
    const form = new FormData();
    form.set('theme', 'dark');
    const res = await app.request('/trpc/auth.updatePreferences', { method: 'POST', headers: { cookie: account.cookie, origin: 'https://evil.example' }, body: form });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: 'Cross-site request refused' });
    const user = await deps.database.db.selectFrom('users').select('preferences').where('id', '=', account.userId).executeTakeFirstOrThrow();
    expect(user.preferences).toEqual({});
  });

  it('refuses a cookie write with neither Origin nor Referer, and accepts a same-origin Referer', async () => {
    const { app, deps } = await buildTestApp();
    const account = await createAccount(deps);
    const patch = (headers: Record<string, string>) =>
      app.request('/api/auth/preferences', { method: 'PATCH', headers: { cookie: account.cookie, 'content-type': 'application/json', ...headers }, body: JSON.stringify({ theme: 'dark' }) });
    expect((await patch({})).status).toBe(403);
    expect((await patch({ referer: 'https://evil.example/page' })).status).toBe(403);
    expect((await patch({ referer: `${TEST_ORIGIN}/settings` })).status).toBe(200);
    expect((await patch({ origin: TEST_ORIGIN })).status).toBe(200);
  });

  it('lets GET through (GET changes nothing) and does not check API-key requests', async () => {
    const { app, deps } = await buildTestApp();
    const account = await createAccount(deps);
    expect((await app.request('/api/auth/user', { headers: { cookie: account.cookie, origin: 'https://evil.example' } })).status).toBe(200);
    const key = await createKey(deps, account.organizationId, 'admin');
    // (A write a key may make: members.invite is session-only.)
    const res = await app.request('/trpc/contacts.create', {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', origin: 'https://integrator.example' },
      body: JSON.stringify({ firstName: 'New', lastName: 'Hire' }),
    });
    expect(res.status).toBe(200);
  });

  it('refuses a cookie-less write that declares a foreign origin (login CSRF)', async () => {
    const { app } = await buildTestApp();
    const res = await app.request('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: JSON.stringify({ email: 'a@b.co', password: 'whatever12' }),
    });
    expect(res.status).toBe(403);
  });
});
