import type { Config } from '../config';
import type { DatabaseKind } from '../db';
import type { Lifecycle } from './lifecycle';
import { commonHeaders, sha256Source } from './security-headers';

/**
 * What the port answers before the app is built (migrations on a first `npm start`): alive, not
 * ready. `/api/health` 200, `/api/health/ready` 503 with the phase; a browser's navigation a small
 * page that reloads itself until the app answers instead, everything else 503 JSON.
 */
export function startingAnswer(lifecycle: Pick<Lifecycle, 'notReadyReason'>, database: DatabaseKind, config: Pick<Config, 'version' | 'publicUrl' | 'stripe'>) {
  // The app's security headers are not mounted yet: the page carries them itself, with a policy that lets only its own stylesheet apply.
  const pageHeaders = { ...commonHeaders(config), 'Content-Security-Policy': STARTING_PAGE_POLICY, 'Content-Type': 'text/html; charset=utf-8' };
  return (request: Request): Response => {
    const { pathname } = new URL(request.url);
    const headers = { 'Cache-Control': 'no-store', 'Retry-After': '1' };
    if (pathname === '/api/health') return Response.json({ ok: true, database, version: config.version }, { headers });
    const reason = lifecycle.notReadyReason ?? 'Starting';
    if (pathname === '/api/health/ready') return Response.json({ ready: false, reason }, { status: 503, headers });
    if (prefersHtml(request.headers.get('accept'))) return new Response(startingPage(reason), { status: 503, headers: { ...headers, ...pageHeaders } });
    return Response.json({ message: `Switchboard is starting: ${reason.toLowerCase()}` }, { status: 503, headers });
  };
}

const STARTING_STYLE =
  'body{font:16px/1.55 system-ui,sans-serif;margin:0;min-height:100vh;display:grid;place-items:center;background:#f9fafb;color:#1f2937}' +
  'main{max-width:28rem;padding:2rem;text-align:center}h1{font-size:1.5rem;margin:0 0 .5rem;color:#4f46e5}p{margin:.25rem 0}.muted{color:#6b7280;font-size:14px}' +
  '@media (prefers-color-scheme:dark){body{background:#0b1020;color:#e5e7eb}h1{color:#818cf8}.muted{color:#9ca3af}}';

/** Nothing loads or runs; only the page's own inline stylesheet (by hash) applies. */
const STARTING_PAGE_POLICY = `default-src 'none'; style-src ${sha256Source(STARTING_STYLE)}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A self-contained page (no external assets) that reloads itself every 2 seconds: the app's own page once it answers. */
function startingPage(reason: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="2"><title>Switchboard is starting</title><style>${STARTING_STYLE}</style></head>
<body><main><h1>Switchboard is starting</h1><p>${escapeHtml(reason)}…</p><p class="muted">This page reloads itself when Switchboard is ready.</p></main></body></html>`;
}

/**
 * Whether an Accept header ranks text/html above JSON (a browser's navigation), each media type
 * weighed by its most specific matching range; no header, curl's any-type or a tie is JSON.
 */
export function prefersHtml(accept: string | null): boolean {
  if (!accept) return false;
  const ranges = accept.split(',').map((part) => {
    const [range = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    return { range, q: q ? Number(q.slice(2)) || 0 : 1 };
  });
  const weight = (mediaType: string) => {
    const [type] = mediaType.split('/');
    const match = ranges.find((r) => r.range === mediaType) ?? ranges.find((r) => r.range === `${type}/*`) ?? ranges.find((r) => r.range === '*/*');
    return match?.q ?? 0;
  };
  return weight('text/html') > weight('application/json');
}
