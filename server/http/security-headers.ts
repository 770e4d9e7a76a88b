import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import type { Config } from '../config';
import { analyticsInlineScript, type ClientBuild } from './client';
import type { AppEnv } from './env';

/**
 * Browser security headers on every response (docs/decisions/016-security-headers.md): HTML pages
 * get a strict Content-Security-Policy whose inline code is allowed by hash (computed once, here,
 * from the built pages), everything else a policy that lets it run nothing and be framed nowhere.
 */

/** Where browsers send Content-Security-Policy violation reports (report-uri and report-to). */
export const CSP_REPORT_PATH = '/api/csp-report';
/** The report-to group name, declared by the Reporting-Endpoints header. */
const REPORT_GROUP = 'csp';
/** The Reporting-Endpoints header of HTML pages. */
export const REPORTING_ENDPOINTS = `${REPORT_GROUP}="${CSP_REPORT_PATH}"`;
/** A browser's report is a few hundred bytes; a batch of the Reporting API a few of them. */
export const CSP_REPORT_MAX_BYTES = 16 * 1024;

/** The hosts Stripe.js (Payment Element) needs, per Stripe's security guide; only when Stripe is configured. */
export const STRIPE_SOURCES = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
  img: ['https://*.stripe.com'],
};
/** The hosts the gtag.js tag loads from and sends to (Google's CSP guide for Google Analytics 4); only when GA is configured. */
export const GA_SOURCES = {
  script: ['https://*.googletagmanager.com'],
  connect: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
  img: ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
};

export type PolicyInputs = {
  /** 'sha256-…' sources of every inline <script> the server serves. */
  scriptHashes: string[];
  /** 'sha256-…' sources of every inline <style> element the server serves. */
  styleHashes: string[];
  stripe: boolean;
  googleAnalytics: boolean;
};

/** The CSP source allowing one inline script or stylesheet. */
export const sha256Source = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The 'sha256-…' sources of a document's inline scripts (those without src) and inline style elements. */
export function inlineHashes(html: string): { scripts: string[]; styles: string[] } {
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].filter(([, attributes]) => !/\bsrc\s*=/i.test(attributes!)).map(([, , body]) => sha256Source(body!));
  const styles = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map(([, body]) => sha256Source(body!));
  return { scripts, styles };
}

/**
 * What the policy must allow for what this server serves: the built HTML, the GA snippet, and the
 * inline stylesheets of the pages the server renders itself (the API reference's, handed in by the assembly).
 */
export function policyInputs(config: Pick<Config, 'stripe' | 'gaMeasurementId'>, client?: ClientBuild, serverStyles: readonly string[] = []): PolicyInputs {
  const documents = client ? [client.index, client.site, ...[...client.pages.values()].flatMap((p) => (p.mobileHtml ? [p.html, p.mobileHtml] : [p.html]))] : [];
  const scripts = new Set<string>();
  const styles = new Set<string>(serverStyles.map(sha256Source));
  for (const document of documents) {
    const found = inlineHashes(document.body.toString('utf8'));
    found.scripts.forEach((h) => scripts.add(h));
    found.styles.forEach((h) => styles.add(h));
  }
  if (config.gaMeasurementId) scripts.add(sha256Source(analyticsInlineScript(config.gaMeasurementId)));
  return {
    scriptHashes: [...scripts].sort(),
    styleHashes: [...styles].sort(),
    // The payment pages load Stripe.js only when GET /api/billing/config hands them a publishable key.
    stripe: Boolean(config.stripe.secretKey && config.stripe.publishableKey),
    googleAnalytics: Boolean(config.gaMeasurementId),
  };
}

/**
 * The Content-Security-Policy of HTML pages. `frameAncestors`: who may frame the page; none but for
 * the pages a route lets be framed (AppEnv's `frameAncestors`; docs/decisions/053-booking-page-frame.md).
 */
export function htmlPolicy({ scriptHashes, styleHashes, stripe, googleAnalytics }: PolicyInputs, frameAncestors: readonly string[] = ["'none'"]): string {
  const sources = (own: string[], key: 'script' | 'connect' | 'img' | 'frame') => [...own, ...(stripe ? STRIPE_SOURCES[key] : []), ...(googleAnalytics && key !== 'frame' ? GA_SOURCES[key] : [])];
  const frame = sources([], 'frame');
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', sources(["'self'", ...scriptHashes], 'script')],
    // Stylesheets from our origin and the hashed inline ones; no injected <style> elements. Inline
    // style *attributes* are allowed: the prerendered pages carry React's style props as attributes
    // (widths, animation delays), and attribute styles cannot read the page (no selectors, no fetches
    // beyond img-src/font-src, which stay 'self').
    ['style-src', ["'self'", ...styleHashes]],
    ['style-src-attr', ["'unsafe-inline'"]],
    ['img-src', sources(["'self'", 'data:'], 'img')],
    ['font-src', ["'self'"]],
    ['connect-src', sources(["'self'"], 'connect')],
    ['frame-src', frame.length > 0 ? frame : ["'none'"]],
    ['worker-src', ["'none'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', [...frameAncestors]],
    ['report-uri', [CSP_REPORT_PATH]],
    ['report-to', [REPORT_GROUP]],
  ];
  return directives.map(([name, values]) => `${name} ${values.join(' ')}`).join('; ');
}

/** Everything that is not a page (JSON, CSV, .ics, scripts, images): nothing runs in it and nothing frames it. */
export const RESOURCE_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** The headers every response carries, whatever its type. */
export function commonHeaders(config: Pick<Config, 'publicUrl' | 'stripe'>): Record<string, string> {
  const stripe = Boolean(config.stripe.secretKey && config.stripe.publishableKey);
  const headers: Record<string, string> = {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    // Older browsers that ignore frame-ancestors; the others ignore this header when the policy has
    // frame-ancestors, so a page a route lets be framed (decision 053) is framed only where they apply.
    'X-Frame-Options': 'DENY',
    // The voice command centre may ask for the microphone, only on our own pages; Stripe's frames may use the Payment Request API.
    'Permissions-Policy': ['camera=()', 'geolocation=()', 'microphone=(self)', `payment=(${stripe ? 'self "https://js.stripe.com"' : 'self'})`, 'usb=()', 'browsing-topics=()'].join(', '),
  };
  if (new URL(config.publicUrl).protocol === 'https:') headers['Strict-Transport-Security'] = 'max-age=31536000; includeSubDomains';
  return headers;
}

/** Sets the security headers on every response of the app: pages, API, downloads, assets, 404s and errors. */
export function securityHeaders(config: Config, client?: ClientBuild, serverStyles: readonly string[] = []) {
  const common = Object.entries(commonHeaders(config));
  const inputs = policyInputs(config, client, serverStyles);
  const html = htmlPolicy(inputs);
  return createMiddleware<AppEnv>(async (c, next) => {
    await next();
    const isHtml = /^text\/html\b/i.test(c.res.headers.get('content-type') ?? '');
    const ancestors = c.get('frameAncestors');
    const policy = !isHtml ? RESOURCE_POLICY : ancestors ? htmlPolicy(inputs, ancestors) : html;
    const set = (headers: Headers) => {
      for (const [name, value] of common) headers.set(name, value);
      headers.set('Content-Security-Policy', policy);
      if (isHtml) headers.set('Reporting-Endpoints', REPORTING_ENDPOINTS);
    };
    try {
      set(c.res.headers);
    } catch {
      // A response with immutable headers (e.g. a fetched one): copy it.
      c.res = new Response(c.res.body, c.res);
      set(c.res.headers);
    }
  });
}

/** At most this many violation reports are logged per minute by one process; past it they are counted. */
const REPORTS_LOGGED_PER_MINUTE = 60;

type ReportFields = Record<string, unknown>;

/** The violation fields of either format: report-uri's {"csp-report": {...}} or the Reporting API's [{type, body}]. */
function violations(payload: unknown): ReportFields[] | undefined {
  if (Array.isArray(payload)) {
    const bodies = payload.filter(
      (r): r is { type: string; body: ReportFields } => typeof r === 'object' && r !== null && (r as { type?: unknown }).type === 'csp-violation' && typeof (r as { body?: unknown }).body === 'object',
    );
    return bodies.map((r) => r.body);
  }
  if (typeof payload === 'object' && payload !== null && typeof (payload as { 'csp-report'?: unknown })['csp-report'] === 'object') {
    return [(payload as { 'csp-report': ReportFields })['csp-report']];
  }
  return undefined;
}

const field = (report: ReportFields, ...names: string[]) => {
  for (const name of names) {
    const value = report[name];
    if (typeof value === 'string' || typeof value === 'number') return String(value).slice(0, 500);
  }
  return undefined;
};

/**
 * POST /api/csp-report: logs each violation a browser reports as a warning; 204. Mounted before the
 * CSRF check (a browser's report may carry the session cookie without an Origin); it changes nothing.
 */
export function cspReportRoutes() {
  let windowStart = 0;
  let logged = 0;
  let dropped = 0;
  return new Hono<AppEnv>().post(
    CSP_REPORT_PATH,
    bodyLimit({ maxSize: CSP_REPORT_MAX_BYTES, onError: (c) => c.json({ message: `body must be at most ${CSP_REPORT_MAX_BYTES} bytes` }, 413) }),
    async (c) => {
      let payload: unknown;
      try {
        payload = JSON.parse(await c.req.text());
      } catch {
        payload = undefined;
      }
      const found = violations(payload);
      if (!found) return c.json({ message: 'body must be a Content-Security-Policy violation report (JSON)' }, 400);
      const { logger } = c.var.deps;
      const now = Date.now();
      if (now - windowStart >= 60_000) {
        if (dropped > 0) logger.warn({ dropped }, 'csp violation reports not logged in the last minute');
        windowStart = now;
        logged = 0;
        dropped = 0;
      }
      for (const report of found) {
        if (logged >= REPORTS_LOGGED_PER_MINUTE) {
          dropped += 1;
          continue;
        }
        logged += 1;
        logger.warn(
          {
            reqId: c.var.requestId,
            document: field(report, 'documentURL', 'document-uri'),
            directive: field(report, 'effectiveDirective', 'effective-directive', 'violated-directive'),
            blocked: field(report, 'blockedURL', 'blocked-uri'),
            source: field(report, 'sourceFile', 'source-file'),
            line: field(report, 'lineNumber', 'line-number'),
            sample: field(report, 'sample', 'script-sample'),
            disposition: field(report, 'disposition'),
          },
          'csp violation',
        );
      }
      return c.body(null, 204);
    },
  );
}
