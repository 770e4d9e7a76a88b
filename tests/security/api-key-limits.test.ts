import { describe, expect, it } from 'vitest';
import { isSessionOnly } from '../../server/kernel/access';
import { buildTestApp } from '../helpers/app';
import { createAccount, createKey } from '../helpers/factories';
import { callByPath, listProcedures } from '../helpers/procedures';

/** The permissions only a signed-in member uses (declared `sessionOnly` by server/organizations/domain.ts and server/providers/domain.ts). */
const SESSION_ONLY_PERMISSIONS = ['members:manage', 'apikeys:manage', 'providers:manage'];

/**
 * An API key never manages members, API keys or provider settings (the session-only permissions):
 * every procedure requiring one of those permissions — today's and any added later — refuses even a
 * Super Admin key with FORBIDDEN, before reading its input.
 */
describe('API keys and session-only permissions', () => {
  const sessionOnly = listProcedures().filter((p) => p.permission && isSessionOnly(p.permission));

  it('covers the member and key management procedures', () => {
    const paths = sessionOnly.map((p) => p.path);
    for (const path of ['members.invite', 'members.revokeInvite', 'members.changeRole', 'members.remove', 'apiKeys.create', 'apiKeys.revoke', 'apiKeys.list', 'providers.saveTwilio', 'providers.test'])
      expect(paths).toContain(path);
    expect(new Set(sessionOnly.map((p) => p.permission))).toEqual(new Set(SESSION_ONLY_PERMISSIONS));
  });

  it.each(sessionOnly.map((p) => p.path))('%s refuses a Super Admin API key', async (path) => {
    const { deps, caller } = await buildTestApp();
    const owner = await createAccount(deps, 'session-only');
    const api = caller({ authorization: `Bearer ${await createKey(deps, owner.organizationId, 'super_admin', owner.userId)}` });
    await expect(callByPath(api, path, {})).rejects.toMatchObject({ code: 'FORBIDDEN', message: expect.stringMatching(/^API keys cannot manage members, API keys or provider settings/) });
  });
});
