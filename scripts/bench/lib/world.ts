import { sql } from 'kysely';
import { signup } from '../../../server/auth/service';
import type { AppDeps } from '../../../server/deps';
import { permissionsFor } from '../../../server/kernel/access';
import type { OrgContext } from '../../../server/kernel/context';

/**
 * A bench's organization: signed up like any, its owner acting, with `count` contacts carrying one
 * tag and distinct addresses (`<prefix>-<n>@example.test`), inserted in one statement.
 */
export async function benchOrganization(deps: AppDeps, { name, count, tag, prefix }: { name: string; count: number; tag: string; prefix: string }): Promise<OrgContext> {
  const email = `bench-${prefix}-${Date.now().toString(36)}@example.test`;
  const { payload } = await signup(deps, { name: 'Bench', email, password: 'correct horse battery', organizationName: name }, { ip: '127.0.0.1', userAgent: 'bench' });
  const organizationId = payload.organization!.id;
  await sql`insert into contacts (organization_id, first_name, last_name, email, tags)
    select ${organizationId}, ${prefix}, n::text, ${prefix} || '-' || n || '@example.test', array[${tag}] from generate_series(1, ${count}) n`.execute(deps.database.db);
  return {
    db: deps.database.db,
    organizationId,
    deps,
    auth: {
      via: 'session',
      user: { id: payload.user.id, email, name: 'Bench' },
      session: null,
      apiKey: null,
      organization: { id: organizationId, name, role: 'super_admin' },
      permissions: permissionsFor('super_admin'),
    },
  } as OrgContext;
}
