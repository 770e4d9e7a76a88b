import { describe, expect, it } from 'vitest';
import { siteOwnerOrganization } from '../../server/organizations/site-owner';
import { createTestDatabase } from '../helpers/db';
import { buildTestApp } from '../helpers/app';
import { createAccount } from '../helpers/factories';

describe('site owner organization', () => {
  it('is the first organization created unless LEADS_ORGANIZATION_ID names another', async () => {
    const database = await createTestDatabase();
    try {
      await expect(siteOwnerOrganization(database.db, { leadsOrganizationId: undefined })).rejects.toMatchObject({ code: 'UNAVAILABLE' });
      const { deps } = await buildTestApp({ database });
      const first = await createAccount(deps, 'first');
      const second = await createAccount(deps, 'second');
      expect(await siteOwnerOrganization(database.db, { leadsOrganizationId: undefined })).toMatchObject({ id: first.organizationId, configured: false });
      expect(await siteOwnerOrganization(database.db, { leadsOrganizationId: second.organizationId })).toMatchObject({ id: second.organizationId, configured: true });
      await expect(siteOwnerOrganization(database.db, { leadsOrganizationId: '00000000-0000-4000-8000-000000000000' })).rejects.toMatchObject({
        message: 'LEADS_ORGANIZATION_ID names no organization on this server',
      });
    } finally {
      await database.close();
    }
  });
});
