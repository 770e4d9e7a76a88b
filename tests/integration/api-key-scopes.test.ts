import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../helpers/app';
import { addMember, browser, createAccount } from '../helpers/factories';

describe('API key scopes (issue #19): a key limited to some permissions of its role', () => {
  it('a read-only key reads and cannot write; a contacts:read key reads contacts only; the list says so', async () => {
    const { app, deps, caller } = await buildTestApp();
    const owner = await createAccount(deps);
    const api = caller(browser(owner.cookie));
    const choices = await api.apiKeys.scopeChoices();
    const adminReads = choices.find((c) => c.role === 'admin')!.permissions.filter((p) => p.endsWith(':read'));
    expect(adminReads).toEqual(expect.arrayContaining(['contacts:read', 'deals:read']));

    const reader = await api.apiKeys.create({ name: 'Warehouse', role: 'admin', scopes: adminReads });
    const contactsOnly = await api.apiKeys.create({ name: 'Contacts sync', role: 'admin', scopes: ['contacts:read', 'contacts:read'] });
    expect(contactsOnly.scopes).toEqual(['contacts:read']);
    const as = (secret: string) => ({ authorization: `Bearer ${secret}`, 'content-type': 'application/json' });

    expect((await app.request('/api/v1/contacts', { headers: as(reader.secret) })).status).toBe(200);
    expect((await app.request('/api/v1/deals', { headers: as(reader.secret) })).status).toBe(200);
    const write = await app.request('/api/v1/contacts', { method: 'POST', headers: as(reader.secret), body: JSON.stringify({ firstName: 'Refused' }) });
    expect(write.status).toBe(403);
    expect(((await write.json()) as { message: string }).message).toContain('contacts:write is required');
    expect(await deps.database.db.selectFrom('contacts').select('id').where('organization_id', '=', owner.organizationId).execute()).toEqual([]);

    expect((await app.request('/api/v1/contacts', { headers: as(contactsOnly.secret) })).status).toBe(200);
    expect((await app.request('/api/v1/deals', { headers: as(contactsOnly.secret) })).status).toBe(403);
    const who = (await (await app.request('/api/v1/organization', { headers: as(contactsOnly.secret) })).json()) as { permissions: string[] };
    expect(who.permissions).toEqual(['contacts:read']);

    const listed = await api.apiKeys.list();
    expect(listed.find((k) => k.id === contactsOnly.id)!.scopes).toEqual(['contacts:read']);
    expect(listed.find((k) => k.id === reader.id)!.scopes).toEqual(adminReads);
  });

  it('refuses scopes outside the role, unknown names and an empty list, naming the field; a key never exceeds its creator', async () => {
    const { app, deps, caller } = await buildTestApp();
    const owner = await createAccount(deps);
    const api = caller(browser(owner.cookie));
    await expect(api.apiKeys.create({ name: 'Too much', role: 'viewer', scopes: ['contacts:write'] })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'scopes.0: is not a permission a Viewer key can carry',
    });
    await expect(api.apiKeys.create({ name: 'Keys', role: 'super_admin', scopes: ['contacts:read', 'apikeys:manage'] })).rejects.toMatchObject({
      message: expect.stringContaining('scopes.1: is not a permission'),
    });
    await expect(api.apiKeys.create({ name: 'Odd', role: 'admin', scopes: ['Contacts Read'] })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('scopes.0') });
    await expect(api.apiKeys.create({ name: 'None', role: 'admin', scopes: [] })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('scopes') });
    expect(await api.apiKeys.list()).toEqual([]);

    // A scope the key's role has but its creator has lost since is not carried.
    const admin = await addMember(deps, owner.organizationId, 'admin', 'admin');
    const key = await caller(browser(admin.cookie)).apiKeys.create({ name: 'Deals', role: 'admin', scopes: ['deals:write', 'deals:read'] });
    await deps.database.db.updateTable('memberships').set({ role: 'viewer' }).where('user_id', '=', admin.userId).execute();
    const who = (await (await app.request('/api/v1/organization', { headers: { authorization: `Bearer ${key.secret}` } })).json()) as { permissions: string[] };
    expect(who.permissions).toEqual(['deals:read']);
  });
});
