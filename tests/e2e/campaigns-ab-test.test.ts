import { describe, expect, it } from 'vitest';
import { openSignedIn, trpcMutation, trpcQuery } from './helpers/accounts';
import { useE2E } from './helpers/app';

const e2e = useE2E();

type Detail = { result: { data: { id: string; abTest: unknown } } };

describe('Campaigns: the subject-line A/B test in the editor (issue #18)', () => {
  it('sets a second subject, the share, the metric and the wait; a rule broken is named at its field as typed; unticked, the test is gone', async () => {
    const { page } = await openSignedIn(e2e);
    const created = await trpcMutation(page, e2e, 'campaigns.create', {
      name: 'Subject test',
      channel: 'email',
      audience: { match: 'all', conditions: [] },
      email: { subject: 'Spring offers', content: { kind: 'html', html: '<p>Hi</p>' } },
    });
    expect(created.ok(), await created.text()).toBe(true);
    const { id } = ((await created.json()) as Detail).result.data;
    const abTestOf = async () => ((await (await trpcQuery(page, 'campaigns.get', { id })).json()) as Detail).result.data.abTest;

    await page.goto(`/campaigns/${id}`);
    await page.getByRole('heading', { level: 1, name: 'Subject test' }).waitFor();
    await page.getByLabel('Test a second subject line on part of the audience, then send the winner to the rest').check();
    await page.getByLabel('Subject B').fill('Your spring offer inside');
    await page.getByLabel('Share in the test (%)').fill('1');
    await page.getByLabel('Winner by').selectOption('replies');
    await page.getByLabel('Decide after (hours)').fill('6');
    // The server's rule, checked as typed: named at its field, and saving waits for it.
    await page.getByText('must be at least 2').waitFor();
    expect(await page.getByRole('button', { name: 'Save draft' }).isDisabled()).toBe(true);
    expect(await abTestOf()).toBeNull();

    await page.getByLabel('Share in the test (%)').fill('30');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByRole('button', { name: 'Saved' }).waitFor();
    expect(await abTestOf()).toEqual({ subjectB: 'Your spring offer inside', sharePercent: 30, metric: 'replies', waitHours: 6 });

    // Kept across a reload, and gone once unticked.
    await page.reload();
    await expect.poll(() => page.getByLabel('Subject B').inputValue()).toBe('Your spring offer inside');
    await page.getByLabel('Test a second subject line on part of the audience, then send the winner to the rest').uncheck();
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByRole('button', { name: 'Saved' }).waitFor();
    expect(await abTestOf()).toBeNull();
  });
});
