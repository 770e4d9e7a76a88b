import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openSignedIn, toastOn, trpcMutation, trpcQuery } from './helpers/accounts';
import { useE2E } from './helpers/app';
import { watchViolations } from './helpers/csp';

const e2e = useE2E();

describe('Campaigns: an e-mail built from blocks, sent to a tag, and its report (issue #18)', () => {
  it('builds the e-mail in the block editor, previews it, sends it to the tag’s contacts and shows them in the report', async () => {
    const { page } = await openSignedIn(e2e);
    const violations = await watchViolations(page);
    const ids: string[] = [];
    for (const [firstName, email] of [
      ['Ada', 'ada.spring@example.test'],
      ['Grace', 'grace.spring@example.test'],
    ] as const) {
      const created = await trpcMutation(page, e2e, 'contacts.create', { firstName, lastName: 'Tester', email, tags: ['spring-list'] });
      expect(created.ok()).toBe(true);
      ids.push(((await created.json()) as { result: { data: { id: string } } }).result.data.id);
    }
    expect((await trpcMutation(page, e2e, 'contacts.create', { firstName: 'Other', email: 'other@example.test', tags: ['autumn'] })).ok()).toBe(true);
    // Marketing e-mail needs the organization's postal address (CAN-SPAM).
    expect((await trpcMutation(page, e2e, 'email.updateSettings', { postalAddress: '1 Main Street, Springfield' })).ok()).toBe(true);

    await page.goto('/campaigns');
    await page.getByText('No campaigns yet').waitFor();
    await page.getByRole('button', { name: 'New Campaign' }).click();
    const dialog = page.getByRole('dialog', { name: 'New campaign' });
    await dialog.getByLabel('Campaign name').fill('Spring newsletter');
    await dialog.getByLabel('Channel').selectOption('email');
    await dialog.getByRole('button', { name: 'Create draft' }).click();
    await page.getByRole('heading', { level: 1, name: 'Spring newsletter' }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/campaigns\/[0-9a-f-]{36}$/);

    // The starter's footer has no postal address yet: the form names the field.
    const editor = page.getByTestId('block-editor');
    await editor.getByText('Postal address is required').waitFor();
    await editor.getByLabel('Postal address', { exact: true }).fill('1 Main Street, Springfield');
    await editor.getByLabel('Heading text').fill('Spring is here, {{contact.firstName | friend}}');
    await editor.getByLabel('Add a block').selectOption('button');
    await editor.getByLabel('Button label').fill('Book a visit');
    await editor.getByLabel('Button link').fill('bit.ly/spring');
    await editor.getByText('Button link must be an https://, http:// or mailto: link').waitFor();
    await editor.getByLabel('Button link').fill('https://bit.ly/spring');
    // The new button sits above the footer, which stays last; moving it up puts it before the text.
    await editor.getByRole('button', { name: 'Move Button (block 3) up' }).click();
    await editor.getByRole('listitem', { name: 'Button (block 2)' }).waitFor();

    const spam = page.getByTestId('spam-check');
    await spam.getByText(/Link shortener used \(bit\.ly\)/).waitFor();
    await editor.getByLabel('Button link').fill('https://example.com/book');
    await spam.getByText(/^Nothing found/).waitFor();

    const preview = page.getByTestId('email-preview');
    await expect.poll(() => preview.getAttribute('srcdoc'), { timeout: 15_000 }).toContain('Spring is here, friend');
    await page.getByLabel('Preview as').selectOption({ label: 'Ada Tester — ada.spring@example.test' });
    await expect.poll(() => preview.getAttribute('srcdoc'), { timeout: 15_000 }).toContain('Spring is here, Ada');
    // Dark: the e-mail's dark rules, as a dark mail client applies them.
    await page.getByRole('radio', { name: 'Dark' }).click();
    await expect.poll(() => preview.getAttribute('srcdoc')).toContain('background-color: #030712 !important');
    await page.getByRole('radio', { name: 'Phone' }).click();
    expect(await preview.evaluate((el) => el.getBoundingClientRect().width)).toBe(375);
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByRole('button', { name: 'Saved' }).waitFor();

    await page.getByRole('tab', { name: 'Audience' }).click();
    await page.getByLabel('Send to').selectOption('tag');
    await page.getByLabel('Tag', { exact: true }).selectOption('spring-list');
    await expect.poll(() => page.getByTestId('audience-count').textContent(), { timeout: 15_000 }).toMatch(/^Will receive it2Matching contacts2/);
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByRole('button', { name: 'Saved' }).waitFor();

    await page.getByRole('tab', { name: 'Schedule' }).click();
    await page.getByRole('button', { name: 'Send now' }).click();

    // The report: live figures until every recipient's message is terminal, then each recipient with their events.
    const stats = page.getByTestId('campaign-stats');
    await expect.poll(() => stats.textContent(), { timeout: 30_000 }).toMatch(/Recipients2Queued0/);
    const recipients = page.getByTestId('recipients');
    await recipients.getByText('ada.spring@example.test').waitFor();
    await recipients.getByText('grace.spring@example.test').waitFor();
    expect(await recipients.getByText('other@example.test').count()).toBe(0);
    const report = new URL(page.url()).pathname;
    // The chart over time (nobody opened yet) and the server's CSV of every recipient.
    await page.getByRole('heading', { name: 'Opens and clicks over time' }).waitFor();
    await page.getByText('No opens or clicks yet.').waitFor();
    const csvHref = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
    const csv = await page.request.get(csvHref!);
    expect(csv.headers()['x-total-count']).toBe('2');
    expect(await csv.text()).toContain('ada.spring@example.test');

    // Ada's timeline says the campaign went to her, and leads back to its report.
    await page.goto(`/contacts/${ids[0]}`);
    const timeline = page.getByRole('region', { name: 'Timeline', exact: true });
    await timeline.getByText('Campaign “Spring newsletter” sent by e-mail').waitFor();
    await timeline.getByRole('link', { name: 'Campaign report' }).click();
    await page.getByRole('heading', { level: 1, name: 'Spring newsletter' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(report);
    await page.getByRole('link', { name: 'All campaigns' }).click();
    await page.getByRole('table', { name: 'Campaigns' }).getByRole('link', { name: 'Spring newsletter' }).waitFor();

    // The dashboard's marketing figures: the campaign with its messages sent, from the database.
    await page.goto('/app');
    const recent = page.getByRole('table', { name: 'Recent campaigns' });
    const row = recent.getByRole('row').filter({ hasText: 'Spring newsletter' });
    await expect.poll(() => row.textContent(), { timeout: 15_000 }).toMatch(/2 \/ 2/);
    expect(violations).toEqual([]);
  });

  it('puts selected contacts on a list from Contacts, imports a CSV into it on /campaigns, and sends a campaign to the list', async () => {
    const { page } = await openSignedIn(e2e);
    const violations = await watchViolations(page);
    for (const [firstName, email] of [
      ['Lin', 'lin.list@example.test'],
      ['Mo', 'mo.list@example.test'],
      ['Out', 'out.list@example.test'],
    ] as const) {
      expect((await trpcMutation(page, e2e, 'contacts.create', { firstName, lastName: 'Lister', email })).ok()).toBe(true);
    }
    await page.goto('/contacts');
    await page.getByRole('checkbox', { name: 'Select Lin Lister' }).check();
    await page.getByRole('checkbox', { name: 'Select Mo Lister' }).check();
    await page.getByRole('region', { name: 'Bulk actions' }).getByRole('button', { name: 'Add to list' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add to a list' });
    await dialog.getByLabel('List', { exact: true }).selectOption({ label: 'A new list…' });
    await dialog.getByLabel('New list name').fill('Fair visitors');
    await dialog.getByRole('button', { name: 'Add to list' }).click();
    await page.getByText('2 contacts added to “Fair visitors”.', { exact: true }).waitFor();

    await page.goto('/campaigns');
    const lists = page.getByRole('table', { name: 'Lists' });
    await expect.poll(() => lists.getByRole('row').filter({ hasText: 'Fair visitors' }).textContent()).toMatch(/Fair visitors2/);
    const form = page.getByRole('form', { name: 'Import a list' });
    await form.getByLabel('Into').selectOption({ label: 'Fair visitors' });
    await form
      .getByLabel('CSV file')
      .setInputFiles({ name: 'fair.csv', mimeType: 'text/csv', buffer: Buffer.from('Email,First name\nLIN.list@example.test,Lin\nnew.list@example.test,Nia\nnot-an-email,X\n') });
    await form.getByRole('button', { name: 'Import' }).click();
    await expect
      .poll(() => page.getByTestId('list-import-result').textContent(), { timeout: 15_000 })
      .toMatch(/“Fair visitors”: 1 added from 3 rows — 1 matched existing contacts, 1 new contacts created, 1 left out\.Line 4 \(not-an-email\): not a valid e-mail address or phone number/);
    await expect.poll(() => lists.getByRole('row').filter({ hasText: 'Fair visitors' }).textContent()).toMatch(/Fair visitors3/);

    await page.getByRole('button', { name: 'New Campaign' }).click();
    const create = page.getByRole('dialog', { name: 'New campaign' });
    await create.getByLabel('Campaign name').fill('Fair follow-up');
    await create.getByLabel('Channel').selectOption('email');
    await create.getByRole('button', { name: 'Create draft' }).click();
    await page.getByRole('heading', { level: 1, name: 'Fair follow-up' }).waitFor();
    await page.getByRole('tab', { name: 'Audience' }).click();
    await page.getByLabel('Send to').selectOption('list');
    await page.getByLabel('List', { exact: true }).selectOption({ label: 'Fair visitors (3)' });
    await expect.poll(() => page.getByTestId('audience-count').textContent(), { timeout: 15_000 }).toMatch(/^Will receive it3Matching contacts3/);
    expect(violations).toEqual([]);
  });

  it('puts all contacts matching a tag filter on a list, past the first page, and none of the others', async () => {
    const { page } = await openSignedIn(e2e);
    const violations = await watchViolations(page);
    const created = await trpcMutation(page, e2e, 'contacts.create', { firstName: 'Seed', lastName: 'Contact', email: 'seed.matching@example.test', tags: ['fair-2026'] });
    const seedId = ((await created.json()) as { result: { data: { id: string } } }).result.data.id;
    const { organization_id } = await e2e.db.selectFrom('contacts').select('organization_id').where('id', '=', seedId).executeTakeFirstOrThrow();
    // 149 more tagged (150 match, more than a page of 20 and more than a hundred) and 40 not, made by the database itself.
    await sql`insert into contacts (organization_id, first_name, last_name, email, tags)
      select ${organization_id}::uuid, 'Visitor' || g, 'Fair', 'visitor' || g || '@example.test', array['fair-2026'] from generate_series(1, 149) as g`.execute(e2e.db);
    await sql`insert into contacts (organization_id, first_name, last_name, email, tags)
      select ${organization_id}::uuid, 'Stranger' || g, 'Elsewhere', 'stranger' || g || '@example.test', case when g % 2 = 0 then array['other'] else '{}'::text[] end
      from generate_series(1, 40) as g`.execute(e2e.db);

    await page.goto('/contacts?tag=fair-2026');
    await page.getByRole('status').getByText('Showing 1–20 of 150 contacts').waitFor();
    await page.getByRole('table').getByRole('checkbox', { name: 'Select all contacts on this page' }).check();
    const bulk = page.getByRole('region', { name: 'Bulk actions' });
    await bulk.getByText('20 contacts selected').waitFor();
    await bulk.getByRole('button', { name: 'Select all 150 matching contacts' }).click();
    await bulk.getByText('All 150 matching contacts selected').waitFor();
    await bulk.getByRole('button', { name: 'Add to list' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add to a list' });
    await dialog.getByText('Puts all 150 matching contacts on a list').waitFor();
    await dialog.getByLabel('List', { exact: true }).selectOption({ label: 'A new list…' });
    await dialog.getByLabel('New list name').fill('Fair 2026');
    await dialog.getByRole('button', { name: 'Add to list' }).click();
    await toastOn(page).getByText('150 contacts added to “Fair 2026”.', { exact: true }).waitFor();

    await page.goto('/campaigns');
    const lists = page.getByRole('table', { name: 'Lists' });
    await expect.poll(() => lists.getByRole('row').filter({ hasText: 'Fair 2026' }).textContent()).toMatch(/Fair 2026150/);
    const answer = (await (await trpcQuery(page, 'campaigns.lists')).json()) as { result: { data: { items: { id: string; name: string; members: number }[] } } };
    const list = answer.result.data.items.find((l) => l.name === 'Fair 2026')!;
    expect(list.members).toBe(150);
    const rest = await page.request.get(`/api/v1/campaigns/lists/${list.id}`);
    expect(((await rest.json()) as { members: number }).members).toBe(150);
    // Exactly the tagged contacts: every member carries the tag, and no stranger is on it.
    const members = await e2e.db
      .selectFrom('campaign_list_members as m')
      .innerJoin('contacts as c', 'c.id', 'm.contact_id')
      .select([sql<number>`count(*)::int`.as('all'), sql<number>`count(*) filter (where 'fair-2026' = any(c.tags))::int`.as('tagged')])
      .where('m.list_id', '=', list.id)
      .executeTakeFirstOrThrow();
    expect(members).toEqual({ all: 150, tagged: 150 });
    expect(violations).toEqual([]);
  });

  it('renames a list (a taken name refused at the field) and deletes it, its contacts kept', async () => {
    // The browser reports the refused rename (409) in the console; that refusal is what the test checks.
    const { page } = await openSignedIn(e2e, { allowErrors: [/status of 409 \(Conflict\) \(.*campaigns\.listRename/] });
    const violations = await watchViolations(page);
    const contact = await trpcMutation(page, e2e, 'contacts.create', { firstName: 'Kept', lastName: 'Member', email: 'kept.member@example.test' });
    const contactId = ((await contact.json()) as { result: { data: { id: string } } }).result.data.id;
    const created = await trpcMutation(page, e2e, 'campaigns.listCreate', { name: 'Spring' });
    const listId = ((await created.json()) as { result: { data: { id: string } } }).result.data.id;
    expect((await trpcMutation(page, e2e, 'campaigns.listAddContacts', { id: listId, contactIds: [contactId] })).ok()).toBe(true);
    expect((await trpcMutation(page, e2e, 'campaigns.listCreate', { name: 'Autumn' })).ok()).toBe(true);

    await page.goto('/campaigns');
    const lists = page.getByRole('table', { name: 'Lists' });
    await lists.getByRole('button', { name: 'Rename the list Spring' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rename the list' });
    await dialog.getByLabel('List name').fill('autumn');
    await dialog.getByRole('button', { name: 'Rename' }).click();
    await dialog.getByText('is taken by another list').waitFor();
    await dialog.getByLabel('List name').fill('Spring fair');
    await dialog.getByRole('button', { name: 'Rename' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => lists.getByRole('row').filter({ hasText: 'Spring fair' }).textContent()).toMatch(/Spring fair1/);

    await lists.getByRole('button', { name: 'Delete the list Spring fair' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete the list “Spring fair”?' });
    await confirm.getByText('Its contacts stay in Contacts').waitFor();
    await confirm.getByRole('button', { name: 'Delete list' }).click();
    await expect.poll(() => lists.getByRole('row').filter({ hasText: 'Spring fair' }).count()).toBe(0);
    await page.goto('/contacts');
    await page.getByText('Kept Member').first().waitFor();
    expect(violations).toEqual([]);
  });
});
