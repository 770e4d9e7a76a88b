import { describe, expect, it } from 'vitest';
import { openSignedIn, toastOn, trpcMutation } from './helpers/accounts';
import { useE2E } from './helpers/app';

const e2e = useE2E();

describe('e-mail from a contact’s page (sandbox transport)', () => {
  it('E-mail → template → a variable → live preview → Send; the timeline shows it and follows it to delivered', async () => {
    const { page } = await openSignedIn(e2e);
    const contactAnswer = await trpcMutation(page, e2e, 'contacts.create', { firstName: 'Ada', lastName: 'Byron', email: 'ada.byron@example.test' });
    const contact = ((await contactAnswer.json()) as { result: { data: { id: string } } }).result.data;
    const templateAnswer = await trpcMutation(page, e2e, 'email.createTemplate', {
      name: 'Follow-up',
      subject: 'Following up, {{firstName}}',
      body: 'Hi {{firstName|there}},\n\nShall we meet on {{day}}?',
    });
    expect(templateAnswer.status()).toBe(200);

    await page.goto(`/contacts/${contact.id}`);
    const actions = page.getByRole('navigation', { name: 'Contact actions' });
    for (const name of ['E-mail', 'Log a call or meeting', 'Create task', 'Create deal', 'Create appointment']) await actions.getByRole('button', { name }).waitFor();
    await actions.getByRole('button', { name: 'E-mail' }).click();

    const dialog = page.getByRole('dialog');
    await dialog.getByText('To ada.byron@example.test; it goes on their timeline.').waitFor();
    await dialog.getByLabel('Template').selectOption({ label: 'Follow-up' });
    const preview = dialog.getByRole('region', { name: 'Preview' });
    await preview.getByTestId('email-preview-subject').getByText('Following up, Ada').waitFor();
    await preview.getByText('Still to fill: day').waitFor();
    await dialog.getByLabel('day', { exact: true }).fill('Tuesday');
    await preview.getByText(/Shall we meet on Tuesday\?/).waitFor();
    await dialog.getByRole('button', { name: 'Send' }).click();
    await toastOn(page).getByText('E-mail queued', { exact: true }).waitFor();

    const entry = page.getByRole('list', { name: 'Activity' }).locator('li[data-type="email_out"]');
    await entry.getByText('E-mail sent to ada.byron@example.test').waitFor();
    await entry.getByText('Following up, Ada').waitFor();
    // The sandbox delivers it; the email_status event refreshes the timeline without a reload.
    await entry.locator('[data-email-status="delivered"]').waitFor({ timeout: 20_000 });
  });

  it('logs a call with its outcome, and opens the task form with the contact filled in', async () => {
    const { page } = await openSignedIn(e2e);
    const answer = await trpcMutation(page, e2e, 'contacts.create', { firstName: 'Charles', lastName: 'Babbage', email: 'charles@example.test' });
    const contact = ((await answer.json()) as { result: { data: { id: string } } }).result.data;
    await page.goto(`/contacts/${contact.id}`);
    const actions = page.getByRole('navigation', { name: 'Contact actions' });

    await actions.getByRole('button', { name: 'Log a call or meeting' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Outcome').selectOption({ label: 'Left a voicemail' });
    await dialog.getByLabel('Notes').fill('Will call back Friday.');
    await dialog.getByRole('button', { name: 'Log call' }).click();
    const entry = page.getByRole('list', { name: 'Activity' }).locator('li[data-type="call_logged"]');
    await entry.getByText('Call logged · Left a voicemail').waitFor();
    await entry.getByText('Will call back Friday.').waitFor();

    await actions.getByRole('button', { name: 'Create task' }).click();
    const contactField = page.getByRole('dialog').getByRole('combobox', { name: 'Contact' });
    await contactField.waitFor();
    expect(await contactField.inputValue()).toBe('Charles Babbage');
  });
});
