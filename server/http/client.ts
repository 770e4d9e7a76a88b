import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Hono } from 'hono';
import type { AppEnv } from './env';

/** Written by the Vite build (see vite.config.ts): the client's route patterns, e.g. "/invite/$token". */
export const ROUTE_MANIFEST = 'routes.json';

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
  routes: RegExp[];
};

/** Reads the built client into memory once at start-up (it is small), gzipping what compresses. */
export function loadClientBuild(dir: string): ClientBuild | undefined {
  const manifestPath = path.join(dir, ROUTE_MANIFEST);
  if (!existsSync(path.join(dir, 'index.html')) || !existsSync(manifestPath)) return undefined;
  const assets = new Map<string, Asset>();
  for (const file of walk(dir)) {
    const urlPath = '/' + path.relative(dir, file).split(path.sep).join('/');
    if (urlPath === `/${ROUTE_MANIFEST}`) continue;
    const type = MIME[path.extname(file)] ?? 'application/octet-stream';
    const body = readFileSync(file);
    const cacheControl = urlPath.startsWith('/assets/')
      ? 'public, max-age=31536000, immutable' // content-hashed names
      : urlPath === '/index.html'
        ? 'no-cache'
        : 'public, max-age=3600';
    const gzip = COMPRESSIBLE.test(type) && body.length > 1024 ? gzipSync(body, { level: 9 }) : undefined;
    assets.set(urlPath, { body, gzip, type, cacheControl });
  }
  const patterns = JSON.parse(readFileSync(manifestPath, 'utf8')) as string[];
  return { assets, index: assets.get('/index.html')!, routes: patterns.map(routePatternToRegExp) };
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
 * Serves the built client: assets by path, index.html for client routes, and index.html with
 * status 404 for anything else (the client then renders its Not Found screen).
 */
export function serveClient(app: Hono<AppEnv>, build: ClientBuild): void {
  app.on(['GET', 'HEAD'], '*', (c) => {
    const asset = build.assets.get(c.req.path);
    const isRoute = build.routes.some((r) => r.test(c.req.path));
    const chosen = asset && c.req.path !== '/index.html' ? asset : build.index;
    const status = asset || isRoute ? 200 : 404;
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
