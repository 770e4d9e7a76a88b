import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openSignedIn } from './helpers/accounts';
import { useE2E } from './helpers/app';
import { watchViolations } from './helpers/csp';

const e2e = useE2E();

/** Drags a block from Puck's palette onto the end of the page (Puck's drag is pointer-driven, so the mouse moves in steps). */
async function dragFromPalette(page: Page, block: string): Promise<void> {
  const source = page.getByTestId(`drawer-item:${block}`);
  const target = page.locator('[data-testid^="dropzone:root:"]').first();
  await source.scrollIntoViewIfNeeded();
  const from = (await source.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 10, { steps: 5 });
  // The end of the page: just above the zone's bottom edge.
  await page.mouse.move(to.x + to.width / 2, Math.min(to.y + to.height - 8, 780), { steps: 25 });
  await page.mouse.up();
}

/** Waits for the autosave to settle: a change shows "Unsaved changes", then "Saved". */
async function untilSaved(page: Page): Promise<void> {
  await expect.poll(() => page.getByTestId('save-status').getByRole('status').textContent(), { timeout: 15_000 }).toBe('Saved');
}

async function publish(page: Page, version: number): Promise<string> {
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByText(`Version ${version} is live`).first().waitFor();
  return (await page.getByTestId('live-url').getAttribute('href'))!;
}

describe('Websites: a site from a template, a block added in the page builder, published, visited and reverted (issue #20)', () => {
  it('creates a site from a template, adds a Heading from the palette, publishes it, sees it as a visitor, and reverts to version 1', async () => {
    const { page } = await openSignedIn(e2e);
    const violations = await watchViolations(page);

    await page.goto('/websites');
    await page.getByText('No websites yet').waitFor();
    // The empty state offers the templates; the first one starts the site.
    await page.getByRole('list', { name: 'Templates' }).getByRole('button').first().click();
    const dialog = page.getByRole('dialog', { name: 'New site' });
    const handle = `spring-${Date.now().toString(36)}`;
    await dialog.getByLabel('Site name').fill('Spring Dental');
    await dialog.getByLabel('Handle').fill(handle);
    await dialog.getByRole('button', { name: 'Create site' }).click();
    await page.getByRole('heading', { level: 1, name: 'Spring Dental' }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/websites\/[0-9a-f-]{36}$/);

    // The home page from the template, and the thank-you page, both drafts.
    const pages = page.getByRole('table', { name: 'Pages of the site' });
    await pages.getByRole('link', { name: 'Edit /', exact: true }).waitFor();
    await pages.getByRole('link', { name: 'Edit /thank-you' }).waitFor();
    await pages.getByRole('link', { name: 'Edit /', exact: true }).click();
    await page.getByTestId('page-editor').waitFor();
    await page.getByTestId('drawer-item:Heading').waitFor();

    // A Heading dragged from the palette is selected; its text typed in the fields panel is saved as the draft.
    const before = await page.locator('[data-puck-component]').count();
    await dragFromPalette(page, 'Heading');
    await expect.poll(() => page.locator('[data-puck-component]').count()).toBe(before + 1);
    // The selected block's fields (Puck's fields panel; its class names carry a build hash).
    const text = page.locator('[class*="_PuckFields_"]').getByRole('textbox', { name: 'Text', exact: true });
    await text.fill('Open on Saturdays');
    await untilSaved(page);

    const liveUrl = await publish(page, 1);
    expect(liveUrl).toContain(`/s/${handle}`);

    // A visitor (no session) sees the heading on the published page. A site without a favicon of its
    // own declares none, so the browser asks the origin's /favicon.ico, which is not served (reported to publishing).
    const visitor = await e2e.open({ allowErrors: [/status of 404 .*\/favicon\.ico\)$/] });
    const response = await visitor.goto(liveUrl);
    expect(response?.status()).toBe(200);
    await visitor.getByRole('heading', { name: 'Open on Saturdays' }).waitFor();

    // Version 2 changes the heading; reverting to version 1 brings the first text back, live and in the editor.
    await text.fill('Open every day');
    await untilSaved(page);
    await publish(page, 2);
    await visitor.reload();
    await visitor.getByRole('heading', { name: 'Open every day' }).waitFor();

    await page.getByRole('button', { name: 'Versions' }).click();
    await page.getByRole('button', { name: 'Revert to version 1' }).click();
    await page
      .getByRole('alertdialog')
      .or(page.getByRole('dialog', { name: 'Revert to version 1?' }))
      .getByRole('button', { name: 'Revert', exact: true })
      .click();
    await page.getByText('Version 1 is live').first().waitFor();
    await visitor.reload();
    await visitor.getByRole('heading', { name: 'Open on Saturdays' }).waitFor();
    await page.locator('[data-puck-preview]').getByRole('heading', { name: 'Open on Saturdays' }).waitFor();
    await expect.poll(() => page.locator('[data-puck-preview]').getByRole('heading', { name: 'Open every day' }).count()).toBe(0);

    expect(violations).toEqual([]);
  });
});
