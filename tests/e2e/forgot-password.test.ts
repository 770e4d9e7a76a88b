import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newAccount, signUpViaApi, trpcQuery } from './helpers/accounts';
import { useE2E } from './helpers/app';

const e2e = useE2E();

const pathOf = (page: Page) => new URL(page.url()).pathname;

/** The link of the latest account e-mail to an address, read from the sandbox outbox (no SMTP server in this run). */
async function linkMailedTo(email: string, path: string): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s"<>]+/${path}/[\\w-]+`);
  for (;;) {
    const row = await e2e.db.selectFrom('email_messages').select('text').where('to_address', '=', email).where('kind', '=', 'account').orderBy('created_at', 'desc').executeTakeFirst();
    const link = row ? pattern.exec(row.text)?.[0] : undefined;
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('forgot password in the browser', () => {
  it('/login → Forgot password → the e-mailed link → a new password → signed in with it; the old session ended', async () => {
    const account = await signUpViaApi(await e2e.open(), newAccount());
    // Another browser stays signed in: the reset ends its session.
    const other = await e2e.open();
    await other.request.post('/api/auth/login', { data: { email: account.email, password: account.password } });
    const before = await (await trpcQuery(other, 'auth.session')).json();
    expect(before.result.data.user.email).toBe(account.email);

    // The browser logs the second use of the link, answered 409, as a failed request.
    const page = await e2e.open({ allowErrors: [/status of 409 .*account\.resetPassword/] });
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL((url) => url.pathname === '/forgot-password');
    await page.getByLabel('E-mail').fill(account.email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await page.getByRole('status').getByText('If an account uses this address, we have sent it a link').waitFor();

    const link = await linkMailedTo(account.email, 'reset-password');
    await page.goto(new URL(link).pathname);
    const newPassword = 'a brand new passphrase';
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Set the password' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByText('Your password was changed').waitFor();
    expect(await page.getByLabel('E-mail').inputValue()).toBe(account.email);

    await page.getByLabel('Password').fill(newPassword);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/app');
    expect(pathOf(page)).toBe('/app');

    // The other browser's session is gone.
    const after = await (await trpcQuery(other, 'auth.session')).json();
    expect(after.result.data).toBeNull();

    // The link worked once.
    await page.goto(new URL(link).pathname);
    await page.getByLabel('New password', { exact: true }).fill('yet another passphrase');
    await page.getByRole('button', { name: 'Set the password' }).click();
    await page.getByRole('alert').getByText('This link has already been used; ask for a new one').waitFor();
  });
});
