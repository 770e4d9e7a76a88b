import { Hono } from 'hono';
import { requireOrg } from '../http/auth';
import { orgContextOf } from '../http/context';
import type { AppEnv } from '../http/env';
import { getOrganization, listMembers } from './service';

/** For integrators: which organization a key (or session) acts in, with what role and permissions. */
export const organizationRest = new Hono<AppEnv>()
  .get('/organization', requireOrg(), async (c) => {
    const { auth } = c.var;
    const organization = await getOrganization(orgContextOf(c));
    return c.json({ organization, role: auth.organization.role, permissions: auth.permissions, via: auth.via });
  })
  .get('/members', requireOrg('members:read'), async (c) => c.json(await listMembers(orgContextOf(c))));
