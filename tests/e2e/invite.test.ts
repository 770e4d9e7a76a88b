import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newAccount, openSignedIn, PASSWORD, SIGNED_OUT_PROBE, signUpViaApi, toastOn, trpcMutation } from './helpers/accounts';
import { useE2E } from './helpers/app';

const e2e = useE2E();

const pathOf = (page: Page) => new URL(page.url()).pathname;

async function createInvite(owner: Page, email: string, role = 'sales_rep'): Promise<string> {
  const response = await trpcMutation(owner, e2e, 'members.invite', { email, role });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { result: { data: { url: string } } };
  return new URL(body.result.data.url).pathname;
}

describe('invite acceptance page', () => {
  it('says plainly when a link is not valid, used or revoked', async () => {
    const page = await e2e.open({ allowErrors: [/status of (404|409) .*\/trpc\/invites\.describe/] });

    // Well-formed but unknown: the server's answer.
    await page.goto(`/invite/${'x'.repeat(43)}`);
    await page.getByRole('alert').getByText('This invite link is not valid').waitFor();
    await page.getByRole('link', { name: 'Go to the home page' }).waitFor();

    // Malformed: known without asking.
    await page.goto('/invite/abc');
    await page.getByRole('alert').getByText('This invite link is not valid').waitFor();

    // Used once already.
    const { page: owner } = await openSignedIn(e2e);
    const used = await createInvite(owner, newAccount().email);
    const token = used.split('/invite/')[1]!;
    expect((await (await e2e.open()).request.post('/trpc/invites.accept', { data: { token, name: 'First Comer', password: PASSWORD } })).status()).toBe(200);
    await page.goto(used);
    await page.getByRole('alert').getByText('This invite link has already been used').waitFor();

    // Revoked by the owner from the pending list.
    const revokedEmail = newAccount().email;
    const revoked = await createInvite(owner, revokedEmail);
    await owner.goto('/settings/organization');
    await owner.getByRole('button', { name: `Revoke the invite for ${revokedEmail}` }).click();
    await owner.getByRole('dialog').getByRole('button', { name: 'Revoke invite' }).click();
    await toastOn(owner).getByText('Invite revoked').waitFor();
    await page.goto(revoked);
    await page.getByRole('alert').getByText('This invite link is not valid').waitFor();
  });

  it('asks an existing account to sign in, brings it back to accept, and then offers the organization switcher', async () => {
    const { page: owner, account: ownerAccount } = await openSignedIn(e2e);
    const other = await signUpViaApi(await e2e.open(), newAccount({ name: 'Olga Other' }));
    const path = await createInvite(owner, other.email, 'manager');

    const page = await e2e.open({ allowErrors: [SIGNED_OUT_PROBE] });
    await page.goto(path);
    await page.getByRole('heading', { level: 1, name: `Join ${ownerAccount.organizationName}` }).waitFor();
    expect(await page.getByText('Manager', { exact: true }).isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Sign in to accept' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(path);

    await page.getByLabel('E-mail').fill(other.email);
    await page.getByLabel('Password').fill(other.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('button', { name: `Accept and join ${ownerAccount.organizationName}` }).click();
    await page.getByRole('heading', { level: 1, name: 'Enterprise Command Center' }).waitFor();
    expect(pathOf(page)).toBe('/app');

    // Two organizations now: the account menu switches between them.
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    await sidebar.getByRole('button', { name: 'Account menu' }).click();
    const menu = page.getByRole('menu');
    await menu.getByText(`${ownerAccount.organizationName} · Manager`).waitFor();
    expect(await menu.getByRole('menuitemradio', { name: ownerAccount.organizationName }).getAttribute('aria-checked')).toBe('true');
    await menu.getByRole('menuitemradio', { name: other.organizationName }).click();
    await toastOn(page).getByText(`You are now working in ${other.organizationName}.`).waitFor();
    await sidebar.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menu').getByText(`${other.organizationName} · Super Admin`).waitFor();
    await page.keyboard.press('Escape');

    // Its members are the other organization's.
    await page.goto('/settings/organization');
    await page.getByRole('region', { name: 'Members' }).getByText(other.email).waitFor();
    expect(await page.getByRole('region', { name: 'Members' }).getByText(ownerAccount.email).count()).toBe(0);
  });

  it('tells someone signed in with another e-mail whose invite it is', async () => {
    const { page: owner } = await openSignedIn(e2e);
    const invited = await signUpViaApi(await e2e.open(), newAccount());
    const path = await createInvite(owner, invited.email);

    const { page, account } = await openSignedIn(e2e);
    await page.goto(path);
    await page.getByRole('alert').getByText(`This invite is for ${invited.email}, but you are signed in as ${account.email}.`).waitFor();
    await page.getByRole('button', { name: 'Sign out and switch account' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(path);
  });
});
