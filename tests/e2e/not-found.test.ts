import { describe, expect, it } from 'vitest';
import { openSignedIn } from './helpers/accounts';
import { useE2E } from './helpers/app';

const e2e = useE2E();

// Chromium logs the 404 document itself as a failed resource; that is the point of these tests.
const allowErrors = [/Failed to load resource: the server responded with a status of 404/];

describe('not found', () => {
  it('answers an unknown path with 404 and the Page Not Found card, whose link goes home', async () => {
    const page = await e2e.open({ allowErrors });
    const response = await page.goto('/definitely/not-a-page');
    expect(response?.status()).toBe(404);

    await page.getByRole('heading', { level: 1, name: 'Page Not Found' }).waitFor();
    expect(await page.getByText('404 Page Not Found', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => page.title()).toBe('Page Not Found · Switchboard');

    // A path outside the application shows the card on its own, without the shell.
    expect(await page.getByRole('complementary', { name: 'Sidebar' }).count()).toBe(0);

    await page.getByRole('link', { name: 'Go home' }).click();
    await page.getByRole('heading', { level: 1, name: 'Switchboard' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('shows the same card inside the shell below an application route', async () => {
    const { page } = await openSignedIn(e2e, { allowErrors });
    // (/contacts/<id> is a contact's page; a path below it names nothing.)
    const response = await page.goto('/contacts/unknown/path');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Page Not Found' }).waitFor();
    expect(await page.getByRole('complementary', { name: 'Sidebar' }).isVisible()).toBe(true);
  });
});
