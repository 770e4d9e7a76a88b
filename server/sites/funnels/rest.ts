import { Hono } from 'hono';
import { parseInput } from '../../errors';
import { requireOrg } from '../../http/auth';
import { readQuery } from '../../http/body';
import { orgContextOf } from '../../http/context';
import type { AppEnv } from '../../http/env';
import { ZFunnelIdInput, ZFunnelStatsQuery } from './schema';
import * as funnels from './service';

/** /api/v1/funnels for integrators (described in server/api-v1/doors.ts). */
export const funnelsV1Rest = new Hono<AppEnv>().get('/:id/stats', requireOrg('sites:read'), async (c) => {
  const { funnelId } = parseInput(ZFunnelIdInput, { funnelId: c.req.param('id') });
  return c.json(await funnels.stats(orgContextOf(c), { funnelId, ...readQuery(c, ZFunnelStatsQuery) }));
});
