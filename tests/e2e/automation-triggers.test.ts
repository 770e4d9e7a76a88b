import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openSignedIn, trpcMutation, trpcQuery } from './helpers/accounts';
import { useE2E } from './helpers/app';
import { addFromPalette } from './helpers/builder';

const e2e = useE2E();

describe('Automation triggers in the builder', () => {
  it('adds an inbound webhook from the Integrations tab, shows its URL and secret, and a signed POST runs the published workflow; a schedule’s cron is checked by field', async () => {
    const { page } = await openSignedIn(e2e);
    await page.goto('/automation');
    await page.getByLabel('Workflow name').fill('From the shop');
    await page.getByRole('button', { name: 'New Workflow' }).click();
    await page.getByRole('heading', { level: 1, name: 'From the shop' }).waitFor();

    await addFromPalette(page, 'Integrations', 'Inbound Webhook');
    await page.getByText('When: Inbound Webhook').waitFor();
    await addFromPalette(page, 'Custom Logic', 'Add Tag');
    await page.getByTestId('rf__wrapper').getByTestId('step-Add Tag').waitFor();

    await page.getByTestId('rf__wrapper').getByText('Workflow Start', { exact: true }).click();
    const settings = page.getByRole('complementary', { name: 'Settings' });

    // A schedule: the cron expression is checked with the engine's rule, naming the field; a saved view is chosen from the member's views.
    await addFromPalette(page, 'Triggers', 'Schedule');
    await settings.getByLabel('Repeats').selectOption('cron');
    await settings.getByLabel(/^Cron expression/).fill('0 25 * * *');
    await settings.getByText(/hour: 25 is out of range 0–23/).waitFor();
    await settings.getByLabel('Saved view').waitFor();
    await settings.getByRole('button', { name: 'Remove trigger Schedule' }).click();

    await settings.getByRole('button', { name: 'Show URL and secret' }).click();
    const codes = settings.locator('dd code');
    await codes.first().waitFor();
    const url = (await codes.nth(0).textContent())!;
    const secret = (await codes.nth(1).textContent())!;
    expect(url).toMatch(new RegExp(`^${e2e.url}/api/automations/hooks/[A-Za-z0-9_-]{24}$`));
    expect(secret).toMatch(/^whsec_/);

    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByText('Workflow published', { exact: true }).waitFor();

    const contact = await trpcMutation(page, e2e, 'contacts.create', { firstName: 'Ada', lastName: 'Hook', email: 'ada.hook@example.test' });
    expect(contact.status(), await contact.text()).toBe(200);
    const body = JSON.stringify({ contact: { email: 'ada.hook@example.test' }, data: { order: 42 } });
    const posted = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-Switchboard-Signature': `sha256=${createHmac('sha256', secret).update(body).digest('hex')}` },
      body,
    });
    expect(posted.status, await posted.clone().text()).toBe(202);
    const { runId } = (await posted.json()) as { runId: string };

    const workflowId = new URL(page.url()).searchParams.get('id');
    for (;;) {
      const runs = (await (await trpcQuery(page, 'automations.runs', { workflowId })).json()) as { result: { data: { items: { id: string; status: string }[] } } };
      const run = runs.result.data.items.find((r) => r.id === runId);
      if (run?.status === 'completed') break;
      expect(run?.status ?? 'running').toMatch(/^(running|waiting)$/);
      await page.waitForTimeout(100);
    }
  });
});
