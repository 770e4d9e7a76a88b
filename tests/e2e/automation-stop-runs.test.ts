import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newAccount, openSignedIn, PASSWORD, toastOn, trpcCall, trpcMutation, trpcQuery } from './helpers/accounts';
import { useE2E } from './helpers/app';
import { watchViolations } from './helpers/csp';

const e2e = useE2E();

/** A tRPC call that must succeed; its answer's data. */
const call = <T = { id: string }>(page: Page, path: string, input: unknown) => trpcCall<T>(page, e2e, path, input);

describe('Automations: stopping every run of a workflow', () => {
  it('asks with the number of active runs, stops them all, says how many, and a viewer finds the button disabled', async () => {
    const { page } = await openSignedIn(e2e);
    const violations = await watchViolations(page);
    const workflow = await call(page, 'automations.create', { name: 'Long wait' });
    const definition = { version: 1, triggers: [], steps: [{ id: 'Pause', type: 'wait', config: { amount: 3, unit: 'days' } }], edges: [{ from: 'start', to: 'Pause' }] };
    await call(page, 'automations.saveDraft', { id: workflow.id, definition });
    await call(page, 'automations.publish', { id: workflow.id });
    for (const [firstName, lastName] of [
      ['Grace', 'Hopper'],
      ['Linus', 'Torvalds'],
      ['Barbara', 'Liskov'],
    ] as const) {
      const contact = await call(page, 'contacts.create', { firstName, lastName, email: `${firstName.toLowerCase()}.${lastName.toLowerCase()}@example.test` });
      await call(page, 'automations.enroll', { id: workflow.id, contactId: contact.id });
    }

    await page.goto('/automations');
    // The run's status badge, not the step log's or a name's words.
    const waiting = page
      .getByTestId('run-row')
      .filter({ hasText: 'Long wait' })
      .filter({ has: page.getByText('waiting', { exact: true }) });
    // The three runs reach their wait on their own (the engine's job); the list refreshes on a reload until they have.
    for (let attempt = 0; (await waiting.count()) < 3; attempt += 1) {
      if (attempt > 60) throw new Error('the runs did not reach their wait');
      await page.waitForTimeout(500);
      if (attempt % 4 === 3) await page.reload();
    }
    const row = page.getByRole('table', { name: 'Workflows' }).getByRole('row').filter({ hasText: 'Long wait' });
    await row.getByRole('button', { name: 'Stop runs of Long wait' }).click();
    const dialog = page.getByRole('dialog', { name: 'Stop 3 active runs of “Long wait”?' });
    await dialog.getByText('The 3 runs still going (running, waiting or paused) stop', { exact: false }).waitFor();
    // Cancel changes nothing.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await waiting.count()).toBe(3);

    await row.getByRole('button', { name: 'Stop runs of Long wait' }).click();
    await dialog.getByRole('button', { name: 'Stop 3 active runs' }).click();
    await toastOn(page).filter({ hasText: 'Stopped 3 active runs' }).waitFor();
    await page
      .getByTestId('run-row')
      .filter({ hasText: 'Long wait' })
      .filter({ has: page.getByText('stopped', { exact: true }) })
      .nth(2)
      .waitFor();
    expect(await waiting.count()).toBe(0);
    // Nothing is left to stop: the button is disabled, and the server agrees every run ended.
    expect(await row.getByRole('button', { name: 'Stop runs of Long wait' }).isDisabled()).toBe(true);
    const runs = (await (await trpcQuery(page, 'automations.runs', { workflowId: workflow.id, limit: 25 })).json()) as { result: { data: { items: { status: string }[] } } };
    expect(runs.result.data.items.map((r) => r.status)).toEqual(['stopped', 'stopped', 'stopped']);
    expect(violations).toEqual([]);

    // A viewer sees the button, disabled (the server refuses them too: automations:write).
    const viewer = newAccount({ name: 'Vera Viewer' });
    const invite = await call<{ url: string }>(page, 'members.invite', { email: viewer.email, role: 'viewer' });
    await call(page, 'automations.enroll', { id: workflow.id, contactId: (await call(page, 'contacts.create', { firstName: 'Ada', lastName: 'Again' })).id });
    const member = await e2e.open();
    expect((await member.request.post('/trpc/invites.accept', { data: { token: invite.url.split('/invite/')[1], name: viewer.name, password: PASSWORD } })).status()).toBe(200);
    await member.goto('/automations');
    const theirs = member.getByRole('table', { name: 'Workflows' }).getByRole('row').filter({ hasText: 'Long wait' });
    const button = theirs.getByRole('button', { name: 'Stop runs of Long wait' });
    await button.waitFor();
    expect(await button.isDisabled()).toBe(true);
    expect(await button.getAttribute('title')).toMatch(/automations:write/);
    expect((await trpcMutation(member, e2e, 'automations.stopRuns', { id: workflow.id })).status()).toBe(403);
  });
});
