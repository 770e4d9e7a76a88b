import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openSignedIn, trpcCall } from './helpers/accounts';
import { useE2E } from './helpers/app';

const e2e = useE2E();

/** A tRPC call that must succeed; its answer's data. */
const call = <T = { id: string }>(page: Page, path: string, input: unknown) => trpcCall<T>(page, e2e, path, input);

type Site = { id: string; handle: string; pages: { id: string; path: string; title: string }[] };

async function siteWithPages(page: Page, name: string): Promise<Site> {
  const { id } = await call(page, 'sites.create', { name });
  const response = await page.request.get(`/trpc/sites.get?input=${encodeURIComponent(JSON.stringify({ siteId: id }))}`);
  return ((await response.json()) as { result: { data: Site } }).result.data;
}

describe('Websites: visitors of published pages (issue #20)', () => {
  it('a form sent without JavaScript and with it: each lands on the thank-you page, starts a run of the Form Submitted workflow, and shows in the CRM as a contact and a submission', async () => {
    const { page } = await openSignedIn(e2e);
    const workflow = await call(page, 'automations.create', { name: 'Site lead follow-up' });
    await call(page, 'automations.saveDraft', {
      id: workflow.id,
      definition: {
        version: 1,
        triggers: [{ type: 'form_submitted', config: {} }],
        steps: [{ id: 'Tag-lead', type: 'add_tag', config: { tag: 'site-lead' } }],
        edges: [{ from: 'start', to: 'Tag-lead' }],
      },
    });
    await call(page, 'automations.publish', { id: workflow.id });

    const site = await siteWithPages(page, 'Form Dental');
    for (const p of site.pages) await call(page, 'sites.publish', { pageId: p.id });
    const home = `${e2e.url}/s/${site.handle}/`;
    const emails = new Map<string, string>();

    for (const [javaScriptEnabled, firstName] of [
      [false, 'Nojs'],
      [true, 'Withjs'],
    ] as const) {
      const visitor = await e2e.open({ javaScriptEnabled });
      await visitor.goto(home);
      const form = visitor.locator('form').filter({ has: visitor.getByRole('button', { name: 'Get my free quote' }) });
      await form.getByLabel('First name').fill(firstName);
      emails.set(firstName, `${firstName.toLowerCase()}.${Date.now()}@example.test`);
      await form.getByLabel('E-mail').fill(emails.get(firstName)!);
      await form.getByRole('checkbox').check();
      await form.getByRole('button', { name: 'Get my free quote' }).click();
      await visitor.waitForURL(`${e2e.url}/s/${site.handle}/thank-you`);
    }

    // Each submission started a run of the workflow, listed with its contact.
    await page.goto('/automations');
    for (const name of ['Nojs', 'Withjs']) {
      await expect
        .poll(
          async () => {
            await page.reload();
            await page.getByRole('heading', { level: 1 }).first().waitFor();
            return page.getByTestId('run-row').filter({ hasText: 'Site lead follow-up' }).filter({ hasText: name }).count();
          },
          { timeout: 20_000 },
        )
        .toBe(1);
    }

    // In the CRM: each visitor is a contact whose page shows the form they sent (named by its page, its fields) on the timeline.
    const formName = `${site.pages.find((p) => p.path === '/')!.title} (Form Dental, /)`;
    for (const [name, email] of emails) {
      await page.goto('/contacts');
      await page.getByRole('table', { name: 'Contacts' }).getByRole('link', { name, exact: true }).click();
      await page.getByRole('heading', { level: 1, name, exact: true }).waitFor();
      const submitted = page
        .getByRole('region', { name: 'Timeline', exact: true })
        .getByRole('listitem')
        .filter({ hasText: `Form submitted: ${formName}` });
      await submitted.getByText(email, { exact: true }).waitFor();
      await submitted.getByText(name, { exact: true }).waitFor();
    }
    // And the Forms view lists the home page's form by that name, with both submissions, each linking its new contact.
    await page.goto('/contacts/forms');
    const forms = page.getByRole('table', { name: 'Forms' });
    const formLink = page.getByRole('link', { name: formName, exact: true });
    const cells = forms.getByRole('row').filter({ has: formLink }).getByRole('cell');
    // Submissions, contacts, new contacts.
    await expect.poll(async () => (await cells.allTextContents()).slice(1, 4)).toEqual(['2', '2', '2']);
    await formLink.click();
    const submissions = page.getByRole('table', { name: `Submissions of ${formName}`, exact: true });
    for (const name of emails.keys()) {
      await submissions
        .getByRole('row')
        .filter({ has: page.getByRole('link', { name, exact: true }) })
        .getByText('New contact')
        .waitFor();
    }
  });

  it('an A/B funnel step keeps one visitor on one variant across visits, and shows the other variant to others', async () => {
    const { page } = await openSignedIn(e2e);
    const site = await siteWithPages(page, 'Split Coaching');
    const a = await call(page, 'sites.createPage', { siteId: site.id, path: '/offer', title: 'Offer variant A' });
    const b = await call(page, 'sites.createPage', { siteId: site.id, path: '/offer-b', title: 'Offer variant B' });
    for (const pageId of [a.id, b.id]) await call(page, 'sites.publish', { pageId });
    const funnel = await call(page, 'funnels.create', { siteId: site.id, name: 'Split offer' });
    const step = await call(page, 'funnels.addStep', { funnelId: funnel.id, pageId: a.id, name: 'Offer' });
    await call(page, 'funnels.addVariant', { stepId: step.id, pageId: b.id });
    const url = `${e2e.url}/s/${site.handle}/offer`;

    // One visitor: the same variant on every visit, in a new tab and after a reload.
    const visitor = await e2e.open({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) e2e-split-visitor' });
    await visitor.goto(url);
    const first = await visitor.title();
    expect(first).toMatch(/^Offer variant [AB]$/);
    for (let visit = 0; visit < 4; visit++) {
      await visitor.reload();
      expect(await visitor.title()).toBe(first);
    }
    const again = await visitor.context().newPage();
    await again.goto(url);
    expect(await again.title()).toBe(first);

    // Other visitors (another browser each) see the other variant too.
    const seen = new Set([first]);
    for (let i = 0; i < 30 && seen.size < 2; i++) {
      const other = await e2e.open({ userAgent: `Mozilla/5.0 (X11; Linux x86_64) e2e-split-${i}` });
      await other.goto(url);
      seen.add(await other.title());
      await other.context().close();
    }
    expect([...seen].sort()).toEqual(['Offer variant A', 'Offer variant B']);
  });
});
