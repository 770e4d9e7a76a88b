import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../http/env';
import { requestMeta } from '../http/meta';
import { commonHeaders, REPORTING_ENDPOINTS } from '../http/security-headers';
import { isAppHost } from './domains';
import { chooseForVisitor, stepVariants, type StepVariant } from './funnel-serve';
import { countVisit } from './funnel-visits';
import { findSite, liveVersion, PAGE_PATH, type PublicSite, type SiteAddress } from './lookup';
import { routeCacheOf } from './route-cache';
import { SITE_HANDLE } from './schema';
import { cachedVersion, pageParts, plainNotFoundPage, plainNotFoundParts, preparedVersion, type AnswerParts, type PlainNotFound } from './served-pages';

/**
 * The published pages' fast path (issue #20, docs/decisions/041-published-pages-fast-path.md): a
 * GET of a page, at /s/<handle>/<path> or at <path> on a verified custom domain, answered from
 * memory — which version the address serves (./route-cache.ts) and that version's bytes, compressed
 * once (./served-pages.ts) — with no query on a hit. A funnel step's visitor gets their sticky
 * variant and is counted through the batched writer (./funnel-visits.ts). Mounted by the app before
 * all its middleware; anything else (forms, sitemap, assets,
 * redirects, unknown sites and hosts) goes on to the app and the doors of ./public.ts.
 */

/** What an address answers, as remembered. */
type Route =
  /** No site here (unknown handle or host): the app's other doors answer. */
  | { kind: 'elsewhere' }
  | { kind: 'version'; versionId: string; status: 200 | 404; canonicalBase: string }
  | { kind: 'plain404'; page: PlainNotFound }
  /** A funnel step's page: the visitor's variant among these (each with its live version). */
  | { kind: 'funnel'; organizationId: string; variants: StepVariant[]; canonicalBase: string };

/** The site's own published '/404' page with status 404, else the plain one. */
export async function notFoundRoute(deps: AppDeps, site: PublicSite): Promise<Extract<Route, { kind: 'version' | 'plain404' }>> {
  const own = await liveVersion(deps, site.id, '/404');
  return own ? { kind: 'version', versionId: own.versionId, status: 404, canonicalBase: site.canonicalBase } : { kind: 'plain404', page: plainNotFoundPage(deps.config.publicUrl, site) };
}

async function loadRoute(deps: AppDeps, by: SiteAddress, path: string): Promise<Route> {
  const site = await findSite(deps, by, path);
  if (!site) return { kind: 'elsewhere' };
  const live = site.live;
  if (!live) return notFoundRoute(deps, site);
  const { canonicalBase } = site;
  if (!live.inFunnel) return { kind: 'version', versionId: live.versionId, status: 200, canonicalBase };
  const variants = await stepVariants(deps.database.forOrganization(site.organizationId), site.organizationId, live.pageId);
  return variants.length > 0 ? { kind: 'funnel', organizationId: site.organizationId, variants, canonicalBase } : { kind: 'version', versionId: live.versionId, status: 200, canonicalBase };
}

/** The address a request names, when it is a page's: by handle on the app's own hosts, else by its Host as a custom domain. */
function addressOf(path: string, host: string | undefined, publicUrl: string): { by: SiteAddress; key: string; path: string } | undefined {
  if (host && !isAppHost(publicUrl, host)) {
    if (!PAGE_PATH.test(path)) return undefined;
    const domain = host.toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
    return { by: { domain }, key: `d ${domain} ${path}`, path };
  }
  if (!path.startsWith('/s/')) return undefined;
  const slash = path.indexOf('/', 3);
  if (slash === -1) return undefined;
  const handle = path.slice(3, slash);
  const subPath = path.slice(slash);
  if (!SITE_HANDLE.test(handle) || !PAGE_PATH.test(subPath)) return undefined;
  return { by: { handle }, key: `h ${handle} ${subPath}`, path: subPath };
}

/** A request header, from Node's parsed headers when served by a socket (the Fetch Headers are not built then). */
function headerOf(c: Context<AppEnv>, name: string): string | undefined {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (!incoming) return c.req.header(name);
  const value = incoming.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

const ROUTE_LABEL = 'published site page';

async function partsOf(c: Context<AppEnv>, deps: AppDeps, route: Exclude<Route, { kind: 'elsewhere' }>): Promise<AnswerParts> {
  if (route.kind === 'plain404') return plainNotFoundParts(route.page);
  let versionId: string;
  let status: 200 | 404 = 200;
  if (route.kind === 'version') {
    versionId = route.versionId;
    status = route.status;
  } else {
    const meta = requestMeta(c, deps.config.trustProxy);
    const db = deps.database.forOrganization(route.organizationId);
    const { chosen, visit } = await chooseForVisitor(db, route.organizationId, route.variants, { ip: meta.ip, userAgent: meta.userAgent ?? '' });
    countVisit(deps, visit);
    versionId = chosen.versionId;
  }
  const page = cachedVersion(versionId, route.canonicalBase) ?? (await preparedVersion(deps, versionId, route.canonicalBase));
  return pageParts(page, status, { ifNoneMatch: headerOf(c, 'if-none-match'), acceptEncoding: headerOf(c, 'accept-encoding') });
}

/**
 * Registered first: a published page's answer carries the headers the app's middleware would give
 * it (security headers with the page's own policy, a request id), is counted in the metrics and
 * logged like any request, and is one Response built at once (no headers set after the fact, which
 * costs the Node adapter its fast write).
 */
export function publishedPagesFastPath(deps: AppDeps): MiddlewareHandler<AppEnv> {
  const common = commonHeaders(deps.config);
  return async (c, next) => {
    const method = c.req.method;
    // HEAD is answered as GET without the body (by Hono).
    if (method !== 'GET' && method !== 'HEAD') return next();
    const started = performance.now();
    const path = c.req.path;
    const address = addressOf(path, headerOf(c, 'host'), deps.config.publicUrl);
    if (!address) return next();
    let parts: AnswerParts;
    try {
      const cache = routeCacheOf<Route>(deps.database);
      const route = cache.get(address.key) ?? (await cache.remember(address.key, () => loadRoute(deps, address.by, address.path)));
      if (route.kind === 'elsewhere') return next();
      parts = await partsOf(c, deps, route);
    } catch {
      // The database failed: the app's doors answer (and log) as for any request.
      return next();
    }
    const requestId = randomUUID();
    const headers: Record<string, string> = { ...common, ...parts.headers, 'Content-Security-Policy': parts.policy, 'X-Request-Id': requestId };
    if (parts.body !== null) headers['Reporting-Endpoints'] = REPORTING_ENDPOINTS;
    const ms = performance.now() - started;
    deps.metrics.record(method, ROUTE_LABEL, parts.status, ms / 1000);
    deps.logger.info({ reqId: requestId, method, path, status: parts.status, ms: Math.round(ms * 10) / 10 }, 'request');
    return new Response(parts.body, { status: parts.status, headers });
  };
}
