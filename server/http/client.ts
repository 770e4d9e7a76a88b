import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Hono } from 'hono';
import type { AppEnv } from './env';

/**
 * Written by the Vite build (see vite.config.ts): the client's route patterns, e.g. "/invite/$token":
 * `app`, every route (the application entry, index.html), and `site`, the public pages the light
 * public-site entry (site.html) serves.
 */
export const ROUTE_MANIFEST = 'routes.json';
export type RouteManifest = { app: string[]; site: string[] };

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

export type ClientBuild = {
  assets: Map<string, Asset>;
  index: Asset;
  site: Asset;
  routes: RegExp[];
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
    // The manifest and Vite's build metadata (.vite/) are for the server and tests, not for browsers.
    if (urlPath === `/${ROUTE_MANIFEST}` || urlPath.startsWith('/.vite/')) continue;
    const type = MIME[path.extname(file)] ?? 'application/octet-stream';
    const body = readFileSync(file);
    const cacheControl = urlPath.startsWith('/assets/')
      ? 'public, max-age=31536000, immutable' // content-hashed names
      : urlPath === '/index.html' || urlPath === '/site.html'
        ? 'no-cache'
        : 'public, max-age=3600';
    const gzip = COMPRESSIBLE.test(type) && body.length > 1024 ? gzipSync(body, { level: 9 }) : undefined;
    assets.set(urlPath, { body, gzip, type, cacheControl });
  }
  const manifest = readRouteManifest(dir);
  const appOnly = manifest.app.filter((p) => !manifest.site.includes(p));
  return {
    assets,
    index: assets.get('/index.html')!,
    site: assets.get('/site.html')!,
    routes: manifest.app.map(routePatternToRegExp),
    siteRoutes: manifest.site.map(routePatternToRegExp),
    appSections: new Set(appOnly.map(firstSegment).filter(Boolean)),
  };
}

function* walk(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* walk(full);
    else yield full;
  }
}

/** "/invite/$token" → /^\/invite\/[^/]+\/?$/ ; a lone "$" segment is a splat. */
export function routePatternToRegExp(pattern: string): RegExp {
  const segments = pattern.split('/').filter(Boolean);
  const body = segments
    .map((s) => (s === '$' ? '.*' : s.startsWith('$') ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('\\/');
  return new RegExp(`^\\/${body}\\/?$`);
}

/**
 * The HTML for a path: site.html for public pages and unknown paths outside the application (the
 * light public entry renders the Not Found page), index.html for application routes and unknown
 * paths below them (the shell renders Not Found inside itself).
 */
export function pageFor(build: ClientBuild, urlPath: string): { html: Asset; status: 200 | 404 } {
  if (build.siteRoutes.some((r) => r.test(urlPath))) return { html: build.site, status: 200 };
  if (build.routes.some((r) => r.test(urlPath))) return { html: build.index, status: 200 };
  return { html: build.appSections.has(firstSegment(urlPath)) ? build.index : build.site, status: 404 };
}

/** The Google Analytics tag (gtag.js), placed before </head> of both entries when configured. */
export function withAnalyticsTag(html: Asset, measurementId: string): Asset {
  const id = JSON.stringify(measurementId);
  const tag =
    `<script async src="https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}"></script>` +
    `<script>window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}gtag('js',new Date());gtag('config',${id});</script>`;
  const body = Buffer.from(html.body.toString('utf8').replace('</head>', `${tag}</head>`));
  return { ...html, body, gzip: html.gzip ? gzipSync(body, { level: 9 }) : undefined };
}

/** Serves the built client: assets by path, otherwise the entry's HTML chosen by pageFor. */
export function serveClient(app: Hono<AppEnv>, loaded: ClientBuild, options: { gaMeasurementId?: string | undefined } = {}): void {
  const id = options.gaMeasurementId;
  const build = id ? tagged(loaded, id) : loaded;
  app.on(['GET', 'HEAD'], '*', (c) => {
    const asset = build.assets.get(c.req.path);
    const page = asset ? undefined : pageFor(build, c.req.path);
    const chosen = asset ?? page!.html;
    const status = page?.status ?? 200;
    const useGzip = chosen.gzip && /\bgzip\b/.test(c.req.header('accept-encoding') ?? '');
    const headers: Record<string, string> = {
      'Content-Type': chosen.type,
      'Cache-Control': chosen.cacheControl,
      Vary: 'Accept-Encoding',
    };
    if (useGzip) headers['Content-Encoding'] = 'gzip';
    const body = useGzip ? chosen.gzip! : chosen.body;
    if (c.req.method === 'HEAD') return c.body(null, status, headers);
    return c.body(new Uint8Array(body), status, headers);
  });
}

function tagged(build: ClientBuild, measurementId: string): ClientBuild {
  const index = withAnalyticsTag(build.index, measurementId);
  const site = withAnalyticsTag(build.site, measurementId);
  const assets = new Map(build.assets);
  assets.set('/index.html', index);
  assets.set('/site.html', site);
  return { ...build, assets, index, site };
}
