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
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(dir, 'assets', 'main-abc123.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg/>');
  writeFileSync(path.join(dir, 'routes.json'), JSON.stringify(['/', '/contacts', '/invite/$token']));
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
      expect(await res.text()).toContain('<div id="root">');
    }
  });

  it('answers an unknown path with the app (its Not Found page) and status 404', async () => {
    const { app } = await buildTestApp({ app: { client: fakeBuild() } });
    const res = await app.request('/no/such/page');
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('<div id="root">');
    expect((await app.request('/routes.json')).status).toBe(404);
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
