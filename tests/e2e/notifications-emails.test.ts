import { describe, expect, it } from 'vitest';
import { openSignedIn, toastOn } from './helpers/accounts';
import { useE2E } from './helpers/app';

const e2e = useE2E();

describe('notification e-mails in Settings → Profile', () => {
  it('one select per kind, saved on change and kept after a reload; an unverified address is told why nothing comes', async () => {
    const { page, account } = await openSignedIn(e2e);
    await page.goto('/settings/profile#notification-emails');
    const section = page.getByRole('region', { name: 'Notification e-mails', exact: true });
    const wonSelect = section.getByLabel('Deal Won!', { exact: true });
    expect(await wonSelect.inputValue()).toBe('off');
    expect(await section.getByLabel('Assigned to you', { exact: true }).inputValue()).toBe('immediate');
    await section.getByText(`Verify ${account.email} to receive notification e-mails`, { exact: false }).waitFor();
    await wonSelect.selectOption('digest');
    await toastOn(page).getByText('E-mail preference saved').waitFor();
    await page.reload();
    expect(await page.getByRole('region', { name: 'Notification e-mails', exact: true }).getByLabel('Deal Won!', { exact: true }).inputValue()).toBe('digest');
  });
});
