import { describe, expect, it } from 'vitest';
import { PHONE, useE2E } from './helpers/app';

const e2e = useE2E();

describe('public landing page', () => {
  it('shows the hero with Sign In and Start Free Trial from the light site entry, without the application code', async () => {
    const page = await e2e.open();
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));

    const response = await page.goto('/');
    expect(response?.status()).toBe(200);

    await page.getByRole('heading', { level: 1, name: 'Switchboard' }).waitFor();
    expect(await page.title()).toBe('Switchboard');

    const signIn = page.getByRole('link', { name: 'Sign In', exact: true });
    const trial = page.getByRole('link', { name: 'Start Free Trial', exact: true });
    expect(await signIn.getAttribute('href')).toBe('/login');
    expect(await trial.getAttribute('href')).toBe('/signup');
    expect(await signIn.isVisible()).toBe(true);
    expect(await trial.isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: /^Switch to (dark|light) theme$/ }).isVisible()).toBe(true);

    // The public site's entry, never the application's entry or its shell.
    await page.waitForLoadState('networkidle');
    expect(scripts.some((s) => /\/assets\/site-[\w-]+\.js$/.test(s))).toBe(true);
    expect(scripts.filter((s) => /\/assets\/(index|_app)-/.test(s))).toEqual([]);
  });

  it('reaches the public Pricing and Tutorials pages from its navigation and footer', async () => {
    const page = await e2e.open();
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).click();
    await page.getByRole('heading', { level: 1, name: 'Pricing' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/pricing');
    await expect.poll(() => page.title()).toBe('Pricing · Switchboard');

    await page.getByRole('contentinfo').getByRole('link', { name: 'Tutorials' }).click();
    await page.getByRole('heading', { level: 1, name: 'Tutorials' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/tutorials');
  });

  it('starts a real sign-up from the hero trial form: /signup with the address filled in, and no claim of an e-mail', async () => {
    const page = await e2e.open();
    await page.goto('/');
    const email = page.getByRole('textbox', { name: 'Work email' });
    await page.getByRole('button', { name: 'Start Free Trial' }).click();
    // An empty e-mail does nothing.
    expect(new URL(page.url()).pathname).toBe('/');
    await email.fill('owner@clinic.example');
    await page.getByRole('button', { name: 'Start Free Trial' }).click();
    await page.waitForURL((url) => url.pathname === '/signup');
    expect(new URL(page.url()).searchParams.get('email')).toBe('owner@clinic.example');
    expect(await page.getByLabel('Work e-mail').inputValue()).toBe('owner@clinic.example');
  });

  it('shows the mobile landing at 375 px with touch; its trial form opens /signup with the address', async () => {
    const page = await e2e.open(PHONE);
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Switchboard' }).waitFor();
    expect(await page.getByText('Answer every lead and follow up on every deal, right from your phone.').isVisible()).toBe(true);
    // The desktop sections are not there.
    expect(await page.getByRole('heading', { name: 'How Switchboard compares' }).count()).toBe(0);

    await page.getByRole('textbox', { name: 'Work email' }).fill('me@studio.example');
    await page.getByRole('button', { name: 'Start Free Trial' }).tap();
    await page.waitForURL((url) => url.pathname === '/signup');
    expect(await page.getByLabel('Work e-mail').inputValue()).toBe('me@studio.example');
  });
});
