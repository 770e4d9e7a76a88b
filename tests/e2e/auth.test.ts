import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MAX_FAILURES_PER_EMAIL, slowdownSeconds } from '../../server/auth/throttle';
import { newAccount, SIGNED_OUT_PROBE, signUpViaApi, toastOn, trpcQuery } from './helpers/accounts';
import { useE2E } from './helpers/app';

const e2e = useE2E();

const pathOf = (page: Page) => new URL(page.url()).pathname;
const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));
const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Sidebar' });

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

describe('sign-up, sign-in and the application guard', () => {
  it('signs up, signs out, is sent to sign in and brought back, and keeps a theme preference across reloads', async () => {
    // Visiting an application route signed out asks auth.me, which answers 401: expected here.
    const page = await e2e.open({ colorScheme: 'light', allowErrors: [SIGNED_OUT_PROBE] });
    const account = newAccount();

    // The landing page's Start Free Trial leads to /signup; an industry page passes its key.
    await page.goto('/');
    expect(await page.getByRole('link', { name: 'Start Free Trial' }).getAttribute('href')).toBe('/signup');
    await page.goto('/signup?industry=dental_practice');
    await page.getByText('set up for dental practices').waitFor();
    await page.getByLabel('Your name').fill(account.name);
    await page.getByLabel('Work e-mail').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByLabel('Organization name').fill(account.organizationName);
    await page.getByRole('button', { name: 'Create account' }).click();

    await page.getByRole('heading', { level: 1, name: 'Enterprise Command Center' }).waitFor();
    expect(pathOf(page)).toBe('/app');
    await sidebar(page).getByText(account.name, { exact: true }).waitFor();
    expect(await sidebar(page).getByText(account.email, { exact: true }).isVisible()).toBe(true);
    // The industry reached the organization's settings.
    const current = (await (await trpcQuery(page, 'organizations.current')).json()) as { result: { data: { settings: { industry?: string } } } };
    expect(current.result.data.settings.industry).toBe('dental_practice');

    // Sign out from the account menu.
    await sidebar(page).getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    expect(pathOf(page)).toBe('/login');
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);

    // Signed out, an application route sends to sign in with the way back.
    await page.goto('/contacts');
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    expect(pathOf(page)).toBe('/login');
    expect(new URL(page.url()).search).toBe('?redirect=%2Fcontacts');
    expect(await sidebar(page).count()).toBe(0);

    // While the sign-in is under way the button says so and cannot be pressed twice.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/trpc/auth.login*', async (route) => {
      await held;
      await route.continue();
    });
    await signIn(page, account.email, account.password);
    const pending = page.getByRole('button', { name: 'Signing in...' });
    await pending.waitFor();
    expect(await pending.isDisabled()).toBe(true);
    release();

    await page.getByRole('heading', { level: 1, name: 'Contacts' }).waitFor();
    expect(pathOf(page)).toBe('/contacts');
    await page.unroute('**/trpc/auth.login*');

    // A theme preference saved in Settings survives a reload, and the server has it.
    await sidebar(page).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    expect(pathOf(page)).toBe('/settings/profile');
    expect(await isDark(page)).toBe(false);
    await page.getByRole('radio', { name: 'Dark' }).check();
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await toastOn(page).getByText('Preferences saved').waitFor();
    expect(await isDark(page)).toBe(true);

    await page.reload();
    await page.getByRole('radio', { name: 'Dark' }).waitFor();
    expect(await page.getByRole('radio', { name: 'Dark' }).isChecked()).toBe(true);
    expect(await isDark(page)).toBe(true);
    const user = (await (await page.request.get('/api/auth/user')).json()) as { user: { preferences: { theme: string } } };
    expect(user.user.preferences.theme).toBe('dark');
  });

  it("shows the rules' messages under the fields before asking the server, and the server's own refusals", async () => {
    const page = await e2e.open({ allowErrors: [/status of 401 .*\/trpc\/auth\.login/, /status of 409 .*\/trpc\/auth\.signup/] });
    const existing = await signUpViaApi(await e2e.open(), newAccount());

    const calls: string[] = [];
    page.on('request', (r) => r.url().includes('/trpc/') && calls.push(new URL(r.url()).pathname));

    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('E-mail must be a valid e-mail address').waitFor();
    expect(await page.getByText('Password is required').isVisible()).toBe(true);
    expect(await page.getByLabel('E-mail').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel('E-mail').getAttribute('autocomplete')).toBe('email');
    expect(await page.getByLabel('Password').getAttribute('autocomplete')).toBe('current-password');
    expect(calls).toEqual([]);

    // A wrong password: the server's message, in an alert.
    await signIn(page, existing.email, 'not the password at all');
    const alert = page.getByRole('alert');
    await alert.getByText('Invalid email or password').waitFor();

    // The server's field issues land under their fields (the e-mail is taken).
    await page.goto('/signup');
    await page.getByLabel('Your name').fill('Someone Else');
    await page.getByLabel('Work e-mail').fill(existing.email);
    await page.getByLabel('Password').fill('short');
    await page.getByLabel('Organization name').fill('Other Co');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Password must be at least 10 characters').waitFor();
    await page.getByLabel('Password').fill('long enough password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('An account with this e-mail already exists').waitFor();
    expect(await page.getByLabel('Work e-mail').getAttribute('aria-invalid')).toBe('true');
  });

  it('shows the slow-down and the lock-out messages after repeated failures, and never follows a return path off the site', async () => {
    const page = await e2e.open({ allowErrors: [/status of (401|429) .*\/trpc\/auth\.login/] });
    const account = await signUpViaApi(await e2e.open(), newAccount());
    // Time passes in the database (the attempts move into the past) instead of the test waiting out each slow-down.
    const elapse = (seconds: number) =>
      e2e.db
        .updateTable('login_attempts')
        .set({ created_at: sql<Date>`created_at - make_interval(secs => ${seconds})` })
        .where('email', '=', account.email)
        .execute();
    const fail = async (failuresBefore: number) => {
      await elapse(slowdownSeconds(failuresBefore));
      const response = await page.request.post('/api/auth/login', { data: { email: account.email, password: `wrong password ${failuresBefore}` } });
      expect(response.status()).toBe(401);
    };
    // Guesses from elsewhere, as fast as allowed, up to two short of the lock: the next wait is half a minute.
    for (let i = 0; i < MAX_FAILURES_PER_EMAIL - 2; i++) await fail(i);
    expect(slowdownSeconds(MAX_FAILURES_PER_EMAIL - 2)).toBe(32);
    await page.goto('/login');
    await signIn(page, account.email, account.password);
    await page
      .getByRole('alert')
      .getByText(/^Too many sign-in attempts\. Try again in \d+ seconds\.$/)
      .waitFor();
    // Two more, and the account is locked for unknown clients whatever the wait.
    for (let i = MAX_FAILURES_PER_EMAIL - 2; i < MAX_FAILURES_PER_EMAIL; i++) await fail(i);
    await elapse(slowdownSeconds(MAX_FAILURES_PER_EMAIL));
    await signIn(page, account.email, account.password);
    await page
      .getByRole('alert')
      .getByText(/^Too many sign-in attempts\. Try again in \d+ minutes\.$/)
      .waitFor();

    // Another account, and a return path to another site: it lands in the app instead.
    const other = await signUpViaApi(await e2e.open(), newAccount());
    await page.goto(`/login?redirect=${encodeURIComponent('//evil.example/steal')}`);
    await signIn(page, other.email, other.password);
    await page.getByRole('heading', { level: 1, name: 'Enterprise Command Center' }).waitFor();
    expect(new URL(page.url()).origin).toBe(e2e.url);
    expect(pathOf(page)).toBe('/app');
  });
});
