import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openSignedIn, trpcMutation, trpcQuery } from './helpers/accounts';
import { type E2E, useE2E } from './helpers/app';

const e2e = useE2E();

type Data<T> = { result: { data: T } };

async function mutate<T>(page: Page, app: E2E, path: string, input: unknown): Promise<T> {
  const response = await trpcMutation(page, app, path, input);
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return ((await response.json()) as Data<T>).result.data;
}

async function query<T>(page: Page, path: string, input?: unknown): Promise<T> {
  const response = await trpcQuery(page, path, input);
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return ((await response.json()) as Data<T>).result.data;
}

describe('Reports: the Campaigns section (issue #18)', () => {
  it('shows a sent campaign of the range with its figures and totals, linking to its report; an empty range says so and links to Campaigns', async () => {
    const { page } = await openSignedIn(e2e);
    const ada = await mutate<{ id: string }>(page, e2e, 'contacts.create', { firstName: 'Ada', lastName: 'Tester', email: 'ada.report@example.test', tags: ['report-list'] });
    await mutate(page, e2e, 'contacts.create', { firstName: 'Bob', lastName: 'Tester', email: 'bob.report@example.test', tags: ['report-list'] });
    await mutate(page, e2e, 'email.updateSettings', { postalAddress: '1 Main Street, Springfield' });
    const campaign = await mutate<{ id: string }>(page, e2e, 'campaigns.create', {
      name: 'Winter sale',
      channel: 'email',
      audience: { match: 'all', conditions: [{ type: 'tag', tag: 'report-list' }] },
      email: { subject: 'Winter sale', content: { kind: 'html', html: '<p>Hi</p>' } },
    });
    await mutate(page, e2e, 'campaigns.send', { id: campaign.id });
    await expect.poll(async () => (await query<{ status: string }>(page, 'campaigns.get', { id: campaign.id })).status, { timeout: 30_000 }).toBe('sent');
    // Ada opens and clicks (a person, not a machine), and wins a $2,500 deal.
    const adaRecipient = await e2e.db
      .selectFrom('campaign_recipients')
      .select(['id', 'organization_id'])
      .where('campaign_id', '=', campaign.id)
      .where('contact_id', '=', ada.id)
      .executeTakeFirstOrThrow();
    const event = (type: 'open' | 'click') => ({ organization_id: adaRecipient.organization_id, campaign_id: campaign.id, recipient_id: adaRecipient.id, type, machine: false });
    await e2e.db
      .insertInto('campaign_events')
      .values([event('open'), event('click')])
      .execute();
    const pipelines = await query<{ items: { isDefault: boolean; stages: { id: string; name: string }[] }[] }>(page, 'pipelines.list');
    const won = pipelines.items.find((p) => p.isDefault)!.stages.find((s) => s.name === 'Closed Won')!;
    const deal = await mutate<{ id: string }>(page, e2e, 'deals.create', { title: 'Winter deal', value: { valueMinor: 250_000, currency: 'USD' }, contactId: ada.id });
    await mutate(page, e2e, 'deals.move', { dealId: deal.id, stageId: won.id });

    await page.goto('/reports?period=7d');
    const section = page.getByRole('region', { name: 'Campaigns' });
    const table = section.getByRole('table', { name: 'Campaigns in this period' });
    const row = table.getByRole('row', { name: /Winter sale/ });
    await row.waitFor();
    const cells = async (locator: typeof row) => (await locator.getByRole('cell').allTextContents()).map((t) => t.trim());
    // Campaign, channel, started, recipients, delivered, opened, clicked, replied, unsubscribed, deals won.
    expect((await cells(row)).filter((_, i) => i !== 2 && i !== 4)).toEqual(['Winter sale', 'E-mail', '2', '1 (50%)', '1 (50%)', '0', '0', '1 · 2,500']);
    const totals = table.getByRole('row', { name: /^Total/ });
    expect((await cells(totals)).filter((_, i) => i !== 1)).toEqual(['2', '1 (50%)', '1 (50%)', '0', '0', '1 · 2,500']);

    await row.getByRole('link', { name: 'Winter sale' }).click();
    await page.getByRole('heading', { level: 1, name: 'Winter sale' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/campaigns/${campaign.id}`);

    // A range before the campaign: the empty state, with the way to Campaigns.
    await page.goto('/reports?from=2025-01-01&to=2025-01-31');
    const empty = page.getByRole('region', { name: 'Campaigns' });
    await empty.getByText('No campaign started sending in this period').waitFor();
    await empty.getByRole('link', { name: 'Go to Campaigns' }).click();
    await page.getByRole('heading', { level: 1, name: 'Campaigns' }).waitFor();
  });
});
