import { describe, expect, it } from 'vitest';
import { up as followMakers } from '../../db/migrations/2026_11_25_200_api_keys_follow_makers';
import { apiKeyAccess } from '../../server/auth/permissions';
import { permissionsFor } from '../../server/kernel/access';
import { checkedTestApp } from '../helpers/openapi';
import { addMember, browser, createAccount, createKey, REVOKED_KEY_PROBLEM } from '../helpers/factories';

/**
 * Hardening #14: a key acts for the member who made it. Removing the member revokes their keys,
 * demoting them narrows their keys, and a key never invites, removes or re-roles members, nor makes
 * or revokes keys — whoever holds a key cannot entrench themselves.
 */
const SESSION_ONLY_MESSAGE = /^API keys cannot manage members, API keys or provider settings: sign in as a member to do this \((members|apikeys):manage is not available to API keys\)$/;

async function world() {
  const { app, deps, caller } = await checkedTestApp();
  const owner = await createAccount(deps, 'key-owner');
  const admin = await addMember(deps, owner.organizationId, 'admin', 'key-maker');
  const key = await caller(browser(admin.cookie)).apiKeys.create({ name: 'Integration', role: 'admin' });
  const bearer = (extra: Record<string, string> = {}) => ({ authorization: `Bearer ${key.secret}`, 'content-type': 'application/json', ...extra });
  const read = () => app.request('/api/v1/contacts', { headers: bearer() });
  const write = () => app.request('/api/v1/contacts', { method: 'POST', headers: bearer(), body: JSON.stringify({ firstName: 'Written', lastName: 'ByKey' }) });
  const invite = (via: 'trpc' = 'trpc') =>
    app.request(`/${via}/members.invite`, { method: 'POST', headers: bearer(), body: JSON.stringify({ email: `new-admin-${Date.now()}@example.test`, role: 'admin' }) });
  const audit = async (action: string) =>
    deps.database.db.selectFrom('audit_events').selectAll().where('organization_id', '=', owner.organizationId).where('action', '=', action).where('target_id', '=', key.id).execute();
  return { app, deps, caller, owner, admin, key, bearer, read, write, invite, audit };
}

describe('API keys act for the member who made them', () => {
  it('die with their maker: once the admin is removed the key answers 401 to reads, writes and invites, and the audit log says why', async () => {
    const w = await world();
    expect((await w.read()).status).toBe(200);
    expect((await w.write()).status).toBe(201);

    await w.caller(browser(w.owner.cookie)).members.remove({ userId: w.admin.userId });

    for (const res of [await w.read(), await w.write(), await w.invite()]) expect(res.status).toBe(401);
    expect(await (await w.read()).json()).toEqual(REVOKED_KEY_PROBLEM);
    // Nothing was invited through the key.
    const invites = await w.deps.database.db.selectFrom('invites').select('id').where('organization_id', '=', w.owner.organizationId).execute();
    expect(invites).toEqual([]);

    const [revoked] = await w.audit('apikey.revoked');
    expect(revoked).toMatchObject({ actor_user_id: w.owner.userId, target_type: 'api_key' });
    expect(revoked!.details).toMatchObject({ reason: 'creator_removed', createdBy: w.admin.userId, role: 'admin', name: 'Integration' });
    const listed = (await w.caller(browser(w.owner.cookie)).apiKeys.list()).find((k) => k.id === w.key.id)!;
    expect(listed.revokedAt).not.toBeNull();
  });

  it('are refused at resolve time when the maker is no longer a member, however the membership went', async () => {
    const w = await world();
    expect((await w.read()).status).toBe(200);
    // Not through the service: the check on each request still holds.
    await w.deps.database.db.deleteFrom('memberships').where('organization_id', '=', w.owner.organizationId).where('user_id', '=', w.admin.userId).execute();
    expect((await w.read()).status).toBe(401);
    expect((await w.invite()).status).toBe(401);
  });

  it('are refused when nobody made them (no member to act for)', async () => {
    const w = await world();
    await w.deps.database.db.updateTable('api_keys').set({ created_by: null }).where('id', '=', w.key.id).execute();
    expect((await w.read()).status).toBe(401);
  });

  it('narrow with their maker: an admin demoted to Sales Rep leaves a key with a Sales Rep’s permissions, audited', async () => {
    const w = await world();
    await w.caller(browser(w.owner.cookie)).members.changeRole({ userId: w.admin.userId, role: 'sales_rep' });

    const who = await (await w.app.request('/api/v1/organization', { headers: w.bearer() })).json();
    expect(who.role).toBe('sales_rep');
    expect([...who.permissions].sort()).toEqual(permissionsFor('sales_rep').sort());

    // A Sales Rep may write contacts, not delete them, export them, or change settings.
    const created = await w.write();
    expect(created.status).toBe(201);
    const { id } = await created.json();
    const deleted = await w.app.request(`/api/v1/contacts/${id}`, { method: 'DELETE', headers: w.bearer() });
    expect(deleted.status).toBe(403);
    expect((await deleted.json()).message).toBe('Your role does not allow this action (contacts:delete is required)');
    const settings = await w.app.request('/trpc/organizations.update', { method: 'POST', headers: w.bearer(), body: JSON.stringify({ name: 'Taken over' }) });
    expect(settings.status).toBe(403);

    const [narrowed] = await w.audit('apikey.narrowed');
    expect(narrowed).toMatchObject({ actor_user_id: w.owner.userId });
    expect(narrowed!.details).toMatchObject({ from: 'admin', to: 'sales_rep', reason: 'creator_role_changed', createdBy: w.admin.userId });
    expect((await w.caller(browser(w.owner.cookie)).apiKeys.list()).find((k) => k.id === w.key.id)!.role).toBe('sales_rep');

    // Promoting the maker back does not widen the key again.
    await w.caller(browser(w.owner.cookie)).members.changeRole({ userId: w.admin.userId, role: 'admin' });
    expect((await (await w.app.request('/api/v1/organization', { headers: w.bearer() })).json()).role).toBe('sales_rep');
  });

  it('never exceed the maker’s current role, even if the stored role was not narrowed', async () => {
    const w = await world();
    // Not through the service: the cap on each request still holds.
    await w.deps.database.db.updateTable('memberships').set({ role: 'viewer' }).where('organization_id', '=', w.owner.organizationId).where('user_id', '=', w.admin.userId).execute();
    const who = await (await w.app.request('/api/v1/organization', { headers: w.bearer() })).json();
    expect(who.role).toBe('viewer');
    const refused = await w.write();
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toBe('Your role does not allow this action (contacts:write is required)');
  });

  it('a demotion that leaves a key within the new role changes nothing and audits nothing', async () => {
    const { deps, caller } = await checkedTestApp();
    const owner = await createAccount(deps, 'key-owner');
    const admin = await addMember(deps, owner.organizationId, 'admin', 'key-maker');
    const key = await caller(browser(admin.cookie)).apiKeys.create({ name: 'Read only', role: 'viewer' });
    await caller(browser(owner.cookie)).members.changeRole({ userId: admin.userId, role: 'manager' });
    expect((await caller(browser(owner.cookie)).apiKeys.list()).find((k) => k.id === key.id)!.role).toBe('viewer');
    const rows = await deps.database.db.selectFrom('audit_events').select('id').where('organization_id', '=', owner.organizationId).where('action', '=', 'apikey.narrowed').execute();
    expect(rows).toEqual([]);
  });
});

describe('what a key sees', () => {
  it('a Sales Rep’s key, where Sales Reps see only their own records, sees only its maker’s contacts', async () => {
    const { app, deps, caller } = await checkedTestApp();
    const owner = await createAccount(deps, 'key-owner');
    const rep = await addMember(deps, owner.organizationId, 'sales_rep', 'key-rep');
    const api = caller(browser(owner.cookie));
    await api.organizations.update({ salesRepsSeeOwnOnly: true });
    await api.contacts.create({ firstName: 'Owned', lastName: 'ByRep', ownerId: rep.userId });
    await api.contacts.create({ firstName: 'Owned', lastName: 'ByOwner', ownerId: owner.userId });
    const secret = await createKey(deps, owner.organizationId, 'sales_rep', rep.userId);
    const page = await (await app.request('/api/v1/contacts', { headers: { authorization: `Bearer ${secret}` } })).json();
    expect(page.items.map((c: { lastName: string }) => c.lastName)).toEqual(['ByRep']);
  });
});

describe('API keys cannot manage members or API keys', () => {
  it('a Super Admin key is refused, 403 with a clear message, every session-only action on tRPC — and its permissions do not list them', async () => {
    const { app, deps, caller } = await checkedTestApp();
    const owner = await createAccount(deps, 'key-owner');
    const colleague = await addMember(deps, owner.organizationId, 'viewer');
    const other = await caller(browser(owner.cookie)).apiKeys.create({ name: 'other', role: 'viewer' });
    const invite = await caller(browser(owner.cookie)).members.invite({ email: `pending-${Date.now()}@example.test`, role: 'viewer' });
    const secret = await createKey(deps, owner.organizationId, 'super_admin', owner.userId);
    const headers = { authorization: `Bearer ${secret}`, 'content-type': 'application/json' };
    const attempts: [string, unknown][] = [
      ['apiKeys.create', { name: 'child', role: 'viewer' }],
      ['apiKeys.revoke', { id: other.id }],
      ['members.invite', { email: 'intruder@example.test', role: 'super_admin' }],
      ['members.revokeInvite', { id: invite.id }],
      ['members.changeRole', { userId: colleague.userId, role: 'super_admin' }],
      ['members.remove', { userId: owner.userId }],
    ];
    for (const [path, input] of attempts) {
      const res = await app.request(`/trpc/${path}`, { method: 'POST', headers, body: JSON.stringify(input) });
      expect(res.status, path).toBe(403);
      expect((await res.json()).error.message, path).toMatch(SESSION_ONLY_MESSAGE);
    }
    const list = await app.request('/trpc/apiKeys.list', { headers });
    expect(list.status).toBe(403);

    // Nothing changed.
    const db = deps.database.db;
    expect(await db.selectFrom('api_keys').select('id').where('organization_id', '=', owner.organizationId).where('revoked_at', 'is', null).execute()).toHaveLength(2);
    expect(await db.selectFrom('memberships').select(['user_id', 'role']).where('organization_id', '=', owner.organizationId).orderBy('role').execute()).toEqual(
      expect.arrayContaining([
        { user_id: owner.userId, role: 'super_admin' },
        { user_id: colleague.userId, role: 'viewer' },
      ]),
    );
    expect(await db.selectFrom('invites').select('id').where('organization_id', '=', owner.organizationId).where('revoked_at', 'is', null).execute()).toHaveLength(1);

    const who = await (await app.request('/api/v1/organization', { headers })).json();
    expect(who.role).toBe('super_admin');
    for (const permission of ['members:manage', 'apikeys:manage']) expect(who.permissions).not.toContain(permission);
    // Reading members is not managing them.
    expect((await app.request('/api/v1/members', { headers })).status).toBe(200);
  });

  it('the same through a tRPC caller with the key (the guard every door shares)', async () => {
    const { deps, caller } = await checkedTestApp();
    const owner = await createAccount(deps, 'key-owner');
    const api = caller({ authorization: `Bearer ${await createKey(deps, owner.organizationId, 'admin', owner.userId)}` });
    await expect(api.members.invite({ email: 'x@example.test', role: 'viewer' })).rejects.toMatchObject({ code: 'FORBIDDEN', message: expect.stringMatching(SESSION_ONLY_MESSAGE) });
    await expect(api.apiKeys.create({ name: 'child', role: 'viewer' })).rejects.toMatchObject({ code: 'FORBIDDEN', message: expect.stringMatching(SESSION_ONLY_MESSAGE) });
  });
});

describe('apiKeyAccess', () => {
  it('is the lower of the key’s and its maker’s roles, without the session-only permissions', () => {
    expect(apiKeyAccess('admin', 'sales_rep').role).toBe('sales_rep');
    expect(apiKeyAccess('viewer', 'super_admin').role).toBe('viewer');
    expect(apiKeyAccess('super_admin', 'super_admin').permissions).not.toContain('apikeys:manage');
    expect(apiKeyAccess('super_admin', 'super_admin').permissions).not.toContain('members:manage');
    expect(apiKeyAccess('super_admin', 'super_admin').permissions).toContain('billing:manage');
  });
});

describe('migration 2026_11_25_200: existing keys follow their makers', () => {
  it('revokes keys whose maker left or is unknown and narrows keys above their maker’s role, leaving the rest', async () => {
    const { deps } = await checkedTestApp();
    const db = deps.database.db;
    const owner = await createAccount(deps, 'mig-owner');
    const rep = await addMember(deps, owner.organizationId, 'sales_rep', 'mig-rep');
    const gone = await addMember(deps, owner.organizationId, 'admin', 'mig-gone');
    const fine = await createKey(deps, owner.organizationId, 'admin', owner.userId);
    const tooStrong = await createKey(deps, owner.organizationId, 'admin', rep.userId);
    const orphan = await createKey(deps, owner.organizationId, 'manager', gone.userId);
    await db.deleteFrom('memberships').where('organization_id', '=', owner.organizationId).where('user_id', '=', gone.userId).execute();
    const nobody = await createKey(deps, owner.organizationId, 'viewer', owner.userId);
    const { sha256 } = await import('../../server/auth/tokens');
    await db.updateTable('api_keys').set({ created_by: null }).where('secret_hash', '=', sha256(nobody)).execute();

    await followMakers(db);

    const state = async (secret: string) => db.selectFrom('api_keys').select(['role', 'revoked_at']).where('secret_hash', '=', sha256(secret)).executeTakeFirstOrThrow();
    expect(await state(fine)).toMatchObject({ role: 'admin', revoked_at: null });
    expect(await state(tooStrong)).toMatchObject({ role: 'sales_rep', revoked_at: null });
    expect((await state(orphan)).revoked_at).not.toBeNull();
    expect((await state(nobody)).revoked_at).not.toBeNull();
  });
});
