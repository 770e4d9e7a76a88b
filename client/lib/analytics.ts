/**
 * First-party analytics (spec public-site §7): page views and named events are queued and sent in
 * batches to POST /api/analytics/events — every few seconds, when the batch is full, and with
 * navigator.sendBeacon when the page is hidden, so the last events of a visit are not lost.
 * No dependencies: public pages import this without pulling in the application's code.
 */

export type AnalyticsParams = Record<string, string | number | boolean | null | undefined>;

export type AnalyticsEvent = {
  /** 'page_view' or a named event such as 'lead_generated'. */
  name: string;
  path: string;
  params: Record<string, string | number | boolean>;
  /** ISO time the event happened in the browser. */
  at: string;
};

export const ANALYTICS_ENDPOINT = '/api/analytics/events';
const VISITOR_KEY = 'switchboard.visitorId';
const FLUSH_AFTER_MS = 5_000;
const MAX_BATCH = 20;

let queue: AnalyticsEvent[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;
let listening = false;

/** A random id kept in local storage, so visits of one browser count as one visitor. */
export function visitorId(): string {
  try {
    let id = localStorage.getItem(VISITOR_KEY);
    if (!id) {
      id = crypto.randomUUID();
      localStorage.setItem(VISITOR_KEY, id);
    }
    return id;
  } catch {
    return 'anonymous';
  }
}

function clean(params: AnalyticsParams): Record<string, string | number | boolean> {
  return Object.fromEntries(Object.entries(params).filter((entry): entry is [string, string | number | boolean] => entry[1] !== undefined && entry[1] !== null));
}

function payload(events: AnalyticsEvent[]): string {
  return JSON.stringify({ visitorId: visitorId(), referrer: document.referrer || undefined, events });
}

/** Sends what is queued. `beacon` is for page hide, when a fetch might be cancelled. */
export function flushAnalytics(beacon = false): void {
  clearTimeout(timer);
  timer = undefined;
  if (queue.length === 0) return;
  const events = queue;
  queue = [];
  const body = payload(events);
  if (beacon && typeof navigator.sendBeacon === 'function') {
    navigator.sendBeacon(ANALYTICS_ENDPOINT, new Blob([body], { type: 'application/json' }));
    return;
  }
  // Analytics never disturbs the visitor: a lost batch is dropped silently.
  void fetch(ANALYTICS_ENDPOINT, { method: 'POST', headers: { 'content-type': 'application/json' }, body, keepalive: true }).catch(() => undefined);
}

function listen(): void {
  if (listening || typeof document === 'undefined') return;
  listening = true;
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushAnalytics(true);
  });
  window.addEventListener('pagehide', () => flushAnalytics(true));
}

/**
 * The public site's pages as regular expressions, written in by the build from the public route files
 * (vite.config.ts, server/http/public-routes.ts); absent where no build defines them (unit tests).
 */
declare const __SWITCHBOARD_PUBLIC_PAGES__: readonly string[] | undefined;
let publicPages: RegExp[] | undefined;

/**
 * Only the public site is measured: a page of the signed-in app (/pipeline, /contacts, …) sends
 * nothing. The server applies the same list to what it receives.
 */
export function isPublicSitePage(path: string): boolean {
  if (typeof __SWITCHBOARD_PUBLIC_PAGES__ === 'undefined') return true;
  publicPages ??= __SWITCHBOARD_PUBLIC_PAGES__.map((source) => new RegExp(source));
  return publicPages.some((r) => r.test(path));
}

function enqueue(name: string, params: AnalyticsParams): void {
  if (typeof window === 'undefined') return;
  if (!isPublicSitePage(window.location.pathname)) return;
  listen();
  queue.push({ name, path: window.location.pathname, params: clean(params), at: new Date().toISOString() });
  forwardToGoogle(name, params);
  if (queue.length >= MAX_BATCH) flushAnalytics();
  else timer ??= setTimeout(() => flushAnalytics(), FLUSH_AFTER_MS);
}

/** A named event of spec §7, e.g. trackEvent('demo_requested', { value: 500, currency: 'USD' }). */
export function trackEvent(name: string, params: AnalyticsParams = {}): void {
  enqueue(name, params);
}

/** A page view; the router calls this on every route change. */
export function trackPageView(title = typeof document === 'undefined' ? '' : document.title): void {
  enqueue('page_view', { title });
}

type Gtag = (command: 'event', name: string, params: AnalyticsParams) => void;

/** When the server injected the Google Analytics tag (GA_MEASUREMENT_ID), events go there too. */
function forwardToGoogle(name: string, params: AnalyticsParams): void {
  const gtag = (window as unknown as { gtag?: Gtag }).gtag;
  if (typeof gtag === 'function' && name !== 'page_view') gtag('event', name, params);
}
