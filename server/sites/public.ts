import { type Hono, type Context, type MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../http/env';
import { renderCodeDocument } from './blocks/document';
import { ISLAND_NAMES, ISLANDS, type IslandName } from './blocks/islands';
import type { PageData } from './blocks/schema';
import { isAppHost, tokenAnswer, WELL_KNOWN_PREFIX } from './domains';
import { withCanonicalBase } from './canonical';
import { notFoundRoute } from './fast-path';
import { submitSiteForm } from './forms';
import { findSite, type PublicSite } from './lookup';
import { CODE_SEGMENT, ISLAND_PATHS, renderPage } from './publish';
import { pageDataOf, pageUrl, siteSettingsOf } from './repo';
import { CUSTOM_CODE_POLICY, htmlAnswer, PAGE_CACHE, pageAnswer, plainNotFoundAnswer, plainNotFoundPage, preparedVersion, publishedPagePolicy } from './served-pages';

export { publishedPagePolicy, publishedPagesPolicy } from './served-pages';

/**
 * The published sites' doors (issue #20): /s/<handle>/<path> on the product's own host, and
 * /<path> on a site's verified custom domain (by Host header). A page's GET is answered before
 * these, from memory, by ./fast-path.ts; here are its form posts, sitemap, robots.txt, favicon,
 * pictures and custom code, the island scripts, the redirects to a page's one address, the domain
 * check's answer and unknown sites.
 */

// ——— Answers ———

const IMMUTABLE = 'public, max-age=31536000, immutable';

const plainNotFound = (c: Context<AppEnv>, site: PublicSite | null) => plainNotFoundAnswer(c, plainNotFoundPage(c.var.deps.config.publicUrl, site));

/** The site's own published '/404' page with status 404, else the plain one. */
async function siteNotFound(c: Context<AppEnv>, site: PublicSite) {
  const route = await notFoundRoute(c.var.deps, site);
  return route.kind === 'version' ? pageAnswer(c, await preparedVersion(c.var.deps, route.versionId, route.canonicalBase), 404) : plainNotFoundAnswer(c, route.page);
}

async function publishedPaths(deps: AppDeps, siteId: string) {
  return deps.database.db
    .selectFrom('site_pages')
    .innerJoin('site_page_versions', 'site_page_versions.id', 'site_pages.published_version_id')
    .select(['site_pages.path', 'site_page_versions.published_at'])
    .where('site_pages.site_id', '=', siteId)
    .where('site_pages.noindex', '=', false)
    .where('site_pages.path', '!=', '/404')
    .orderBy('site_pages.path')
    .execute();
}

const xmlEscape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

async function sitemap(c: Context<AppEnv>, site: PublicSite) {
  const pages = await publishedPaths(c.var.deps, site.id);
  const urls = pages.map((p) => `<url><loc>${xmlEscape(pageUrl(site.canonicalBase, p.path))}</loc><lastmod>${p.published_at.toISOString()}</lastmod></url>`);
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.join('')}</urlset>\n`;
  return c.body(xml, 200, { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': PAGE_CACHE });
}

function robots(c: Context<AppEnv>, site: PublicSite) {
  const text = `User-agent: *\nAllow: /\nDisallow: ${site.base}/_form/\nDisallow: ${site.base}/${CODE_SEGMENT}/\nSitemap: ${site.canonicalBase}/sitemap.xml\n`;
  return c.body(text, 200, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': PAGE_CACHE });
}

async function assetAnswer(c: Context<AppEnv>, site: PublicSite, assetId: string | null) {
  const row =
    assetId && /^[0-9a-f-]{36}$/.test(assetId)
      ? await c.var.deps.database.db.selectFrom('site_assets').select(['bytes', 'content_type']).where('id', '=', assetId).where('site_id', '=', site.id).executeTakeFirst()
      : undefined;
  if (!row) return c.body(null, 404, { 'Cache-Control': 'no-store' });
  return c.body(new Uint8Array(row.bytes), 200, { 'Content-Type': row.content_type, 'Cache-Control': IMMUTABLE, 'Content-Length': String(row.bytes.byteLength) });
}

const CODE_PATH = new RegExp(`^/${CODE_SEGMENT}/([^/]+)$`);

/** A version's custom code as its own document, under its own policy (served-pages.ts CUSTOM_CODE_POLICY); 404 when the version has none or is not this site's. */
async function customCodeAnswer(c: Context<AppEnv>, site: PublicSite, versionId: string) {
  const row = /^[0-9a-f-]{36}$/.test(versionId)
    ? await c.var.deps.database.db
        .selectFrom('site_page_versions')
        .innerJoin('site_pages', 'site_pages.id', 'site_page_versions.page_id')
        .select('site_page_versions.custom_code')
        .where('site_page_versions.id', '=', versionId)
        .where('site_pages.site_id', '=', site.id)
        .executeTakeFirst()
    : undefined;
  if (!row?.custom_code) return c.body(null, 404, { 'Cache-Control': 'no-store' });
  // A version never changes: neither does its code.
  return htmlAnswer(c, renderCodeDocument(row.custom_code), CUSTOM_CODE_POLICY, 200, { 'Cache-Control': IMMUTABLE, 'X-Robots-Tag': 'noindex' });
}

/** A form post's fields: urlencoded or multipart, text values only (files are not form fields of a page). */
async function formFields(c: Context<AppEnv>): Promise<Record<string, string>> {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  if (!type.startsWith('application/x-www-form-urlencoded') && !type.startsWith('multipart/form-data')) return {};
  const body = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(body)) if (typeof value === 'string') fields[name] = value;
  return fields;
}

/**
 * A site-relative redirect ('/thank-you') at the site's canonical address (its verified domain,
 * else /s/<handle> on the product's origin), whichever host the visitor posted from.
 */
function siteRedirect(site: PublicSite, target: string): string {
  if (target.startsWith('/') && !target.startsWith('//')) return `${site.canonicalBase}${target}`;
  return /^https?:\/\//i.test(target) ? target : `${site.canonicalBase}/`;
}

const wantsJson = (c: Context) => /\bapplication\/json\b/i.test(c.req.header('accept') ?? '');

async function formPost(c: Context<AppEnv>, site: PublicSite, pageId: string, blockId: string) {
  const deps = c.var.deps;
  const page = /^[0-9a-f-]{36}$/.test(pageId)
    ? await deps.database.db
        .selectFrom('site_pages')
        .innerJoin('site_page_versions', 'site_page_versions.id', 'site_pages.published_version_id')
        .select([
          'site_pages.id',
          'site_pages.path',
          'site_pages.title',
          'site_pages.description',
          'site_pages.og_image',
          'site_pages.noindex',
          'site_page_versions.id as versionId',
          'site_page_versions.custom_code',
          'site_page_versions.data',
        ])
        .where('site_pages.id', '=', pageId)
        .where('site_pages.site_id', '=', site.id)
        .executeTakeFirst()
    : undefined;
  if (!page) return wantsJson(c) ? c.json({ errors: { form: 'This form no longer exists' } }, 404) : siteNotFound(c, site);
  const fields = await formFields(c);
  const outcome = await submitSiteForm(deps, { organizationId: site.organizationId, siteId: site.id, pageId, blockId, fields, meta: c.var.meta });
  if (outcome.status === 'accepted') {
    const redirect = siteRedirect(site, outcome.redirect);
    return wantsJson(c) ? c.json({ redirect }) : c.redirect(redirect, 303);
  }
  if (wantsJson(c)) return c.json({ errors: outcome.errors }, 422);
  // Without the islands script: the page again, with the visitor's values and each field's message.
  const org = { db: deps.database.forOrganization(site.organizationId), organizationId: site.organizationId, deps };
  const data: PageData = pageDataOf(page.data);
  const version = { id: page.versionId, customCode: page.custom_code };
  const html = withCanonicalBase(await renderPage(org, site, page, data, version, { formState: { blockId, values: fields, errors: outcome.errors } }), site.canonicalBase);
  return htmlAnswer(c, html, publishedPagePolicy(html, new URL(deps.config.publicUrl).origin), 422, { 'Cache-Control': 'no-store' });
}

/** Everything under a site's base: its pages, sitemap, robots.txt, favicon, pictures and form posts. */
async function serveSite(c: Context<AppEnv>, site: PublicSite, subPath: string, bodyLimit: MiddlewareHandler) {
  const method = c.req.method;
  const form = /^\/_form\/([^/]+)\/([^/]+)$/.exec(subPath);
  if (form) {
    if (method !== 'POST') return c.body(null, 405, { Allow: 'POST' });
    return bodyLimit(c, async () => {}).then((refused) => refused ?? formPost(c, site, decodeURIComponent(form[1]!), decodeURIComponent(form[2]!)));
  }
  // HEAD is answered as GET without the body (by Hono).
  if (method !== 'GET' && method !== 'HEAD') return c.body(null, 405, { Allow: 'GET, HEAD' });
  if (subPath === '/sitemap.xml') return sitemap(c, site);
  if (subPath === '/robots.txt') return robots(c, site);
  if (subPath === '/favicon.ico') return assetAnswer(c, site, siteSettingsOf(site.settings).faviconAssetId);
  const asset = /^\/_assets\/([^/]+)$/.exec(subPath);
  if (asset) return assetAnswer(c, site, asset[1]!);
  const code = CODE_PATH.exec(subPath);
  if (code) return customCodeAnswer(c, site, code[1]!);
  // One address per page: no trailing slash (the home page is the base with one).
  if (subPath.length > 1 && subPath.endsWith('/')) return c.redirect(`${site.base}${subPath.replace(/\/+$/, '')}${queryOf(c)}`, 301);
  // A page's GET was answered by the fast path (./fast-path.ts): what is left is no page.
  return siteNotFound(c, site);
}

const queryOf = (c: Context) => {
  const url = c.req.url;
  const at = url.indexOf('?');
  return at === -1 ? '' : url.slice(at);
};

function islandScript(c: Context<AppEnv>, name: IslandName) {
  return c.body(ISLANDS[name].script, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': IMMUTABLE });
}

/** The island served at a path, if one is. */
const islandAt = (path: string) => ISLAND_NAMES.find((name) => ISLAND_PATHS[name] === path);

async function wellKnown(c: Context<AppEnv>, token: string) {
  const answer = await tokenAnswer(c.var.deps, token);
  return answer ? c.body(answer, 200, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' }) : c.body('Not found', 404, { 'Content-Type': 'text/plain; charset=utf-8' });
}

/**
 * A request for another host than the app's own (PUBLIC_URL's, localhost, 127.0.0.1): the domain
 * check's answer on any host, and a verified custom domain's site; anything else falls through.
 */
const customDomains = (bodyLimit: MiddlewareHandler) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const host = c.req.header('host');
    if (!host || isAppHost(c.var.deps.config.publicUrl, host)) return next();
    const path = c.req.path;
    if (path.startsWith(WELL_KNOWN_PREFIX)) return wellKnown(c, path.slice(WELL_KNOWN_PREFIX.length));
    const site = await findSite(c.var.deps, { domain: host.toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '') }, path);
    if (!site) return next();
    const island = islandAt(path);
    if (island) return islandScript(c, island);
    return serveSite(c, site, path, bodyLimit);
  });

/**
 * The public sites' doors, mounted by the app before its CSRF check (a custom domain's form posts
 * come from that domain); `bodyLimit` is the app's (server/body-limits.ts), which runs after the check.
 */
export function mountPublicSites(app: Hono<AppEnv>, bodyLimit: MiddlewareHandler): void {
  app.use(customDomains(bodyLimit));
  for (const name of ISLAND_NAMES) app.get(ISLAND_PATHS[name], (c) => islandScript(c, name));
  app.get(`${WELL_KNOWN_PREFIX}:token`, (c) => wellKnown(c, c.req.param('token')));
  app.all('/s/:handle{[^/]+}', async (c) => {
    const site = await findSite(c.var.deps, { handle: c.req.param('handle') }, '');
    if (!site) return plainNotFound(c, null);
    return c.redirect(`${site.base}/${queryOf(c)}`, 301);
  });
  app.all('/s/:handle{[^/]+}/*', async (c) => {
    const handle = c.req.param('handle');
    const subPath = c.req.path.slice(`/s/${handle}`.length) || '/';
    const site = await findSite(c.var.deps, { handle }, subPath);
    if (!site) return plainNotFound(c, null);
    return serveSite(c, site, subPath, bodyLimit);
  });
}
