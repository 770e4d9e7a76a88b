import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openSignedIn, trpcMutation, trpcQuery } from './helpers/accounts';
import { useE2E } from './helpers/app';

const e2e = useE2E();

/** How many grid columns a block's list is laid out in. */
const columnsOf = (grid: Locator) => grid.evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').filter(Boolean).length);

describe('Websites: the editor’s phone preview (issue #20)', () => {
  it('lays the blocks out as a phone shows the published page: a three-column feature grid is one column', async () => {
    const { page } = await openSignedIn(e2e);
    const created = await trpcMutation(page, e2e, 'sites.create', { name: 'Preview Dental' });
    const siteId = ((await created.json()) as { result: { data: { id: string } } }).result.data.id;
    const site = ((await (await trpcQuery(page, 'sites.get', { siteId })).json()) as { result: { data: { pages: { id: string; path: string }[] } } }).result.data;
    const home = site.pages.find((p) => p.path === '/')!;

    await page.goto(`/websites/${siteId}/pages/${home.id}`);
    await page.getByTestId('page-editor').waitFor();
    const grid = page.locator('[data-puck-preview] .sb-grid-3').first();
    await grid.waitFor();
    // The canvas of a 1280-pixel window is wider than 40rem: two columns or more.
    expect(await columnsOf(grid)).toBeGreaterThanOrEqual(2);

    await page.getByRole('button', { name: 'Phone preview' }).click();
    expect(await page.getByRole('button', { name: 'Phone preview' }).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(async () => Math.round((await page.getByTestId('preview-device').boundingBox())!.width)).toBe(360);
    await expect.poll(() => columnsOf(grid)).toBe(1);

    // The published page in a phone-wide browser: the same one column.
    const published = ((await (await trpcMutation(page, e2e, 'sites.publish', { pageId: home.id })).json()) as { result: { data: { url: string } } }).result.data;
    const phone = await e2e.open({ viewport: { width: 360, height: 740 } });
    await phone.goto(published.url);
    expect(await columnsOf(phone.locator('.sb-grid-3').first())).toBe(1);

    await page.getByRole('button', { name: 'Desktop preview' }).click();
    await expect.poll(() => columnsOf(grid)).toBeGreaterThanOrEqual(2);
  });
});
