import { sql } from 'kysely';
import { API_KEY_PREFIX } from '../../../server/auth/resolve';
import { randomToken, sha256 } from '../../../server/auth/tokens';
import { signup } from '../../../server/auth/service';
import type { Db } from '../../../server/db';
import type { AppDeps } from '../../../server/deps';
import type { OrgAuth } from '../../../server/kernel/caller';
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
  // As the app does after its own bulk loads (decision 057) and autovacuum would soon after (this
  // machine's Postgres runs with it off): the planner told the organization holds these contacts.
  if (count > 0) await sql`analyze contacts`.execute(deps.database.db);
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

/** An API key of the organization's owner (Super Admin), as an integrator would hold. */
export async function benchApiKey(deps: AppDeps, ctx: Pick<OrgContext, 'organizationId' | 'auth'>): Promise<string> {
  const secret = `${API_KEY_PREFIX}${randomToken(32)}`;
  await deps.database.db
    .insertInto('api_keys')
    .values({ organization_id: ctx.organizationId, name: 'bench', role: 'super_admin', prefix: secret.slice(0, 10), secret_hash: sha256(secret), created_by: ctx.auth.user!.id })
    .execute();
  return secret;
}

/** The organization's owner acting through a session, as a query procedure sees them. */
export function ownerAuth(organizationId: string, userId: string): OrgAuth {
  return {
    via: 'session',
    user: { id: userId, email: 'bench@switchboard.local', name: 'Bench' },
    session: null,
    apiKey: null,
    organization: { id: organizationId, name: 'Bench', role: 'super_admin' },
    permissions: permissionsFor('super_admin'),
  };
}

type Seeded = { organizationId: string; ownerId: string };

/**
 * The organization an earlier run seeded under `name`, else the one `seed` makes (under a provisional
 * name it is given), renamed `name` only once seeding finished: seeding a million contacts takes
 * minutes, so a bench's database is reused, and a run stopped midway leaves nothing a later run would take.
 */
export async function seededOnce(db: Db, name: string, seed: (provisionalName: string) => Promise<Seeded>, log: (line: string) => void): Promise<Seeded> {
  const seeded = await db
    .selectFrom('organizations')
    .innerJoin('memberships', 'memberships.organization_id', 'organizations.id')
    .select(['organizations.id as organizationId', 'memberships.user_id as ownerId'])
    .where('organizations.name', '=', name)
    .where('memberships.role', '=', 'super_admin')
    .orderBy('organizations.created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (seeded) {
    log(`reusing ${name}`);
    return seeded;
  }
  const result = await seed(`${name} seeding ${Date.now()}`);
  await db.updateTable('organizations').set({ name }).where('id', '=', result.organizationId).execute();
  return result;
}
