import type { AppDeps } from '../../../server/deps';
import type { Account } from '../../helpers/factories';
import type { Caller, Probe, RestProbe } from './types';

/** A site of organization A, with its home page published (its versions exist). */
async function aSite(_deps: AppDeps, _a: Account, api: Caller) {
  const { id } = await api.sites.create({ name: 'Probe site' });
  const site = await api.sites.get({ siteId: id });
  const home = site.pages.find((p) => p.path === '/')!;
  const published = await api.sites.publish({ pageId: home.id });
  return { siteId: id, pageId: home.id, versionId: published.versionId };
}

async function aPage(deps: AppDeps, a: Account, api: Caller) {
  const { pageId } = await aSite(deps, a, api);
  return api.sites.page({ pageId });
}

async function aDomain(deps: AppDeps, a: Account, api: Caller) {
  const { siteId } = await aSite(deps, a, api);
  const domain = await api.sites.addDomain({ siteId, domain: `probe-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}.example.com` });
  return { domainId: domain.id };
}

export const probes: Record<string, Probe> = {
  // templateId names a built-in page template, not a record: B's new site is B's own, with nothing of A in it.
  'sites.create': async (d, a, api) => {
    const { siteId } = await aSite(d, a, api);
    return { input: { name: 'B site', templateId: 'landing' }, accept: (result: unknown) => typeof (result as { id?: unknown }).id === 'string' && (result as { id: string }).id !== siteId };
  },
  'sites.get': async (d, a, api) => ({ siteId: (await aSite(d, a, api)).siteId }),
  'sites.update': async (d, a, api) => ({ siteId: (await aSite(d, a, api)).siteId, name: 'Taken over' }),
  'sites.remove': async (d, a, api) => ({ siteId: (await aSite(d, a, api)).siteId }),
  'sites.createPage': async (d, a, api) => ({ siteId: (await aSite(d, a, api)).siteId, path: '/planted', title: 'Planted' }),
  'sites.addDomain': async (d, a, api) => ({ siteId: (await aSite(d, a, api)).siteId, domain: 'planted.example.com' }),
  'sites.page': async (d, a, api) => ({ pageId: (await aSite(d, a, api)).pageId }),
  'sites.removePage': async (d, a, api) => ({ pageId: (await aSite(d, a, api)).pageId }),
  'sites.publish': async (d, a, api) => ({ pageId: (await aSite(d, a, api)).pageId }),
  'sites.updatePage': async (d, a, api) => ({ pageId: (await aSite(d, a, api)).pageId, title: 'Taken over' }),
  'sites.saveDraft': async (d, a, api) => {
    const page = await aPage(d, a, api);
    return { pageId: page.id, data: page.draft, baseUpdatedAt: page.draftUpdatedAt };
  },
  'sites.revert': async (d, a, api) => {
    const { pageId, versionId } = await aSite(d, a, api);
    return { pageId, versionId };
  },
  'sites.verifyDomain': async (d, a, api) => aDomain(d, a, api),
  'sites.removeDomain': async (d, a, api) => aDomain(d, a, api),
};

export const restProbes: Record<string, RestProbe> = {
  'POST /api/sites/:siteId/assets': async (d, a, api) => (await aSite(d, a, api)).siteId,
};

export const capabilityRoutes: Record<string, string> = {
  'GET /.well-known/switchboard-domain/:token':
    'a custom domain’s verification token, answered on any host so the domain’s owner can prove it points here; it reveals only the token itself (tests/integration/sites.test.ts)',
  // A published page's Payment block: the page id is in its public HTML, and the answer is what that page already shows (tests/integration/site-payments.test.ts).
  'GET /api/pay/:pageId/:blockId': 'a published page’s Payment block, public like the page that links to it; an unpublished page or another block answers 404',
  'POST /api/pay/:pageId/:blockId': 'starts a checkout of a published page’s Payment block, public like the page; the organization comes from the page',
  'GET /api/pay/sandbox/:orderId': 'the sandbox checkout of the order the visitor just opened (an unguessable random id), only while Stripe is not configured',
  'POST /api/pay/sandbox/:orderId': 'the sandbox checkout of the order the visitor just opened (an unguessable random id), only while Stripe is not configured',
};
