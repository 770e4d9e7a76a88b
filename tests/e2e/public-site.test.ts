import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openSignedIn } from './helpers/accounts';
import { useE2E } from './helpers/app';

const e2e = useE2E();

const html = (page: Page) => page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));

describe('languages', () => {
  it('renders /ar right-to-left in Arabic, chrome included', async () => {
    const page = await e2e.open();
    await page.goto('/ar');
    await page.getByRole('heading', { level: 1, name: 'منصة إدارة العملاء التي تنمو بها الشركات العربية' }).waitFor();
    expect(await html(page)).toEqual({ lang: 'ar', dir: 'rtl' });
    await page.getByRole('link', { name: 'تسجيل الدخول' }).first().waitFor();
    // Yearly prices on the switch, with the 20% badge.
    expect(await page.getByText('١٬٢٩٩', { exact: true }).count()).toBe(1);
    await page.getByRole('button', { name: /سنوي/ }).click();
    expect(await page.getByText('٩٩٩', { exact: true }).count()).toBe(1);
    expect(await page.getByText('١٬٢٩٩', { exact: true }).count()).toBe(0);
  });

  it('switches to the equivalent page (/ ↔ /fr ↔ /ar), or keeps a page and translates its chrome, and remembers the choice', async () => {
    const page = await e2e.open();
    await page.goto('/');
    const switcher = page.getByRole('navigation', { name: 'Language' }).first();
    await switcher.getByRole('link', { name: 'Français' }).click();
    await page.getByRole('heading', { level: 1, name: 'Le CRM qui fait grandir les entreprises exigeantes' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/fr');
    expect(await html(page)).toEqual({ lang: 'fr', dir: 'ltr' });

    await page.getByRole('navigation', { name: 'Langue' }).first().getByRole('link', { name: 'العربية' }).click();
    await page.getByRole('heading', { level: 1, name: 'منصة إدارة العملاء التي تنمو بها الشركات العربية' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/ar');
    await page.getByRole('navigation', { name: 'اللغة' }).first().getByRole('link', { name: 'English' }).click();
    await page.getByRole('heading', { level: 1, name: 'Switchboard' }).waitFor();
    expect(await html(page)).toEqual({ lang: 'en', dir: 'ltr' });

    // Pricing has no French page of its own: the page stays and turns French, and stays so after a reload.
    await page.goto('/pricing');
    await page.getByRole('navigation', { name: 'Language' }).first().getByRole('link', { name: 'Français' }).click();
    await page.getByRole('link', { name: 'Se connecter' }).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/pricing');
    await page.reload();
    await page.getByRole('link', { name: 'Se connecter' }).first().waitFor();
    expect(await html(page)).toEqual({ lang: 'fr', dir: 'ltr' });
  });
});

describe('/status', () => {
  it('shows the live state of the service from /api/health', async () => {
    const page = await e2e.open();
    await page.goto('/status');
    await page.getByRole('heading', { level: 1, name: 'System Status' }).waitFor();
    await page.getByText('All systems operational').waitFor();
    expect(await page.getByText('Embedded PGlite — reachable').isVisible()).toBe(true);
  });
});

describe('first-party analytics', () => {
  it('sends the page views of route changes in a batch the server stores', async () => {
    // Someone has signed up: their organization owns the site and keeps its visits.
    const { page } = await openSignedIn(e2e);
    await page.goto('/pricing');
    await page.getByRole('heading', { level: 1, name: 'Pricing' }).waitFor();
    const batch = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/analytics/events' && (r.request().postData() ?? '').includes('"/tutorials"'));
    await page.getByRole('contentinfo').getByRole('link', { name: 'Tutorials' }).click();
    await page.getByRole('heading', { level: 1, name: 'Tutorials' }).waitFor();
    const response = await batch;
    expect(response.status()).toBe(202);
    const sent = JSON.parse(response.request().postData() ?? '{}') as { events: { name: string; path: string }[] };
    expect(sent.events.filter((e) => e.name === 'page_view').map((e) => e.path)).toContain('/tutorials');
    expect(((await response.json()) as { stored: number }).stored).toBe(sent.events.length);
  });

  it('sends nothing from the signed-in app: only public pages are website visits (issue #14)', async () => {
    const { page } = await openSignedIn(e2e);
    const paths: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname !== '/api/analytics/events') return;
      const body = JSON.parse(request.postData() ?? '{}') as { events?: { path: string }[] };
      paths.push(...(body.events ?? []).map((e) => e.path));
    });
    await page.goto('/contacts');
    await page.getByRole('heading', { level: 1, name: 'Contacts' }).waitFor();
    // Longer than the client's batching delay (5 s): anything queued here would have been sent.
    await page.waitForTimeout(6_000);
    await page.goto('/app');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    // Leaving a page flushes what it queued (sendBeacon); the public page's own view follows within seconds.
    const batch = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/analytics/events' && (r.postData() ?? '').includes('"/pricing"'), { timeout: 25_000 });
    await page.goto('/pricing');
    await page.getByRole('heading', { level: 1, name: 'Pricing' }).waitFor();
    await batch;
    expect(paths).toContain('/pricing');
    expect(paths.filter((p) => p === '/contacts' || p === '/app')).toEqual([]);
  });
});
