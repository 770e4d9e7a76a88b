import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openSignedIn, toastOn, trpcCall, trpcQuery } from './helpers/accounts';
import { useE2E } from './helpers/app';

const e2e = useE2E();

/** A tRPC call that must succeed; its answer's data. */
const call = <T = { id: string }>(page: Page, path: string, input: unknown) => trpcCall<T>(page, e2e, path, input);

const oneStep = (step: { id: string; type: string; config: Record<string, unknown> }) => ({ version: 1, triggers: [], steps: [step], edges: [{ from: 'start', to: step.id }] });

describe('Automation builder: revert to published, workflow settings, manual enrolment', () => {
  it('reverts a draft to the published version, and saves the workflow settings so they survive a reload', async () => {
    const { page } = await openSignedIn(e2e);
    const workflow = await call(page, 'automations.create', { name: 'Revertible' });
    await call(page, 'automations.saveDraft', { id: workflow.id, definition: oneStep({ id: 'Hello-SMS', type: 'send_sms', config: { body: 'Hello' } }) });
    await call(page, 'automations.publish', { id: workflow.id });
    await call(page, 'automations.saveDraft', { id: workflow.id, definition: oneStep({ id: 'Tag-later', type: 'add_tag', config: { tag: 'later' } }) });

    await page.goto(`/automation?id=${workflow.id}`);
    const canvas = page.getByTestId('rf__wrapper');
    await canvas.getByTestId('step-Tag later').waitFor();
    await page.getByText('saved draft not yet published').waitFor();
    await page.getByRole('button', { name: 'Revert to published' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revert to the published version?' });
    await confirm.getByRole('button', { name: 'Discard draft' }).click();
    await toastOn(page).filter({ hasText: 'Draft reverted' }).waitFor();
    await canvas.getByTestId('step-Hello SMS').waitFor();
    expect(await canvas.getByTestId('step-Tag later').count()).toBe(0);
    // Nothing left to revert: the button goes with the draft.
    await page.getByRole('button', { name: 'Revert to published' }).waitFor({ state: 'detached' });
    await page.reload();
    await canvas.getByTestId('step-Hello SMS').waitFor();
    expect(await canvas.getByTestId('step-Tag later').count()).toBe(0);

    // Workflow Start holds the workflow's settings.
    await canvas.getByText('Workflow Start', { exact: true }).click();
    const settings = page.getByRole('region', { name: 'Workflow settings' });
    await settings.getByLabel('Allow re-enrolment').check();
    await settings.getByLabel('Stop when the contact replies').uncheck();
    await settings.getByLabel('Send only in a sending window').check();
    await settings.getByLabel('Time zone').selectOption('contact');
    await settings.getByLabel('From').selectOption('18');
    await settings.getByLabel('Until').selectOption('9');
    // The server's rule, named by field, before anything is sent.
    await settings.getByText('Until must be after the start hour').waitFor();
    await page.getByRole('button', { name: 'Save Workflow' }).click();
    await page.getByText('settings.sendingWindow.endHour: must be after the start hour').waitFor();
    await settings.getByLabel('Until').selectOption('20');
    await settings.getByLabel('Saturday').check();
    await page.getByRole('button', { name: 'Save Workflow' }).click();
    await page.getByText('saved draft not yet published').waitFor();

    await page.reload();
    await canvas.getByText('Workflow Start', { exact: true }).click();
    expect(await settings.getByLabel('Allow re-enrolment').isChecked()).toBe(true);
    expect(await settings.getByLabel('Stop when the contact replies').isChecked()).toBe(false);
    expect(await settings.getByLabel('Unenrol on goal').isChecked()).toBe(true);
    expect(await settings.getByLabel('Time zone').inputValue()).toBe('contact');
    expect([await settings.getByLabel('From').inputValue(), await settings.getByLabel('Until').inputValue()]).toEqual(['18', '20']);
    const saved = await trpcQuery(page, 'automations.get', { id: workflow.id });
    expect(((await saved.json()) as { result: { data: { settings: unknown } } }).result.data.settings).toEqual({
      allowReenrollment: true,
      stopOnReply: false,
      unenrollOnGoal: true,
      sendingWindow: { startHour: 18, endHour: 20, days: [1, 2, 3, 4, 5, 6], timeZone: 'contact' },
    });
  });

  it('enrols a contact by hand from the automations page, and the run is listed', async () => {
    // The second enrolment is refused (409), which Chromium reports on the console.
    const { page } = await openSignedIn(e2e, { allowErrors: [/status of 409 .*automations\.enroll/] });
    const workflow = await call(page, 'automations.create', { name: 'Manual follow-up' });
    await call(page, 'automations.saveDraft', { id: workflow.id, definition: oneStep({ id: 'Pause', type: 'wait', config: { amount: 1, unit: 'days' } }) });
    await call(page, 'automations.publish', { id: workflow.id });
    await call(page, 'contacts.create', { firstName: 'Grace', lastName: 'Enrolled', email: 'grace.enrolled@example.test' });

    await page.goto('/automations');
    await page.getByText('No run matches', { exact: false }).waitFor();
    const enrol = async () => {
      await page.getByRole('button', { name: 'Enrol contact' }).click();
      const dialog = page.getByRole('dialog', { name: 'Enrol a contact' });
      expect(await dialog.getByLabel('Workflow').inputValue()).toBe(workflow.id);
      await dialog.getByRole('combobox', { name: 'Contact' }).fill('Grace');
      await dialog.getByRole('option', { name: /Grace Enrolled/ }).click();
      await dialog.getByRole('button', { name: 'Enrol', exact: true }).click();
      return dialog;
    };
    await enrol();
    await toastOn(page).filter({ hasText: 'Contact enrolled' }).waitFor();
    const run = page.getByTestId('run-row').filter({ hasText: 'Manual follow-up' }).filter({ hasText: 'Grace Enrolled' });
    await run.waitFor();

    // A contact already in the workflow is not enrolled twice; the dialog says why.
    const dialog = await enrol();
    await dialog.getByText('The contact was not enrolled: the contact is already in this workflow').waitFor();
    expect(await page.getByTestId('run-row').count()).toBe(1);
  });
});
