import { vi } from 'vitest';
import type * as ScopedModule from '../../server/db/scoped';

/**
 * TEST-ONLY switch (decision 024): `SCOPED_FILTER=off` runs the database suites with `scoped()`
 * adding no `organization_id` filter, so the cross-tenant suite proves the row-level policies alone
 * keep organizations apart. Only this setup file reads the variable; the server never does.
 */
if (process.env.SCOPED_FILTER === 'off') {
  vi.doMock('../../server/db/scoped', async (importOriginal) => {
    const original = await importOriginal<typeof ScopedModule>();
    const scoped: typeof original.scoped = (db, organizationId) => original.scoped(withoutOrganizationFilter(db, organizationId), organizationId);
    return { ...original, scoped };
  });
}

type Executor = Parameters<typeof ScopedModule.scoped>[0];

/** The executor with the first where() of each builder skipped — the one scoped() adds, which it checks it is. */
function withoutOrganizationFilter(db: Executor, organizationId: string): Executor {
  const skipFilter = (table: string, builder: object) =>
    new Proxy(builder, {
      get(target, property) {
        if (property !== 'where') return bound(target, property);
        return (...args: unknown[]) => {
          if (args[0] !== `${table}.organization_id` || args[1] !== '=' || args[2] !== organizationId) {
            throw new Error(`SCOPED_FILTER=off expected scoped()'s own filter first, got where(${args.map(String).join(', ')})`);
          }
          return target;
        };
      },
    });
  return new Proxy(db, {
    get(target, property) {
      if (!['selectFrom', 'updateTable', 'deleteFrom'].includes(String(property))) return bound(target, property);
      return (table: string) => skipFilter(table, (bound(target, property) as (t: string) => object)(table));
    },
  });
}

/** Kysely's classes keep private fields: their methods must run on the object itself, not on the proxy. */
function bound(target: object, property: string | symbol): unknown {
  const value = Reflect.get(target, property) as unknown;
  return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
}
