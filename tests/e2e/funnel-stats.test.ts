import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { openSignedIn, trpcCall } from './helpers/accounts';
import { useE2E } from './helpers/app';
import { watchViolations } from './helpers/csp';

const e2e = useE2E();

const utcDay = (back = 0) => new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);

describe('Funnels: a step’s figures, charts and A/B significance (issue #20)', () => {
  it('shows each step’s figures and chart, each variant’s chart and significance, follows the date range and downloads the CSV', async () => {
    const { page } = await openSignedIn(e2e);
    const violations = await watchViolations(page);
    const call = <T = { id: string }>(path: string, input: unknown) => trpcCall<T>(page, e2e, path, input);
    const { id: siteId } = await call('sites.create', { name: 'Split Dental' });
    const a = await call('sites.createPage', { siteId, path: '/offer', title: 'Offer A' });
    const b = await call('sites.createPage', { siteId, path: '/offer-b', title: 'Offer B' });
    for (const pageId of [a.id, b.id]) await call('sites.publish', { pageId });
    const funnel = await call('funnels.create', { siteId, name: 'Whitening offer' });
    const step = await call('funnels.addStep', { funnelId: funnel.id, pageId: a.id, name: 'Offer' });
    await call('funnels.addVariant', { stepId: step.id, pageId: b.id });

    // Counted visits, as the serving path records them (tests/integration/funnels.test.ts proves the counting):
    // three days back, 60 visitors on each variant; A converts 15, B 40.
    const { organization_id } = await e2e.db.selectFrom('funnels').select('organization_id').where('id', '=', funnel.id).executeTakeFirstOrThrow();
    const variants = await e2e.db.selectFrom('funnel_variants').select(['id', 'page_id']).where('step_id', '=', step.id).execute();
    const variantOf = (pageId: string) => variants.find((v) => v.page_id === pageId)!.id;
    const rows = [a.id, b.id].flatMap((pageId, i) =>
      Array.from({ length: 60 }, (_, n) => ({
        organization_id,
        funnel_id: funnel.id,
        step_id: step.id,
        variant_id: variantOf(pageId),
        day: utcDay(n % 3),
        visitor_hash: randomBytes(12).toString('base64url'),
        opted_in: n < (i === 0 ? 15 : 40),
      })),
    );
    await e2e.db.insertInto('funnel_visits').values(rows).execute();

    await page.goto(`/funnels/${funnel.id}`);
    await page.getByRole('heading', { level: 1, name: 'Whitening offer' }).waitFor();
    await page.getByRole('img', { name: 'Offer: 120 visitors and 55 opt-ins over the period, per day' }).waitFor();
    await page.getByRole('img', { name: 'Offer: Offer A 25.0%, Offer B 66.7% opt-in rate over the period' }).waitFor();
    await page.getByText('Opt-in rate by variant, cumulative over the period').waitFor();
    // One line per variant in the chart's legend, the control named.
    const legend = page.locator('figure .recharts-legend-wrapper');
    await legend.getByText('Offer A (control)').waitFor();
    await legend.getByText('Offer B', { exact: true }).waitFor();
    const variantsTable = page.getByRole('table', { name: 'Variants of Offer' });
    await variantsTable.getByText(/^Significantly better \(p /).waitFor();
    expect(await variantsTable.getByRole('row').nth(2).getByRole('cell').nth(2).textContent()).toBe('60');

    // The range: yesterday only (a third of the visits).
    await page.getByLabel('From', { exact: true }).fill(utcDay(1));
    await page.getByLabel('To', { exact: true }).fill(utcDay(1));
    await page.getByRole('img', { name: 'Offer: 40 visitors and 18 opt-ins over the period, per day' }).waitFor();
    expect(new URL(page.url()).searchParams.get('from')).toBe(utcDay(1));

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    const csv = await readFile((await download.path())!, 'utf8');
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(/^from,to,step,step_name,variant_page,/);
    expect(lines.slice(1).map((l) => l.split(',').slice(2, 5).join(','))).toEqual(['1,Offer,', '1,Offer,Offer A', '1,Offer,Offer B']);
    expect(violations).toEqual([]);
  });
});
