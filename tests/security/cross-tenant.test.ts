import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../helpers/app';
import { browser, createAccount } from '../helpers/factories';
import { callByPath, listProcedures } from '../helpers/procedures';
import { isAcceptingProbe, type Probe, type ProbeModule, type RestProbe } from './probes/types';

/**
 * For every procedure that takes a record id, a probe (tests/security/probes/<domain>.ts) creates
 * such a record in organization A and returns the input naming it. A member of organization B must
 * get NOT_FOUND (or FORBIDDEN). A new procedure or REST route taking an id fails this suite until
 * it has a probe.
 */
const modules = Object.values(import.meta.glob<ProbeModule>('./probes/*.ts', { eager: true }));
const PROBES: Record<string, Probe> = Object.assign({}, ...modules.map((m) => m.probes ?? {}));
const REST_PROBES: Record<string, RestProbe> = Object.assign({}, ...modules.map((m) => m.restProbes ?? {}));
const CAPABILITY_ROUTES: Record<string, string> = Object.assign({}, ...modules.map((m) => m.capabilityRoutes ?? {}));

const ID_KEY = /^(id|ids|.+Id|.+Ids)$/;

describe('tenant isolation', () => {
  // Subscriptions are streams, not calls: realtime.events' isolation (replay included) is proven in
  // tests/integration/realtime.test.ts.
  const withIds = listProcedures().filter((p) => p.type !== 'subscription' && p.inputKeys.some((k) => ID_KEY.test(k)));

  it('has a probe for every procedure that takes a record id', () => {
    expect(withIds.map((p) => p.path).filter((path) => !PROBES[path])).toEqual([]);
  });

  it('has no probe left for a procedure the app router no longer has', () => {
    const paths = new Set(listProcedures().map((p) => p.path));
    expect(Object.keys(PROBES).filter((path) => !paths.has(path))).toEqual([]);
  });

  it.each(withIds.map((p) => p.path))("%s answers NOT_FOUND for another organization's record", async (path) => {
    const { deps, caller } = await buildTestApp();
    const a = await createAccount(deps, 'tenant-a');
    const b = await createAccount(deps, 'tenant-b');
    const probe = await PROBES[path]!(deps, a, caller(browser(a.cookie)));
    const input = isAcceptingProbe(probe) ? probe.input : probe;
    const outcome = await callByPath(caller(browser(b.cookie)), path, input).then(
      (result) => ({ result }),
      (error: { code?: string }) => ({ error }),
    );
    if ('result' in outcome) {
      expect(isAcceptingProbe(probe) && probe.accept(outcome.result), `${path} answered organization B with organization A's record`).toBe(true);
    } else {
      expect(outcome.error.code, `${path} must not act on organization A's record`).toMatch(/^(NOT_FOUND|FORBIDDEN|BAD_REQUEST)$/);
    }
  });

  it('has a probe for every REST route with a path parameter, and each answers 404/403 across organizations', async () => {
    const { app, deps, caller } = await buildTestApp();
    const routes = [...new Set(app.routes.filter((r) => r.path.includes('/:') && r.method !== 'ALL').map((r) => `${r.method} ${r.path}`))].filter((r) => !CAPABILITY_ROUTES[r]);
    expect(routes.filter((r) => !REST_PROBES[r])).toEqual([]);
    for (const route of routes) {
      const a = await createAccount(deps, 'rest-a');
      const b = await createAccount(deps, 'rest-b');
      const [method, pattern] = route.split(' ') as [string, string];
      const probe = await REST_PROBES[route]!(deps, a, caller(browser(a.cookie)));
      const { id, body } = typeof probe === 'string' ? { id: probe, body: {} } : probe;
      const init: RequestInit = { method, headers: { ...browser(b.cookie), 'content-type': 'application/json' } };
      if (method !== 'GET' && method !== 'DELETE') init.body = JSON.stringify(body);
      const res = await app.request(pattern.replace(/:[^/]+/, id), init);
      expect([403, 404], route).toContain(res.status);
    }
  }, 120_000); // two sign-ups per route, for every route with a path parameter
});
