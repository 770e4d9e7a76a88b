import { describe, expect, it } from 'vitest';
import { openSignedIn, toastOn } from './helpers/accounts';
import { freePort } from '../../scripts/lib/free-port';
import { useE2E } from './helpers/app';

const e2e = useE2E();

describe('Settings → Webhooks', () => {
  it('adds an endpoint (its secret shown once), sends a test event and shows it in the delivery log with the attempt', async () => {
    const { page } = await openSignedIn(e2e);
    // Nothing listens on this port: the attempt fails and the log says why (a real request was made).
    const url = `https://127.0.0.1:${await freePort()}/hooks/switchboard`;
    await page.goto('/settings/webhooks');
    await page.getByText('No webhook endpoints yet.').waitFor();

    const form = page.getByRole('form', { name: 'Add endpoint' });
    await form.getByRole('button', { name: 'Add endpoint' }).click();
    await form.getByText('must name at least one event type').waitFor();
    await form.getByLabel('Endpoint URL').fill(url);
    await form.getByLabel('contact.created').check();
    await form.getByLabel('deal.won').check();
    await form.getByRole('button', { name: 'Add endpoint' }).click();

    const secret = page.getByRole('textbox', { name: 'Signing secret' });
    await secret.waitFor();
    expect(await secret.inputValue()).toMatch(/^whsec_/);
    await page.getByRole('button', { name: 'I have copied it' }).click();
    await secret.waitFor({ state: 'detached' });

    const endpoint = page.getByRole('listitem', { name: url });
    await endpoint.getByText('contact.created, deal.won').waitFor();
    await endpoint.getByRole('button', { name: 'Send test event' }).click();
    await toastOn(page).filter({ hasText: 'Test event sent' }).waitFor();

    const log = page.getByRole('table', { name: 'Deliveries' });
    const row = log.getByRole('row').filter({ hasText: 'webhook.test' });
    await row.getByText('ECONNREFUSED', { exact: false }).waitFor({ timeout: 30_000 });
    await row.getByText('retrying').waitFor();
    await row.getByRole('button', { name: 'webhook.test' }).click();
    await page.getByText(/^Attempt 1 · connect ECONNREFUSED/).waitFor();
  });
});
