import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openSignedIn, toastOn } from './helpers/accounts';
import { useE2E } from './helpers/app';

const e2e = useE2E();

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

describe('settings', () => {
  it('/settings opens Profile & preferences; the profile name and organization settings save', async () => {
    const { page, account } = await openSignedIn(e2e, { allowErrors: [/status of 400 .*\/trpc\/(auth\.changePassword|organizations\.update)/] });
    await page.goto('/settings');
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/settings/profile');
    const sections = page.getByRole('navigation', { name: 'Settings sections' });
    expect(await sections.getByRole('link').allTextContents()).toEqual([
      'Profile & preferences',
      'Organization & members',
      'API keys',
      'Integrations',
      'Booking calendars',
      'E-mail',
      'Webhooks',
      'Billing',
      'Security & audit log',
      'Sessions',
    ]);
    expect(await sections.getByRole('link', { name: 'Profile & preferences' }).getAttribute('aria-current')).toBe('page');

    const profile = region(page, 'Profile');
    await profile.getByLabel('Name').fill('Ada King');
    await profile.getByRole('button', { name: 'Save profile' }).click();
    await toastOn(page).getByText('Profile saved').waitFor();
    await page.getByRole('complementary', { name: 'Sidebar' }).getByText('Ada King', { exact: true }).waitFor();

    // The server's field issue lands under its field.
    const password = region(page, 'Password');
    await password.getByLabel('Current password').fill('this is not it at all');
    await password.getByLabel('New password').fill('a brand new password');
    await password.getByRole('button', { name: 'Change password' }).click();
    await password.getByText('Current password is not your current password').waitFor();

    await sections.getByRole('link', { name: 'Organization & members' }).click();
    const organization = region(page, 'Organization');
    await organization.getByLabel('Organization name').fill(`${account.organizationName} Ltd`);
    await organization.getByLabel('Country').fill('fr');
    await organization.getByLabel('Time zone').selectOption('Europe/Paris');
    await organization.getByLabel('Sales Reps see only contacts and deals they own').check();
    // The public business phone: the server says under the field when it is no phone, and reads it in the country saved with it.
    await organization.getByLabel('Business phone').fill('12');
    await organization.getByRole('button', { name: 'Save organization' }).click();
    await organization.getByText('Business phone must be a valid phone number; include the country code').waitFor();
    await organization.getByLabel('Business phone').fill('01 42 68 53 00');
    await organization.getByRole('button', { name: 'Save organization' }).click();
    await toastOn(page).getByText('Organization saved').waitFor();
    await page.reload();
    await region(page, 'Organization').getByLabel('Organization name').waitFor();
    expect(await region(page, 'Organization').getByLabel('Organization name').inputValue()).toBe(`${account.organizationName} Ltd`);
    expect(await region(page, 'Organization').getByLabel('Country').inputValue()).toBe('FR');
    expect(await region(page, 'Organization').getByLabel('Time zone').inputValue()).toBe('Europe/Paris');
    expect(await region(page, 'Organization').getByLabel('Sales Reps see only contacts and deals they own').isChecked()).toBe(true);
    expect(await region(page, 'Organization').getByLabel('Business phone').inputValue()).toBe('+33 1 42 68 53 00');
  });

  it('creates an API key whose secret is shown once, lists it with its use, and revokes it', async () => {
    const { page, account } = await openSignedIn(e2e, { permissions: ['clipboard-read', 'clipboard-write'] });
    await page.goto('/settings/api-keys');
    const create = region(page, 'Create an API key');
    await create.getByLabel('Name').fill('Website form');
    await create.getByLabel('Role').selectOption({ label: 'Manager' });
    await create.getByRole('button', { name: 'Create API key' }).click();

    await create.getByText('You won’t see it again').waitFor();
    const secret = await create.getByRole('textbox', { name: 'API key' }).inputValue();
    expect(secret).toMatch(/^sb_/);
    await create.getByRole('button', { name: 'Copy API key' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

    // The key works, with its role's permissions.
    const used = await page.request.get('/trpc/members.list', { headers: { Authorization: `Bearer ${secret}` } });
    expect(used.status()).toBe(200);

    await create.getByRole('button', { name: 'I have copied it' }).click();
    expect(await create.getByText(secret).count()).toBe(0);
    expect(await page.locator(`input[value="${secret}"]`).count()).toBe(0);

    await page.reload();
    const keys = page.getByRole('table', { name: 'API keys' });
    const row = keys.getByRole('row', { name: /Website form/ });
    await row.waitFor();
    const cells = await row.getByRole('cell').allTextContents();
    expect(cells.slice(0, 5)).toEqual(['Website form', `${secret.slice(0, 10)}…`, 'Manager', 'All of the role', account.name]);
    expect(cells[6]).toBe('Just now');
    // The secret is never shown again.
    expect(await page.getByText(secret).count()).toBe(0);

    await row.getByRole('button', { name: 'Revoke Website form' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke key' }).click();
    await toastOn(page).getByText('API key revoked').waitFor();
    await row.getByText(/^Revoked /).waitFor();
    expect((await page.request.get('/trpc/members.list', { headers: { Authorization: `Bearer ${secret}` } })).status()).toBe(401);

    // A key limited to the permissions ticked: it reads contacts and nothing else.
    await create.getByLabel('Name').fill('Contacts sync');
    await create.getByLabel('Access').selectOption({ label: 'Only the permissions I choose' });
    await create.getByRole('group', { name: 'Permissions of this key' }).getByLabel('contacts:read', { exact: true }).check();
    await create.getByRole('button', { name: 'Create API key' }).click();
    await create.getByText('access: read contacts.').waitFor();
    const limited = await create.getByRole('textbox', { name: 'API key' }).inputValue();
    expect((await page.request.get('/api/v1/contacts', { headers: { Authorization: `Bearer ${limited}` } })).status()).toBe(200);
    expect((await page.request.get('/api/v1/deals', { headers: { Authorization: `Bearer ${limited}` } })).status()).toBe(403);
    await create.getByRole('button', { name: 'I have copied it' }).click();
    await keys
      .getByRole('row', { name: /Contacts sync/ })
      .getByText('Read contacts')
      .waitFor();
  });

  it('lists the sessions with this device marked, and revokes another one', async () => {
    const { page, account } = await openSignedIn(e2e);
    // The same account signed in from a second browser.
    const other = await e2e.open({ userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36' });
    expect((await other.request.post('/api/auth/login', { data: { email: account.email, password: account.password } })).status()).toBe(200);

    await page.goto('/settings/sessions');
    const list = page.getByRole('list', { name: 'Sessions' });
    await list.getByRole('listitem').nth(1).waitFor();
    expect(await list.getByRole('listitem').count()).toBe(2);
    const current = list.locator('li[aria-current="true"]');
    expect(await current.getByText('This device').isVisible()).toBe(true);
    const windows = list.getByRole('listitem').filter({ hasText: 'Chrome on Windows' });
    expect(await windows.getByText(/^IP .+ · Signed in .+ · Expires .+$/).isVisible()).toBe(true);

    await windows.getByRole('button', { name: 'Revoke the session on Chrome on Windows' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke session' }).click();
    await toastOn(page).getByText('Session revoked').waitFor();
    await expect.poll(() => list.getByRole('listitem').count()).toBe(1);
    expect((await other.request.get('/api/auth/user')).status()).toBe(401);
    expect((await page.request.get('/api/auth/user')).status()).toBe(200);
  });
});
