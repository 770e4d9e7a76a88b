import { type Hono, type Context, type MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppDeps } from '../deps';
import { escapeHtml } from '../email/outbox';
import type { AppEnv } from '../http/env';
import { inlineHashes } from '../http/security-headers';
import { ISLANDS_SCRIPT } from './blocks/islands';
import type { PageData } from './blocks/schema';
import { isAppHost, tokenAnswer, WELL_KNOWN_PREFIX } from './domains';
import { submitSiteForm } from './forms';
import { pageForVisitor } from './funnel-serve';
import { ISLANDS_PATH, renderPage } from './publish';
import { pageDataOf, siteSettingsOf } from './repo';
import { SITE_HANDLE } from './schema';

/**
 * The published sites (issue #20): /s/<handle>/<path> on the product's own host, and /<path> on a
 * site's verified custom domain (by Host header). A page is found with one indexed query (its live
 * version's id and ETag); its HTML comes from an in-process cache keyed by the version id, which is
 * always right across processes since versions never change.
 */

/** A site as the public doors reach it: by handle (`base` = /s/<handle>) or by its custom domain (`base` = ''). */
type PublicSite = { id: string; organizationId: string; handle: string; name: string; settings: unknown; base: string; absoluteBase: string };

// ——— The HTML cache ———

type CachedVersion = { html: string; etag: string; policy: string };

/** Least recently used versions, bounded by the bytes of their HTML. */
class VersionCache {
  private readonly entries = new Map<string, CachedVersion>();
  private bytes = 0;
  constructor(private readonly maxBytes: number) {}
  get(id: string): CachedVersion | undefined {
    const hit = this.entries.get(id);
    if (hit) {
      this.entries.delete(id);
      this.entries.set(id, hit);
    }
    return hit;
  }
  set(id: string, value: CachedVersion): void {
    if (this.entries.has(id)) return;
    this.entries.set(id, value);
    this.bytes += value.html.length;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= entry.html.length;
    }
  }
}

/** 64 MB of published pages per process (a landing page is tens of KB). */
const versions = new VersionCache(64 * 1024 * 1024);

// ——— The published pages' policy ———

/** The video hosts the Video block loads after a click. */
const VIDEO_FRAMES = ['https://www.youtube-nocookie.com', 'https://www.youtube.com', 'https://player.vimeo.com'];

/**
 * A published page's Content-Security-Policy: scripts only from our origin (the islands script),
 * its one inline stylesheet by hash, frames only for the booking page (our origin) and videos.
 */
export function publishedPagePolicy(html: string, appOrigin: string): string {
  const { styles } = inlineHashes(html);
  return [
    "default-src 'self'",
    "script-src 'self'",
    `style-src 'self' ${styles.join(' ')}`.trim(),
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self'",
    "connect-src 'self'",
    `frame-src ${[appOrigin, ...VIDEO_FRAMES].join(' ')}`,
    "form-action 'self'",
    "base-uri 'none'",
    "object-src 'none'",
    "frame-ancestors 'self'",
  ].join('; ');
}

/** The policies of the published pages answered, by request: the app's own policy (server/http/security-headers.ts) is put back to theirs. */
const pagePolicies = new WeakMap<Context, string>();

/**
 * Registered before the app's security headers: a published page keeps its own policy (inline
 * style by hash, the booking and video frames) instead of the application's.
 */
export const publishedPagesPolicy: MiddlewareHandler<AppEnv> = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const policy = pagePolicies.get(c);
  if (policy) c.res.headers.set('Content-Security-Policy', policy);
});

// ——— Finding sites and pages ———

/** A page's live version; inFunnel: the page is a funnel step's variant (its visitor is counted and may see another variant). */
type Live = { pageId: string; versionId: string; etag: string; inFunnel?: boolean };

/**
 * The fast path: the site (by handle, or by verified domain) and, in the same indexed query, the
 * live version of the page at `path` (null when there is no such page or it is not published).
 */
async function findSite(deps: AppDeps, by: { handle: string } | { domain: string }, path: string): Promise<(PublicSite & { live: Live | null }) | null> {
  if ('handle' in by && !SITE_HANDLE.test(by.handle)) return null;
  const base = deps.database.db
    .selectFrom('sites')
    .leftJoin('site_pages', (join) => join.onRef('site_pages.site_id', '=', 'sites.id').on('site_pages.path', '=', path))
    .leftJoin('site_page_versions', 'site_page_versions.id', 'site_pages.published_version_id')
    .select(['sites.id', 'sites.organization_id', 'sites.handle', 'sites.name', 'sites.settings', 'site_pages.id as pageId', 'site_page_versions.id as versionId', 'site_page_versions.etag'])
    // In the same query, so a page in no funnel is answered without another statement.
    .select((eb) => eb.exists(eb.selectFrom('funnel_variants').select('funnel_variants.id').whereRef('funnel_variants.page_id', '=', 'site_pages.id')).as('inFunnel'));
  const row =
    'handle' in by
      ? await base.where('sites.handle', '=', by.handle).executeTakeFirst()
      : await base.innerJoin('site_domains', 'site_domains.site_id', 'sites.id').where('site_domains.domain', '=', by.domain).where('site_domains.verified_at', 'is not', null).executeTakeFirst();
  if (!row) return null;
  const prefix = 'handle' in by ? `/s/${row.handle}` : '';
  return {
    id: row.id,
    organizationId: row.organization_id,
    handle: row.handle,
    name: row.name,
    settings: row.settings,
    base: prefix,
    absoluteBase: 'handle' in by ? `${deps.config.publicUrl}${prefix}` : `https://${by.domain}`,
    live: row.pageId && row.versionId && row.etag ? { pageId: row.pageId, versionId: row.versionId, etag: row.etag, inFunnel: Boolean(row.inFunnel) } : null,
  };
}

/** The fast path: a site's page by path → its live version's id and ETag (null: no such page or not published). */
async function liveVersion(deps: AppDeps, siteId: string, path: string) {
  const row = await deps.database.db
    .selectFrom('site_pages')
    .innerJoin('site_page_versions', 'site_page_versions.id', 'site_pages.published_version_id')
    .select(['site_pages.id as pageId', 'site_page_versions.id as versionId', 'site_page_versions.etag'])
    .where('site_pages.site_id', '=', siteId)
    .where('site_pages.path', '=', path)
    .executeTakeFirst();
  return row ?? null;
}

async function liveVersionOfPage(deps: AppDeps, siteId: string, pageId: string) {
  const row = await deps.database.db
    .selectFrom('site_pages')
    .innerJoin('site_page_versions', 'site_page_versions.id', 'site_pages.published_version_id')
    .select(['site_pages.id as pageId', 'site_page_versions.id as versionId', 'site_page_versions.etag'])
    .where('site_pages.site_id', '=', siteId)
    .where('site_pages.id', '=', pageId)
    .executeTakeFirst();
  return row ?? null;
}

async function cachedVersion(deps: AppDeps, versionId: string): Promise<CachedVersion> {
  const hit = versions.get(versionId);
  if (hit) return hit;
  const row = await deps.database.db.selectFrom('site_page_versions').select(['html', 'etag']).where('id', '=', versionId).executeTakeFirstOrThrow();
  const entry = { html: row.html, etag: row.etag, policy: publishedPagePolicy(row.html, new URL(deps.config.publicUrl).origin) };
  versions.set(versionId, entry);
  return entry;
}

// ——— Answers ———

const PAGE_CACHE = 'public, max-age=0, must-revalidate';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const quoted = (etag: string) => `"${etag}"`;

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === quoted(etag) || tag.trim() === '*');
}

function htmlAnswer(c: Context<AppEnv>, html: string, policy: string, status: 200 | 404 | 422, headers: Record<string, string> = {}) {
  pagePolicies.set(c, policy);
  return c.body(html, status, { 'Content-Type': 'text/html; charset=utf-8', 'X-Content-Type-Options': 'nosniff', ...headers });
}

/** A live version as the answer: 304 when the browser has it, else its HTML. */
async function versionAnswer(c: Context<AppEnv>, versionId: string, etag: string, status: 200 | 404 = 200) {
  const headers = { ETag: quoted(etag), 'Cache-Control': PAGE_CACHE };
  if (status === 200 && etagMatches(c.req.header('if-none-match'), etag)) {
    pagePolicies.set(c, RESOURCE_PAGE_POLICY);
    return c.body(null, 304, headers);
  }
  const version = await cachedVersion(c.var.deps, versionId);
  return htmlAnswer(c, version.html, version.policy, status, headers);
}
const RESOURCE_PAGE_POLICY = "default-src 'none'; frame-ancestors 'none'";

const PLAIN_STYLE =
  'body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1f2937;background:#f9fafb;display:grid;place-items:center;min-height:100vh}main{max-width:32rem;padding:2rem;text-align:center}h1{font-size:1.5rem;margin:0 0 .5rem}a{color:#2563eb}';

/** A plain styled page (unknown site, a site without its own '/404' page). */
function plainPage(title: string, message: string, link: { href: string; label: string } | null): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${PLAIN_STYLE}</style></head><body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>${link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>` : ''}</main></body></html>`;
}

function plainNotFound(c: Context<AppEnv>, site: PublicSite | null) {
  const html = plainPage('Page not found', 'There is no page at this address.', site ? { href: `${site.base}/`, label: `Go to ${site.name}` } : null);
  return htmlAnswer(c, html, publishedPagePolicy(html, new URL(c.var.deps.config.publicUrl).origin), 404, { 'Cache-Control': 'no-store' });
}

/** The site's own published '/404' page with status 404, else the plain one. */
async function siteNotFound(c: Context<AppEnv>, site: PublicSite) {
  const own = await liveVersion(c.var.deps, site.id, '/404');
  return own ? versionAnswer(c, own.versionId, own.etag, 404) : plainNotFound(c, site);
}

const PAGE_PATH = /^\/(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\/[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*)?$/;

async function servePage(c: Context<AppEnv>, site: PublicSite, path: string, found: Live | null) {
  if (!PAGE_PATH.test(path)) return siteNotFound(c, site);
  const deps = c.var.deps;
  if (!found) return siteNotFound(c, site);
  if (!found.inFunnel) return versionAnswer(c, found.versionId, found.etag);
  const meta = c.var.meta;
  const chosen = await pageForVisitor(deps.database.forOrganization(site.organizationId), {
    organizationId: site.organizationId,
    pageId: found.pageId,
    visitor: { ip: meta.ip, userAgent: meta.userAgent ?? '' },
  });
  const live = chosen.pageId === found.pageId ? found : await liveVersionOfPage(deps, site.id, chosen.pageId);
  if (!live) return siteNotFound(c, site);
  return versionAnswer(c, live.versionId, live.etag);
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
  const urls = pages.map((p) => `<url><loc>${xmlEscape(`${site.absoluteBase}${p.path}`)}</loc><lastmod>${p.published_at.toISOString()}</lastmod></url>`);
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.join('')}</urlset>\n`;
  return c.body(xml, 200, { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': PAGE_CACHE });
}

function robots(c: Context<AppEnv>, site: PublicSite) {
  const text = `User-agent: *\nAllow: /\nDisallow: ${site.base}/_form/\nSitemap: ${site.absoluteBase}/sitemap.xml\n`;
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

/** A form post's fields: urlencoded or multipart, text values only (files are not form fields of a page). */
async function formFields(c: Context<AppEnv>): Promise<Record<string, string>> {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  if (!type.startsWith('application/x-www-form-urlencoded') && !type.startsWith('multipart/form-data')) return {};
  const body = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(body)) if (typeof value === 'string') fields[name] = value;
  return fields;
}

/** A site-relative redirect ('/thank-you') as an address of the site the visitor is on. */
function siteRedirect(site: PublicSite, target: string): string {
  if (target.startsWith('/') && !target.startsWith('//')) return `${site.base}${target}`;
  return /^https?:\/\//i.test(target) ? target : `${site.base}/`;
}

const wantsJson = (c: Context) => /\bapplication\/json\b/i.test(c.req.header('accept') ?? '');

async function formPost(c: Context<AppEnv>, site: PublicSite, pageId: string, blockId: string) {
  const deps = c.var.deps;
  const page = /^[0-9a-f-]{36}$/.test(pageId)
    ? await deps.database.db
        .selectFrom('site_pages')
        .innerJoin('site_page_versions', 'site_page_versions.id', 'site_pages.published_version_id')
        .select(['site_pages.id', 'site_pages.path', 'site_pages.title', 'site_pages.description', 'site_pages.og_image', 'site_pages.noindex', 'site_page_versions.data'])
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
  const html = await renderPage(org, site, page, data, { formState: { blockId, values: fields, errors: outcome.errors } });
  return htmlAnswer(c, html, publishedPagePolicy(html, new URL(deps.config.publicUrl).origin), 422, { 'Cache-Control': 'no-store' });
}

/** Everything under a site's base: its pages, sitemap, robots.txt, favicon, pictures and form posts. */
async function serveSite(c: Context<AppEnv>, site: PublicSite & { live: Live | null }, subPath: string, bodyLimit: MiddlewareHandler) {
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
  // One address per page: no trailing slash (the home page is the base with one).
  if (subPath.length > 1 && subPath.endsWith('/')) return c.redirect(`${site.base}${subPath.replace(/\/+$/, '')}${queryOf(c)}`, 301);
  return servePage(c, site, subPath, site.live);
}

const queryOf = (c: Context) => {
  const url = c.req.url;
  const at = url.indexOf('?');
  return at === -1 ? '' : url.slice(at);
};

function islands(c: Context<AppEnv>) {
  return c.body(ISLANDS_SCRIPT, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': IMMUTABLE });
}

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
    if (path === ISLANDS_PATH) return islands(c);
    return serveSite(c, site, path, bodyLimit);
  });

/**
 * The public sites' doors, mounted by the app before its CSRF check (a custom domain's form posts
 * come from that domain); `bodyLimit` is the app's (server/body-limits.ts), which runs after the check.
 */
export function mountPublicSites(app: Hono<AppEnv>, bodyLimit: MiddlewareHandler): void {
  app.use(customDomains(bodyLimit));
  app.get(ISLANDS_PATH, (c) => islands(c));
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
