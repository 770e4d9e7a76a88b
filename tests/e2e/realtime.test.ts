import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newAccount, openSignedIn, PASSWORD, toastOn, trpcMutation, trpcQuery, type Account } from './helpers/accounts';
import { useE2E } from './helpers/app';

const e2e = useE2E();

/** Requests to the realtime stream that a test breaks on purpose (the browser reports each failed one). */
const STREAM_FAILURES = /realtime\.events/;

type Member = { page: Page; account: Account };

/** An owner and a Sales Rep colleague of one organization, each signed in in their own browser context. */
async function teamOfTwo(options: { allowErrors?: RegExp[] } = {}): Promise<{ owner: Member; colleague: Member }> {
  const owner = await openSignedIn(e2e, options, newAccount({ name: 'Olivia Owner' }));
  const account = newAccount({ name: 'Ben Colleague' });
  const invite = await trpcMutation(owner.page, e2e, 'members.invite', { email: account.email, role: 'sales_rep' });
  expect(invite.status(), await invite.text()).toBe(200);
  const url = ((await invite.json()) as { result: { data: { url: string } } }).result.data.url;
  const token = new URL(url).pathname.split('/invite/')[1]!;
  const page = await e2e.open(options);
  const accepted = await page.request.post('/trpc/invites.accept', { data: { token, name: account.name, password: PASSWORD } });
  expect(accepted.status(), await accepted.text()).toBe(200);
  return { owner, colleague: { page, account } };
}

async function createContact(member: Member, firstName: string, lastName: string): Promise<string> {
  const response = await trpcMutation(member.page, e2e, 'contacts.create', { firstName, lastName });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { result: { data: { id: string } } }).result.data.id;
}

const header = (page: Page) => page.getByRole('banner');
const bell = (page: Page) => header(page).getByRole('button', { name: /^Notifications/ });
const panel = (page: Page) => page.getByRole('dialog', { name: 'Notifications' });
const status = (page: Page) => panel(page).getByRole('status');
const contactsTable = (page: Page) => page.getByRole('table', { name: 'Contacts' });

async function openPanel(page: Page): Promise<void> {
  if (!(await panel(page).isVisible())) await bell(page).click();
  await panel(page).waitFor();
}

async function closePanel(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await panel(page).waitFor({ state: 'detached' });
}

/** Marks the document so a test can prove that nothing reloaded it. */
const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

describe('realtime in the browser', () => {
  it("shows a colleague's new contact live: notification with unread badge, the open contacts table, activity, and who is online", async () => {
    const { owner, colleague } = await teamOfTwo();
    await owner.page.goto('/app');
    await openPanel(owner.page);
    await status(owner.page).getByText('Connected', { exact: true }).waitFor();
    await closePanel(owner.page);

    const page = colleague.page;
    await page.goto('/contacts');
    await page.getByRole('heading', { level: 1, name: 'Contacts' }).waitFor();
    await openPanel(page);
    await status(page).getByText('Connected', { exact: true }).waitFor();
    await panel(page).getByText('No notifications yet').waitFor();
    await closePanel(page);
    expect(await bell(page).getAttribute('aria-label')).toBe('Notifications');
    await markDocument(page);

    // The owner is connected: their avatar is in the colleague's header, named on hover or focus.
    const avatar = header(page).getByRole('img', { name: `${owner.account.name} is online` });
    await avatar.waitFor();
    expect(await avatar.textContent()).toContain('OO');
    await avatar.focus();
    await page.getByRole('tooltip').getByText(owner.account.email).first().waitFor();
    await page.keyboard.press('Escape');
    // Not yourself.
    expect(
      await header(page)
        .getByRole('img', { name: `${colleague.account.name} is online` })
        .count(),
    ).toBe(0);

    // The owner adds a contact through the API; the colleague's screen follows without a reload.
    await createContact(owner, 'Grace', 'Hopper');
    await header(page).getByRole('button', { name: 'Notifications, 1 unread' }).waitFor();
    expect(await header(page).getByTestId('unread-badge').textContent()).toBe('1');
    await toastOn(page).getByText('Grace Hopper has been added to your contacts').waitFor();
    await contactsTable(page)
      .getByRole('row', { name: /Grace Hopper/ })
      .waitFor();

    await openPanel(page);
    const grace = panel(page).getByRole('listitem', { name: 'New Contact' });
    await grace.getByText('Grace Hopper has been added to your contacts').waitFor();
    await grace.getByText('Just now').waitFor();
    expect(await grace.getByText('Success').count()).toBe(1);
    await grace.getByRole('button', { name: 'Mark as read' }).click();
    await header(page).getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    expect(await header(page).getByTestId('unread-badge').count()).toBe(0);
    await grace.getByRole('button', { name: 'Mark as read' }).waitFor({ state: 'detached' });

    // The team's live activity names who did what.
    await panel(page).getByRole('tab', { name: 'Live activity' }).click();
    await panel(page).getByRole('list', { name: 'Live activity' }).getByText(`${owner.account.name} added “Grace Hopper”`).waitFor();
    await closePanel(page);

    // A second one: Open goes to the record and marks it read.
    const alanId = await createContact(owner, 'Alan', 'Turing');
    await header(page).getByRole('button', { name: 'Notifications, 1 unread' }).waitFor();
    await openPanel(page);
    await panel(page).getByRole('tab', { name: /Inbox/ }).click();
    const alan = panel(page).getByRole('listitem').filter({ hasText: 'Alan Turing has been added to your contacts' });
    await alan.getByRole('button', { name: 'Open' }).click();
    await page.waitForURL(`**/contacts/${alanId}`);
    await page.getByRole('heading', { level: 1, name: 'Alan Turing' }).waitFor();
    await header(page).getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    expect(await sameDocument(page)).toBe(true);

    // Mark all read and remove, from "View all".
    await createContact(owner, 'Ada', 'Byron');
    await header(page).getByRole('button', { name: 'Notifications, 1 unread' }).waitFor();
    await openPanel(page);
    await panel(page).getByRole('button', { name: 'Mark all read' }).click();
    await header(page).getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    await panel(page).getByRole('button', { name: 'View all notifications' }).click();
    const all = page.getByRole('dialog', { name: 'All notifications' });
    await all.getByText('You are all caught up.').waitFor();
    expect(await all.getByRole('listitem').count()).toBe(3);
    await all.getByRole('button', { name: 'Remove notification: New Contact' }).first().click();
    await expect.poll(() => all.getByRole('listitem').count()).toBe(2);
    await page.keyboard.press('Escape');

    // The owner leaves: their avatar goes.
    await owner.page.close();
    await avatar.waitFor({ state: 'detached' });
  });

  it("moves a colleague's deal on the open pipeline board and completes their task on the open task list, without a reload", async () => {
    const { owner, colleague } = await teamOfTwo();
    const call = async <T>(path: string, input: unknown): Promise<T> => {
      const response = await trpcMutation(owner.page, e2e, path, input);
      expect(response.status(), await response.text()).toBe(200);
      return ((await response.json()) as { result: { data: T } }).result.data;
    };
    const deal = await call<{ id: string }>('deals.create', { title: 'Live board deal', value: { valueMinor: 500_000, currency: 'USD' } });
    const task = await call<{ id: string }>('tasks.create', { title: 'Send the live proposal' });
    const pipelines = (await (await trpcQuery(owner.page, 'pipelines.list')).json()) as { result: { data: { items: { isDefault: boolean; stages: { id: string; name: string }[] }[] } } };
    const discovery = pipelines.result.data.items.find((p) => p.isDefault)!.stages.find((s) => s.name === 'Discovery')!;

    const page = colleague.page;
    const dealsIn = (name: string) => page.getByRole('list', { name: `Deals in ${name}` });
    await page.goto('/pipeline');
    await dealsIn('Qualified Leads')
      .getByRole('button', { name: /^Live board deal,/ })
      .waitFor();
    await openPanel(page);
    await status(page).getByText('Connected', { exact: true }).waitFor();
    await closePanel(page);
    await markDocument(page);
    await call('deals.move', { dealId: deal.id, stageId: discovery.id });
    await dealsIn('Discovery')
      .getByRole('button', { name: /^Live board deal,/ })
      .waitFor();
    expect(
      await dealsIn('Qualified Leads')
        .getByRole('button', { name: /^Live board deal,/ })
        .count(),
    ).toBe(0);

    await page.getByRole('link', { name: 'Tasks', exact: true }).first().click();
    await page.waitForURL('**/tasks**');
    await page.getByRole('tab', { name: /^All/ }).click();
    const taskList = page.getByRole('tabpanel').getByRole('list');
    await taskList.getByRole('checkbox', { name: 'Complete “Send the live proposal”' }).waitFor();
    await call('tasks.complete', { id: task.id });
    await taskList.getByRole('checkbox', { name: 'Reopen “Send the live proposal”' }).waitFor();
    expect(await sameDocument(page)).toBe(true);
  });

  it('says Disconnected while the stream is down, reconnects by itself with backoff and catches up on what it missed', async () => {
    const { owner, colleague } = await teamOfTwo({ allowErrors: [STREAM_FAILURES] });
    const page = colleague.page;
    await page.goto('/contacts');
    await page.getByRole('heading', { level: 1, name: 'Contacts' }).waitFor();
    await openPanel(page);
    await status(page).getByText('Connected', { exact: true }).waitFor();
    await markDocument(page);

    // The network goes away: Disconnected at once (and a mark on the bell).
    await page.context().setOffline(true);
    await status(page).getByText('Disconnected', { exact: true }).waitFor();

    // Meanwhile a contact is added.
    await createContact(owner, 'Missed', 'While-Offline');

    await page.context().setOffline(false);
    await status(page).getByText('Connected', { exact: true }).waitFor();
    // The server replays what was missed from the last event id.
    await contactsTable(page)
      .getByRole('row', { name: /Missed While-Offline/ })
      .waitFor();
    await header(page).getByRole('button', { name: 'Notifications, 1 unread' }).waitFor();
    await panel(page).getByText('Missed While-Offline has been added to your contacts').waitFor();

    // The server cannot be reached for a while: attempts fail, the status stays Disconnected, and it
    // comes back by itself once the stream answers again.
    let refused = 0;
    await page.route('**/trpc/realtime.events**', (route) => {
      refused += 1;
      return route.abort('connectionrefused');
    });
    await page.context().setOffline(true);
    await status(page).getByText('Disconnected', { exact: true }).waitFor();
    await page.context().setOffline(false);
    await expect.poll(() => refused, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    expect(await status(page).textContent()).toBe('Disconnected');
    await createContact(owner, 'During', 'Outage');
    await page.unroute('**/trpc/realtime.events**');
    await status(page).getByText('Connected', { exact: true }).waitFor({ timeout: 15_000 });
    await contactsTable(page)
      .getByRole('row', { name: /During Outage/ })
      .waitFor();
    await header(page).getByRole('button', { name: 'Notifications, 2 unread' }).waitFor();
    expect(await sameDocument(page)).toBe(true);
  });
});
