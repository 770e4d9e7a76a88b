import { describe, expect, it, onTestFinished } from 'vitest';
import { startSmtpSink } from '../doubles/smtp';
import { openSignedIn, toastOn } from './helpers/accounts';
import { useE2E } from './helpers/app';

const e2e = useE2E();

describe('Settings → Integrations: provider settings', () => {
  it('saves an SMTP server with validation naming the field, tests the connection, and never shows the password again', async () => {
    const sink = await startSmtpSink({ auth: { user: 'mailer', pass: 'e2e-smtp-password-0042' } });
    onTestFinished(() => sink.close());
    const { page } = await openSignedIn(e2e);
    await page.goto('/settings/integrations');
    const form = page.getByRole('form', { name: 'SMTP settings' });
    await form.waitFor();
    const section = page.getByRole('region', { name: 'SMTP server', exact: true });
    await section.getByText('Sandbox').first().waitFor();

    await form.getByLabel('Host').fill('127.0.0.1');
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await form.getByText('Port must be a number').waitFor();

    await form.getByLabel('Port').fill(new URL(sink.url).port);
    await form.getByLabel('Security').selectOption('none');
    await form.getByLabel('User name').fill('mailer');
    await form.getByLabel('Password').fill('e2e-smtp-password-0042');
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await toastOn(page).filter({ hasText: 'SMTP settings saved' }).waitFor();
    await section.getByText('Saved here').first().waitFor();

    await form.getByRole('button', { name: 'Test connection' }).click();
    await form
      .getByRole('status')
      .filter({ hasText: `Connection works: Connected and authenticated to 127.0.0.1:${new URL(sink.url).port}` })
      .waitFor();

    await page.reload();
    const reloaded = page.getByRole('form', { name: 'SMTP settings' });
    await reloaded.getByLabel('Host').waitFor();
    expect(await reloaded.getByLabel('Host').inputValue()).toBe('127.0.0.1');
    expect(await reloaded.getByLabel('Password').inputValue()).toBe('');
    expect(await reloaded.getByLabel('Password').getAttribute('placeholder')).toBe('Saved, ends in 0042 — leave empty to keep');
    expect(await page.content()).not.toContain('e2e-smtp-password-0042');

    // A wrong password, saved: the test says what the server answered.
    await reloaded.getByLabel('Password').fill('not-the-password');
    await reloaded.getByRole('button', { name: 'Save', exact: true }).click();
    await toastOn(page).filter({ hasText: 'SMTP settings saved' }).nth(0).waitFor();
    await page.getByRole('form', { name: 'SMTP settings' }).getByRole('button', { name: 'Test connection' }).click();
    await page
      .getByRole('form', { name: 'SMTP settings' })
      .getByRole('status')
      .filter({ hasText: /Connection failed: .*535/ })
      .waitFor();
  });
});
