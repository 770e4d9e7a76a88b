import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { loadClientBuild } from '../../server/http/client';
import { buildTestApp } from '../helpers/app';

function fakeBuild() {
  const dir = mkdtempSync(path.join(tmpdir(), 'sb-client-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><head></head><div id="root"></div>');
  writeFileSync(path.join(dir, 'site.html'), '<!doctype html><head></head><div id="root" data-entry="site"></div>');
  writeFileSync(path.join(dir, 'assets', 'main-abc123.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg/>');
  writeFileSync(path.join(dir, 'routes.json'), JSON.stringify({ app: ['/', '/contacts', '/invite/$token', '/pricing'], site: ['/', '/pricing'] }));
  return loadClientBuild(dir)!;
}

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

  it('injects the Google Analytics tag into both entries only when GA_MEASUREMENT_ID is set', async () => {
    const plain = await buildTestApp({ app: { client: fakeBuild() } });
    expect(await (await plain.app.request('/')).text()).not.toContain('googletagmanager');
    const tagged = await buildTestApp({ env: { GA_MEASUREMENT_ID: 'G-TEST1234' }, app: { client: fakeBuild() } });
    for (const p of ['/', '/contacts', '/nowhere']) {
      const html = await (await tagged.app.request(p)).text();
      expect(html, p).toContain('https://www.googletagmanager.com/gtag/js?id=G-TEST1234');
      expect(html, p).toContain("gtag('config',\"G-TEST1234\")");
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
