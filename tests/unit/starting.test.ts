import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { createLifecycle } from '../../server/http/lifecycle';
import { prefersHtml, startingAnswer } from '../../server/http/starting';

const config = loadConfig({ NODE_ENV: 'test' });
const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

const answer = (path: string, accept?: string) => startingAnswer(createLifecycle('migrating'), 'pglite', config)(new Request(`http://localhost:3000${path}`, accept ? { headers: { accept } } : {}));

describe('the port’s answer while the server starts', () => {
  it('answers a browser’s navigation with a page that reloads itself, loading and running nothing', async () => {
    const res = answer('/', BROWSER);
    expect(res.status).toBe(503);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('retry-after')).toBe('1');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const page = await res.text();
    expect(page).toContain('<title>Switchboard is starting</title>');
    expect(page).toContain('Applying database migrations');
    expect(page).toContain('<meta http-equiv="refresh" content="2">');
    // Self-contained: no script, no external stylesheet, image or font, no inline style attribute.
    expect(page).not.toMatch(/<script|<link|\bsrc=|\bhref=|url\(|\bstyle=/i);
    // The policy allows the one inline stylesheet by its hash, and nothing else.
    const style = /<style>([\s\S]*?)<\/style>/.exec(page)![1]!;
    const hash = `'sha256-${createHash('sha256').update(style, 'utf8').digest('base64')}'`;
    expect(res.headers.get('content-security-policy')).toBe(`default-src 'none'; style-src ${hash}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`);
  });

  it('answers an API client, curl and a request without Accept with JSON', async () => {
    for (const accept of ['application/json', '*/*', undefined, 'application/json, text/html;q=0.5']) {
      const res = answer('/api/v1/contacts', accept);
      expect(res.status, String(accept)).toBe(503);
      expect(res.headers.get('content-type'), String(accept)).toBe('application/json');
      expect(res.headers.get('retry-after')).toBe('1');
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(await res.json()).toEqual({ message: 'Switchboard is starting: applying database migrations' });
    }
  });

  it('keeps the health answers, whatever the Accept header', async () => {
    for (const accept of [BROWSER, 'application/json', undefined]) {
      const live = answer('/api/health', accept);
      expect(live.status).toBe(200);
      expect(await live.json()).toEqual({ ok: true, database: 'pglite', version: config.version });
      const ready = answer('/api/health/ready', accept);
      expect(ready.status).toBe(503);
      expect(ready.headers.get('retry-after')).toBe('1');
      expect(await ready.json()).toEqual({ ready: false, reason: 'Applying database migrations' });
    }
  });

  it('ranks text/html against JSON by the most specific range of each', () => {
    expect(prefersHtml(BROWSER)).toBe(true);
    expect(prefersHtml('text/html')).toBe(true);
    expect(prefersHtml('text/*, application/json;q=0.5')).toBe(true);
    expect(prefersHtml(null)).toBe(false);
    expect(prefersHtml('')).toBe(false);
    expect(prefersHtml('*/*')).toBe(false);
    expect(prefersHtml('text/html;q=0, */*')).toBe(false);
    expect(prefersHtml('text/html;q=0.5, application/json')).toBe(false);
  });
});
