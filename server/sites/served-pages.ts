import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppDeps } from '../deps';
import { escapeHtml } from '../email/outbox';
import type { AppEnv } from '../http/env';
import { inlineHashes } from '../http/security-headers';
import { canonicalEtag, withCanonicalBase } from './canonical';

/**
 * A published version as it is answered: its HTML, gzip and brotli bytes made once per process
 * (versions never change, so an entry keyed by the version's id is right in every process), its
 * ETag and its Content-Security-Policy.
 */

type Bytes = Uint8Array<ArrayBuffer>;
export type PreparedPage = { etag: string; policy: string; identity: Bytes; gzip: Bytes; br: Bytes };

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** Least recently used versions, bounded by their bytes (all three encodings). */
class VersionCache {
  private readonly entries = new Map<string, PreparedPage>();
  private bytes = 0;
  constructor(private readonly maxBytes: number) {}
  get(id: string): PreparedPage | undefined {
    const hit = this.entries.get(id);
    if (hit) {
      this.entries.delete(id);
      this.entries.set(id, hit);
    }
    return hit;
  }
  set(id: string, value: PreparedPage): void {
    if (this.entries.has(id)) return;
    this.entries.set(id, value);
    this.bytes += sizeOf(value);
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= sizeOf(entry);
    }
  }
}
const sizeOf = (page: PreparedPage) => page.identity.length + page.gzip.length + page.br.length;

/** 96 MB of published pages per process (a landing page is tens of KB, a fifth of that compressed). */
const versions = new VersionCache(96 * 1024 * 1024);
const preparing = new Map<string, Promise<PreparedPage>>();

// ——— The published pages' policy ———

/** The video hosts the Video block loads after a click. */
const VIDEO_FRAMES = ['https://www.youtube-nocookie.com', 'https://www.youtube.com', 'https://player.vimeo.com'];

/**
 * A published page's Content-Security-Policy: scripts only from our origin (the island scripts),
 * its one inline stylesheet by hash, frames only for the site's custom code (its own address,
 * 'self'), the booking page (our origin) and videos.
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
    `frame-src ${["'self'", appOrigin, ...VIDEO_FRAMES].join(' ')}`,
    "form-action 'self'",
    "base-uri 'none'",
    "object-src 'none'",
    "frame-ancestors 'self'",
  ].join('; ');
}

/**
 * The policy of a site's custom code document (publish.ts CODE_SEGMENT): `sandbox allow-scripts`
 * puts it in an opaque origin even when opened by itself (not framed), so it cannot read the site's
 * pages, cookies or storage, nor send forms, open windows or navigate the page; within that, its
 * scripts and styles run, inline or from any https: host, and it may load and send to https: hosts
 * (tags, pixels, beacons). Only the site's own pages may frame it.
 */
export const CUSTOM_CODE_POLICY = [
  'sandbox allow-scripts',
  'default-src https: data: blob:',
  "script-src https: 'unsafe-inline' 'unsafe-eval' blob:",
  "style-src https: 'unsafe-inline'",
  "form-action 'none'",
  "base-uri 'none'",
  "object-src 'none'",
  "frame-ancestors 'self'",
].join('; ');

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

// ——— Versions ———

export async function preparePage(html: string, etag: string, appOrigin: string): Promise<PreparedPage> {
  const identity = Buffer.from(html, 'utf8');
  const [gzipped, br] = await Promise.all([
    gzipAsync(identity, { level: 9 }),
    brotliAsync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
  ]);
  return { etag, policy: publishedPagePolicy(html, appOrigin), identity: identity as Bytes, gzip: gzipped as Bytes, br: br as Bytes };
}

/** A version as served with its site's canonical base (./canonical.ts): one entry per both. */
const versionKey = (versionId: string, canonicalBase: string) => `${versionId} ${canonicalBase}`;

/** A version this process has ready, if it has. */
export const cachedVersion = (versionId: string, canonicalBase: string): PreparedPage | undefined => versions.get(versionKey(versionId, canonicalBase));

/** A version ready to answer, its canonical addresses under `canonicalBase`: from this process's cache, else read and compressed once for concurrent callers. */
export function preparedVersion(deps: AppDeps, versionId: string, canonicalBase: string): Promise<PreparedPage> {
  const key = versionKey(versionId, canonicalBase);
  const hit = versions.get(key);
  if (hit) return Promise.resolve(hit);
  let pending = preparing.get(key);
  if (!pending) {
    pending = deps.database.db
      .selectFrom('site_page_versions')
      .select(['html', 'etag'])
      .where('id', '=', versionId)
      .executeTakeFirstOrThrow()
      .then((row) => preparePage(withCanonicalBase(row.html, canonicalBase), canonicalEtag(row.html, row.etag, canonicalBase), new URL(deps.config.publicUrl).origin))
      .then((page) => {
        versions.set(key, page);
        return page;
      })
      .finally(() => preparing.delete(key));
    preparing.set(key, pending);
  }
  return pending;
}

// ——— Answers ———

export const PAGE_CACHE = 'public, max-age=0, must-revalidate';
const quoted = (etag: string) => `"${etag}"`;

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === quoted(etag) || tag.trim() === '*');
}

/** The encoding to answer in: brotli, else gzip, when the request accepts it (a q=0 refuses). */
function encodingFor(header: string | undefined): 'br' | 'gzip' | undefined {
  if (!header) return undefined;
  let gzipOk = false;
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (params.some((p) => /^\s*q\s*=\s*0(?:\.0*)?\s*$/.test(p))) continue;
    if (name === 'br') return 'br';
    if (name === 'gzip' || name === '*') gzipOk = true;
  }
  return gzipOk ? 'gzip' : undefined;
}

/** An answer's parts, for the app's doors (c.body) and the fast path (a Response with every header at once). */
export type AnswerParts = { status: 200 | 304 | 404 | 422; body: string | Bytes | null; headers: Record<string, string>; policy: string };

const htmlHeaders = (headers: Record<string, string>) => ({ 'Content-Type': 'text/html; charset=utf-8', 'X-Content-Type-Options': 'nosniff', ...headers });

/** A prepared version: 304 when the browser has it, else its bytes in the best encoding the request accepts. */
export function pageParts(page: PreparedPage, status: 200 | 404, request: { ifNoneMatch: string | undefined; acceptEncoding: string | undefined }): AnswerParts {
  const headers: Record<string, string> = { ETag: quoted(page.etag), 'Cache-Control': PAGE_CACHE, Vary: 'Accept-Encoding' };
  // A 304's headers update the cached page's (Chromium applies its Content-Security-Policy to the page shown): the page's own policy.
  if (status === 200 && etagMatches(request.ifNoneMatch, page.etag)) return { status: 304, body: null, headers, policy: page.policy };
  const encoding = encodingFor(request.acceptEncoding);
  if (encoding) headers['Content-Encoding'] = encoding;
  const body = encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.identity;
  return { status, body, headers: htmlHeaders(headers), policy: page.policy };
}

export function htmlAnswer(c: Context<AppEnv>, html: string, policy: string, status: 200 | 404 | 422, headers: Record<string, string> = {}) {
  pagePolicies.set(c, policy);
  return c.body(html, status, htmlHeaders(headers));
}

export function pageAnswer(c: Context<AppEnv>, page: PreparedPage, status: 200 | 404 = 200) {
  const parts = pageParts(page, status, { ifNoneMatch: c.req.header('if-none-match'), acceptEncoding: c.req.header('accept-encoding') });
  pagePolicies.set(c, parts.policy);
  return parts.body === null ? c.body(null, 304, parts.headers) : c.body(parts.body, parts.status as 200 | 404, parts.headers);
}

const PLAIN_STYLE =
  'body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1f2937;background:#f9fafb;display:grid;place-items:center;min-height:100vh}main{max-width:32rem;padding:2rem;text-align:center}h1{font-size:1.5rem;margin:0 0 .5rem}a{color:#2563eb}';

/** A plain styled page (unknown site, a site without its own '/404' page). */
function plainPage(title: string, message: string, link: { href: string; label: string } | null): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${PLAIN_STYLE}</style></head><body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>${link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>` : ''}</main></body></html>`;
}

export type PlainNotFound = { html: string; policy: string };

/** The plain 404 page of a site (its name and home link), or of no site. */
export function plainNotFoundPage(publicUrl: string, site: { base: string; name: string } | null): PlainNotFound {
  const html = plainPage('Page not found', 'There is no page at this address.', site ? { href: `${site.base}/`, label: `Go to ${site.name}` } : null);
  return { html, policy: publishedPagePolicy(html, new URL(publicUrl).origin) };
}

export const plainNotFoundParts = (page: PlainNotFound): AnswerParts => ({ status: 404, body: page.html, headers: htmlHeaders({ 'Cache-Control': 'no-store' }), policy: page.policy });

export function plainNotFoundAnswer(c: Context<AppEnv>, page: PlainNotFound) {
  return htmlAnswer(c, page.html, page.policy, 404, { 'Cache-Control': 'no-store' });
}
