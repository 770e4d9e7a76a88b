import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { API_DOCS_STYLE } from '../../server/api-v1/docs';
import { analyticsInlineScript, loadClientBuild } from '../../server/http/client';
import { CSP_REPORT_MAX_BYTES, CSP_REPORT_PATH } from '../../server/http/security-headers';
import { buildTestApp, TEST_ORIGIN } from '../helpers/app';
import { browser, createAccount } from '../helpers/factories';

const THEME = "document.documentElement.classList.toggle('dark', false);";
const PAGE_SCRIPT = 'window.prerendered = true;';

/** A build like Vite's: both entries with the inline theme script, one prerendered page with a script of its own. */
function fakeBuild() {
  const dir = mkdtempSync(path.join(tmpdir(), 'sb-headers-'));
  mkdirSync(path.join(dir, 'assets'));
  mkdirSync(path.join(dir, 'pages'));
  const html = (root: string) => `<!doctype html><head><script>${THEME}</script></head><body>${root}<script type="module" src="/assets/main-abc.js"></script></body>`;
  writeFileSync(path.join(dir, 'index.html'), html('<div id="root"></div>'));
  writeFileSync(path.join(dir, 'site.html'), html('<div id="root" data-entry="site"></div>'));
  writeFileSync(path.join(dir, 'pages', 'pricing.html'), html(`<div id="root" data-prerendered="desktop"><h1>Pricing</h1></div><script>${PAGE_SCRIPT}</script>`));
  writeFileSync(path.join(dir, 'pages.json'), JSON.stringify({ mobileAgent: { source: 'Mobile', flags: 'i' }, pages: { '/pricing': { html: 'pages/pricing.html' } } }));
  writeFileSync(path.join(dir, 'assets', 'main-abc.js'), 'console.log(1);');
  writeFileSync(path.join(dir, 'routes.json'), JSON.stringify({ app: ['/', '/contacts', '/pricing', '/book/$handle/$calendar', '/book/manage/$token'], site: ['/', '/pricing'] }));
  return loadClientBuild(dir)!;
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The directives of a Content-Security-Policy header by name. */
function directives(header: string | null): Record<string, string[]> {
  expect(header).toBeTruthy();
  return Object.fromEntries(
    header!
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values]),
  );
}

function expectCommonHeaders(res: Response, what: string) {
  expect(res.headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(res.headers.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
  expect(res.headers.get('x-frame-options'), what).toBe('DENY');
  expect(res.headers.get('permissions-policy'), what).toContain('microphone=(self)');
  expect(res.headers.get('permissions-policy'), what).toContain('camera=()');
  expect(directives(res.headers.get('content-security-policy'))['frame-ancestors'], what).toEqual(["'none'"]);
}

/** Not a page: nothing runs in it. */
function expectResourcePolicy(res: Response, what: string) {
  expectCommonHeaders(res, what);
  expect(directives(res.headers.get('content-security-policy'))['default-src'], what).toEqual(["'none'"]);
}

/** A page: the strict policy. */
function expectPagePolicy(res: Response, what: string) {
  expectCommonHeaders(res, what);
  const csp = directives(res.headers.get('content-security-policy'));
  expect(csp['script-src']![0], what).toBe("'self'");
  expect(
    csp['script-src']!.slice(1).every((s) => s.startsWith("'sha256-")),
    what,
  ).toBe(true);
  expect(csp['object-src'], what).toEqual(["'none'"]);
  expect(csp['base-uri'], what).toEqual(["'self'"]);
  expect(csp['form-action'], what).toEqual(["'self'"]);
  expect(csp['connect-src'], what).toEqual(["'self'"]);
  expect(csp['frame-src'], what).toEqual(["'none'"]);
  expect(csp['report-uri'], what).toEqual([CSP_REPORT_PATH]);
  expect(csp['report-to'], what).toEqual(['csp']);
  expect(res.headers.get('reporting-endpoints'), what).toBe(`csp="${CSP_REPORT_PATH}"`);
  expect(Object.values(csp).flat().join(' '), what).not.toMatch(/unsafe-eval|unsafe-inline'.*script|\*\s|https?:\/\/\*\s/);
  return csp;
}

describe('browser security headers on every kind of response', () => {
  it('pages (application, site entry, prerendered, 404) get the strict policy with the hashes of their inline scripts', async () => {
    const { app } = await buildTestApp({ app: { client: fakeBuild() } });
    for (const [p, status] of [
      ['/contacts', 200],
      ['/', 200],
      ['/pricing', 200],
      ['/no/such/page', 404],
    ] as const) {
      const res = await app.request(p);
      expect(res.status, p).toBe(status);
      const csp = expectPagePolicy(res, p);
      // The theme script of both entries and the prerendered page's own; nothing else runs inline.
      expect([...csp['script-src']!].sort(), p).toEqual(["'self'", sha256(THEME), sha256(PAGE_SCRIPT)].sort());
      expect(csp['style-src'], p).toEqual(["'self'", sha256(API_DOCS_STYLE)]);
      expect(csp['style-src-attr'], p).toEqual(["'unsafe-inline'"]);
    }
    // A static asset is no page.
    expectResourcePolicy(await app.request('/assets/main-abc.js'), 'asset');
  });

  it('API JSON, tRPC, CSV, .ics, API 404s and errors get the headers and a policy that runs nothing', async () => {
    const { app, deps, caller } = await buildTestApp();
    const owner = await createAccount(deps, 'headers');
    const api = caller(browser(owner.cookie));
    const contact = await api.contacts.create({ firstName: 'Ada' });
    const appointment = await api.appointments.create({ title: 'Call', contactId: contact.id, startsAt: '2030-03-04T10:00:00Z', endsAt: '2030-03-04T11:00:00Z' });
    app.get('/boom', () => {
      throw new Error('boom');
    });
    const cases: [string, number, string | RegExp][] = [
      ['/api/health', 200, /^application\/json/],
      ['/trpc/health.get', 200, /^application\/json/],
      ['/api/contacts/export.csv', 200, /^text\/csv/],
      [`/api/appointments/${appointment.id}/ics`, 200, /^text\/calendar/],
      ['/api/reports/tasks.csv?period=2w', 400, /^application\/json/],
      ['/api/no-such-route', 404, /^application\/json/],
      ['/no-such-page', 404, /^application\/json/],
      ['/boom', 500, /^application\/json/],
    ];
    for (const [p, status, type] of cases) {
      const res = await app.request(p, { headers: browser(owner.cookie) });
      expect(res.status, p).toBe(status);
      expect(res.headers.get('content-type'), p).toMatch(type);
      expectResourcePolicy(res, p);
      expect(res.headers.get('strict-transport-security'), p).toBeNull();
    }
  });

  it('the API reference page gets the page policy, with its stylesheet allowed by hash', async () => {
    const { app } = await buildTestApp();
    const res = await app.request('/api/docs');
    expect(res.status).toBe(200);
    const csp = expectPagePolicy(res, '/api/docs');
    expect(csp['style-src']).toContain(sha256(API_DOCS_STYLE));
    expect(await res.text()).toContain(`<style>${API_DOCS_STYLE}</style>`);
  });

  it('sends HSTS only when PUBLIC_URL is https', async () => {
    const plain = await buildTestApp();
    expect((await plain.app.request('/api/health')).headers.get('strict-transport-security')).toBeNull();
    const secure = await buildTestApp({ env: { PUBLIC_URL: 'https://crm.example.com' }, app: { client: fakeBuild() } });
    for (const p of ['/api/health', '/contacts', '/pricing']) {
      expect((await secure.app.request(p)).headers.get('strict-transport-security'), p).toBe('max-age=31536000; includeSubDomains');
    }
  });

  it('allows Stripe.js and its frames only when Stripe is configured, and the GA tag (with its inline snippet) only when GA is', async () => {
    const build = fakeBuild();
    const bare = directives((await (await buildTestApp({ app: { client: build } })).app.request('/pricing')).headers.get('content-security-policy'));
    expect(Object.values(bare).flat().join(' ')).not.toMatch(/stripe|google/);

    const stripeEnv = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x' };
    const withStripe = await buildTestApp({ env: stripeEnv, app: { client: build } });
    const stripeRes = await withStripe.app.request('/pricing');
    const stripe = directives(stripeRes.headers.get('content-security-policy'));
    expect(stripe['script-src']).toContain('https://js.stripe.com');
    expect(stripe['frame-src']).toEqual(['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com']);
    expect(stripe['connect-src']).toEqual(["'self'", 'https://api.stripe.com']);
    expect(stripeRes.headers.get('permissions-policy')).toContain('payment=(self "https://js.stripe.com")');
    expect(Object.values(stripe).flat().join(' ')).not.toMatch(/google/);
    // A publishable key without a secret key: the payment pages say payments are not configured, load no Stripe.js.
    const keyOnly = await buildTestApp({ env: { STRIPE_PUBLISHABLE_KEY: 'pk_test_x' }, app: { client: build } });
    expect((await keyOnly.app.request('/pricing')).headers.get('content-security-policy')).not.toMatch(/stripe/);

    const withGa = await buildTestApp({ env: { GA_MEASUREMENT_ID: 'G-TEST123' }, app: { client: build } });
    const gaRes = await withGa.app.request('/pricing');
    const ga = directives(gaRes.headers.get('content-security-policy'));
    expect(ga['script-src']).toContain('https://*.googletagmanager.com');
    expect(ga['script-src']).toContain(sha256(analyticsInlineScript('G-TEST123')));
    expect(ga['connect-src']).toContain('https://*.google-analytics.com');
    expect(ga['frame-src']).toEqual(["'none'"]);
    // The snippet the page carries is the one hashed.
    expect(await gaRes.text()).toContain(`<script>${analyticsInlineScript('G-TEST123')}</script>`);
    expect(Object.values(ga).flat().join(' ')).not.toMatch(/stripe/);
  });
});

describe('the booking page a site’s Booking calendar block frames (decision 053)', () => {
  it('with ?embed=1 may be framed by our origin and its organization’s verified domains; without it, and every other page, by none', async () => {
    const { app, deps, caller } = await buildTestApp({ app: { client: fakeBuild() } });
    const tag = Date.now().toString(36);
    const domainOf = async (name: string, verified: boolean) => {
      const owner = await createAccount(deps, name);
      const api = caller(browser(owner.cookie));
      const site = await api.sites.create({ name });
      const added = await api.sites.addDomain({ siteId: site.id, domain: `${name}-${tag}.example.test` });
      if (verified) await deps.database.db.updateTable('site_domains').set({ verified_at: new Date() }).where('id', '=', added.id).execute();
      return { owner, api, site, domain: added.domain };
    };
    const framer = await domainOf('framer', true);
    const pending = await framer.api.sites.addDomain({ siteId: framer.site.id, domain: `pending-${tag}.example.test` });
    const stranger = await domainOf('stranger', true);
    const calendar = await framer.api.calendars.create({
      name: 'Cleaning visit',
      slug: 'cleaning',
      kind: 'personal',
      slotMinutes: 30,
      members: [{ userId: framer.owner.userId, timeZone: 'UTC', weekly: Array.from({ length: 7 }, () => [{ start: '09:00', end: '12:00' }]), overrides: [] }],
    });
    const page = new URL(calendar.bookingUrl).pathname;

    const embedded = await app.request(`${page}?embed=1`);
    expect(embedded.status).toBe(200);
    const csp = directives(embedded.headers.get('content-security-policy'));
    // PUBLIC_URL's scheme and port; the unverified domain and another organization's are not in it.
    expect(csp['frame-ancestors']).toEqual(["'self'", `http://${framer.domain}:3000`]);
    expect(Object.values(csp).flat()).not.toContain(`http://${pending.domain}:3000`);
    expect(Object.values(csp).flat().join(' ')).not.toContain(stranger.domain);
    // The rest of the page policy is the other pages' own; browsers that know no frame-ancestors still refuse the frame.
    const plain = directives((await app.request(page)).headers.get('content-security-policy'));
    expect({ ...csp, 'frame-ancestors': ["'none'"] }).toEqual(plain);
    expect(embedded.headers.get('x-frame-options')).toBe('DENY');

    for (const p of [page, `${page}?embed=0`, '/book/no-such-handle/cleaning?embed=1', '/book/manage/some-token?embed=1', '/contacts?embed=1']) {
      expectPagePolicy(await app.request(p), p);
    }
    // A hostile handle (a NUL, a lone surrogate, a page of text) names no organization: framed by none, never a 500.
    for (const handle of ['a%00b', '%ED%A0%80', 'A'.repeat(5000)]) {
      const p = `/book/${handle}/cleaning?embed=1`;
      const res = await app.request(p);
      expect(res.status, p).toBeLessThan(500);
      expectPagePolicy(res, p);
    }
    // Not a page: the resource policy whatever the query.
    expectResourcePolicy(await app.request('/api/health?embed=1'), '/api/health?embed=1');
  });
});

describe('POST /api/csp-report', () => {
  const violation = { 'document-uri': `${TEST_ORIGIN}/pricing`, 'violated-directive': 'script-src-elem', 'effective-directive': 'script-src-elem', 'blocked-uri': 'inline', 'line-number': 12 };

  it('logs each violation of either report format as a warning and answers 204', async () => {
    const { app, deps } = await buildTestApp();
    const warn = vi.spyOn(deps.logger, 'warn');
    const legacy = await app.request(CSP_REPORT_PATH, { method: 'POST', headers: { 'content-type': 'application/csp-report' }, body: JSON.stringify({ 'csp-report': violation }) });
    expect(legacy.status).toBe(204);
    const batch = [
      {
        type: 'csp-violation',
        url: `${TEST_ORIGIN}/app`,
        body: { documentURL: `${TEST_ORIGIN}/app`, effectiveDirective: 'connect-src', blockedURL: 'https://evil.example/x', disposition: 'enforce' },
      },
      { type: 'deprecation', body: {} },
    ];
    const modern = await app.request(CSP_REPORT_PATH, { method: 'POST', headers: { 'content-type': 'application/reports+json' }, body: JSON.stringify(batch) });
    expect(modern.status).toBe(204);
    expect(warn.mock.calls.map(([fields]) => fields as Record<string, unknown>)).toEqual([
      expect.objectContaining({ document: `${TEST_ORIGIN}/pricing`, directive: 'script-src-elem', blocked: 'inline', line: '12' }),
      expect.objectContaining({ document: `${TEST_ORIGIN}/app`, directive: 'connect-src', blocked: 'https://evil.example/x', disposition: 'enforce' }),
    ]);
  });

  it('accepts the report with the session cookie and no Origin, as browsers may send it', async () => {
    const { app, deps } = await buildTestApp();
    const owner = await createAccount(deps, 'reporter');
    const res = await app.request(CSP_REPORT_PATH, { method: 'POST', headers: { cookie: owner.cookie, 'content-type': 'application/csp-report' }, body: JSON.stringify({ 'csp-report': violation }) });
    expect(res.status).toBe(204);
  });

  it('answers 400 naming the rule for a body that is not a report, and 413 past the size limit', async () => {
    const { app, deps } = await buildTestApp();
    const warn = vi.spyOn(deps.logger, 'warn');
    for (const body of ['not json', '{"hello":1}', '42', '{"csp-report":"x"}']) {
      const res = await app.request(CSP_REPORT_PATH, { method: 'POST', headers: { 'content-type': 'application/csp-report' }, body });
      expect(res.status, body).toBe(400);
      expect(await res.json()).toEqual({ message: 'body must be a Content-Security-Policy violation report (JSON)' });
    }
    // A batch of the Reporting API with no CSP report in it: nothing to log.
    const other = await app.request(CSP_REPORT_PATH, { method: 'POST', headers: { 'content-type': 'application/reports+json' }, body: '[{"type":"deprecation","body":{}}]' });
    expect(other.status).toBe(204);
    const huge = JSON.stringify({ 'csp-report': { ...violation, 'script-sample': 'x'.repeat(CSP_REPORT_MAX_BYTES) } });
    const res = await app.request(CSP_REPORT_PATH, { method: 'POST', headers: { 'content-type': 'application/csp-report' }, body: huge });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: `body must be at most ${CSP_REPORT_MAX_BYTES} bytes` });
    expect(warn).not.toHaveBeenCalled();
  });
});
