import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../../../server/deps';
import type { Account } from '../../helpers/factories';
import type { Caller, Probe, RestProbe } from './types';

/** A site of organization A with one published page, through its tables (the sites service is H1's). */
async function aSitePage(deps: AppDeps, a: Account) {
  const db = deps.database.db;
  const site = await db
    .insertInto('sites')
    .values({ organization_id: a.organizationId, name: 'Probe site', handle: `probe-${randomUUID().slice(0, 12)}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  const page = await db
    .insertInto('site_pages')
    .values({ organization_id: a.organizationId, site_id: site.id, path: '/', title: 'Probe', draft: JSON.stringify({ root: { props: {} }, content: [] }) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { siteId: site.id, pageId: page.id };
}

/** A funnel of organization A with one step (and its control variant). */
async function aFunnel(deps: AppDeps, a: Account, api: Caller) {
  const { siteId, pageId } = await aSitePage(deps, a);
  const { id: funnelId } = await api.funnels.create({ siteId, name: 'Probe funnel' });
  const { id: stepId } = await api.funnels.addStep({ funnelId, pageId });
  const funnel = await api.funnels.get({ funnelId });
  return { funnelId, stepId, pageId, variantId: funnel.steps[0]!.variants[0]!.id };
}

export const probes: Record<string, Probe> = {
  'funnels.create': async (d, a) => ({ siteId: (await aSitePage(d, a)).siteId, name: 'Taken over' }),
  'funnels.get': async (d, a, api) => ({ funnelId: (await aFunnel(d, a, api)).funnelId }),
  'funnels.rename': async (d, a, api) => ({ funnelId: (await aFunnel(d, a, api)).funnelId, name: 'Taken over' }),
  'funnels.remove': async (d, a, api) => ({ funnelId: (await aFunnel(d, a, api)).funnelId }),
  'funnels.addStep': async (d, a, api) => {
    const f = await aFunnel(d, a, api);
    return { funnelId: f.funnelId, pageId: f.pageId };
  },
  'funnels.moveStep': async (d, a, api) => ({ stepId: (await aFunnel(d, a, api)).stepId, position: 0 }),
  'funnels.removeStep': async (d, a, api) => ({ stepId: (await aFunnel(d, a, api)).stepId }),
  'funnels.addVariant': async (d, a, api) => {
    const f = await aFunnel(d, a, api);
    return { stepId: f.stepId, pageId: f.pageId };
  },
  'funnels.setWeights': async (d, a, api) => {
    const f = await aFunnel(d, a, api);
    return { stepId: f.stepId, weights: [{ variantId: f.variantId, weight: 5 }] };
  },
  'funnels.declareWinner': async (d, a, api) => {
    const f = await aFunnel(d, a, api);
    return { stepId: f.stepId, variantId: f.variantId };
  },
  'funnels.publishAll': async (d, a, api) => ({ funnelId: (await aFunnel(d, a, api)).funnelId }),
  'funnels.stats': async (d, a, api) => ({ funnelId: (await aFunnel(d, a, api)).funnelId }),
  'funnels.statsCsv': async (d, a, api) => ({ funnelId: (await aFunnel(d, a, api)).funnelId }),
};

export const restProbes: Record<string, RestProbe> = {
  'GET /api/v1/funnels/:id/stats': async (d, a, api) => (await aFunnel(d, a, api)).funnelId,
};
