import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newAccount, openSignedIn, PASSWORD, toastOn, trpcMutation, trpcQuery } from './helpers/accounts';
import { useE2E } from './helpers/app';

const e2e = useE2E();

const pathOf = (page: Page) => new URL(page.url()).pathname;
const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** The owner invites through the Organization page and reads the link from its Copy field. */
async function inviteThroughUi(owner: Page, email: string, roleLabel: string): Promise<string> {
  await owner.goto('/settings/organization');
  const form = region(owner, 'Invite a member');
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Role', { exact: true }).selectOption({ label: roleLabel });
  await form.getByRole('button', { name: 'Invite' }).click();
  const link = form.getByRole('textbox', { name: 'Invite link' });
  await link.waitFor();
  return link.inputValue();
}

describe('roles in the browser', () => {
  it('a Viewer joins through a copied invite link, sees the members but no write buttons, and a write sent anyway is refused', async () => {
    const { page: owner, account } = await openSignedIn(e2e, { permissions: ['clipboard-read', 'clipboard-write'] });
    const viewer = newAccount({ name: 'Vera Viewer' });

    const url = await inviteThroughUi(owner, viewer.email, 'Viewer');
    expect(url).toMatch(new RegExp(`^${e2e.url}/invite/[\\w-]{20,}$`));
    // The Copy button puts exactly the link on the clipboard.
    await region(owner, 'Invite a member').getByRole('button', { name: 'Copy invite link' }).click();
    await region(owner, 'Invite a member').getByRole('button', { name: 'Invite link copied' }).waitFor();
    expect(await owner.evaluate(() => navigator.clipboard.readText())).toBe(url);
    // It is listed as pending until used.
    await region(owner, 'Pending invites').getByRole('cell', { name: viewer.email, exact: true }).waitFor();

    // The invitee opens it in another browser and creates an account.
    // (The write the Viewer sends anyway, below, is answered 403; the browser logs that.)
    const guest = await e2e.open({ allowErrors: [/status of 403 .*\/trpc\/members\.invite/] });
    await guest.goto(url);
    await guest.getByRole('heading', { level: 1, name: `Join ${account.organizationName}` }).waitFor();
    expect(await guest.getByText('Viewer', { exact: true }).isVisible()).toBe(true);
    expect(await guest.getByLabel('E-mail').inputValue()).toBe(viewer.email);
    await guest.getByLabel('Your name').fill(viewer.name);
    await guest.getByLabel('Password').fill(viewer.password);
    await guest.getByRole('button', { name: 'Create account and join' }).click();
    await guest.getByRole('heading', { level: 1, name: 'Enterprise Command Center' }).waitFor();
    await guest.getByRole('complementary', { name: 'Sidebar' }).getByText(viewer.email).waitFor();

    // The Viewer reads the members, and is offered nothing to change.
    await guest.goto('/settings/organization');
    const members = region(guest, 'Members');
    await members.getByRole('cell', { name: new RegExp(account.email) }).waitFor();
    expect(await members.getByRole('cell', { name: new RegExp(viewer.email) }).isVisible()).toBe(true);
    expect(await members.getByRole('combobox').count()).toBe(0);
    expect(await members.getByRole('button', { name: /^Remove / }).count()).toBe(0);
    expect(await guest.getByRole('button', { name: 'Invite' }).count()).toBe(0);
    expect(await region(guest, 'Invite a member').count()).toBe(0);
    expect(await guest.getByRole('button', { name: 'Save organization' }).count()).toBe(0);
    const sections = guest.getByRole('navigation', { name: 'Settings sections' });
    expect(await sections.getByRole('link').allTextContents()).toEqual(['Profile & preferences', 'Organization & members', 'Integrations', 'Booking calendars', 'Security & audit log', 'Sessions']);
    // No API keys section, even by its address.
    await guest.goto('/settings/api-keys');
    await guest.getByText('Your role does not allow managing API keys').waitFor();
    expect(await guest.getByRole('button', { name: 'Create API key' }).count()).toBe(0);
    // Booking calendars: the Viewer sees them and their public links, and is offered no change.
    const me = (await (await trpcQuery(owner, 'auth.me')).json()) as { result: { data: { user: { id: string } } } };
    const calendar = {
      name: 'Intro call',
      slug: 'intro',
      kind: 'personal',
      slotMinutes: 30,
      members: [{ userId: me.result.data.user.id, timeZone: 'UTC', weekly: [[], [], [], [], [], [], []], overrides: [] }],
    };
    expect((await trpcMutation(owner, e2e, 'calendars.create', calendar)).status()).toBe(200);
    await guest.goto('/settings/calendars');
    const calendars = region(guest, 'Booking calendars');
    await calendars.getByRole('listitem', { name: 'Intro call' }).getByRole('link', { name: 'Open Intro call booking page' }).waitFor();
    expect(await calendars.getByRole('button', { name: /^(Edit|Delete) Intro call$|^New calendar$/ }).count()).toBe(0);

    // A write sent anyway, from the Viewer's own page, is refused by the server with a clear reason.
    const refused = await guest.evaluate(async () => {
      const response = await fetch('/trpc/members.invite', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'someone@example.test', role: 'viewer' }),
      });
      return { status: response.status, body: (await response.json()) as { error: { message: string } } };
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe('Your role does not allow this action (members:manage is required)');

    // The owner now sees the Viewer with a role to change, and no pending invite.
    await owner.reload();
    await region(owner, 'Members')
      .getByRole('combobox', { name: `Role of ${viewer.name}` })
      .waitFor();
    expect(await owner.getByRole('region', { name: 'Pending invites' }).getByText('No pending invites.').isVisible()).toBe(true);
  });

  it('a member whose role is lowered meanwhile gets the server’s refusal in a toast, and the write buttons go away', async () => {
    const { page: owner } = await openSignedIn(e2e);
    const admin = newAccount({ name: 'Adam Admin' });
    const invite = (await (await trpcMutation(owner, e2e, 'members.invite', { email: admin.email, role: 'admin' })).json()) as { result: { data: { url: string } } };
    const token = invite.result.data.url.split('/invite/')[1]!;

    // A 403 is what this test is about; the browser logs it.
    const member = await e2e.open({ allowErrors: [/status of 403 .*\/trpc\/members\.invite/] });
    expect((await member.request.post('/trpc/invites.accept', { data: { token, name: admin.name, password: PASSWORD } })).status()).toBe(200);
    await member.goto('/settings/organization');
    const form = region(member, 'Invite a member');
    await form.getByLabel('E-mail').fill('newcomer@example.test');

    // Meanwhile the owner makes them a Viewer.
    const list = (await (await trpcQuery(owner, 'members.list')).json()) as { result: { data: { members: { userId: string; email: string }[] } } };
    const userId = list.result.data.members.find((m) => m.email === admin.email)!.userId;
    expect((await trpcMutation(owner, e2e, 'members.changeRole', { userId, role: 'viewer' })).status()).toBe(200);

    await form.getByRole('button', { name: 'Invite' }).click();
    const toast = toastOn(member).and(member.locator('[data-variant="destructive"]'));
    await toast.getByText('Your role does not allow this action (members:manage is required)').waitFor();
    await toast.getByText('Could not create the invite').waitFor();
    // The permissions are read again: the form the role no longer allows disappears.
    await region(member, 'Invite a member').waitFor({ state: 'detached' });
    expect(pathOf(member)).toBe('/settings/organization');
  });
});
