import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { loadClientBuild } from '../../server/http/client';
import { buildTestApp } from '../helpers/app';
import { addMember, browser, createAccount } from '../helpers/factories';
import { setOrgSettings } from './contacts-helpers';

function fakeBuild({ prerendered = false } = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), 'sb-client-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><head></head><div id="root"></div>');
  writeFileSync(path.join(dir, 'site.html'), '<!doctype html><head></head><div id="root" data-entry="site"></div>');
  writeFileSync(path.join(dir, 'assets', 'main-abc123.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg/>');
  writeFileSync(
    path.join(dir, 'routes.json'),
    JSON.stringify({
      app: ['/', '/contacts', '/contacts/$contactId', '/contacts/import', '/invite/$token', '/pipeline/deals/$dealId', '/pricing', '/subscribe'],
      site: ['/', '/pricing', '/subscribe'],
    }),
  );
  if (prerendered) {
    // As the build's prerender step writes them (scripts/lib/prerender.ts); /subscribe is left to the browser.
    mkdirSync(path.join(dir, 'pages'));
    writeFileSync(path.join(dir, 'pages', 'index.html'), '<!doctype html><head></head><div id="root" data-prerendered="desktop"><h1>Desktop landing</h1></div>');
    writeFileSync(path.join(dir, 'pages', 'index.mobile.html'), '<!doctype html><head></head><div id="root" data-prerendered="mobile"><h1>Mobile landing</h1></div>');
    writeFileSync(path.join(dir, 'pages', 'pricing.html'), '<!doctype html><head></head><div id="root" data-prerendered="desktop"><h1>Pricing</h1></div>');
    const pages = { '/': { html: 'pages/index.html', mobileHtml: 'pages/index.mobile.html' }, '/pricing': { html: 'pages/pricing.html' } };
    writeFileSync(path.join(dir, 'pages.json'), JSON.stringify({ mobileAgent: { source: 'Android|iPhone|Mobile', flags: 'i' }, pages }));
  }
  return loadClientBuild(dir)!;
}

const PHONE_AGENT = 'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36';
const DESKTOP_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Safari/537.36';

describe('serving the built client', () => {
  it('serves client routes with index.html and status 200, uncached', async () => {
    const { app } = await buildTestApp({ app: { client: fakeBuild() } });
    for (const p of ['/', '/contacts', '/contacts/', '/invite/abc']) {
      const res = await app.request(p);
      expect(res.status, p).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('<div id="root"');
    }
  });

  it('serves public pages with the light site entry and application routes with the application entry', async () => {
    const { app } = await buildTestApp({ app: { client: fakeBuild() } });
    for (const p of ['/', '/pricing']) expect(await (await app.request(p)).text(), p).toContain('data-entry="site"');
    for (const p of ['/contacts', '/invite/abc']) expect(await (await app.request(p)).text(), p).not.toContain('data-entry="site"');
  });

  it('answers an unknown path with status 404: below an application route from the application, elsewhere from the site', async () => {
    const { app } = await buildTestApp({ app: { client: fakeBuild() } });
    const outside = await app.request('/no/such/page');
    expect(outside.status).toBe(404);
    expect(await outside.text()).toContain('data-entry="site"');
    const below = await app.request('/contacts/x/y');
    expect(below.status).toBe(404);
    expect(await below.text()).not.toContain('data-entry="site"');
    expect((await app.request('/routes.json')).status).toBe(404);
  });

  it("answers 404 for a record's screen naming no record: a malformed id for anyone, an unknown or hidden one for a session", async () => {
    const { app, deps, caller } = await buildTestApp({ app: { client: fakeBuild() } });
    const owner = await createAccount(deps, 'pages');
    const api = caller(browser(owner.cookie));
    const contact = await api.contacts.create({ firstName: 'Ada' });
    const deal = await api.deals.create({ title: 'Big one' });
    const other = await createAccount(deps, 'other-pages');
    const foreign = await caller(browser(other.cookie)).contacts.create({ firstName: 'Elsewhere' });
    const unknown = crypto.randomUUID();
    const page = async (p: string, cookie?: string, method = 'GET') => {
      const res = await app.request(p, { method, headers: cookie ? browser(cookie) : {} });
      // Always the application, whose screen then says "Contact not found" (or the deal's Not Found).
      if (method === 'GET') expect(await res.text(), p).not.toContain('data-entry="site"');
      return res.status;
    };

    for (const p of ['/contacts/not-an-id', `/contacts/${unknown.toUpperCase()}x`, '/pipeline/deals/42']) {
      expect(await page(p), p).toBe(404);
      expect(await page(p, owner.cookie), p).toBe(404);
    }
    // Without a session the server cannot tell whether a well-formed id names a record.
    expect(await page(`/contacts/${unknown}`)).toBe(200);
    expect(await page(`/contacts/${contact.id}`, owner.cookie)).toBe(200);
    expect(await page(`/contacts/${contact.id}/`, owner.cookie)).toBe(200);
    expect(await page(`/pipeline/deals/${deal.id}`, owner.cookie)).toBe(200);
    expect(await page(`/contacts/${unknown}`, owner.cookie)).toBe(404);
    expect(await page(`/contacts/${unknown}`, owner.cookie, 'HEAD')).toBe(404);
    expect(await page(`/pipeline/deals/${unknown}`, owner.cookie)).toBe(404);
    expect(await page(`/contacts/${foreign.id}`, owner.cookie)).toBe(404);
    expect(await page(`/contacts/${foreign.id}`, other.cookie)).toBe(200);
    // Other application routes with params are not records, and a screen's own path is not an id.
    expect(await page('/invite/some-token', owner.cookie)).toBe(200);
    expect(await page('/contacts/import')).toBe(200);
    expect(await page('/contacts/import/', owner.cookie)).toBe(200);
  });

  it('answers 404 to a Sales Rep for records of others when reps see only their own', async () => {
    const { app, deps, caller } = await buildTestApp({ app: { client: fakeBuild() } });
    const owner = await createAccount(deps, 'own-only');
    const rep = await addMember(deps, owner.organizationId, 'sales_rep');
    const api = caller(browser(owner.cookie));
    const theirs = await api.contacts.create({ firstName: 'Theirs', ownerId: owner.userId });
    const mine = await api.contacts.create({ firstName: 'Mine', ownerId: rep.userId });
    const theirDeal = await api.deals.create({ title: 'Theirs', ownerId: owner.userId });
    const status = async (p: string) => (await app.request(p, { headers: browser(rep.cookie) })).status;
    expect(await status(`/contacts/${theirs.id}`)).toBe(200);
    await setOrgSettings(deps, owner.organizationId, { salesRepsSeeOwnOnly: true });
    expect(await status(`/contacts/${theirs.id}`)).toBe(404);
    expect(await status(`/pipeline/deals/${theirDeal.id}`)).toBe(404);
    expect(await status(`/contacts/${mine.id}`)).toBe(200);
  });

  it('serves a public page its prerendered HTML, the mobile file to a mobile user agent where the page has one', async () => {
    const { app } = await buildTestApp({ app: { client: fakeBuild({ prerendered: true }) } });
    const desktop = await app.request('/', { headers: { 'user-agent': DESKTOP_AGENT } });
    expect(desktop.status).toBe(200);
    expect(desktop.headers.get('cache-control')).toBe('no-cache');
    expect(desktop.headers.get('vary')).toBe('Accept-Encoding, User-Agent');
    expect(await desktop.text()).toContain('<h1>Desktop landing</h1>');
    expect(await (await app.request('/', { headers: { 'user-agent': PHONE_AGENT } })).text()).toContain('<h1>Mobile landing</h1>');
    for (const agent of [DESKTOP_AGENT, PHONE_AGENT]) {
      const pricing = await app.request('/pricing/', { headers: { 'user-agent': agent } });
      expect(await pricing.text()).toContain('<h1>Pricing</h1>');
      expect(pricing.headers.get('vary')).toBe('Accept-Encoding');
    }
    // Not prerendered: the site entry renders it; application routes and 404s are served as without prerendering.
    expect(await (await app.request('/subscribe')).text()).toContain('data-entry="site"');
    expect(await (await app.request('/contacts')).text()).not.toContain('data-prerendered');
    const missing = await app.request('/no/such/page');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('data-entry="site"');
    // The files are served by route path only.
    for (const p of ['/pages/index.html', '/pages.json']) expect((await app.request(p)).status, p).toBe(404);
  });

  it('injects the Google Analytics tag into both entries only when GA_MEASUREMENT_ID is set', async () => {
    const plain = await buildTestApp({ app: { client: fakeBuild() } });
    expect(await (await plain.app.request('/')).text()).not.toContain('googletagmanager');
    const tagged = await buildTestApp({ env: { GA_MEASUREMENT_ID: 'G-TEST1234' }, app: { client: fakeBuild({ prerendered: true }) } });
    for (const p of ['/', '/pricing', '/subscribe', '/contacts', '/nowhere']) {
      const html = await (await tagged.app.request(p)).text();
      expect(html, p).toContain('https://www.googletagmanager.com/gtag/js?id=G-TEST1234');
      expect(html, p).toContain('gtag(\'config\',"G-TEST1234")');
    }
  });

  it('serves hashed assets with a long immutable cache, gzipped when accepted', async () => {
    const { app } = await buildTestApp({ app: { client: fakeBuild() } });
    const res = await app.request('/assets/main-abc123.js', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await res.arrayBuffer())).toString()).toContain('console.log');

    const plain = await app.request('/favicon.svg');
    expect(plain.headers.get('content-type')).toBe('image/svg+xml');
    expect(plain.headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('keeps /api and /trpc out of the client fallback', async () => {
    const { app } = await buildTestApp({ app: { client: fakeBuild() } });
    expect((await app.request('/api/nope')).headers.get('content-type')).toContain('application/json');
    expect((await app.request('/api/health')).status).toBe(200);
    expect((await app.request('/trpc/health.get')).status).toBe(200);
  });

  it('finds no build in a folder without one', () => {
    expect(loadClientBuild(mkdtempSync(path.join(tmpdir(), 'sb-empty-')))).toBeUndefined();
  });
});
