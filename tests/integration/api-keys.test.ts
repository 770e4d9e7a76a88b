import { describe, expect, it } from 'vitest';
import { sha256 } from '../../server/auth/tokens';
import { buildTestApp } from '../helpers/app';
import { addMember, browser, createAccount, REVOKED_KEY_PROBLEM } from '../helpers/factories';

describe('API keys', () => {
  it('show the secret once, store it hashed, and authenticate REST in place of the cookie', async () => {
    const { app, deps, caller } = await buildTestApp();
    const owner = await createAccount(deps);
    const api = caller(browser(owner.cookie));
    const key = await api.apiKeys.create({ name: 'Zapier', role: 'viewer' });
    expect(key.secret).toMatch(/^sb_[\w-]{43}$/);
    const stored = await deps.database.db.selectFrom('api_keys').selectAll().where('id', '=', key.id).executeTakeFirstOrThrow();
    expect(stored.secret_hash).toBe(sha256(key.secret));
    expect(JSON.stringify(stored)).not.toContain(key.secret);
    expect(JSON.stringify(await api.apiKeys.list())).not.toContain(key.secret);

    const res = await app.request('/api/v1/organization', { headers: { authorization: `Bearer ${key.secret}` } });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ organization: { id: owner.organizationId }, role: 'viewer', via: 'apiKey' });
    expect(body.permissions).not.toContain('contacts:write');

    const list = await api.apiKeys.list();
    expect(list[0]).toMatchObject({ name: 'Zapier', role: 'viewer', prefix: key.secret.slice(0, 10), revokedAt: null });
    expect(list[0]!.lastUsedAt).not.toBeNull();
  });

  it('carry their role’s permissions: a viewer key cannot write', async () => {
    const { app, deps, caller } = await buildTestApp();
    const owner = await createAccount(deps);
    const key = await caller(browser(owner.cookie)).apiKeys.create({ name: 'read only', role: 'viewer' });
    // (members.invite is refused to every key: tests/integration/api-keys-members.test.ts)
    const res = await app.request('/trpc/contacts.create', {
      method: 'POST',
      headers: { authorization: `Bearer ${key.secret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Refused' }),
    });
    expect(res.status).toBe(403);
    expect((await res.json()).error.message).toBe('Your role does not allow this action (contacts:write is required)');
  });

  it('answer 401 once revoked, and for unknown keys', async () => {
    const { app, deps, caller } = await buildTestApp();
    const owner = await createAccount(deps);
    const api = caller(browser(owner.cookie));
    const key = await api.apiKeys.create({ name: 'temporary', role: 'admin' });
    await api.apiKeys.revoke({ id: key.id });
    for (const secret of [key.secret, 'sb_unknown', 'not-even-ours']) {
      const res = await app.request('/api/v1/organization', { headers: { authorization: `Bearer ${secret}` } });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual(REVOKED_KEY_PROBLEM);
    }
    await expect(api.apiKeys.revoke({ id: key.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('can be managed only by roles with apikeys:manage and never above the creator’s role', async () => {
    const { deps, caller } = await buildTestApp();
    const owner = await createAccount(deps);
    const admin = await addMember(deps, owner.organizationId, 'admin');
    const manager = await addMember(deps, owner.organizationId, 'manager');
    await expect(caller(browser(manager.cookie)).apiKeys.list()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(caller(browser(admin.cookie)).apiKeys.create({ name: 'too strong', role: 'super_admin' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect((await caller(browser(admin.cookie)).apiKeys.create({ name: 'ok', role: 'admin' })).role).toBe('admin');
  });
});
