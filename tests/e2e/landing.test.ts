import { describe, expect, it } from 'vitest';
import { useE2E } from './helpers/app';

const e2e = useE2E();

describe('public landing page', () => {
  it('shows the hero with Sign In and Start Free Trial, without loading the app shell', async () => {
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

    // The shell is a separate lazily loaded chunk: the landing page never fetches it.
    await page.waitForLoadState('networkidle');
    expect(scripts.some((s) => /\/assets\/index-[\w-]+\.js$/.test(s))).toBe(true);
    expect(scripts.filter((s) => /\/assets\/_app-/.test(s))).toEqual([]);
  });

  it('reaches the public Pricing and Tutorials pages from its navigation', async () => {
    const page = await e2e.open();
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).click();
    await page.getByRole('heading', { level: 1, name: 'Pricing' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/pricing');
    await expect.poll(() => page.title()).toBe('Pricing · Switchboard');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tutorials' }).click();
    await page.getByRole('heading', { level: 1, name: 'Tutorials' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/tutorials');
  });
});
