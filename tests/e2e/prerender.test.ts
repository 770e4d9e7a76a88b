import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useE2E } from './helpers/app';

const e2e = useE2E();

/** Lighthouse's mobile emulation (moto g power): a mobile user agent. */
const PHONE_AGENT = 'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36';

const html = (page: Page) => page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));

describe('prerendered public pages (docs/decisions/012-prerendered-public-site.md)', () => {
  it('arrive rendered, readable without their code: heading, title, description, language and direction', async () => {
    const page = await e2e.open({ javaScriptEnabled: false });
    await page.goto('/pricing');
    expect(await page.getByRole('heading', { level: 1, name: 'Pricing' }).isVisible()).toBe(true);
    expect(await page.title()).toBe('Pricing · Switchboard');

    await page.goto('/ar');
    expect(await page.getByRole('heading', { level: 1, name: 'منصة إدارة العملاء التي تنمو بها الشركات العربية' }).isVisible()).toBe(true);
    expect(await html(page)).toEqual({ lang: 'ar', dir: 'rtl' });
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toMatch(/^منصة Switchboard/);

    // The desktop landing, below the fold included (its lazily loaded form too).
    await page.goto('/');
    expect(await page.getByRole('heading', { name: 'How Switchboard compares' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Get my setup plan' }).isVisible()).toBe(true);
  });

  it('serves the mobile landing to a mobile user agent, which hydrates it', async () => {
    const bare = await e2e.open({ javaScriptEnabled: false, userAgent: PHONE_AGENT, viewport: { width: 412, height: 823 } });
    await bare.goto('/');
    expect(await bare.getByText('Answer every lead and follow up on every deal, right from your phone.').isVisible()).toBe(true);
    expect(await bare.getByRole('heading', { name: 'How Switchboard compares' }).count()).toBe(0);

    const page = await e2e.open({ userAgent: PHONE_AGENT, viewport: { width: 412, height: 823 }, hasTouch: true, isMobile: true });
    await page.goto('/');
    // Hydrated (goto waits for it), the trial form keeps an empty address on the page: the bare form would submit it.
    await page.getByRole('button', { name: 'Start Free Trial' }).tap();
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByRole('textbox', { name: 'Work email' }).fill('me@studio.example');
    await page.getByRole('button', { name: 'Start Free Trial' }).tap();
    await page.waitForURL((url) => url.pathname === '/signup');
    expect(await page.getByLabel('Work e-mail').inputValue()).toBe('me@studio.example');
  });

  it('hydrate, then take the visitor’s saved language and theme, without errors', async () => {
    const page = await e2e.open();
    await page.addInitScript(() => {
      localStorage.setItem('switchboard.language', 'fr');
      localStorage.setItem('switchboard.theme', '"dark"');
    });
    await page.goto('/help');
    await page.getByRole('link', { name: 'Se connecter' }).first().waitFor();
    expect(await html(page)).toEqual({ lang: 'fr', dir: 'ltr' });
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await page.getByRole('button', { name: 'Passer au thème clair' }).first().click();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
  });
});
