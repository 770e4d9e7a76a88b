import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newAccount, openSignedIn, PASSWORD, SIGNED_OUT_PROBE, trpcMutation } from './helpers/accounts';
import { useE2E } from './helpers/app';

const e2e = useE2E();

/** Spec app-core §6's role list, without its invented user counts. */
const ROLES = [
  ['Super Admin', /^Full system access/],
  ['Admin', /^User and data management/],
  ['Manager', /^Team and pipeline management/],
  ['Sales Rep', /^Lead and contact management/],
  ['Viewer', /^Read-only access/],
] as const;

/** The roles list as text, once it has rendered (the heading shows before the data arrives). */
async function roleRows(page: Page) {
  const items = page.getByRole('list', { name: 'Roles' }).getByRole('listitem');
  await items.first().waitFor();
  return items.evaluateAll((lis) => lis.map((li) => Array.from(li.querySelectorAll('p, span')).map((el) => el.textContent?.trim())));
}

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name }).click();
  await page.getByRole('tabpanel', { name }).waitFor();
}

describe('Enterprise Security Center', () => {
  it('shows every visitor its public face: overview, compliance, roles and SSO providers, and where the live log is', async () => {
    // A public page of the site entry: no session asked, so no 401 either.
    const page = await e2e.open();
    const response = await page.goto('/enterprise-security');
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: 'Enterprise Security Center' }).waitFor();
    expect(await page.getByRole('tab').allTextContents()).toEqual(['Overview', 'Compliance', 'Access control', 'Audit log']);

    const sso = page.getByRole('list', { name: 'Single sign-on providers' });
    // Single sign-on is planned, not built: no provider shows as connected.
    expect(await sso.getByText('Planned', { exact: true }).count()).toBe(4);
    expect(await sso.getByText('Connected', { exact: true }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Manage Roles & Permissions' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Configure SSO Provider' }).isVisible()).toBe(true);

    await openTab(page, 'Compliance');
    await openTab(page, 'Access control');
    expect(new URL(page.url()).searchParams.get('tab')).toBe('access');
    const rows = await roleRows(page);
    expect(rows.map((r) => r[0])).toEqual(ROLES.map(([label]) => label));
    ROLES.forEach(([, description], i) => expect(rows[i]![1]).toMatch(description));
    // No member counts, invented or real.
    expect(await page.getByText(/\d+ members?$/).count()).toBe(0);

    await openTab(page, 'Audit log');
    expect(await page.getByRole('table').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'View your organization’s audit log' }).getAttribute('href')).toBe('/settings/security');

    // A shared link opens on its tab; a bad tab value falls back to the overview.
    await page.goto('/enterprise-security?tab=audit');
    await page.getByRole('tab', { name: 'Audit log', selected: true }).waitFor();
    await page.goto('/enterprise-security?tab=nope&page=-3');
    await page.getByRole('tab', { name: 'Overview', selected: true }).waitFor();

    // In French, with the site's language.
    await page.getByRole('navigation', { name: 'Language' }).first().getByRole('link', { name: 'Français' }).click();
    await page.getByRole('heading', { level: 1, name: 'Centre de sécurité entreprise' }).waitFor();
  });

  it("shows the owner the organization's real roles with member counts and its audit log in Settings, paged and filterable", async () => {
    const { page, account } = await openSignedIn(e2e);
    // A sign-in to find in the log, and a Viewer to count.
    expect((await page.request.post('/api/auth/login', { data: { email: account.email, password: account.password }, headers: { Origin: e2e.url } })).status()).toBe(200);
    const viewer = newAccount();
    const invite = (await (await trpcMutation(page, e2e, 'members.invite', { email: viewer.email, role: 'viewer' })).json()) as { result: { data: { url: string } } };
    const guest = await e2e.open({ allowErrors: [SIGNED_OUT_PROBE] });
    const token = invite.result.data.url.split('/invite/')[1]!;
    expect((await guest.request.post('/trpc/invites.accept', { data: { token, name: 'Vic Viewer', password: PASSWORD } })).status()).toBe(200);

    // The public page's audit tab leads to the live log.
    await page.goto('/enterprise-security?tab=audit');
    await page.getByRole('link', { name: 'View your organization’s audit log' }).click();
    await page.getByRole('heading', { name: 'Roles in your organization' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/settings/security');
    const rows = await roleRows(page);
    expect(rows.map((r) => [r[0], r.at(-1)])).toEqual([
      ['Super Admin', '1 member'],
      ['Admin', '0 members'],
      ['Manager', '0 members'],
      ['Sales Rep', '0 members'],
      ['Viewer', '1 member'],
    ]);

    const log = page.getByRole('table', { name: 'Audit log' });
    await log.waitFor();
    const actions = await log.locator('tbody tr td:nth-child(2) code').allTextContents();
    expect(actions).toEqual(expect.arrayContaining(['auth.login', 'auth.signup', 'member.invited', 'member.joined']));
    expect(
      await log
        .getByRole('cell', { name: new RegExp(`${account.name} <${account.email.replace(/[.]/g, '\\.')}>`) })
        .first()
        .isVisible(),
    ).toBe(true);

    await page.getByLabel('Action').selectOption('auth.login');
    await expect.poll(async () => [...new Set(await log.locator('tbody tr td:nth-child(2) code').allTextContents())]).toEqual(['auth.login']);
    expect(new URL(page.url()).searchParams.get('action')).toBe('auth.login');
    await page.getByText(/^Page 1 of 1 · 1 entry$/).waitFor();

    // A member without audit:read sees the roles, not the log.
    await guest.goto('/settings/security');
    await guest.getByRole('heading', { name: 'Roles in your organization' }).waitFor();
    await guest.getByText('Your role cannot read the audit log. A Super Admin can.').waitFor();
    expect(await guest.getByRole('table', { name: 'Audit log' }).count()).toBe(0);
  });

  it('sends a signed-out visitor of the live log to sign in first', async () => {
    const page = await e2e.open({ allowErrors: [SIGNED_OUT_PROBE] });
    await page.goto('/settings/security');
    await page.waitForURL(/\/login\?redirect=/);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/settings/security');
  });
});
