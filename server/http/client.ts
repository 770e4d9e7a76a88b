import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Hono } from 'hono';
import type { AppEnv } from './env';
import { recordPageStatus, type MatchedRoute, type RecordPages } from './record-pages';

/**
 * Written by the Vite build (see vite.config.ts): the client's route patterns, e.g. "/invite/$token":
 * `app`, every route (the application entry, index.html), and `site`, the public pages the light
 * public-site entry (site.html) serves.
 */
export const ROUTE_MANIFEST = 'routes.json';
export type RouteManifest = { app: string[]; site: string[] };

/**
 * Written by the build's prerender step (scripts/lib/prerender.ts): the public pages rendered to HTML
 * at build time, under pages/, by route path; a page that renders differently on a mobile device
 * (the landing) has a second file for user agents matching `mobileAgent`.
 */
export const PRERENDERED_PAGES = 'pages.json';
export type PrerenderedPages = {
  mobileAgent: { source: string; flags: string };
  pages: Record<string, { html: string; mobileHtml?: string }>;
};

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
};
const COMPRESSIBLE = /^(text\/|application\/(json|manifest|xml)|image\/svg)/;

type Asset = { body: Buffer; gzip: Buffer | undefined; type: string; cacheControl: string };
type PrerenderedPage = { html: Asset; mobileHtml: Asset | undefined };

/** An application route of the manifest ("/contacts/$contactId") and the paths it matches. */
export type ClientRoute = { pattern: string; regexp: RegExp };
/** The application route a path matched, with the values of its params ({ contactId: "…" }). */
export type ClientBuild = {
  assets: Map<string, Asset>;
  index: Asset;
  site: Asset;
  /** Prerendered public pages by route path; the others are rendered by site.html in the browser. */
  pages: Map<string, PrerenderedPage>;
  mobileAgent: RegExp | undefined;
  routes: ClientRoute[];
  siteRoutes: RegExp[];
  /** First path segments of application-only routes: an unknown path below one is the application's 404. */
  appSections: Set<string>;
};

/** Reads routes.json of a build directory. */
export function readRouteManifest(dir: string): RouteManifest {
  return JSON.parse(readFileSync(path.join(dir, ROUTE_MANIFEST), 'utf8')) as RouteManifest;
}

const firstSegment = (p: string) => p.split('/').filter(Boolean)[0] ?? '';

/** Reads the built client into memory once at start-up (it is small), gzipping what compresses. */
export function loadClientBuild(dir: string): ClientBuild | undefined {
  const manifestPath = path.join(dir, ROUTE_MANIFEST);
  if (!existsSync(path.join(dir, 'index.html')) || !existsSync(path.join(dir, 'site.html')) || !existsSync(manifestPath)) return undefined;
  const assets = new Map<string, Asset>();
  for (const file of walk(dir)) {
    const urlPath = '/' + path.relative(dir, file).split(path.sep).join('/');
    // The manifests, the prerendered pages (served by route path) and Vite's build metadata (.vite/) are not assets.
    if (urlPath === `/${ROUTE_MANIFEST}` || urlPath === `/${PRERENDERED_PAGES}` || urlPath.startsWith('/pages/') || urlPath.startsWith('/.vite/')) continue;
    const cacheControl = urlPath.startsWith('/assets/')
      ? 'public, max-age=31536000, immutable' // content-hashed names
      : urlPath === '/index.html' || urlPath === '/site.html'
        ? 'no-cache'
        : 'public, max-age=3600';
    assets.set(urlPath, readAsset(file, cacheControl));
  }
  const manifest = readRouteManifest(dir);
  const appOnly = manifest.app.filter((p) => !manifest.site.includes(p));
  const prerendered = existsSync(path.join(dir, PRERENDERED_PAGES)) ? (JSON.parse(readFileSync(path.join(dir, PRERENDERED_PAGES), 'utf8')) as PrerenderedPages) : undefined;
  const page = (file: string) => readAsset(path.join(dir, file), 'no-cache');
  return {
    assets,
    index: assets.get('/index.html')!,
    site: assets.get('/site.html')!,
    pages: new Map(Object.entries(prerendered?.pages ?? {}).map(([p, files]) => [p, { html: page(files.html), mobileHtml: files.mobileHtml ? page(files.mobileHtml) : undefined }])),
    mobileAgent: prerendered ? new RegExp(prerendered.mobileAgent.source, prerendered.mobileAgent.flags) : undefined,
    routes: [...manifest.app].sort((a, b) => looseness(a) - looseness(b)).map((pattern) => ({ pattern, regexp: routePatternToRegExp(pattern) })),
    siteRoutes: manifest.site.map(routePatternToRegExp),
    appSections: new Set(appOnly.map(firstSegment).filter(Boolean)),
  };
}

function readAsset(file: string, cacheControl: string): Asset {
  const type = MIME[path.extname(file)] ?? 'application/octet-stream';
  const body = readFileSync(file);
  const gzip = COMPRESSIBLE.test(type) && body.length > 1024 ? gzipSync(body, { level: 9 }) : undefined;
  return { body, gzip, type, cacheControl };
}

function* walk(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* walk(full);
    else yield full;
  }
}

/** How much of a path a route leaves open: like the client's router, "/contacts/import" wins over "/contacts/$contactId", which wins over a splat. */
function looseness(pattern: string): number {
  return pattern
    .split('/')
    .filter(Boolean)
    .reduce((sum, segment) => sum + (segment === '$' ? 100 : segment.startsWith('$') ? 1 : 0), 0);
}

/** "/invite/$token" → /^\/invite\/[^/]+\/?$/ ; a lone "$" segment is a splat. */
export function routePatternToRegExp(pattern: string): RegExp {
  const segments = pattern.split('/').filter(Boolean);
  const body = segments.map((s) => (s === '$' ? '.*' : s.startsWith('$') ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('\\/');
  return new RegExp(`^\\/${body}\\/?$`);
}

/**
 * The HTML for a path: a public page's prerendered HTML (its mobile file for a mobile user agent,
 * when it has one), else site.html for public pages and unknown paths outside the application (the
 * light public entry renders the Not Found page), index.html for application routes and unknown
 * paths below them (the shell renders Not Found inside itself). `route`: the application route the
 * path matched, whose status may still turn 404 when it names a record that is not there.
 * `byAgent`: the answer depends on the user agent.
 */
export function pageFor(build: ClientBuild, urlPath: string, userAgent = ''): { html: Asset; status: 200 | 404; route?: MatchedRoute; byAgent: boolean } {
  if (build.siteRoutes.some((r) => r.test(urlPath))) {
    const page = build.pages.get(urlPath.replace(/\/+$/, '') || '/');
    if (!page) return { html: build.site, status: 200, byAgent: false };
    const mobile = page.mobileHtml && build.mobileAgent?.test(userAgent);
    return { html: mobile ? page.mobileHtml! : page.html, status: 200, byAgent: page.mobileHtml !== undefined };
  }
  const route = build.routes.find((r) => r.regexp.test(urlPath));
  if (route) return { html: build.index, status: 200, route: { pattern: route.pattern, params: routeParams(route.pattern, urlPath) }, byAgent: false };
  return { html: build.appSections.has(firstSegment(urlPath)) ? build.index : build.site, status: 404, byAgent: false };
}

function routeParams(pattern: string, urlPath: string): Record<string, string> {
  const values = urlPath.split('/').filter(Boolean);
  const decode = (v: string) => {
    try {
      return decodeURIComponent(v);
    } catch {
      return v;
    }
  };
  return Object.fromEntries(
    pattern
      .split('/')
      .filter(Boolean)
      .flatMap((segment, i) => (segment.startsWith('$') && segment !== '$' && values[i] !== undefined ? [[segment.slice(1), decode(values[i])]] : [])),
  );
}

/** The inline part of the Google Analytics tag; the Content-Security-Policy allows it by its hash. */
export function analyticsInlineScript(measurementId: string): string {
  return `window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}gtag('js',new Date());gtag('config',${JSON.stringify(measurementId)});`;
}

/** The Google Analytics tag (gtag.js), placed before </head> of both entries when configured. */
export function withAnalyticsTag(html: Asset, measurementId: string): Asset {
  const tag = `<script async src="https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}"></script>` + `<script>${analyticsInlineScript(measurementId)}</script>`;
  const body = Buffer.from(html.body.toString('utf8').replace('</head>', `${tag}</head>`));
  return { ...html, body, gzip: html.gzip ? gzipSync(body, { level: 9 }) : undefined };
}

/** Serves the built client: assets by path, otherwise the entry's HTML chosen by pageFor. */
export function serveClient(app: Hono<AppEnv>, loaded: ClientBuild, options: { gaMeasurementId?: string | undefined; recordPages?: RecordPages } = {}): void {
  const id = options.gaMeasurementId;
  const build = id ? tagged(loaded, id) : loaded;
  app.on(['GET', 'HEAD'], '*', async (c) => {
    const asset = build.assets.get(c.req.path);
    const page = asset ? undefined : pageFor(build, c.req.path, c.req.header('user-agent'));
    const chosen = asset ?? page!.html;
    const status = page?.route ? await recordPageStatus(c, page.route, options.recordPages ?? {}) : (page?.status ?? 200);
    const useGzip = chosen.gzip && /\bgzip\b/.test(c.req.header('accept-encoding') ?? '');
    const headers: Record<string, string> = {
      'Content-Type': chosen.type,
      'Cache-Control': chosen.cacheControl,
      Vary: page?.byAgent ? 'Accept-Encoding, User-Agent' : 'Accept-Encoding',
    };
    if (useGzip) headers['Content-Encoding'] = 'gzip';
    const body = useGzip ? chosen.gzip! : chosen.body;
    if (c.req.method === 'HEAD') return c.body(null, status, headers);
    return c.body(new Uint8Array(body), status, headers);
  });
}

function tagged(build: ClientBuild, measurementId: string): ClientBuild {
  const tag = (html: Asset) => withAnalyticsTag(html, measurementId);
  const index = tag(build.index);
  const site = tag(build.site);
  const assets = new Map(build.assets);
  assets.set('/index.html', index);
  assets.set('/site.html', site);
  const pages = new Map([...build.pages].map(([p, page]) => [p, { html: tag(page.html), mobileHtml: page.mobileHtml && tag(page.mobileHtml) }]));
  return { ...build, assets, index, site, pages };
}
