import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openSignedIn, trpcMutation, trpcQuery } from './helpers/accounts';
import { useE2E } from './helpers/app';

const e2e = useE2E();

type Detail = { result: { data: { id: string; abTest: unknown; email: { content: unknown } } } };
type Stats = { result: { data: { recipients: number; variants: { variant: string; recipients: number }[]; winner: string | null } } };

const TEST_CHECKBOX = 'Test a second version on part of the audience, then send the winner to the rest';
/** A blocks body: a heading, a paragraph, the footer. */
const blocksSaying = (text: string) => [
  { id: 'h1', type: 'heading', text: 'Winter at Demo', level: 1, align: 'left' },
  { id: 't1', type: 'text', text, align: 'left' },
  { id: 'f1', type: 'footer', postalAddress: '1 Main Street, Springfield', unsubscribeLabel: 'Unsubscribe' },
];

describe('Campaigns: the A/B test of the subject line or the body, in the editor and the report (issue #18)', () => {
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
    await page.getByLabel(TEST_CHECKBOX).check();
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
    await page.getByLabel(TEST_CHECKBOX).uncheck();
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByRole('button', { name: 'Saved' }).waitFor();
    expect(await abTestOf()).toBeNull();
  });

  it('tests the body: B starts as a copy of A, is edited under the A | B switch with its own preview, and is kept across a reload', async () => {
    const { page } = await openSignedIn(e2e);
    const created = await trpcMutation(page, e2e, 'campaigns.create', {
      name: 'Body test',
      channel: 'email',
      audience: { match: 'all', conditions: [] },
      email: { subject: 'Winter offers', content: { kind: 'blocks', blocks: blocksSaying('Our winter offers are here.') } },
    });
    expect(created.ok(), await created.text()).toBe(true);
    const { id } = ((await created.json()) as Detail).result.data;
    const detailOf = async () => ((await (await trpcQuery(page, 'campaigns.get', { id })).json()) as Detail).result.data;

    await page.goto(`/campaigns/${id}`);
    await page.getByRole('heading', { level: 1, name: 'Body test' }).waitFor();
    await page.getByLabel(TEST_CHECKBOX).check();
    await page.getByLabel('What the test varies').selectOption('body');
    expect(await page.getByLabel('Subject B').count()).toBe(0);

    const editor = page.getByTestId('block-editor');
    const paragraph = editor.getByRole('listitem', { name: 'Text (block 2)' }).getByLabel('Text', { exact: true });
    const preview = page.getByTestId('email-preview');
    await page.getByRole('radio', { name: 'Body B' }).click();
    await page.getByRole('heading', { name: 'Preview of version B' }).waitFor();
    // B starts as a copy of A.
    expect(await paragraph.inputValue()).toBe('Our winter offers are here.');
    await paragraph.fill('Twenty percent off, this week only.');
    await expect.poll(() => preview.getAttribute('srcdoc'), { timeout: 15_000 }).toContain('Twenty percent off, this week only.');
    // A is left as it was, and the preview follows back.
    await page.getByRole('radio', { name: 'Body A' }).click();
    expect(await paragraph.inputValue()).toBe('Our winter offers are here.');
    await expect.poll(() => preview.getAttribute('srcdoc'), { timeout: 15_000 }).toContain('Our winter offers are here.');
    // A broken block of body B holds the save back, as one of body A does.
    await page.getByRole('radio', { name: 'Body B' }).click();
    await paragraph.fill('');
    await page.getByText('Fix the fields marked in red before saving.').waitFor();
    expect(await page.getByRole('button', { name: 'Save draft' }).isDisabled()).toBe(true);
    await paragraph.fill('Twenty percent off, this week only.');

    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByRole('button', { name: 'Saved' }).waitFor();
    const saved = await detailOf();
    expect(saved.abTest).toEqual({ contentB: { kind: 'blocks', blocks: blocksSaying('Twenty percent off, this week only.') }, sharePercent: 20, metric: 'opens', waitHours: 4 });
    expect(saved.email.content).toEqual({ kind: 'blocks', blocks: blocksSaying('Our winter offers are here.') });

    await page.reload();
    await expect.poll(() => page.getByLabel('What the test varies').inputValue()).toBe('body');
    await page.getByRole('radio', { name: 'Body B' }).click();
    expect(await paragraph.inputValue()).toBe('Twenty percent off, this week only.');
  });

  it('the report’s A/B test card: what each variant varies and its figures, when the winner is chosen, then the winner', async () => {
    const { page } = await openSignedIn(e2e);
    for (let i = 0; i < 4; i++) expect((await trpcMutation(page, e2e, 'contacts.create', { firstName: `Reader${i}`, email: `reader${i}@example.test`, tags: ['ab-body'] })).ok()).toBe(true);
    expect((await trpcMutation(page, e2e, 'email.updateSettings', { postalAddress: '1 Main Street, Springfield' })).ok()).toBe(true);
    const created = await trpcMutation(page, e2e, 'campaigns.create', {
      name: 'Body test sent',
      channel: 'email',
      audience: { match: 'all', conditions: [{ type: 'tag', tag: 'ab-body' }] },
      email: { subject: 'Winter offers', content: { kind: 'blocks', blocks: blocksSaying('Body A words') } },
      abTest: { subjectB: 'Your winter offer', contentB: { kind: 'blocks', blocks: blocksSaying('Body B words') }, sharePercent: 50, metric: 'opens', waitHours: 3 },
    });
    expect(created.ok(), await created.text()).toBe(true);
    const { id } = ((await created.json()) as Detail).result.data;
    expect((await trpcMutation(page, e2e, 'campaigns.send', { id })).ok()).toBe(true);
    const statsOf = async () => ((await (await trpcQuery(page, 'campaigns.stats', { id })).json()) as Stats).result.data;
    // The test's share (two of four) goes; the rest waits for the winner.
    await expect.poll(async () => (await statsOf()).variants.map((v) => v.recipients), { timeout: 30_000 }).toEqual([1, 1]);

    await page.goto(`/campaigns/${id}`);
    const card = page.getByTestId('ab-test-card');
    const rowOf = (variant: 'A' | 'B') => card.getByRole('row', { name: new RegExp(`^${variant}`) });
    await rowOf('A').getByText('Subject: “Winter offers” · Body A').waitFor();
    await rowOf('B').getByText('Subject: “Your winter offer” · Body B').waitFor();
    await card.getByText('Opened by people (decides)').waitFor();
    await card.getByText(/^The winner is chosen on .+, then sent to the rest of the audience\.$/).waitFor();

    // A person opens B; the test's wait is cut short, and the server's own winner job decides.
    const recipient = await e2e.db.selectFrom('campaign_recipients').select(['id', 'organization_id']).where('campaign_id', '=', id).where('variant', '=', 'b').executeTakeFirstOrThrow();
    await e2e.db.insertInto('campaign_events').values({ organization_id: recipient.organization_id, campaign_id: id, recipient_id: recipient.id, type: 'open' }).execute();
    await sql`update pgboss.job set start_after = now() where name = 'campaigns.pickWinner' and data->>'campaignId' = ${id}`.execute(e2e.db);
    await card.getByText(/^Variant B won on .+; the rest of the audience got it\.$/).waitFor({ timeout: 30_000 });
    await rowOf('B').getByText('Winner').waitFor();
    expect(await rowOf('B').textContent()).toContain('1 (100%)');
    await expect.poll(async () => (await statsOf()).recipients, { timeout: 30_000 }).toBe(4);
  });
});
