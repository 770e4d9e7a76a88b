import { describe, expect, it } from 'vitest';
import { SESSION_DAYS } from '../../server/auth/session';
import { sha256 } from '../../server/auth/tokens';
import { buildTestApp } from '../helpers/app';
import { addMember, browser, cookieFrom, createAccount, PASSWORD } from '../helpers/factories';

const DAY = 24 * 3600 * 1000;
const tokenHash = (cookie: string) => sha256(cookie.split('=')[1]!);

describe('sessions', () => {
  it('slide forward once past half their 30-day life', async () => {
    const { app, deps } = await buildTestApp();
    const account = await createAccount(deps);
    const db = deps.database.db;

    const fresh = await app.request('/api/auth/user', { headers: { cookie: account.cookie } });
    expect(fresh.headers.get('set-cookie')).toBeNull();

    await db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() + 10 * DAY) })
      .where('id', '=', tokenHash(account.cookie))
      .execute();
    const slid = await app.request('/api/auth/user', { headers: { cookie: account.cookie } });
    expect(slid.status).toBe(200);
    expect(slid.headers.get('set-cookie')).toContain(`Max-Age=${SESSION_DAYS * 24 * 3600}`);
    const row = await db.selectFrom('sessions').select('expires_at').where('id', '=', tokenHash(account.cookie)).executeTakeFirstOrThrow();
    expect(row.expires_at.getTime()).toBeGreaterThan(Date.now() + 29 * DAY);
  });

  it('end when expired: the request is unauthenticated and the cookie is cleared', async () => {
    const { app, deps } = await buildTestApp();
    const account = await createAccount(deps);
    await deps.database.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', tokenHash(account.cookie))
      .execute();
    const res = await app.request('/api/auth/user', { headers: { cookie: account.cookie } });
    expect(res.status).toBe(401);
    expect(res.headers.get('set-cookie')).toContain('Max-Age=0');
  });

  it('are listed with the current one marked, and another can be revoked', async () => {
    const { app, deps, caller } = await buildTestApp();
    const account = await createAccount(deps);
    const login = await app.request('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: account.email, password: PASSWORD }) });
    const other = cookieFrom(login.headers.get('set-cookie'));

    const list = await caller(browser(account.cookie)).auth.sessions();
    expect(list).toHaveLength(2);
    expect(list.find((s) => s.current)?.id).toBe(tokenHash(account.cookie));
    expect(list.find((s) => !s.current)?.userAgent).toBeNull();

    await caller(browser(account.cookie)).auth.revokeSession({ id: tokenHash(other) });
    expect((await app.request('/api/auth/user', { headers: { cookie: other } })).status).toBe(401);
    expect((await app.request('/api/auth/user', { headers: { cookie: account.cookie } })).status).toBe(200);
    await expect(caller(browser(account.cookie)).auth.revokeSession({ id: tokenHash(other) })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it("cannot revoke another user's session", async () => {
    const { deps, caller } = await buildTestApp();
    const a = await createAccount(deps);
    const b = await createAccount(deps);
    await expect(caller(browser(b.cookie)).auth.revokeSession({ id: tokenHash(a.cookie) })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await caller(browser(a.cookie)).auth.me()).toMatchObject({ user: { id: a.userId } });
  });

  it('all but the current end when the password changes', async () => {
    const { app, deps, caller } = await buildTestApp();
    const account = await createAccount(deps);
    const login = await app.request('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: account.email, password: PASSWORD }) });
    const other = cookieFrom(login.headers.get('set-cookie'));

    await expect(caller(browser(account.cookie)).auth.changePassword({ currentPassword: 'not it at all', newPassword: 'a brand new secret' })).rejects.toMatchObject({
      message: 'currentPassword: is not your current password',
    });
    await caller(browser(account.cookie)).auth.changePassword({ currentPassword: PASSWORD, newPassword: 'a brand new secret' });
    expect((await app.request('/api/auth/user', { headers: { cookie: other } })).status).toBe(401);
    expect((await app.request('/api/auth/user', { headers: { cookie: account.cookie } })).status).toBe(200);
    const relogin = await app.request('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: account.email, password: 'a brand new secret' }),
    });
    expect(relogin.status).toBe(200);
  });

  it('carry the current organization, switchable among the user’s memberships only', async () => {
    const { deps, caller } = await buildTestApp();
    const owner = await createAccount(deps);
    const elsewhere = await createAccount(deps);
    const member = await addMember(deps, elsewhere.organizationId, 'viewer');
    // The owner also joins the second organization as a Sales Rep.
    await deps.database.db.insertInto('memberships').values({ organization_id: elsewhere.organizationId, user_id: owner.userId, role: 'sales_rep' }).execute();

    const api = caller(browser(owner.cookie));
    expect((await api.auth.me()).organizations).toHaveLength(2);
    const switched = await api.auth.switchOrganization({ organizationId: elsewhere.organizationId });
    expect(switched.organization).toMatchObject({ id: elsewhere.organizationId, role: 'sales_rep' });
    expect(switched.permissions).not.toContain('members:manage');
    // The next request (a new caller) acts in the organization switched to.
    expect((await caller(browser(owner.cookie)).auth.me()).organization?.id).toBe(elsewhere.organizationId);

    const third = await createAccount(deps);
    await expect(caller(browser(member.cookie)).auth.switchOrganization({ organizationId: third.organizationId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
