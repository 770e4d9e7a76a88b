import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../helpers/app';
import { addMember, browser, createAccount, PASSWORD } from '../helpers/factories';

describe('audit log', () => {
  it('records sign-in success and failure, sign-out, members, roles, keys and preferences with IP and user agent', async () => {
    const { app, deps, caller } = await buildTestApp({ env: { TRUST_PROXY: 'true' } });
    const owner = await createAccount(deps);
    const headers = { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.7', 'user-agent': 'AuditBrowser/1.0' };
    await app.request('/api/auth/login', { method: 'POST', headers, body: JSON.stringify({ email: owner.email, password: 'wrong password' }) });
    const login = await app.request('/api/auth/login', { method: 'POST', headers, body: JSON.stringify({ email: owner.email, password: PASSWORD }) });
    expect(login.status).toBe(200);

    const api = caller(browser(owner.cookie));
    const rep = await addMember(deps, owner.organizationId, 'sales_rep');
    await api.members.invite({ email: 'audited@example.test', role: 'viewer' });
    await api.members.changeRole({ userId: rep.userId, role: 'manager' });
    await api.members.remove({ userId: rep.userId });
    const key = await api.apiKeys.create({ name: 'CI', role: 'viewer' });
    await api.apiKeys.revoke({ id: key.id });
    await api.auth.updatePreferences({ theme: 'dark' });
    await api.auth.logout();

    const log = await caller(browser((await createAccountInOrg()).cookie)).audit.list({ limit: 100 });
    async function createAccountInOrg() {
      return addMember(deps, owner.organizationId, 'super_admin', 'auditor');
    }
    const actions = log.items.map((i) => i.action);
    for (const action of [
      'auth.signup',
      'auth.login_failed',
      'auth.login',
      'member.invited',
      'member.role_changed',
      'member.removed',
      'apikey.created',
      'apikey.revoked',
      'auth.preferences_changed',
      'auth.logout',
    ]) {
      expect(actions, action).toContain(action);
    }
    const failed = log.items.find((i) => i.action === 'auth.login_failed')!;
    expect(failed).toMatchObject({ ip: '198.51.100.7', userAgent: 'AuditBrowser/1.0' });
    expect(log.items.find((i) => i.action === 'member.role_changed')?.details).toEqual({ from: 'sales_rep', to: 'manager' });
    expect(log.total).toBe(log.items.length);
  });

  it('pages and filters by action, for audit:read only', async () => {
    const { deps, caller } = await buildTestApp();
    const owner = await createAccount(deps);
    const api = caller(browser(owner.cookie));
    for (let i = 0; i < 3; i++) await api.members.invite({ email: `p${i}@example.test`, role: 'viewer' });
    const page1 = await api.audit.list({ action: 'member.invited', limit: 2, page: 1 });
    const page2 = await api.audit.list({ action: 'member.invited', limit: 2, page: 2 });
    expect(page1).toMatchObject({ total: 3, page: 1, limit: 2 });
    expect(page1.items).toHaveLength(2);
    expect(page2.items).toHaveLength(1);
    expect(new Set([...page1.items, ...page2.items].map((i) => i.id)).size).toBe(3);

    const admin = await addMember(deps, owner.organizationId, 'admin');
    await expect(caller(browser(admin.cookie)).audit.list({})).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
