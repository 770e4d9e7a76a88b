import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openSignedIn, toastOn } from './helpers/accounts';
import { useE2E } from './helpers/app';
import { watchViolations } from './helpers/csp';

const e2e = useE2E();

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

describe('Settings → E-mail', () => {
  it('saves the sender, sends a test e-mail that the outbox shows rendered, and manages the suppression list, with no CSP violation', async () => {
    const { page, account } = await openSignedIn(e2e);
    const violations = await watchViolations(page);
    await page.goto('/settings/email');
    await page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: 'E-mail' }).waitFor();

    const sender = region(page, 'Sender');
    await sender.getByText('Marketing e-mails cannot be sent until these are filled in: postal address.').waitFor();
    await sender.getByLabel('Sender address').fill('not an address');
    await sender.getByRole('button', { name: 'Save sender settings' }).click();
    await sender.getByText('Sender address must be an e-mail address').waitFor();
    await sender.getByLabel('Sender name').fill('Acme Sales');
    await sender.getByLabel('Sender address').fill('sales@acme.test');
    await sender.getByLabel('Postal address').fill('1 Main Street\nSpringfield');
    await sender.getByRole('button', { name: 'Save sender settings' }).click();
    await toastOn(page).getByText('E-mail settings saved').waitFor();
    await sender.getByText('Ready for marketing e-mails.').waitFor();
    await page.reload();
    expect(await region(page, 'Sender').getByLabel('Sender name').inputValue()).toBe('Acme Sales');
    expect(await region(page, 'Sender').getByLabel('Postal address').inputValue()).toBe('1 Main Street\nSpringfield');

    // The sandbox: the test e-mail lands in the outbox, rendered in a sandboxed frame under the page's policy.
    const delivery = region(page, 'Delivery');
    await delivery.getByText('Sandbox', { exact: true }).waitFor();
    await delivery.getByRole('button', { name: 'Check connection' }).click();
    await delivery.getByText(/^Connection works: Sandbox/).waitFor();
    await delivery.getByRole('button', { name: `Send a test e-mail to ${account.email}` }).click();
    await toastOn(page).getByText('Test e-mail queued').waitFor();
    const outbox = region(page, 'Outbox');
    await outbox.getByRole('button', { name: `Test e-mail from ${account.organizationName}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`sales@acme.test → ${account.email}`).waitFor();
    const frame = dialog.locator('iframe[title="Rendered e-mail"]');
    expect(await frame.getAttribute('sandbox')).toBe('');
    await frame.contentFrame().getByText(`This is a test e-mail from ${account.organizationName}`).waitFor();
    await frame.contentFrame().getByText('Springfield').waitFor();
    await dialog.getByRole('tab', { name: 'Headers' }).click();
    await dialog.getByText('List-Unsubscribe-Post').waitFor();
    await dialog.getByRole('tab', { name: 'Events' }).click();
    // The header's state badge may still say queued too; the event log is what this step checks.
    await dialog.getByRole('tabpanel', { name: 'Events' }).getByText('queued', { exact: true }).waitFor();
    await page.keyboard.press('Escape');

    const suppressions = region(page, 'Suppression list');
    await suppressions.getByLabel('Address', { exact: true }).fill('Blocked@Example.test');
    await suppressions.getByLabel('Note (optional)').fill('Asked by phone');
    await suppressions.getByRole('button', { name: 'Add address' }).click();
    await toastOn(page).getByText('blocked@example.test added to the suppression list').waitFor();
    const table = suppressions.getByRole('table', { name: 'Suppressed addresses' });
    await table.getByText('Asked by phone').waitFor();
    await suppressions.getByLabel('Search addresses').fill('nobody');
    await suppressions.getByText('No address matches.').waitFor();
    await suppressions.getByLabel('Search addresses').fill('blocked');
    await table.getByRole('button', { name: 'Remove blocked@example.test' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await toastOn(page).getByText('blocked@example.test removed from the suppression list').waitFor();
    await suppressions.getByText('No address matches.').waitFor();

    expect(violations).toEqual([]);
  });

  it('the unsubscribe link opens a page that unsubscribes with one click and resubscribes, with no CSP violation', async () => {
    const { page, account } = await openSignedIn(e2e);
    const sent = await page.request.post('/trpc/email.sendTest', { data: {}, headers: { Origin: e2e.url } });
    expect(sent.status(), await sent.text()).toBe(200);
    const { token } = await e2e.db.selectFrom('email_messages').select('token').where('to_address', '=', account.email.toLowerCase()).where('kind', '=', 'one_to_one').executeTakeFirstOrThrow();

    // The test e-mail's link (the sign-up's verification e-mail went to the same address, and account e-mails carry none).
    // A recipient is no member: a fresh browser, no session.
    const visitor = await e2e.open();
    const violations = await watchViolations(visitor);
    await visitor.goto(`/api/email/unsubscribe/${token}`);
    expect(new URL(visitor.url()).pathname).toBe(`/unsubscribe/${token}`);
    await visitor.getByRole('heading', { level: 1, name: 'Unsubscribe', exact: true }).waitFor();
    await visitor.getByText(account.email.toLowerCase()).first().waitFor();
    await visitor.getByRole('button', { name: 'Unsubscribe' }).click();
    await visitor.getByRole('heading', { level: 1, name: 'You are unsubscribed' }).waitFor();
    expect(await e2e.db.selectFrom('email_suppressions').select('reason').where('address', '=', account.email.toLowerCase()).execute()).toEqual([{ reason: 'unsubscribed' }]);
    await visitor.getByRole('button', { name: 'Resubscribe' }).click();
    // Exact: by default a role's name matches as a substring, and "You are unsubscribed" contains "Unsubscribe".
    await visitor.getByRole('heading', { level: 1, name: 'Unsubscribe', exact: true }).waitFor();
    expect(await e2e.db.selectFrom('email_suppressions').select('reason').where('address', '=', account.email.toLowerCase()).execute()).toEqual([]);

    const invalid = await e2e.open({ allowErrors: [/status of 404/] });
    await invalid.goto('/unsubscribe/0123456789abcdef01234567');
    await invalid.getByText('This unsubscribe link is not valid').waitFor();
    expect(violations).toEqual([]);
  });
});
