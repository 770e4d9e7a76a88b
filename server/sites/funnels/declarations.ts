import { scoped } from '../../db/scoped';
import type { RecordPages } from '../../http/record-pages';
import type { Domain } from '../../kernel/domain';
import { funnelsV1Rest } from './rest';
import { funnelsRouter } from './router';
import { ZFunnelIdInput } from './schema';

/*
 * What the sites domain (server/sites/domain.ts) mounts for funnels: the `funnels` router, the
 * /api/v1/funnels door and the funnel screen's record page. Funnels use the sites domain's own
 * permissions (sites:read, sites:write) and declare no events: their screens refresh after their
 * own mutations.
 */
export const funnelsRouters = { funnels: funnelsRouter };

export const funnelsRestDoors: NonNullable<Domain['rest']> = [{ path: '/v1/funnels', routes: () => funnelsV1Rest }];

export const funnelsRecordPages: RecordPages = {
  '/funnels/$funnelId': {
    param: 'funnelId',
    wellFormed: (funnelId) => ZFunnelIdInput.safeParse({ funnelId }).success,
    permission: 'sites:read',
    visible: async (ctx, funnelId) => !!(await scoped(ctx.db, ctx.organizationId).selectFrom('funnels').select('id').where('id', '=', funnelId).executeTakeFirst()),
  },
};
