import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useE2E } from './helpers/app';

const e2e = useE2E();

const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));
const stored = (page: Page) => page.evaluate(() => localStorage.getItem('switchboard.theme'));

describe('theme', () => {
  it('follows the OS on a first visit', async () => {
    const dark = await e2e.open({ colorScheme: 'dark' });
    await dark.goto('/app');
    await dark.getByRole('button', { name: 'Switch to light theme' }).waitFor();
    expect(await isDark(dark)).toBe(true);
    expect(await stored(dark)).toBeNull();

    const light = await e2e.open({ colorScheme: 'light' });
    await light.goto('/app');
    await light.getByRole('button', { name: 'Switch to dark theme' }).waitFor();
    expect(await isDark(light)).toBe(false);
  });

  it('toggles from the shell header and persists across a reload', async () => {
    const page = await e2e.open({ colorScheme: 'light' });
    await page.goto('/contacts');
    await page.getByRole('banner').getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect.poll(() => isDark(page)).toBe(true);
    expect(await stored(page)).toBe('"dark"');

    await page.reload();
    await page.getByRole('button', { name: 'Switch to light theme' }).waitFor();
    expect(await isDark(page)).toBe(true);

    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await expect.poll(() => isDark(page)).toBe(false);
    await page.reload();
    await page.getByRole('button', { name: 'Switch to dark theme' }).waitFor();
    expect(await isDark(page)).toBe(false);
    expect(await stored(page)).toBe('"light"');
  });

  it('toggles from the landing page, and the choice carries into the app', async () => {
    const page = await e2e.open({ colorScheme: 'light' });
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect.poll(() => isDark(page)).toBe(true);
    await page.goto('/app');
    await page.getByRole('heading', { level: 1, name: 'Enterprise Command Center' }).waitFor();
    expect(await isDark(page)).toBe(true);
  });
});
