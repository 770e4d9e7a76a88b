import type { Db } from '../db';
import { permissionsFor } from '../kernel/access';
import type { OrgAuth } from '../kernel/caller';

/** The member the automation acts for: the workflow's creator while a member, else the organization's first admin. */
export async function actingAuth(db: Db, organizationId: string, workflowId: string): Promise<OrgAuth> {
  const row = await db
    .selectFrom('workflows')
    .innerJoin('organizations', 'organizations.id', 'workflows.organization_id')
    .leftJoin('memberships', (join) => join.onRef('memberships.organization_id', '=', 'workflows.organization_id').onRef('memberships.user_id', '=', 'workflows.created_by'))
    .leftJoin('users', 'users.id', 'memberships.user_id')
    .select(['organizations.name as org_name', 'users.id as user_id', 'users.email', 'users.name'])
    .where('workflows.id', '=', workflowId)
    .where('workflows.organization_id', '=', organizationId)
    .executeTakeFirstOrThrow();
  let user = row.user_id ? { id: row.user_id, email: row.email!, name: row.name! } : null;
  if (!user) {
    const admin = await db
      .selectFrom('memberships')
      .innerJoin('users', 'users.id', 'memberships.user_id')
      .select(['users.id', 'users.email', 'users.name'])
      .where('memberships.organization_id', '=', organizationId)
      .where('memberships.role', 'in', ['super_admin', 'admin'])
      .orderBy('memberships.created_at')
      .limit(1)
      .executeTakeFirst();
    user = admin ?? null;
  }
  // Automations act with the organization's full rights: a workflow is set up by a manager and runs for every contact.
  return { via: 'session', user, session: null, apiKey: null, organization: { id: organizationId, name: row.org_name, role: 'admin' }, permissions: permissionsFor('admin') };
}
