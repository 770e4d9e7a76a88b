import type { Page } from 'playwright-core';

/** The workflow builder's palette of steps and triggers. */
export const palette = (page: Page) => page.getByRole('complementary', { name: 'Components' });

/** Opens a palette tab and clicks one of its cards (each card adds a step or a trigger). */
export async function addFromPalette(page: Page, tab: string, card: string) {
  await palette(page).getByRole('tab', { name: tab, exact: true }).click();
  await palette(page)
    .getByRole('tabpanel')
    .getByRole('button', { name: new RegExp(`^${card}`) })
    .click();
}
