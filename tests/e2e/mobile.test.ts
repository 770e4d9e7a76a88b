import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openSignedIn } from './helpers/accounts';
import { PHONE, useE2E } from './helpers/app';
import { MOBILE_MENU } from './helpers/spec';

const e2e = useE2E();

const drawer = (page: Page) => page.getByRole('dialog');
const pathOf = (page: Page) => new URL(page.url()).pathname;

async function openMenu(page: Page) {
  await page.getByRole('button', { name: 'Open menu' }).tap();
  await drawer(page).waitFor();
}

describe('mobile menu (375 × 667, touch)', () => {
  it('opens a drawer with the mobile list, and tapping an entry closes it on that route', async () => {
    const { page } = await openSignedIn(e2e, PHONE);
    await page.goto('/contacts');
    await page.getByRole('heading', { level: 1, name: 'Contacts' }).waitFor();
    // The desktop sidebar is hidden at this width.
    expect(await page.getByRole('complementary', { name: 'Sidebar' }).isVisible()).toBe(false);

    await openMenu(page);
    const nav = drawer(page).getByRole('navigation', { name: 'Mobile' });
    const entries = await nav.getByRole('link').evaluateAll((els) => els.map((el) => [el.textContent?.trim(), el.getAttribute('href'), el.getAttribute('aria-current')]));
    expect(entries.map(([label, href]) => [label, href])).toEqual(MOBILE_MENU);
    expect(entries.filter(([, , current]) => current === 'page').map(([label]) => label)).toEqual(['Contacts']);
    // It slides in from the left edge.
    await expect.poll(async () => (await drawer(page).boundingBox())?.x).toBe(0);

    await nav.getByRole('link', { name: 'Tasks' }).tap();
    await drawer(page).waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 1, name: 'Tasks' }).waitFor();
    expect(pathOf(page)).toBe('/tasks');
    // Opens again on the new page; the SMS entry goes to the SMS tool, not SMS Campaigns.
    await openMenu(page);
    await drawer(page).getByRole('link', { name: 'SMS', exact: true }).tap();
    await drawer(page).waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 1, name: 'SMS', exact: true }).waitFor();
    expect(pathOf(page)).toBe('/sms');
  });

  it('takes Dashboard to the home page, and closes on Escape or its close button', async () => {
    const { page } = await openSignedIn(e2e, PHONE);
    await page.goto('/reports');
    await openMenu(page);
    await page.keyboard.press('Escape');
    await drawer(page).waitFor({ state: 'detached' });

    await openMenu(page);
    await drawer(page).getByRole('button', { name: 'Close menu' }).tap();
    await drawer(page).waitFor({ state: 'detached' });
    expect(pathOf(page)).toBe('/reports');

    await openMenu(page);
    await drawer(page).getByRole('link', { name: 'Dashboard' }).tap();
    await page.getByRole('heading', { level: 1, name: 'Switchboard' }).waitFor();
    expect(pathOf(page)).toBe('/');
    expect(await drawer(page).count()).toBe(0);
  });
});
