import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { readRouteManifest } from '../../server/http/client';
import { openSignedIn, SIGNED_OUT_PROBE, trpcMutation } from './helpers/accounts';
import { useE2E } from './helpers/app';
import { watchViolations } from './helpers/csp';

const e2e = useE2E();
const BUILD = path.resolve(import.meta.dirname, '../../dist/client');
const manifest = readRouteManifest(BUILD);

/** Every public page of the build (routes.json), and a path that is none (the site's 404). */
const PUBLIC_ROUTES = [...manifest.site.filter((p) => !p.includes('$')), '/no-such-page'];
/** Every application route; a record's screen with a real record of the account. */
const APP_ROUTES = manifest.app.filter((p) => !manifest.site.includes(p));

/** Walks every route: a couple of seconds each on a busy machine. */
const EVERY_PAGE_TIMEOUT_MS = 300_000;

/** What each page waits for: its heading (every public and app screen has one h1). */
const settled = (page: Page) => page.getByRole('heading', { level: 1 }).first().waitFor();

// The 404 document is reported by Chromium itself.
const NOT_FOUND = /Failed to load resource: the server responded with a status of 404/;

describe('Content-Security-Policy enforced on every route', () => {
  it(
    'every public page loads, hydrates and runs its code without a violation',
    async () => {
      const page = await e2e.open({ allowErrors: [NOT_FOUND, SIGNED_OUT_PROBE] });
      const violations = await watchViolations(page);
      for (const route of PUBLIC_ROUTES) {
        const response = await page.goto(route);
        expect(response?.headers()['content-security-policy'], route).toMatch(/script-src 'self' 'sha256-/);
        await settled(page);
      }
      await page.goto('/api/docs');
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(violations).toEqual([]);
    },
    EVERY_PAGE_TIMEOUT_MS,
  );

  it(
    'every application screen, signed in, runs without a violation',
    async () => {
      // Token pages open with a placeholder token: the booking door refuses one that is not a token (400).
      const { page } = await openSignedIn(e2e, { allowErrors: [NOT_FOUND, /status of 400 .*\/api\/booking\/manage\/undefined/] });
      const violations = await watchViolations(page);
      const contact = await trpcMutation(page, e2e, 'contacts.create', { firstName: 'Ada', lastName: 'Policy' });
      expect(contact.status(), await contact.text()).toBe(200);
      const deal = await trpcMutation(page, e2e, 'deals.create', { title: 'Policy deal' });
      expect(deal.status(), await deal.text()).toBe(200);
      const id = (response: unknown) => (response as { result: { data: { id: string } } }).result.data.id;
      const params: Record<string, string> = { contactId: id(await contact.json()), dealId: id(await deal.json()) };
      const routes = APP_ROUTES.filter((p) => p !== '/invite/$token' && p !== '/login' && p !== '/signup').map((p) => p.replace(/\$(\w+)/g, (_, name: string) => params[name]!));
      expect(routes.some((p) => p.includes('$'))).toBe(false);
      for (const route of routes) {
        await page.goto(route);
        await settled(page);
      }
      expect(violations).toEqual([]);
    },
    EVERY_PAGE_TIMEOUT_MS,
  );

  it('notices a violation: an injected inline script is refused and reported to the watcher', async () => {
    const page = await e2e.open({ allowErrors: [/Executing inline script violates the following Content Security Policy/] });
    const violations = await watchViolations(page);
    await page.goto('/pricing');
    await settled(page);
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.injected = true;';
      document.body.append(script);
    });
    await expect.poll(() => violations.map((v) => v.directive)).toEqual(['script-src-elem']);
    expect(await page.evaluate(() => (window as unknown as { injected?: boolean }).injected)).toBeUndefined();
  });

  it("a dialog's scroll lock works without an inline style element", async () => {
    const { page } = await openSignedIn(e2e);
    const violations = await watchViolations(page);
    await page.goto('/pipeline');
    await settled(page);
    await page.getByRole('button', { name: 'New deal', exact: true }).click();
    await page.getByRole('dialog', { name: 'New deal' }).waitFor();
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
    expect(violations).toEqual([]);
  });

  it('a page of another origin cannot frame the app (frame-ancestors), though it can frame its own', async () => {
    const OTHER = 'http://framing-site.test';
    const page = await e2e.open({ allowErrors: [/frame-ancestors/] });
    await page.route(`${OTHER}/**`, (route) => {
      const url = new URL(route.request().url());
      if (url.pathname === '/own') return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>own</title><p id="own">framed fine</p>' });
      return route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><title>framer</title><iframe name="own" src="/own"></iframe><iframe name="app" src="${e2e.url}/login"></iframe>`,
      });
    });
    await page.goto(`${OTHER}/`);
    const own = page.frame({ name: 'own' })!;
    await own.locator('#own').waitFor();
    const app = page.frame({ name: 'app' })!;
    await app.waitForLoadState('load');
    // Blocked: the frame holds Chromium's error page, never the app's document.
    await expect.poll(() => app.url()).toMatch(/^chrome-error:/);
    expect(await app.locator('#root').count()).toBe(0);
  });
});
