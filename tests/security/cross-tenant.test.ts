import { describe, expect, it } from 'vitest';
import { sha256 } from '../../server/auth/tokens';
import type { AppDeps } from '../../server/deps';
import { buildTestApp } from '../helpers/app';
import { addMember, browser, createAccount, type Account } from '../helpers/factories';
import { callByPath, listProcedures } from '../helpers/procedures';

/**
 * For every procedure that takes a record id, a probe that creates such a record in organization A
 * and returns the input naming it. A member of organization B must get NOT_FOUND (or FORBIDDEN).
 * A new procedure taking an id fails this suite until it has a probe here.
 */
type Probe = (deps: AppDeps, a: Account, api: ReturnType<Awaited<ReturnType<typeof buildTestApp>>['caller']>) => Promise<unknown>;

const PROBES: Record<string, Probe> = {
  'auth.revokeSession': async (_deps, a) => ({ id: sha256(a.cookie.split('=')[1]!) }),
  'auth.switchOrganization': async (_deps, a) => ({ organizationId: a.organizationId }),
  'members.changeRole': async (deps, a) => ({ userId: (await addMember(deps, a.organizationId, 'viewer')).userId, role: 'viewer' }),
  'members.remove': async (deps, a) => ({ userId: (await addMember(deps, a.organizationId, 'viewer')).userId }),
  'members.revokeInvite': async (_deps, _a, api) => ({ id: (await api.members.invite({ email: `probe-${Date.now()}@example.test`, role: 'viewer' })).id }),
  'apiKeys.revoke': async (_deps, _a, api) => ({ id: (await api.apiKeys.create({ name: 'probe', role: 'viewer' })).id }),
};

/** REST routes with a path parameter, keyed "METHOD /path/:param"; same contract as PROBES. */
const REST_PROBES: Record<string, (deps: AppDeps, a: Account) => Promise<string>> = {};

const ID_KEY = /^(id|.+Id)$/;

describe('tenant isolation', () => {
  const withIds = listProcedures().filter((p) => p.inputKeys.some((k) => ID_KEY.test(k)));

  it('has a probe for every procedure that takes a record id', () => {
    expect(withIds.map((p) => p.path).filter((path) => !PROBES[path])).toEqual([]);
  });

  it.each(withIds.map((p) => p.path))("%s answers NOT_FOUND for another organization's record", async (path) => {
    const { deps, caller } = await buildTestApp();
    const a = await createAccount(deps, 'tenant-a');
    const b = await createAccount(deps, 'tenant-b');
    const input = await PROBES[path]!(deps, a, caller(browser(a.cookie)));
    const error = await callByPath(caller(browser(b.cookie)), path, input).then(
      () => null,
      (e: { code?: string }) => e,
    );
    expect(error?.code, `${path} must not act on organization A's record`).toMatch(/^(NOT_FOUND|FORBIDDEN)$/);
  });

  it('has a probe for every REST route with a path parameter, and each answers 404/403 across organizations', async () => {
    const { app, deps } = await buildTestApp();
    const routes = app.routes.filter((r) => r.path.includes('/:') && r.method !== 'ALL').map((r) => `${r.method} ${r.path}`);
    expect(routes.filter((r) => !REST_PROBES[r])).toEqual([]);
    for (const route of routes) {
      const a = await createAccount(deps, 'rest-a');
      const b = await createAccount(deps, 'rest-b');
      const [method, pattern] = route.split(' ') as [string, string];
      const id = await REST_PROBES[route]!(deps, a);
      const res = await app.request(pattern.replace(/:[^/]+/, id), { method, headers: browser(b.cookie) });
      expect([403, 404], route).toContain(res.status);
    }
  });
});
