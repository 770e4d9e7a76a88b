import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openSignedIn, toastOn, trpcMutation, trpcQuery } from './helpers/accounts';
import { useE2E } from './helpers/app';

const e2e = useE2E();

type Appt = { id: string; title: string; startsAt: string; endsAt: string; status: string };

async function listWeek(page: Page): Promise<Appt[]> {
  const response = await trpcQuery(page, 'appointments.list', { from: '2030-05-01T00:00:00Z', to: '2030-05-15T00:00:00Z' });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { result: { data: { items: Appt[] } } }).result.data.items;
}

const block = (page: Page, title: string) => page.locator('[data-appointment]').filter({ hasText: title });

describe('appointments calendar', () => {
  it('creates an appointment, drags it to a new time, reschedules it from the keyboard dialog, warns about an overlap, and offers its .ics', async () => {
    // The user's zone (a preference, UTC by default) places appointments; the browser's zone does not matter.
    const { page } = await openSignedIn(e2e, { timezoneId: 'Asia/Tokyo' });
    await page.goto('/appointments?date=2030-05-08');
    await page.getByRole('heading', { level: 1, name: 'Appointments' }).waitFor();
    expect(await page.getByRole('button', { name: 'Week', exact: true }).getAttribute('aria-pressed')).toBe('true');

    await page.getByRole('button', { name: 'New appointment' }).click();
    const dialog = page.getByRole('dialog', { name: 'New appointment' });
    await dialog.getByLabel('Title').fill('Demo with Initech');
    await dialog.getByLabel('Start date').fill('2030-05-08');
    await dialog.getByLabel('Start time').fill('10:00');
    await dialog.getByLabel('End date').fill('2030-05-08');
    await dialog.getByLabel('End time').fill('10:30');
    expect(await dialog.getByLabel('Time zone').inputValue()).toBe('UTC');
    await dialog.getByLabel('Meeting link').fill('not a link');
    await dialog.getByRole('button', { name: 'Create appointment' }).click();
    await dialog.getByText(/Meeting link must be a valid http\(s\) URL/).waitFor();
    await dialog.getByLabel('Meeting link').fill('https://meet.example.com/initech');
    await dialog.getByRole('button', { name: 'Create appointment' }).click();
    await toastOn(page).getByText('Appointment created').waitFor();
    await dialog.waitFor({ state: 'detached' });

    const demo = block(page, 'Demo with Initech');
    await demo.waitFor();
    let [created] = await listWeek(page);
    expect(created).toMatchObject({ title: 'Demo with Initech', startsAt: '2030-05-08T10:00:00.000Z', endsAt: '2030-05-08T10:30:00.000Z' });

    // Pointer: drag it two hours down (48 px an hour), the length stays. hover() puts the pointer on the
    // block only once the block itself receives it: the closing dialog's overlay fades out (150 ms)
    // after the dialog has gone, and a press on the overlay would start no drag.
    const grip = { x: 12, y: 8 };
    await demo.hover({ position: grip });
    const box = (await demo.boundingBox())!;
    await page.mouse.down();
    await page.mouse.move(box.x + grip.x, box.y + grip.y + 40, { steps: 5 });
    await page.mouse.move(box.x + grip.x, box.y + grip.y + 96, { steps: 5 });
    await page.mouse.up();
    await toastOn(page).getByText('Appointment rescheduled').waitFor();
    await expect.poll(async () => (await listWeek(page))[0]?.startsAt).toBe('2030-05-08T12:00:00.000Z');
    [created] = await listWeek(page);
    expect(created!.endsAt).toBe('2030-05-08T12:30:00.000Z');

    // Keyboard: focus the appointment, Enter opens it, Reschedule asks for the new time.
    await block(page, 'Demo with Initech').focus();
    await page.keyboard.press('Enter');
    const details = page.getByRole('dialog', { name: 'Demo with Initech' });
    await details.getByRole('link', { name: 'https://meet.example.com/initech' }).waitFor();
    const ics = details.getByRole('link', { name: 'Add to calendar (.ics)' });
    expect(await ics.getAttribute('href')).toBe(`/api/appointments/${created!.id}/ics`);
    const file = await page.request.get(`/api/appointments/${created!.id}/ics`);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toMatch(/^text\/calendar/);
    expect(await file.text()).toContain('SUMMARY:Demo with Initech');

    // Another appointment of the same assignee at 15:30 makes the new time overlap: a warning, not a refusal.
    const other = await trpcMutation(page, e2e, 'appointments.create', { title: 'Board meeting', startsAt: '2030-05-08T15:30:00Z', endsAt: '2030-05-08T16:30:00Z' });
    expect(other.status()).toBe(200);

    await details.getByRole('button', { name: 'Reschedule' }).click();
    const reschedule = page.getByRole('dialog', { name: 'Reschedule “Demo with Initech”' });
    await reschedule.getByLabel('Date').fill('2030-05-08');
    await reschedule.getByLabel('Start time').fill('15:00');
    await reschedule.getByLabel('End time').fill('15:45');
    await reschedule.getByText(/Overlaps with another appointment of the assignee/).waitFor();
    await reschedule.getByText(/Board meeting/).waitFor();
    await reschedule.getByRole('button', { name: 'Reschedule' }).click();
    await toastOn(page).getByText('Rescheduled — overlaps another appointment').waitFor();
    await expect.poll(async () => (await listWeek(page)).find((a) => a.title === 'Demo with Initech')?.startsAt).toBe('2030-05-08T15:00:00.000Z');

    // Back on its details (now at the new time): mark it completed.
    const back = page.getByRole('dialog', { name: 'Demo with Initech' });
    await back.getByRole('button', { name: 'Mark completed' }).click();
    await toastOn(page).getByText('Marked completed').waitFor();
    await expect.poll(async () => (await listWeek(page)).find((a) => a.title === 'Demo with Initech')?.status).toBe('completed');
  });

  it('moves between day, week and month views and dates, keeping them in the URL', async () => {
    const { page } = await openSignedIn(e2e);
    const created = await trpcMutation(page, e2e, 'appointments.create', { title: 'Quarterly review', startsAt: '2030-05-20T09:00:00Z', endsAt: '2030-05-20T10:00:00Z' });
    expect(created.status()).toBe(200);
    await page.goto('/appointments?view=month&date=2030-05-20');
    await page.getByRole('heading', { level: 2, name: 'May 2030' }).waitFor();
    await page.getByRole('button', { name: /^Quarterly review, / }).waitFor();

    await page.getByRole('button', { name: 'Next month' }).click();
    await page.getByRole('heading', { level: 2, name: 'June 2030' }).waitFor();
    expect(new URL(page.url()).searchParams.get('date')).toBe('2030-06-20');
    await page.goBack();
    await page.getByRole('heading', { level: 2, name: 'May 2030' }).waitFor();

    await page.getByRole('button', { name: /^Monday, May 20, 2030, 1 appointment: day view$/ }).click();
    await page.getByRole('heading', { level: 2, name: 'Monday, May 20, 2030' }).waitFor();
    expect(new URL(page.url()).searchParams.get('view')).toBe('day');
    await block(page, 'Quarterly review').waitFor();
    await page.reload();
    await block(page, 'Quarterly review').waitFor();
  });
});
