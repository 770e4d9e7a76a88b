import { describe, expect, it } from 'vitest';
import { rolePermissions } from '../../server/kernel/access';
import { ROLES } from '../../server/auth/schema';
import { buildTestApp } from '../helpers/app';
import { addMember, browser, createAccount } from '../helpers/factories';
import { callByPath, listProcedures } from '../helpers/procedures';

/** Procedures anyone may call. */
const PUBLIC = new Set([
  'health.get',
  'health.watch',
  'auth.signup',
  'auth.login',
  'auth.session',
  'account.requestPasswordReset',
  'account.resetPassword',
  'account.verifyEmail',
  'invites.describe',
  'invites.accept',
  'leads.submit',
]);
/** Procedures about the signed-in user themself, not an organization's data. */
const SELF = new Set([
  'auth.logout',
  'auth.me',
  'auth.updatePreferences',
  'auth.updateProfile',
  'auth.changePassword',
  'auth.sessions',
  'auth.revokeSession',
  'auth.switchOrganization',
  'account.resendVerification',
  'account.changeEmail',
]);
/** Organization procedures open to every member. */
const ANY_MEMBER = new Set([
  'organizations.current',
  'billing.status',
  'realtime.events',
  'realtime.presence',
  'notifications.list',
  'notifications.markRead',
  'notifications.markAllRead',
  'notifications.remove',
  // A member's own notification e-mail preferences in this organization.
  'notifications.emailPreferences',
  'notifications.updateEmailPreferences',
  // The deletions feed: each kind under its own read permission, checked by the service (tests/integration/sync.test.ts).
  'sync.deletedRecords',
]);

const procedures = listProcedures();

describe('every procedure is classified', () => {
  it('is public, about the user themself, open to any member, or gated by a permission', () => {
    const unclassified = procedures.filter((p) => !p.permission && !PUBLIC.has(p.path) && !SELF.has(p.path) && !ANY_MEMBER.has(p.path));
    expect(
      unclassified.map((p) => p.path),
      'add a permission with permittedProcedure(), or list it here deliberately',
    ).toEqual([]);
  });

  it('refuses every non-public procedure to an anonymous caller', async () => {
    const { caller } = await buildTestApp();
    for (const p of procedures.filter((p) => !PUBLIC.has(p.path) && p.type !== 'subscription')) {
      await expect(callByPath(caller(), p.path, {}), p.path).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    }
  });
});

describe('role matrix: each role × each permission-gated procedure', () => {
  const ROLE_PERMISSIONS = rolePermissions();

  it("grants exactly the spec's permissions to each role (app-core §6), from the domains' minimum roles", () => {
    const viewer = [
      'contacts:read',
      'deals:read',
      'tasks:read',
      'appointments:read',
      'sms:read',
      'email:read',
      'campaigns:read',
      'automations:read',
      'forms:read',
      'reports:read',
      'members:read',
      'conversations:read',
      'commands:read',
      'calendars:read',
      'sites:read',
    ];
    const salesRep = [...viewer, 'contacts:write', 'deals:write', 'tasks:write', 'appointments:write', 'sms:send', 'email:send', 'conversations:reply', 'conversations:assign', 'calendars:book'];
    const manager = [...salesRep, 'pipelines:manage', 'campaigns:write', 'automations:write', 'data:export', 'calendars:manage', 'sites:write'];
    const admin = [...manager, 'contacts:delete', 'members:manage', 'data:import', 'settings:manage', 'apikeys:manage', 'email:manage', 'sites:code', 'providers:manage'];
    const superAdmin = [...admin, 'billing:manage', 'audit:read'];
    const sorted = (list: readonly string[]) => [...list].sort();
    expect(sorted(ROLE_PERMISSIONS.viewer)).toEqual(sorted(viewer));
    expect(sorted(ROLE_PERMISSIONS.sales_rep)).toEqual(sorted(salesRep));
    expect(sorted(ROLE_PERMISSIONS.manager)).toEqual(sorted(manager));
    expect(sorted(ROLE_PERMISSIONS.admin)).toEqual(sorted(admin));
    expect(sorted(ROLE_PERMISSIONS.super_admin)).toEqual(sorted(superAdmin));
  });

  it.each(ROLES)('%s is allowed exactly what its permissions say', async (role) => {
    const { deps, caller } = await buildTestApp();
    const owner = await createAccount(deps);
    const member = role === 'super_admin' ? owner : await addMember(deps, owner.organizationId, role);
    for (const p of procedures.filter((p) => p.permission && p.type !== 'subscription')) {
      const allowed = ROLE_PERMISSIONS[role].includes(p.permission!);
      // An empty input: allowed roles fail validation or succeed; others are refused before that.
      const outcome = await callByPath(caller(browser(member.cookie)), p.path, {}).then(
        () => 'ok',
        (error: { code?: string; message?: string }) => (error.code === 'FORBIDDEN' && error.message?.includes(`${p.permission} is required`) ? 'forbidden' : 'ok'),
      );
      expect(outcome, `${role} → ${p.path} (${p.permission})`).toBe(allowed ? 'ok' : 'forbidden');
    }
  });

  it('website chat: every member who reads contacts reads the inbox; answering a visitor is a contacts write', () => {
    const chat = Object.fromEntries(procedures.filter((p) => p.path.startsWith('chat.')).map((p) => [p.path, p.permission]));
    expect(chat).toEqual({ 'chat.list': 'contacts:read', 'chat.get': 'contacts:read', 'chat.markRead': 'contacts:read', 'chat.reply': 'contacts:write' });
  });

  it('the inbox: every member reads it; Sales Reps answer, assign, close and reopen (their own or unassigned threads: service)', () => {
    const inbox = Object.fromEntries(procedures.filter((p) => p.path.startsWith('conversations.')).map((p) => [p.path, p.permission]));
    expect(inbox).toEqual({
      'conversations.list': 'conversations:read',
      'conversations.get': 'conversations:read',
      'conversations.messages': 'conversations:read',
      'conversations.markRead': 'conversations:read',
      'conversations.reply': 'conversations:reply',
      'conversations.assign': 'conversations:assign',
      'conversations.setStatus': 'conversations:assign',
    });
  });

  it('matches the spec: Viewer reads only, Super Admin alone has billing and audit', () => {
    expect(ROLE_PERMISSIONS.viewer.every((p) => p.endsWith(':read'))).toBe(true);
    for (const role of ROLES.filter((r) => r !== 'super_admin')) {
      expect(ROLE_PERMISSIONS[role]).not.toContain('billing:manage');
      expect(ROLE_PERMISSIONS[role]).not.toContain('audit:read');
    }
    expect(ROLE_PERMISSIONS.sales_rep).toEqual(expect.arrayContaining(['contacts:write', 'deals:write', 'sms:send']));
    expect(ROLE_PERMISSIONS.sales_rep).not.toContain('pipelines:manage');
    expect(ROLE_PERMISSIONS.manager).toContain('pipelines:manage');
    expect(ROLE_PERMISSIONS.manager).not.toContain('members:manage');
    expect(ROLE_PERMISSIONS.admin).toEqual(expect.arrayContaining(['members:manage', 'data:import', 'apikeys:manage']));
  });
});
