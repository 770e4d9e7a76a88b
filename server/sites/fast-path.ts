import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../http/env';
import { requestMeta } from '../http/meta';
import { commonHeaders, REPORTING_ENDPOINTS } from '../http/security-headers';
import { isAppHost } from './domains';
import { chooseForVisitor, chooseForVisitorNow, stepVariants, type StepVariant, type Visitor } from './funnel-serve';
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

/** The visitor as requestMeta (server/http/meta.ts) tells them, read from Node's request when served by a socket. */
function visitorOf(c: Context<AppEnv>, trustProxy: boolean): Visitor {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (!incoming) {
    const meta = requestMeta(c, trustProxy);
    return { ip: meta.ip, userAgent: meta.userAgent ?? '' };
  }
  const forwarded = trustProxy ? headerOf(c, 'x-forwarded-for')?.split(',')[0]?.trim() : undefined;
  return { ip: forwarded || incoming.socket.remoteAddress || 'unknown', userAgent: headerOf(c, 'user-agent')?.slice(0, 512) ?? '' };
}

const ROUTE_LABEL = 'published site page';

/**
 * The answer's parts; a promise only on a miss (a version not read yet, the secrets of a funnel
 * step's first visitor), so that a hit costs no await.
 */
function partsOf(c: Context<AppEnv>, deps: AppDeps, route: Exclude<Route, { kind: 'elsewhere' }>): AnswerParts | Promise<AnswerParts> {
  if (route.kind === 'plain404') return plainNotFoundParts(route.page);
  if (route.kind === 'version') return versionParts(c, deps, route.versionId, route.status, route.canonicalBase);
  const visitor = visitorOf(c, deps.config.trustProxy);
  const now = chooseForVisitorNow(route.organizationId, route.variants, visitor);
  if (now) {
    countVisit(deps, now.visit);
    return versionParts(c, deps, now.chosen.versionId, 200, route.canonicalBase);
  }
  return chooseForVisitor(deps.database.forOrganization(route.organizationId), route.organizationId, route.variants, visitor).then(({ chosen, visit }) => {
    countVisit(deps, visit);
    return versionParts(c, deps, chosen.versionId, 200, route.canonicalBase);
  });
}

function versionParts(c: Context<AppEnv>, deps: AppDeps, versionId: string, status: 200 | 404, canonicalBase: string): AnswerParts | Promise<AnswerParts> {
  const request = () => ({ ifNoneMatch: headerOf(c, 'if-none-match'), acceptEncoding: headerOf(c, 'accept-encoding') });
  const page = cachedVersion(versionId, canonicalBase);
  if (page) return pageParts(page, status, request());
  return preparedVersion(deps, versionId, canonicalBase).then((prepared) => pageParts(prepared, status, request()));
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
      const answer = partsOf(c, deps, route);
      parts = answer instanceof Promise ? await answer : answer;
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
