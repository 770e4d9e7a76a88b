import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openSignedIn, toastOn, trpcMutation } from './helpers/accounts';
import { type E2E, useE2E } from './helpers/app';

const e2e = useE2E();

const tab = (page: Page, name: RegExp) => page.getByRole('tab', { name });
const list = (page: Page) => page.getByRole('tabpanel').getByRole('list');

async function createTask(page: Page, app: E2E, input: Record<string, unknown>) {
  const response = await trpcMutation(page, app, 'tasks.create', input);
  expect(response.status(), await response.text()).toBe(200);
}

describe('tasks', () => {
  it('lists tasks in views with counts, highlights overdue ones, and completes one in a click (it leaves the open views)', async () => {
    const { page } = await openSignedIn(e2e);
    await page.goto('/tasks');
    await page.getByRole('heading', { level: 1, name: 'Tasks' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'No tasks yet' }).waitFor();

    const day = 86_400_000;
    await createTask(page, e2e, { title: 'Send the contract', dueAt: new Date(Date.now() - 2 * day).toISOString(), priority: 'urgent' });
    await createTask(page, e2e, { title: 'Prepare the QBR deck', dueAt: new Date(Date.now() + 3 * day).toISOString(), priority: 'low' });

    // One through the dialog: due today (no time: by the end of the day), high priority.
    await page.reload();
    await page.getByRole('button', { name: 'New task' }).click();
    const dialog = page.getByRole('dialog', { name: 'New task' });
    await dialog.getByLabel('Title').fill('Call Ada back');
    await dialog.getByLabel('Description').fill('About the renewal terms');
    const today = await page.evaluate(() => new Intl.DateTimeFormat('en-CA', { timeZone: 'UTC' }).format(new Date()));
    await dialog.getByLabel('Due date').fill(today);
    await dialog.getByLabel('Priority').selectOption('high');
    await dialog.getByRole('button', { name: 'Create task' }).click();
    await toastOn(page).getByText('Task created').waitFor();

    await expect.poll(() => tab(page, /^My tasks/).textContent()).toMatch(/3/);
    expect(await tab(page, /^Today/).textContent()).toMatch(/1/);
    expect(await tab(page, /^Overdue/).textContent()).toMatch(/1/);
    expect(await tab(page, /^Upcoming/).textContent()).toMatch(/1/);

    // Soonest due first; the overdue one says so, with its priority.
    const rows = list(page).getByRole('listitem');
    await expect.poll(() => rows.count()).toBe(3);
    expect(await rows.nth(0).textContent()).toMatch(/Send the contract.*Urgent.*Overdue/);
    expect(await rows.nth(1).textContent()).toMatch(/Call Ada back.*High/);
    expect(await rows.nth(1).getByText('Overdue').count()).toBe(0);

    // Overdue tab, kept in the URL across a reload.
    await tab(page, /^Overdue/).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('view')).toBe('overdue');
    await page.reload();
    expect(await tab(page, /^Overdue/).getAttribute('aria-selected')).toBe('true');
    await list(page).getByText('Send the contract').waitFor();
    expect(await list(page).getByRole('listitem').count()).toBe(1);

    // One click completes it: it leaves the open view and the counts follow.
    await list(page).getByRole('checkbox', { name: 'Complete “Send the contract”' }).click();
    await toastOn(page).getByText('Task completed').waitFor();
    await page.getByText('Nothing overdue. Nice work.').waitFor();
    await expect.poll(() => tab(page, /^Overdue/).textContent()).toMatch(/0/);
    await expect.poll(() => tab(page, /^My tasks/).textContent()).toMatch(/2/);

    // In All it is done, struck through, and reopens in one click.
    await tab(page, /^All/).click();
    const done = list(page).getByRole('checkbox', { name: 'Reopen “Send the contract”' });
    await done.waitFor();
    expect(await done.isChecked()).toBe(true);
    await done.click();
    await toastOn(page).getByText('Task reopened').waitFor();
    await list(page).getByRole('checkbox', { name: 'Complete “Send the contract”' }).waitFor();
    await expect.poll(() => tab(page, /^Overdue/).textContent()).toMatch(/1/);
  });

  it('edits a task and filters by search and priority in the URL', async () => {
    const { page } = await openSignedIn(e2e);
    await page.goto('/tasks');
    await page.getByRole('heading', { level: 1, name: 'Tasks' }).waitFor();
    await createTask(page, e2e, { title: 'Email the proposal', priority: 'medium' });
    await createTask(page, e2e, { title: 'Book the venue', priority: 'high' });
    await page.reload();
    await list(page).getByText('Book the venue').waitFor();

    await page.getByRole('searchbox', { name: 'Search' }).fill('proposal');
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('proposal');
    await expect.poll(() => list(page).getByRole('listitem').count()).toBe(1);

    await list(page).getByRole('button', { name: 'Email the proposal' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit task' });
    await dialog.getByLabel('Title').fill('Email the revised proposal');
    await dialog.getByLabel('Priority').selectOption('urgent');
    await dialog.getByRole('button', { name: 'Save task' }).click();
    await toastOn(page).getByText('Task saved').waitFor();
    await list(page).getByText('Email the revised proposal').waitFor();

    await page.getByLabel('Priority').selectOption('urgent');
    await expect.poll(() => new URL(page.url()).searchParams.get('priority')).toBe('urgent');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => list(page).getByRole('listitem').count()).toBe(2);
  });
});
