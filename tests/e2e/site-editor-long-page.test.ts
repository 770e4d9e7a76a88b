import { describe, expect, it } from 'vitest';
import { ZHeadingProps, ZTextProps } from '../../server/sites/blocks/schema';
import { openSignedIn, trpcMutation, trpcQuery } from './helpers/accounts';
import { useE2E } from './helpers/app';

const e2e = useE2E();

/** Over the editor's virtualization threshold (40, client/components/sites/page-editor.tsx). */
const BLOCKS = 60;
const LAST = BLOCKS - 1;

/** Headings and Texts in turn, each with its own copy (as scripts/bench/editor.ts builds its page). */
const longPage = () => ({
  root: { props: {} },
  content: Array.from({ length: BLOCKS }, (_, i) =>
    i % 2 === 0
      ? { type: 'Heading', props: { id: `Heading-long-${i}`, ...ZHeadingProps.parse({ text: `Section ${i / 2 + 1}` }) } }
      : { type: 'Text', props: { id: `Text-long-${i}`, ...ZTextProps.parse({ text: `Paragraph ${i}. We answer every enquiry the same day.` }) } },
  ),
  zones: {},
});

type Result<T> = { result: { data: T } };

describe('Websites: the editor on a page of more than 40 blocks (issue #20)', () => {
  it('mounts only the blocks in view, shows the last block when scrolled to, and saves an edit to it', { timeout: 120_000 }, async () => {
    const { page } = await openSignedIn(e2e);
    const site = ((await (await trpcMutation(page, e2e, 'sites.create', { name: 'Long page' })).json()) as Result<{ id: string }>).result.data;
    const created = ((await (await trpcMutation(page, e2e, 'sites.createPage', { siteId: site.id, path: '/long', title: 'Long page' })).json()) as Result<{ id: string }>).result.data;
    const loaded = ((await (await trpcQuery(page, 'sites.page', { pageId: created.id })).json()) as Result<{ draftUpdatedAt: string }>).result.data;
    // Seeded through the server's own draft door: the blocks are validated as the editor's would be.
    const saved = await trpcMutation(page, e2e, 'sites.saveDraft', { pageId: created.id, data: longPage(), baseUpdatedAt: loaded.draftUpdatedAt });
    expect(saved.ok()).toBe(true);

    await page.goto(`/websites/${site.id}/pages/${created.id}`);
    await page.getByTestId('page-editor').waitFor();
    const canvas = page.locator('[data-puck-preview]');
    const blocks = canvas.locator('[data-puck-component]');
    const last = canvas.locator(`[data-puck-component="Text-long-${LAST}"]`);
    await canvas.locator('[data-puck-component="Heading-long-0"]').waitFor();
    // The canvas mounts the blocks in view and an overscan, not all sixty.
    expect(await blocks.count()).toBeLessThan(BLOCKS / 2);
    expect(await last.count()).toBe(0);

    // The outline lists the page's blocks virtualized too (Puck's rail items are clickable divs, not buttons).
    await page.locator('[class*="_NavItem-link_"]').filter({ hasText: 'Outline' }).click();
    const layers = page.locator('[data-puck-layer-tree-id]');
    await layers.first().waitFor();
    expect(await layers.count()).toBeLessThan(BLOCKS / 2);

    // Scrolled with the wheel to its end, the canvas mounts the last block and lets the first go (Puck's
    // virtualizer follows the canvas's scroll only with scripts/lib/puck-canvas-scroll.ts: it followed the window).
    const box = (await canvas.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + Math.min(box.height, 600) / 2);
    await expect
      .poll(
        async () => {
          await page.mouse.wheel(0, 3000);
          return last.isVisible();
        },
        { timeout: 40_000 },
      )
      .toBe(true);
    expect(await blocks.count()).toBeLessThan(BLOCKS / 2);
    expect(await canvas.locator('[data-puck-component="Heading-long-0"]').count()).toBe(0);

    // Selected, its text edited in the fields panel: the canvas shows it and the draft saves it.
    await last.click();
    const text = page.locator('[class*="_PuckFields_"]').getByRole('textbox', { name: 'Text (a blank line starts a paragraph)' });
    await expect.poll(() => text.inputValue()).toBe(`Paragraph ${LAST}. We answer every enquiry the same day.`);
    await text.fill('The last paragraph, edited on a long page.');
    await last.getByText('The last paragraph, edited on a long page.').waitFor();
    await expect.poll(() => page.getByTestId('save-status').getByRole('status').textContent(), { timeout: 15_000 }).toBe('Saved');
    const draft = ((await (await trpcQuery(page, 'sites.page', { pageId: created.id })).json()) as Result<{ draft: ReturnType<typeof longPage> }>).result.data.draft;
    expect(draft.content).toHaveLength(BLOCKS);
    expect(draft.content[LAST]!.props.text).toBe('The last paragraph, edited on a long page.');
    expect(draft.content[LAST - 1]!.props.text).toBe(`Section ${BLOCKS / 2}`);
  });
});
