import { describe, expect, it } from 'vitest';
import { openSignedIn, trpcMutation, trpcQuery } from './helpers/accounts';
import { useE2E } from './helpers/app';
import { addFromPalette, palette } from './helpers/builder';
import { watchViolations } from './helpers/csp';

const e2e = useE2E();

describe('Automations: a workflow built on the canvas runs for a new contact', () => {
  it('builds a three-step workflow from the palette, publishes it, and a new contact’s run completes with its SMS in the sandbox', async () => {
    const { page } = await openSignedIn(e2e);
    const violations = await watchViolations(page);

    await page.goto('/automation');
    await page.getByRole('heading', { level: 1, name: 'Workflow Builder' }).waitFor();
    await page
      .getByRole('button', { name: /^Use Template / })
      .first()
      .waitFor();
    await page.getByLabel('Workflow name').fill('New contact follow-up');
    await page.getByRole('button', { name: 'New Workflow' }).click();
    await page.getByRole('heading', { level: 1, name: 'New contact follow-up' }).waitFor();
    expect(new URL(page.url()).searchParams.get('id')).toMatch(/^[0-9a-f-]{36}$/);
    await page.getByText('Workflow Start', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Add Your First Action' }).waitFor();

    // A tab with no card says so rather than showing cards that do nothing.
    await palette(page).getByRole('tab', { name: 'Voice', exact: true }).click();
    await palette(page).getByText('The workflow engine has no Voice step, so this tab has no cards.').waitFor();

    await addFromPalette(page, 'Triggers', 'Contact Created');
    await page.getByText('When: Contact Created').waitFor();
    await addFromPalette(page, 'SMS', 'Send SMS');
    const settings = page.getByRole('complementary', { name: 'Settings' });
    // Validation names the field, with the engine's own rule.
    await settings.getByLabel('Message').fill('');
    await settings.getByText('Message is required').waitFor();
    await settings.getByLabel('Message').fill('Hi {{first_name}}, thanks for signing up!');
    await addFromPalette(page, 'Custom Logic', 'Add Tag');
    await addFromPalette(page, 'Lead Scoring', 'Adjust Lead Score');
    const canvas = page.getByTestId('rf__wrapper');
    for (const title of ['Send SMS', 'Add Tag', 'Adjust Lead Score']) await canvas.getByTestId(`step-${title}`).waitFor();
    expect(await canvas.locator('.react-flow__edge').count()).toBe(3);

    // Undo removes the last card, redo brings it back.
    await page.getByRole('button', { name: 'Undo (Ctrl+Z)' }).click();
    await canvas.getByTestId('step-Adjust Lead Score').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Redo (Ctrl+Shift+Z)' }).click();
    await canvas.getByTestId('step-Adjust Lead Score').waitFor();

    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByText('Workflow published', { exact: true }).waitFor();
    await page.getByText('Published version 1').waitFor();

    const contact = await trpcMutation(page, e2e, 'contacts.create', { firstName: 'Ada', lastName: 'Runner', phone: '+14155552680' });
    expect(contact.status(), await contact.text()).toBe(200);

    await page.goto('/automations');
    const workflows = page.getByRole('table', { name: 'Workflows' });
    await workflows.getByRole('link', { name: 'New contact follow-up' }).waitFor();
    // The run ends on its own; the list refreshes on automation_completed (or on a reload while it has not yet).
    const completed = page.getByTestId('run-row').filter({ hasText: 'completed' }).filter({ hasText: 'Ada Runner' });
    for (let attempt = 0; !(await completed.isVisible()); attempt += 1) {
      if (attempt > 60) throw new Error('the run did not complete');
      await completed.waitFor({ timeout: 1000 }).catch(() => page.reload());
    }
    await completed.getByRole('button', { name: 'Step log' }).click();
    const log = completed.getByRole('list', { name: 'Step log' });
    for (const title of ['Send SMS', 'Add Tag', 'Adjust Lead Score']) await log.getByText(title, { exact: true }).waitFor();

    await page.goto('/sms');
    await page.getByRole('list', { name: 'Conversations' }).getByText('Hi Ada, thanks for signing up!').waitFor();
    expect(violations).toEqual([]);
  });

  it('adds a Webhook Call from Integrations and a Wait Until Time from Delays; saving shows the step’s signing secret', async () => {
    const { page } = await openSignedIn(e2e);
    const violations = await watchViolations(page);
    await page.goto('/automation');
    await page.getByLabel('Workflow name').fill('Tell the warehouse');
    await page.getByRole('button', { name: 'New Workflow' }).click();
    await page.getByRole('heading', { level: 1, name: 'Tell the warehouse' }).waitFor();

    await addFromPalette(page, 'Delays', 'Wait Until Time');
    const settings = page.getByRole('complementary', { name: 'Settings' });
    await settings.getByLabel('Time of day', { exact: true }).fill('10:30');
    await settings.getByRole('checkbox', { name: 'Saturday' }).check();
    await addFromPalette(page, 'Integrations', 'Webhook Call');
    await settings.getByText('Signing secret: generated when you save the workflow, then shown here to copy.').waitFor();
    await settings.getByLabel('URL', { exact: true }).fill('ftp://warehouse.example.com/hook');
    await settings.getByText('URL must be an https:// URL').waitFor();
    await settings.getByLabel('URL', { exact: true }).fill('https://warehouse.example.com/hook');
    await page.getByRole('button', { name: 'Save Workflow' }).click();
    const secret = settings.getByLabel('Signing secret', { exact: true });
    await secret.waitFor();
    expect(await secret.inputValue()).toMatch(/^whsec_/);
    await page.getByText('saved draft not yet published').waitFor();

    const saved = await trpcQuery(page, 'automations.get', { id: new URL(page.url()).searchParams.get('id') });
    const definition = ((await saved.json()) as { result: { data: { definition: { steps: { type: string; config: Record<string, unknown> }[] } } } }).result.data.definition;
    expect(definition.steps.map((s) => [s.type, s.config])).toEqual([
      ['wait_until', { time: '10:30', days: [1, 2, 3, 4, 5, 6] }],
      ['webhook', { url: 'https://warehouse.example.com/hook', secret: await secret.inputValue() }],
    ]);
    expect(violations).toEqual([]);
  });
});
