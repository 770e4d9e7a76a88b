import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openSignedIn } from './helpers/accounts';
import { useE2E } from './helpers/app';
import { APP_SCREENS, docTitle, screenAt, SIDEBAR } from './helpers/spec';

const e2e = useE2E();

const sidebarNav = (page: Page) => page.getByRole('complementary', { name: 'Sidebar' }).getByRole('navigation', { name: 'Main' });
const pathOf = (page: Page) => new URL(page.url()).pathname;

async function entriesOf(page: Page) {
  const links = sidebarNav(page).getByRole('link');
  return links.evaluateAll((els) => els.map((el) => ({ name: el.textContent?.trim(), href: el.getAttribute('href'), current: el.getAttribute('aria-current') })));
}

describe('application shell (desktop)', () => {
  it('has exactly the sidebar entries of the spec, in order', async () => {
    const { page } = await openSignedIn(e2e);
    await page.goto('/app');
    await page.getByRole('heading', { level: 1, name: 'Enterprise Command Center' }).waitFor();
    const entries = await entriesOf(page);
    expect(entries.map((e) => [e.name, e.href])).toEqual(SIDEBAR);
  });

  it('reaches every sidebar route by clicking, highlighting only the active entry', async () => {
    const { page } = await openSignedIn(e2e);
    await page.goto('/app');
    await page.getByRole('heading', { level: 1, name: 'Enterprise Command Center' }).waitFor();

    for (const [label, path] of SIDEBAR) {
      if (path === '/tutorials' || path === '/pricing') continue; // public pages, checked below
      await sidebarNav(page).getByRole('link', { name: label, exact: true }).click();
      const screen = screenAt(path);
      await page.getByRole('heading', { level: 1, name: screen.h1, exact: true }).waitFor();
      expect(pathOf(page)).toBe(path);
      await expect.poll(() => page.title()).toBe(docTitle(screen.title));

      const current = (await entriesOf(page)).filter((e) => e.current === 'page');
      expect(current.map((e) => e.name)).toEqual([label]);
      const active = sidebarNav(page).getByRole('link', { name: label, exact: true });
      expect(await active.getAttribute('class')).toMatch(/bg-indigo-50/);
    }

    for (const label of ['Tutorials', 'Pricing']) {
      await sidebarNav(page).getByRole('link', { name: label, exact: true }).click();
      await page.getByRole('heading', { level: 1, name: label, exact: true }).waitFor();
      expect(pathOf(page)).toBe(`/${label.toLowerCase()}`);
      await page.goBack();
      await page.getByRole('heading', { level: 1, name: 'Reports', exact: true }).waitFor();
    }
  });

  it('renders every application route inside the shell with its heading, content and title', async () => {
    const { page } = await openSignedIn(e2e);
    for (const screen of APP_SCREENS) {
      const response = await page.goto(screen.path);
      expect(response?.status(), screen.path).toBe(200);
      await page.getByRole('heading', { level: 1, name: screen.h1, exact: true }).waitFor();
      expect(await sidebarNav(page).isVisible(), screen.path).toBe(true);
      // Below the title, content: a section (or an honest empty state) with its own heading, or a table.
      const main = page.getByRole('main');
      const content = (await main.getByRole('heading', { level: 2 }).count()) + (await main.getByRole('table').count());
      expect(content, screen.path).toBeGreaterThan(0);
      expect(await page.title()).toBe(docTitle(screen.title));
      expect(await page.getByRole('status', { name: 'Loading' }).count(), screen.path).toBe(0);
    }
  });

  it('collapses the sidebar to icons, keeps the entries named, and remembers it after a reload', async () => {
    const { page } = await openSignedIn(e2e);
    await page.goto('/contacts');
    const collapse = page.getByRole('button', { name: 'Collapse sidebar' });
    expect(await collapse.getAttribute('aria-expanded')).toBe('true');
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    const wide = (await sidebar.boundingBox())!.width;

    await collapse.click();
    const expand = page.getByRole('button', { name: 'Expand sidebar' });
    expect(await expand.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(async () => (await sidebar.boundingBox())!.width).toBeLessThan(wide / 2);
    // Labels are visually hidden, not removed: the entries keep their accessible names.
    expect((await entriesOf(page)).map((e) => e.name)).toEqual(SIDEBAR.map(([label]) => label));
    const label = sidebarNav(page).getByText('Contacts', { exact: true });
    expect((await label.boundingBox())!.width).toBeLessThanOrEqual(1);

    await page.reload();
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await page.getByRole('button', { name: 'Collapse sidebar' }).waitFor();
    await expect.poll(async () => (await sidebar.boundingBox())!.width).toBe(wide);
  });

  it("shows the signed-in user's initials, name and e-mail in the footer, whose settings button opens Settings", async () => {
    const { page, account } = await openSignedIn(
      e2e,
      {},
      { name: 'Grace Brewster Hopper', email: `grace-${Date.now()}@example.test`, password: 'correct horse battery staple', organizationName: 'Navy' },
    );
    await page.goto('/app');
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    await sidebar.getByText(account.name, { exact: true }).waitFor();
    expect(await sidebar.getByText(account.email, { exact: true }).isVisible()).toBe(true);
    expect(await sidebar.getByText('GH', { exact: true }).isVisible()).toBe(true);
    await sidebar.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    expect(pathOf(page)).toBe('/settings/profile');
  });

  it('shows a centered loading spinner in the content area while a route chunk loads', async () => {
    const { page } = await openSignedIn(e2e);
    await page.goto('/app');
    await page.getByRole('heading', { level: 1, name: 'Enterprise Command Center' }).waitFor();

    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/contacts-[\w-]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });

    await sidebarNav(page).getByRole('link', { name: 'Contacts' }).click();
    const spinner = page.getByRole('main').getByRole('status', { name: 'Loading' });
    await spinner.waitFor();
    // The shell stays put around it.
    expect(await sidebarNav(page).isVisible()).toBe(true);
    release();
    await page.getByRole('heading', { level: 1, name: 'Contacts' }).waitFor();
    await spinner.waitFor({ state: 'detached' });
  });
});
