import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openSignedIn, toastOn, trpcMutation, trpcQuery } from './helpers/accounts';
import { useE2E } from './helpers/app';

const e2e = useE2E();

const calendarsRegion = (page: Page) => page.getByRole('region', { name: 'Booking calendars', exact: true });

describe('Settings → Booking calendars', () => {
  it('creates a calendar with a question, a member’s weekly hours and a date override, shares its public link with free times, then renames and deactivates it', async () => {
    const { page, account } = await openSignedIn(e2e, {
      timezoneId: 'UTC',
      permissions: ['clipboard-read', 'clipboard-write'],
      // The deactivated calendar's page answers 404 (what the last step checks); the slug taken by another calendar answers 409.
      allowErrors: [/status of 404 .*\/api\/booking\/pages\//, /status of 409 .*\/trpc\/calendars\.update/],
    });
    await page.goto('/appointments');
    await page.getByRole('link', { name: 'Booking calendars' }).click();
    await calendarsRegion(page).getByText('No booking calendars yet.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Create a booking calendar' }).click();

    const form = page.getByRole('form', { name: 'Create calendar' });
    await form.getByLabel('Name', { exact: true }).fill('Discovery call');
    expect(await form.getByLabel('Slug', { exact: true }).inputValue()).toBe('discovery-call');
    // A bad slug: the server's rule, under the field.
    await form.getByLabel('Slug', { exact: true }).fill('Bad slug!');
    await form.getByRole('button', { name: 'Create calendar' }).click();
    await form.getByText('Slug must be 1–60 lower-case letters, digits or - (not at either end)').waitFor();
    expect(await form.getByLabel('Slug', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await form.getByLabel('Slug', { exact: true }).fill('intro-call');
    expect(await form.getByLabel('Slug', { exact: true }).getAttribute('aria-invalid')).toBeNull();
    await form.getByLabel('Location', { exact: true }).fill('Video call');

    await form.getByRole('button', { name: 'Add a question' }).click();
    await form.getByLabel('Question 1', { exact: true }).fill('What would you like to discuss?');
    await form.getByLabel('Required', { exact: true }).check();

    // The creator is the member: Mondays to Thursdays 10:00–12:00 UTC, Fridays off.
    const hours = form.getByRole('region', { name: `${account.name}’s availability` });
    await hours.getByLabel('Time zone', { exact: true }).selectOption('UTC');
    await hours.getByLabel('Monday from', { exact: true }).fill('10:00');
    await hours.getByLabel('Monday until', { exact: true }).fill('12:00');
    await hours.getByRole('button', { name: 'Copy Monday to weekdays' }).click();
    expect(await hours.getByLabel('Thursday until', { exact: true }).inputValue()).toBe('12:00');
    await hours.getByLabel('Available on Friday', { exact: true }).uncheck();
    await hours.getByLabel('Friday from', { exact: true }).waitFor({ state: 'detached' });
    // A date override: a Tuesday at least two days ahead has only 14:00–15:00.
    const tuesday = new Date();
    tuesday.setUTCDate(tuesday.getUTCDate() + 2);
    while (tuesday.getUTCDay() !== 2) tuesday.setUTCDate(tuesday.getUTCDate() + 1);
    const tuesdayDate = tuesday.toISOString().slice(0, 10);
    await hours.getByRole('button', { name: 'Add a date override' }).click();
    await hours.getByLabel('Override 1 date', { exact: true }).fill(tuesdayDate);
    await hours.getByRole('button', { name: 'Add hours on Override 1' }).click();
    await hours.getByLabel('Override 1 from', { exact: true }).fill('14:00');
    await hours.getByLabel('Override 1 until', { exact: true }).fill('15:00');
    await form.getByRole('button', { name: 'Create calendar' }).click();
    await toastOn(page).filter({ hasText: 'Booking calendar created' }).waitFor();

    const item = calendarsRegion(page).getByRole('listitem', { name: 'Discovery call' });
    await item.getByText('Personal · 30 min').waitFor();
    await item.getByText('Active', { exact: true }).waitFor();
    const link = item.getByRole('link', { name: 'Open Discovery call booking page' });
    const url = await link.getAttribute('href');
    expect(url).toMatch(new RegExp(`^${e2e.url}/book/[a-z0-9-]+/intro-call$`));
    await item.getByText(url!, { exact: true }).waitFor();
    await item.getByRole('button', { name: 'Copy Discovery call link' }).click();
    await item.getByRole('button', { name: 'Discovery call link copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

    // The public page: free times on Mondays at 10:00, none on Fridays; the question on the form.
    await page.goto(url!);
    await page.getByRole('heading', { name: 'Discovery call' }).waitFor();
    // A Monday with its whole morning ahead (today's may have begun).
    const monday = page
      .locator('section')
      .filter({ has: page.getByRole('heading', { name: /^Monday / }) })
      .filter({ has: page.getByRole('button', { name: '10:00' }) })
      .first();
    expect(await monday.getByRole('button').allTextContents()).toEqual(['10:00', '10:30', '11:00', '11:30']);
    expect(await page.getByRole('heading', { name: /^Friday / }).count()).toBe(0);
    const tuesdayHeading = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(tuesday);
    const overridden = page.locator('section').filter({ has: page.getByRole('heading', { name: tuesdayHeading, exact: true }) });
    expect(await overridden.getByRole('button').allTextContents()).toEqual(['14:00', '14:30']);
    await monday.getByRole('button', { name: '10:00' }).click();
    await page.getByLabel('What would you like to discuss?', { exact: true }).waitFor();

    // This organization, the first here, owns the product site: its /book-demo books this calendar.
    await page.goto('/book-demo');
    await page.getByRole('heading', { level: 1, name: 'Book a Demo' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Discovery call' }).waitFor();
    await page.getByRole('button', { name: '10:00' }).first().click();
    await page.getByLabel('What would you like to discuss?', { exact: true }).waitFor();

    // A second calendar takes a slug; the server's refusal lands under Slug.
    const me = (await (await trpcQuery(page, 'auth.me')).json()) as { result: { data: { user: { id: string } } } };
    const taken = await trpcMutation(page, e2e, 'calendars.create', {
      name: 'Taken',
      slug: 'taken',
      kind: 'personal',
      slotMinutes: 15,
      members: [{ userId: me.result.data.user.id, timeZone: 'UTC', weekly: [[], [], [], [], [], [], []], overrides: [] }],
    });
    expect(taken.status()).toBe(200);

    await page.goto('/settings/calendars');
    await calendarsRegion(page).getByRole('listitem', { name: 'Taken' }).waitFor();
    await page.getByRole('button', { name: 'Edit Discovery call' }).click();
    const edit = page.getByRole('form', { name: 'Save calendar' });
    expect(await edit.getByLabel('Question 1', { exact: true }).inputValue()).toBe('What would you like to discuss?');
    expect(await edit.getByLabel('Monday from', { exact: true }).inputValue()).toBe('10:00');
    expect(await edit.getByLabel('Override 1 date', { exact: true }).inputValue()).toBe(tuesdayDate);
    await edit.getByLabel('Slug', { exact: true }).fill('taken');
    await edit.getByRole('button', { name: 'Save calendar' }).click();
    await edit.getByText('Slug is already used by another calendar').waitFor();

    await edit.getByLabel('Slug', { exact: true }).fill('intro-call');
    await edit.getByLabel('Name', { exact: true }).fill('Strategy call');
    expect(await edit.getByLabel('Slug', { exact: true }).inputValue()).toBe('intro-call');
    await edit.getByRole('switch', { name: 'Active' }).click();
    await edit.getByRole('button', { name: 'Save calendar' }).click();
    await toastOn(page).filter({ hasText: 'Booking calendar saved' }).waitFor();
    const renamed = calendarsRegion(page).getByRole('listitem', { name: 'Strategy call' });
    await renamed.getByText('Inactive', { exact: true }).waitFor();
    expect(await calendarsRegion(page).getByRole('listitem', { name: 'Discovery call' }).count()).toBe(0);

    // Deleting asks first; the deactivated calendar's page takes no bookings.
    await calendarsRegion(page).getByRole('button', { name: 'Delete Taken' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete calendar' }).click();
    await calendarsRegion(page).getByRole('listitem', { name: 'Taken' }).waitFor({ state: 'detached' });
    await page.goto(url!);
    await page.getByText('This booking page does not exist.').waitFor();
  });
});
