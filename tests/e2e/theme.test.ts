import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openSignedIn } from './helpers/accounts';
import { useE2E } from './helpers/app';

const e2e = useE2E();

const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));
const stored = (page: Page) => page.evaluate(() => localStorage.getItem('switchboard.theme'));
/** The theme saved in the account (the server's word, not the browser's). */
const accountTheme = async (page: Page) => ((await (await page.request.get('/api/auth/user')).json()) as { user: { preferences: { theme: string } } }).user.preferences.theme;

describe('theme', () => {
  it('follows the OS on a first visit while the account says "system"', async () => {
    const { page: dark } = await openSignedIn(e2e, { colorScheme: 'dark' });
    await dark.goto('/app');
    await dark.getByRole('button', { name: 'Switch to light theme' }).waitFor();
    expect(await isDark(dark)).toBe(true);
    expect(await stored(dark)).toBeNull();

    const { page: light } = await openSignedIn(e2e, { colorScheme: 'light' });
    await light.goto('/app');
    await light.getByRole('button', { name: 'Switch to dark theme' }).waitFor();
    expect(await isDark(light)).toBe(false);
  });

  it('toggles from the shell header, saves it to the account, and keeps it across a reload', async () => {
    const { page } = await openSignedIn(e2e, { colorScheme: 'light' });
    await page.goto('/contacts');
    await page.getByRole('banner').getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect.poll(() => isDark(page)).toBe(true);
    expect(await stored(page)).toBe('"dark"');
    await expect.poll(() => accountTheme(page)).toBe('dark');

    await page.reload();
    await page.getByRole('button', { name: 'Switch to light theme' }).waitFor();
    expect(await isDark(page)).toBe(true);

    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await expect.poll(() => isDark(page)).toBe(false);
    await expect.poll(() => accountTheme(page)).toBe('light');
    await page.reload();
    await page.getByRole('button', { name: 'Switch to dark theme' }).waitFor();
    expect(await isDark(page)).toBe(false);
    expect(await stored(page)).toBe('"light"');
  });

  it('toggles from the landing page, and the choice carries into the app and the account', async () => {
    const { page } = await openSignedIn(e2e, { colorScheme: 'light' });
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect.poll(() => isDark(page)).toBe(true);
    await page.goto('/app');
    await page.getByRole('heading', { level: 1, name: 'Enterprise Command Center' }).waitFor();
    expect(await isDark(page)).toBe(true);
    await expect.poll(() => accountTheme(page)).toBe('dark');
  });

  it("applies the account's theme over this browser's own choice (set on another device)", async () => {
    const { page } = await openSignedIn(e2e, { colorScheme: 'light' });
    // This browser once chose light; the account was since set to dark elsewhere.
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('switchboard.theme', '"light"'));
    const saved = await page.request.patch('/api/auth/preferences', { data: { theme: 'dark' }, headers: { Origin: e2e.url } });
    expect(saved.status()).toBe(200);

    await page.goto('/contacts');
    await page.getByRole('button', { name: 'Switch to light theme' }).waitFor();
    expect(await isDark(page)).toBe(true);
    expect(await stored(page)).toBe('"dark"');
  });
});
