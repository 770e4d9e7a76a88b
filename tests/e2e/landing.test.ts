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

  it('shows Welcome and the check-your-email note for 3 seconds after the hero trial form, then resets', async () => {
    const page = await e2e.open();
    await page.clock.install();
    await page.goto('/');
    // Time stands still from here; only runFor moves it.
    await page.clock.pauseAt(Date.now() + 1_000);
    const email = page.getByRole('textbox', { name: 'Work email' });
    await page.getByRole('button', { name: 'Start Free Trial' }).click();
    // An empty e-mail does nothing.
    expect(await page.getByText('Welcome!').count()).toBe(0);
    await email.fill('owner@clinic.example');
    await page.getByRole('button', { name: 'Start Free Trial' }).click();
    await page.getByRole('status').getByText('Welcome!').waitFor();
    expect(await page.getByText('Check your email for the link to set up your workspace.').isVisible()).toBe(true);
    await page.clock.runFor(2_900);
    expect(await page.getByText('Welcome!').isVisible()).toBe(true);
    await page.clock.runFor(200);
    await email.waitFor();
    expect(await email.inputValue()).toBe('');
  });

  it('shows the mobile landing at 375 px with touch: Welcome, then /app after 1.5 seconds', async () => {
    const page = await e2e.open(PHONE);
    await page.clock.install();
    await page.goto('/');
    await page.clock.pauseAt(Date.now() + 1_000);
    await page.getByRole('heading', { level: 1, name: 'Switchboard' }).waitFor();
    expect(await page.getByText('Answer every lead and follow up on every deal, right from your phone.').isVisible()).toBe(true);
    // The desktop sections are not there.
    expect(await page.getByRole('heading', { name: 'How Switchboard compares' }).count()).toBe(0);

    await page.getByRole('textbox', { name: 'Work email' }).fill('me@studio.example');
    await page.getByRole('button', { name: 'Start Free Trial' }).tap();
    await page.getByRole('status').getByText('Welcome!').waitFor();
    await page.clock.runFor(1_400);
    expect(new URL(page.url()).pathname).toBe('/');
    // Only the navigation is under test: answering it with a stub page keeps the application's code
    // (and its timers, frozen by the paused clock) out of this page, which once made closing it hang.
    await page.route('**/app', (route) => route.fulfill({ contentType: 'text/html', body: '<title>app</title>' }));
    const appRequest = page.waitForRequest((r) => new URL(r.url()).pathname === '/app' && r.isNavigationRequest());
    await page.clock.runFor(200);
    await appRequest;
    await page.waitForURL('**/app');
  });
});
