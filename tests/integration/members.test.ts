import { describe, expect, it } from 'vitest';
import { checkedTestApp } from '../helpers/openapi';
import { addMember, browser, cookieFrom, createAccount, PASSWORD } from '../helpers/factories';

const tokenOf = (url: string) => url.split('/invite/')[1]!;

describe('members and invites', () => {
  it('invite → describe → accept with a new account → listed with the role', async () => {
    const { deps, caller, callerWithHeaders } = await checkedTestApp();
    const owner = await createAccount(deps);
    const invite = await caller(browser(owner.cookie)).members.invite({ email: ' New.Hire@Example.test ', role: 'sales_rep' });
    expect(invite.url).toMatch(/^http:\/\/localhost:3000\/invite\/[\w-]{43}$/);
    expect(invite.email).toBe('new.hire@example.test');

    const token = tokenOf(invite.url);
    const anon = caller();
    expect(await anon.invites.describe({ token })).toMatchObject({ email: 'new.hire@example.test', role: 'sales_rep', roleLabel: 'Sales Rep', accountExists: false });
    await expect(anon.invites.accept({ token })).rejects.toMatchObject({ message: 'name: is required' });

    const joined = callerWithHeaders();
    const payload = await joined.api.invites.accept({ token, name: 'New Hire', password: PASSWORD });
    expect(payload.organization).toMatchObject({ id: owner.organizationId, role: 'sales_rep' });
    expect(joined.resHeaders.get('set-cookie')).toMatch(/^sb_session=/);

    const { members, invites } = await caller(browser(owner.cookie)).members.list();
    expect(members.map((m) => [m.email, m.role])).toContainEqual(['new.hire@example.test', 'sales_rep']);
    expect(invites).toHaveLength(0);

    await expect(caller().invites.accept({ token, name: 'Again', password: PASSWORD })).rejects.toMatchObject({ message: 'This invite link has already been used' });
  });

  it('lets an existing user accept only when signed in with the invited e-mail', async () => {
    const { deps, caller } = await checkedTestApp();
    const owner = await createAccount(deps);
    const invitee = await createAccount(deps, 'invitee');
    const stranger = await createAccount(deps, 'stranger');
    const { url } = await caller(browser(owner.cookie)).members.invite({ email: invitee.email, role: 'manager' });
    const token = tokenOf(url);

    expect((await caller().invites.describe({ token })).accountExists).toBe(true);
    await expect(caller().invites.accept({ token })).rejects.toMatchObject({ code: 'UNAUTHORIZED', message: `Sign in as ${invitee.email} to accept this invite` });
    await expect(caller(browser(stranger.cookie)).invites.accept({ token })).rejects.toMatchObject({ code: 'FORBIDDEN' });

    const accepted = await caller(browser(invitee.cookie)).invites.accept({ token });
    expect(accepted.organization).toMatchObject({ id: owner.organizationId, role: 'manager' });
    expect(accepted.organizations).toHaveLength(2);
  });

  it('refuses expired and revoked invites, and an existing member', async () => {
    const { deps, caller } = await checkedTestApp();
    const owner = await createAccount(deps);
    const api = caller(browser(owner.cookie));
    const expired = await api.members.invite({ email: 'late@example.test', role: 'viewer' });
    await deps.database.db
      .updateTable('invites')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', expired.id)
      .execute();
    await expect(caller().invites.describe({ token: tokenOf(expired.url) })).rejects.toMatchObject({ message: 'This invite link has expired; ask for a new one' });

    const revoked = await api.members.invite({ email: 'gone@example.test', role: 'viewer' });
    await api.members.revokeInvite({ id: revoked.id });
    await expect(caller().invites.describe({ token: tokenOf(revoked.url) })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(caller().invites.describe({ token: 'x'.repeat(43) })).rejects.toMatchObject({ message: 'This invite link is not valid' });

    await expect(api.members.invite({ email: owner.email, role: 'viewer' })).rejects.toMatchObject({ code: 'CONFLICT', message: 'email: is already a member of this organization' });
  });

  it('changes roles and removes members within the rank rules, keeping one Super Admin', async () => {
    const { app, deps, caller } = await checkedTestApp();
    const owner = await createAccount(deps);
    const admin = await addMember(deps, owner.organizationId, 'admin');
    const rep = await addMember(deps, owner.organizationId, 'sales_rep');

    const asAdmin = caller(browser(admin.cookie));
    await expect(asAdmin.members.invite({ email: 'boss@example.test', role: 'super_admin' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(asAdmin.members.changeRole({ userId: owner.userId, role: 'viewer' })).rejects.toMatchObject({ message: 'You cannot change a member whose role is above your own' });
    expect(await asAdmin.members.changeRole({ userId: rep.userId, role: 'manager' })).toEqual({ userId: rep.userId, role: 'manager' });

    const asOwner = caller(browser(owner.cookie));
    await expect(asOwner.members.changeRole({ userId: owner.userId, role: 'admin' })).rejects.toMatchObject({ code: 'CONFLICT', message: 'An organization must keep at least one Super Admin' });
    await expect(asOwner.members.remove({ userId: owner.userId })).rejects.toMatchObject({ message: 'An organization must keep at least one Super Admin' });

    await asAdmin.members.remove({ userId: rep.userId });
    const removedSession = await app.request('/api/v1/organization', { headers: { cookie: rep.cookie } });
    expect(removedSession.status).toBe(403);
    expect((await asOwner.members.list()).members.map((m) => m.userId).sort()).toEqual([owner.userId, admin.userId].sort());
  });

  it('roles() counts members per role', async () => {
    const { deps, caller } = await checkedTestApp();
    const owner = await createAccount(deps);
    await addMember(deps, owner.organizationId, 'viewer');
    await addMember(deps, owner.organizationId, 'viewer');
    const roles = await caller(browser(owner.cookie)).organizations.roles();
    expect(roles.map((r) => [r.label, r.members])).toEqual([
      ['Super Admin', 1],
      ['Admin', 0],
      ['Manager', 0],
      ['Sales Rep', 0],
      ['Viewer', 2],
    ]);
  });

  it('organization settings are validated and saved', async () => {
    const { deps, caller } = await checkedTestApp();
    const owner = await createAccount(deps);
    const api = caller(browser(owner.cookie));
    await expect(api.organizations.update({ country: 'usa' })).rejects.toMatchObject({ message: 'country: must be a two-letter ISO country code such as US' });
    const updated = await api.organizations.update({ name: 'Renamed Co', country: 'FR', timezone: 'Europe/Paris', salesRepsSeeOwnOnly: true });
    expect(updated).toMatchObject({ name: 'Renamed Co', settings: { country: 'FR', timezone: 'Europe/Paris', salesRepsSeeOwnOnly: true } });
    expect(cookieFrom(`${owner.cookie}; Path=/`)).toBe(owner.cookie);
  });
});
