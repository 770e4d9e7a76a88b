import type { Page } from 'playwright-core';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { newAccount, openSignedIn, organizationOf, PASSWORD, trpcMutation, trpcMutations } from './helpers/accounts';
import { PHONE, useE2E } from './helpers/app';

/** The defects users hit on screens of a given size (issue #14): measured in the browser, not eyeballed. */
const e2e = useE2E();

async function ok(response: { status(): number; text(): Promise<string> }): Promise<void> {
  expect(response.status(), await response.text()).toBe(200);
}

/** How wide the page is against its viewport: more than the viewport is sideways scrolling of the whole page. */
const pageWidth = (page: Page) => page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, viewport: window.innerWidth }));

describe('pipeline board at 1440 × 900', () => {
  it("shows all six default stages, stays within the screen's height, and each column scrolls its own deals", async () => {
    const { page } = await openSignedIn(e2e, { viewport: { width: 1440, height: 900 } });
    // Enough deals in the first stage to be far taller than the screen.
    const deals = Array.from({ length: 30 }, (_, i) => ({ title: `Deal ${i + 1}`, value: { valueMinor: 100_000 * (i + 1), currency: 'USD' } }));
    await ok(await trpcMutations(page, e2e, 'deals.create', deals));
    await page.goto('/pipeline');
    await page
      .getByRole('list', { name: 'Deals in Qualified Leads' })
      .getByRole('button', { name: /^Deal 30,/ })
      .waitFor();

    const layout = await page.evaluate(() => {
      const columns = [...document.querySelectorAll<HTMLElement>('[aria-label="Stages"] [role="listitem"]')].map((column) => {
        const box = column.getBoundingClientRect();
        const deals = column.querySelector<HTMLElement>('ul[aria-label^="Deals in"]')!;
        return {
          left: box.left,
          right: box.right,
          width: box.width,
          height: box.height,
          dealsScroll: deals.scrollHeight,
          dealsClient: deals.clientHeight,
          overflowY: getComputedStyle(deals).overflowY,
        };
      });
      return { columns, pageHeight: document.documentElement.scrollHeight, pageWidth: document.documentElement.scrollWidth, viewport: { width: window.innerWidth, height: window.innerHeight } };
    });
    expect(layout.columns).toHaveLength(6);
    // The page is no taller or wider than the screen: the board does the scrolling.
    expect(layout.pageHeight).toBeLessThanOrEqual(layout.viewport.height);
    expect(layout.pageWidth).toBeLessThanOrEqual(layout.viewport.width);
    for (const column of layout.columns) {
      // Every stage in view and wide enough to read its cards.
      expect(column.left).toBeGreaterThanOrEqual(0);
      expect(column.right).toBeLessThanOrEqual(layout.viewport.width);
      expect(column.width).toBeGreaterThanOrEqual(170);
      expect(column.height).toBeLessThanOrEqual(layout.viewport.height);
      expect(column.overflowY).toBe('auto');
    }
    // The 30 deals scroll inside their column.
    expect(layout.columns[0]!.dealsScroll).toBeGreaterThan(layout.columns[0]!.dealsClient);
    const last = page.getByRole('button', { name: /^Deal 1,/ });
    await last.scrollIntoViewIfNeeded();
    expect(await last.isVisible()).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  it('on a narrower screen scrolls the stages sideways, with buttons and from the keyboard', async () => {
    const { page } = await openSignedIn(e2e, { viewport: { width: 1024, height: 768 } });
    await page.goto('/pipeline');
    const scroller = page.getByRole('region', { name: 'Stages', exact: true });
    await scroller.waitFor();
    const state = () => scroller.evaluate((el) => ({ left: el.scrollLeft, overflow: el.scrollWidth - el.clientWidth }));
    expect((await state()).overflow).toBeGreaterThan(0);
    expect(await pageWidth(page)).toMatchObject({ scroll: 1024 });
    // Only the way there is more to see has a button.
    expect(await page.getByRole('button', { name: 'Scroll stages left' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Scroll stages right' }).click();
    await expect.poll(async () => (await state()).left).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Scroll stages left' }).waitFor();
    // The region is focusable: the arrow keys scroll it.
    await scroller.focus();
    const before = (await state()).left;
    await page.keyboard.press('ArrowLeft');
    await expect.poll(async () => (await state()).left).toBeLessThan(before);
    const after = (await state()).left;
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await state()).left).toBeGreaterThan(after);
  });
});

describe('organization settings on a phone', () => {
  it("fits 375 px: no sideways scrolling, and every member's role and Remove are on screen", async () => {
    const { page } = await openSignedIn(e2e, PHONE, newAccount({ name: 'Owner Ada' }));
    // Two members who joined through invites, with long names and addresses.
    const names = ['Bartholomew Featherstonehaugh', 'Maximiliana Worthington-Smythe'];
    for (const name of names) {
      const email = `${name.toLowerCase().replaceAll(/[^a-z]/g, '.')}.${Date.now().toString(36)}@long-company-domain.example.test`;
      const invite = await trpcMutation(page, e2e, 'members.invite', { email, role: 'sales_rep' });
      await ok(invite);
      const url = new URL(((await invite.json()) as { result: { data: { url: string } } }).result.data.url);
      const token = url.pathname.split('/invite/')[1]!;
      await ok(await (await e2e.open()).request.post('/trpc/invites.accept', { data: { token, name, password: PASSWORD } }));
    }
    await page.goto('/settings/organization');
    await page.getByRole('table', { name: 'Members' }).waitFor();
    await page.getByRole('combobox', { name: `Role of ${names[1]}` }).waitFor();

    expect(await pageWidth(page)).toEqual({ scroll: 375, viewport: 375 });
    for (const name of names) {
      for (const control of [page.getByRole('combobox', { name: `Role of ${name}` }), page.getByRole('button', { name: `Remove ${name}` })]) {
        await control.scrollIntoViewIfNeeded();
        const box = (await control.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(375);
        // Nothing clips it: the point at its centre is the control itself (not hidden by a scrolled table).
        const hit = await control.evaluate((el) => {
          const r = el.getBoundingClientRect();
          const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          return at === el || el.contains(at);
        });
        expect(hit).toBe(true);
      }
    }
    // The table itself does not scroll sideways either (its controls would be out of sight).
    const table = await page.getByRole('table', { name: 'Members' }).evaluate((el) => {
      const frame = el.parentElement!;
      return frame.scrollWidth - frame.clientWidth;
    });
    expect(table).toBe(0);
  });
});

/** The text of what a field's aria-describedby points at, and whether it is marked invalid. */
async function described(page: Page, label: string): Promise<{ invalid: string | null; text: string }> {
  return page
    .getByRole('dialog')
    .getByLabel(label, { exact: true })
    .evaluate((el) => ({
      invalid: el.getAttribute('aria-invalid'),
      text: (el.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .filter(Boolean)
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' '),
    }));
}

describe('appointment form', () => {
  it('says "must be after the start" under the end time on the same day, under the end date when the day is earlier', async () => {
    const { page } = await openSignedIn(e2e);
    await page.goto('/appointments?date=2030-05-08');
    await page.getByRole('button', { name: 'New appointment' }).click();
    const dialog = page.getByRole('dialog', { name: 'New appointment' });
    await dialog.getByLabel('Title').fill('Call with Initech');
    await dialog.getByLabel('Start date').fill('2030-05-08');
    await dialog.getByLabel('Start time').fill('10:00');
    await dialog.getByLabel('End date').fill('2030-05-08');
    await dialog.getByLabel('End time').fill('09:30');
    await dialog.getByRole('button', { name: 'Create appointment' }).click();

    // Same day, earlier time: the time is what is wrong.
    await dialog.getByText('End time must be after the start').waitFor();
    expect(await described(page, 'End time')).toEqual({ invalid: 'true', text: 'End time must be after the start' });
    expect(await described(page, 'End date')).toEqual({ invalid: null, text: '' });
    expect(await dialog.getByText('End date must be after the start').count()).toBe(0);

    // An end day before the start's: the date is.
    await dialog.getByLabel('End date').fill('2030-05-07');
    await dialog.getByLabel('End time').fill('11:00');
    await dialog.getByRole('button', { name: 'Create appointment' }).click();
    await dialog.getByText('End date must be after the start').waitFor();
    expect(await described(page, 'End date')).toEqual({ invalid: 'true', text: 'End date must be after the start' });
    expect(await described(page, 'End time')).toEqual({ invalid: null, text: '' });

    // Put right, it saves.
    await dialog.getByLabel('End date').fill('2030-05-08');
    await dialog.getByRole('button', { name: 'Create appointment' }).click();
    await dialog.waitFor({ state: 'detached' });
  });
});

describe('contacts list, 300 contacts', () => {
  it('keeps only the rows near the screen in the DOM while loading more as it scrolls, with keyboard, selection and row semantics intact', async () => {
    const { page, account } = await openSignedIn(e2e);
    // 300 contacts made by the database itself: creating them through the API took a third of the test's time.
    await sql`insert into contacts (organization_id, first_name, last_name)
      select ${await organizationOf(e2e, account)}::uuid, 'Person' || lpad(g::text, 3, '0'), 'Sample' from generate_series(1, 300) as g`.execute(e2e.db);
    await page.goto('/contacts?sort=name&limit=100');
    const status = page.getByRole('status').filter({ hasText: /^Showing/ });
    await status.getByText('Showing 1–100 of 300 contacts').waitFor();
    const table = page.getByRole('table', { name: 'Contacts' });
    // Contact rows in the DOM (spacer rows are aria-hidden).
    const domRows = () => page.locator('table[aria-label="Contacts"] tbody tr:not([aria-hidden])').count();

    // Load more once; from then on the end of the list loads the rest as it comes into view.
    await page.getByRole('button', { name: 'Load 100 more' }).click();
    await status.getByText('Showing 1–200 of 300 contacts').waitFor();
    await expect
      .poll(
        async () => {
          await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
          return status.textContent();
        },
        { timeout: 20_000 },
      )
      .toBe('Showing 1–300 of 300 contacts');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const lastRow = table.getByRole('row').filter({ has: page.getByRole('link', { name: 'Person300 Sample', exact: true }) });
    await lastRow.waitFor();
    // Only the rows near the screen are rendered, not 300.
    expect(await domRows()).toBeLessThan(60);
    expect(await domRows()).toBeGreaterThan(5);
    // The table still says how many rows it has and where each rendered one is.
    expect(await table.getAttribute('aria-rowcount')).toBe('301');
    expect(await lastRow.getAttribute('aria-rowindex')).toBe('301');
    // Spacer rows are hidden from assistive technology: every row a screen reader meets is a contact or the header.
    expect(await table.getByRole('row').count()).toBe((await domRows()) + 1);

    // Halfway down, the rows there are rendered and the first ones are gone.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
    await expect.poll(() => table.getByRole('link', { name: 'Person001 Sample', exact: true }).count()).toBe(0);
    expect(await domRows()).toBeLessThan(60);

    // Keyboard: from the top, Tab walks down the rows, past the ones first rendered, without leaving the table.
    await page.evaluate(() => window.scrollTo(0, 0));
    await table.getByRole('checkbox', { name: 'Select Person001 Sample' }).focus();
    const renderedAtTop = await page.evaluate(() =>
      Math.max(...[...document.querySelectorAll('table[aria-label="Contacts"] tbody tr[data-contact-row]')].map((tr) => Number(tr.getAttribute('aria-rowindex')))),
    );
    for (let i = 0; i < 120; i += 1) await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const row = document.activeElement?.closest('tr[data-contact-row]');
      return { inTable: Boolean(document.activeElement?.closest('table[aria-label="Contacts"]')), rowIndex: Number(row?.getAttribute('aria-rowindex') ?? 0) };
    });
    expect(focused.inTable).toBe(true);
    expect(focused.rowIndex).toBeGreaterThan(renderedAtTop);

    // Selection covers the loaded rows, rendered or not.
    await page.evaluate(() => window.scrollTo(0, 0));
    await table.getByRole('checkbox', { name: 'Select all contacts on this page' }).check();
    await page.getByRole('region', { name: 'Bulk actions' }).getByText('300 contacts selected').waitFor();
  });
});
