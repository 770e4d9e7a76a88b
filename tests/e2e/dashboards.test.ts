import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addDays, todayIn, todayRangeIn } from '../../client/lib/calendar';
import { newAccount, openSignedIn, toastOn, trpcMutation, trpcQuery } from './helpers/accounts';
import { type E2E, useE2E } from './helpers/app';

const e2e = useE2E();

type Data<T> = { result: { data: T } };

async function mutate<T>(page: Page, app: E2E, path: string, input: unknown): Promise<T> {
  const response = await trpcMutation(page, app, path, input);
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return ((await response.json()) as Data<T>).result.data;
}

async function query<T>(page: Page, path: string, input?: unknown): Promise<T> {
  const response = await trpcQuery(page, path, input);
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return ((await response.json()) as Data<T>).result.data;
}

type Me = { user: { preferences: { timezone: string } } };
type Pipelines = { items: { id: string; isDefault: boolean; stages: { id: string; name: string }[] }[] };

/**
 * A small organization, made through the same procedures the screens use: three contacts (two from
 * "google ads"), two recurring deals won today ($12,000 at $1,000/month and $8,000 at $500/month), one
 * open and one lost deal, an overdue task, an appointment today, and $500 of spend 20 days ago.
 *
 * Last 30 days: MRR $1,500; average deal size $10,000; sales cycle 0 days; 2 new customers.
 */
async function seed(page: Page, app: E2E) {
  const me = await query<Me>(page, 'auth.me');
  const timeZone = me.user.preferences.timezone;
  const pipelines = await query<Pipelines>(page, 'pipelines.list');
  const stages = Object.fromEntries(pipelines.items.find((p) => p.isDefault)!.stages.map((s) => [s.name, s.id]));

  const contact = (firstName: string, source: string) =>
    mutate<{ id: string }>(page, app, 'contacts.create', { firstName, lastName: 'Tester', email: `${firstName.toLowerCase()}-${Date.now()}@example.test`, source });
  const ada = await contact('Ada', 'google ads');
  const bob = await contact('Bob', 'google ads');
  const cy = await contact('Cy', 'referral');

  const deal = (input: Record<string, unknown>) => mutate<{ id: string }>(page, app, 'deals.create', input);
  const acme = await deal({ title: 'Acme annual plan', value: { valueMinor: 1_200_000, currency: 'USD' }, contactId: ada.id, isRecurring: true, monthlyValueMinor: 100_000 });
  const globex = await deal({ title: 'Globex support', value: { valueMinor: 800_000, currency: 'USD' }, contactId: bob.id, isRecurring: true, monthlyValueMinor: 50_000 });
  await deal({ title: 'Initech pilot', value: { valueMinor: 500_000, currency: 'USD' }, contactId: cy.id });
  const hooli = await deal({ title: 'Hooli trial', value: { valueMinor: 200_000, currency: 'USD' }, contactId: cy.id });
  await mutate(page, app, 'deals.move', { dealId: acme.id, stageId: stages['Closed Won'] });
  await mutate(page, app, 'deals.move', { dealId: globex.id, stageId: stages['Closed Won'] });
  await mutate(page, app, 'deals.move', { dealId: hooli.id, stageId: stages['Closed Lost'], lostReason: 'Went with a competitor' });

  const now = Date.now();
  await mutate(page, app, 'tasks.create', { title: 'Send the Acme contract', dueAt: new Date(now - 20 * 86_400_000).toISOString(), priority: 'high' });

  const today = todayRangeIn(timeZone);
  const noon = new Date(Date.parse(today.from) + 12 * 3_600_000);
  await mutate(page, app, 'appointments.create', { title: 'Globex onboarding call', startsAt: noon.toISOString(), endsAt: new Date(noon.getTime() + 30 * 60_000).toISOString() });

  const todayDate = todayIn('UTC');
  await mutate(page, app, 'spend.create', { channel: 'google ads', amountMinor: 50_000, spentOn: addDays(todayDate, -20), description: 'Search campaign, May' });
  return { timeZone, today: todayDate };
}

const kpi = (page: Page, title: string): Locator => page.getByRole('article', { name: title, exact: true });
const kpiValue = (page: Page, title: string) => kpi(page, title).locator('[data-slot="kpi-value"]');
const search = (page: Page) => new URL(page.url()).searchParams;

describe('dashboards and reports', () => {
  it('/app shows the KPIs, pipeline, insights and today from the records, and the period follows the URL', async () => {
    const { page } = await openSignedIn(e2e);
    await seed(page, e2e);
    await page.goto('/app');
    await page.getByRole('heading', { level: 1, name: 'Enterprise Command Center' }).waitFor();
    expect(await page.title()).toBe('Dashboard · Switchboard');

    expect(await kpiValue(page, 'Monthly Recurring Revenue').textContent()).toBe('$1,500');
    expect(await kpiValue(page, 'Average Deal Size').textContent()).toBe('$10,000');
    expect(await kpiValue(page, 'Sales Cycle Length').textContent()).toBe('0 days');
    // Spend exists (20 days ago) and two contacts became customers: $500 ÷ 2.
    expect(await kpiValue(page, 'Customer Acquisition Cost').textContent()).toBe('$250');
    // Nothing was recurring before the period: MRR went up, in words as well as colour.
    expect(await kpi(page, 'Monthly Recurring Revenue').getByText('Up', { exact: true }).isVisible()).toBe(true);
    expect(await kpi(page, 'Monthly Recurring Revenue').locator('[data-trend="up"][data-tone="good"]').count()).toBe(1);

    // The definition is a tooltip on the info button (keyboard focus opens it).
    await kpi(page, 'Customer Acquisition Cost').getByRole('button', { name: 'How Customer Acquisition Cost is calculated' }).focus();
    await page
      .getByRole('tooltip')
      .getByText(/Marketing spend recorded for the days of the period/)
      .first()
      .waitFor();

    const pipeline = page.getByRole('region', { name: 'Sales Pipeline Analysis' });
    const won = pipeline.getByRole('row').filter({ hasText: 'Closed Won' });
    expect(await won.getByRole('cell').allTextContents()).toEqual(['Closed WonWon in period', '2', '$20,000', 'Closed stage']);
    expect(await pipeline.getByText('Win rate').locator('..').textContent()).toContain('66.7%');

    const today = page.getByRole('region', { name: 'Today' });
    await today.getByText('Globex onboarding call').waitFor();
    const overdue = today.getByRole('link', { name: /Overdue/ });
    expect((await overdue.textContent())?.startsWith('1')).toBe(true);
    expect(await overdue.getAttribute('href')).toContain('/tasks?view=overdue');

    // The best lead source, with its numbers and a link to the contacts behind it.
    const intelligence = page.getByRole('region', { name: 'AI Revenue Intelligence' });
    const best = intelligence.getByRole('listitem').filter({ hasText: 'Best lead source: google ads' });
    await best.waitFor();
    expect(await best.textContent()).toContain('$20,000');
    expect(await best.getByText(/impact$/).textContent()).toMatch(/^(High|Medium) impact$/);
    const toContacts = best.getByRole('link', { name: 'View contacts from google ads' });
    const href = new URL((await toContacts.getAttribute('href')) ?? '', e2e.url);
    expect([href.pathname, href.searchParams.get('source')]).toEqual(['/contacts', 'google ads']);
    const actions = page.getByRole('region', { name: 'Recommended Actions' });
    expect(await actions.getByRole('link', { name: /Invest more in google ads: \$20,000 won from 2 deals/ }).count()).toBe(1);

    // 7 days: the spend of 20 days ago is outside, so CAC has no value and says why.
    await page.getByRole('radiogroup', { name: 'Period' }).getByRole('radio', { name: 'Last 7 days' }).click();
    await expect.poll(() => search(page).get('period')).toBe('7d');
    await expect.poll(() => kpiValue(page, 'Customer Acquisition Cost').textContent()).toBe('—No value');
    await kpi(page, 'Customer Acquisition Cost').getByText('Record marketing spend to see CAC').waitFor();
    expect(await kpiValue(page, 'Monthly Recurring Revenue').textContent()).toBe('$1,500');
    expect(await page.getByRole('radio', { name: 'Last 7 days' }).getAttribute('aria-checked')).toBe('true');

    // Reload and back keep what the URL says.
    await page.reload();
    await kpi(page, 'Customer Acquisition Cost').getByText('Record marketing spend to see CAC').waitFor();
    expect(await page.getByRole('radio', { name: 'Last 7 days' }).getAttribute('aria-checked')).toBe('true');
    await page.goBack();
    await expect.poll(() => kpiValue(page, 'Customer Acquisition Cost').textContent()).toBe('$250');
    expect(search(page).get('period')).toBeNull();

    // The insight's link opens the contacts behind it, filtered by their source.
    await page.getByRole('link', { name: 'View contacts from google ads' }).click();
    await page.getByRole('heading', { level: 1, name: 'Contacts' }).waitFor();
    expect([new URL(page.url()).pathname, search(page).get('source')]).toEqual(['/contacts', 'google ads']);
    await page.getByRole('main').getByText('Ada Tester').first().waitFor();
    expect(await page.getByRole('main').getByText('Cy Tester').count()).toBe(0);
  });

  it('/analytics adds the performance trends and follows the period in the URL', async () => {
    const { page } = await openSignedIn(e2e);
    await seed(page, e2e);
    await page.goto('/analytics');
    await page.getByRole('heading', { level: 1, name: 'Analytics' }).waitFor();
    await page.getByText('Real-time revenue insights powered by AI-driven analytics').waitFor();
    expect(await page.title()).toBe('Analytics · Switchboard');

    expect(await kpiValue(page, 'Monthly Recurring Revenue').textContent()).toBe('$1,500');
    expect(await kpiValue(page, 'Customer Acquisition Cost').textContent()).toBe('$250');

    const trends = page.getByRole('region', { name: 'Performance Trends' });
    const trend = (key: string) => trends.locator(`[data-trend-item="${key}"]`);
    // Two of the three closed deals were won; two of the three new contacts became customers.
    expect(await trend('winRate').locator('[data-slot="trend-value"]').textContent()).toBe('66.7%');
    expect(await trend('winRate').textContent()).toContain('2 of 3 closed deals were won');
    expect(await trend('leadToCustomer').locator('[data-slot="trend-value"]').textContent()).toBe('66.7%');
    // The one task due in the period (20 days ago) is still open.
    expect(await trend('tasksOnTime').locator('[data-slot="trend-value"]').textContent()).toBe('0%');
    expect(await trend('tasksOnTime').textContent()).toContain('0 of 1 tasks due were done on time');
    expect(await trend('showRate').textContent()).toContain('No appointment outcomes recorded in this period');

    // The stalled-deal and best-source findings come with their recommended actions.
    const actions = page.getByRole('region', { name: 'Recommended Actions' }).getByRole('listitem');
    expect(await actions.count()).toBe(await page.getByRole('region', { name: 'AI Revenue Intelligence' }).locator('[data-insight]').count());

    await page.getByRole('radio', { name: 'Last 7 days' }).click();
    await expect.poll(() => search(page).get('period')).toBe('7d');
    // The overdue task (due 20 days ago) is outside 7 days: nothing was due, so no rate.
    await expect.poll(() => trend('tasksOnTime').locator('[data-slot="trend-value"]').textContent()).toBe('—No value');
    expect(await trend('tasksOnTime').textContent()).toContain('No tasks were due in this period');
    await kpi(page, 'Customer Acquisition Cost').getByText('Record marketing spend to see CAC').waitFor();

    await page.getByRole('radio', { name: 'Last 12 months' }).click();
    await expect.poll(() => search(page).get('period')).toBe('1y');
    await expect.poll(() => trend('tasksOnTime').locator('[data-slot="trend-value"]').textContent()).toBe('0%');
    expect(await kpiValue(page, 'Customer Acquisition Cost').textContent()).toBe('$250');
  });

  it('/reports draws each report with its data table and CSV export, and records marketing spend for CAC', async () => {
    const { page } = await openSignedIn(e2e);
    const { today } = await seed(page, e2e);
    await page.goto('/reports');
    await page.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();
    expect(await page.title()).toBe('Reports · Switchboard');

    const titles = ['Deals won', 'Pipeline by stage: Sales Pipeline', 'Lead sources', 'Task completion', 'Appointment outcomes'];
    for (const title of titles) {
      const region = page.getByRole('region', { name: title, exact: true });
      const chart = region.locator('[role="img"][data-slot="chart"]');
      await chart.locator('svg.recharts-surface').first().waitFor();
      expect((await chart.getAttribute('aria-label'))?.length, title).toBeGreaterThan(20);
      expect(await region.getByRole('link', { name: `Export ${title} as CSV` }).count(), title).toBe(1);
    }
    const dealsWon = page.getByRole('region', { name: 'Deals won', exact: true });
    expect(await dealsWon.locator('[data-slot="chart"]').getAttribute('aria-label')).toMatch(/^Deals won, the last 30 days: 2 deals worth \$20,000/);
    await dealsWon.getByText('Show the data table').click();
    const totals = dealsWon.getByRole('table', { name: 'Deals won: data' }).getByRole('row', { name: /^Total/ });
    expect(await totals.getByRole('cell').allTextContents()).toEqual(['2', '$20,000']);
    expect(await page.getByRole('region', { name: 'Lead sources', exact: true }).locator('[data-slot="chart"]').getAttribute('aria-label')).toContain('google ads 2 contacts, 2 won');

    // The CSV export is the same report as a file.
    const link = dealsWon.getByRole('link', { name: 'Export Deals won as CSV' });
    expect(await link.getAttribute('href')).toBe('/api/reports/deals-won.csv?period=30d');
    const csv = await page.request.get((await link.getAttribute('href'))!);
    expect(csv.status()).toBe(200);
    expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers()['content-disposition']).toMatch(/^attachment; filename="deals-won_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (await csv.text()).trimEnd().split('\r\n');
    expect(lines[0]).toBe('Day,Deals won,Won value (USD)');
    expect(lines.at(-1)).toBe('Total,2,20000.00');

    // A custom range goes to the URL and to the exports.
    await page.getByRole('radio', { name: 'Custom range' }).click();
    const range = page.getByRole('form', { name: 'Custom range' });
    await range.getByLabel('From').fill(addDays(today, -9));
    await range.getByLabel('To').fill(today);
    await range.getByRole('button', { name: 'Apply range' }).click();
    await expect.poll(() => [search(page).get('from'), search(page).get('to')]).toEqual([addDays(today, -9), today]);
    await expect.poll(() => link.getAttribute('href')).toBe(`/api/reports/deals-won.csv?from=${addDays(today, -9)}&to=${today}`);
    const custom = await page.request.get((await link.getAttribute('href'))!);
    expect(custom.headers()['content-disposition']).toBe(`attachment; filename="deals-won_${addDays(today, -9)}_${today}.csv"`);
    expect((await custom.text()).trimEnd().split('\r\n')).toHaveLength(1 + 10 + 1);

    // Marketing spend: field errors first, then an entry 3 days ago.
    const spend = page.getByRole('region', { name: 'Marketing spend' });
    const form = spend.getByRole('form', { name: 'Record marketing spend' });
    await form.getByRole('button', { name: 'Add spend' }).click();
    await form.getByText('Channel is required').waitFor();
    await form.getByText('Amount is required').waitFor();
    await form.getByLabel('Channel').fill('google ads');
    await form.getByLabel('Amount').fill('300');
    await form.getByLabel('Date').fill(addDays(today, -3));
    await form.getByRole('button', { name: 'Add spend' }).click();
    await toastOn(page).getByText('Spend recorded').waitFor();
    const entries = spend.getByRole('table', { name: 'Marketing spend entries' });
    await entries.getByRole('row').filter({ hasText: '$300' }).waitFor();
    await spend.getByText(/\$800 in 2 entries/).waitFor();

    // CAC on the dashboard now divides this week's $300 by the two new customers.
    await page.goto('/analytics?period=7d');
    await expect.poll(() => kpiValue(page, 'Customer Acquisition Cost').textContent()).toBe('$150');

    // Deleting the entry takes it out again.
    await page.goto('/reports');
    const row = page.getByRole('table', { name: 'Marketing spend entries' }).getByRole('row').filter({ hasText: '$300' });
    await row.getByRole('button', { name: /^Delete \$300 on google ads/ }).click();
    await page.getByRole('dialog', { name: 'Delete this spend entry?' }).getByRole('button', { name: 'Delete entry' }).click();
    await toastOn(page).getByText('Spend entry deleted').waitFor();
    await row.waitFor({ state: 'detached' });
    await page.goto('/analytics?period=7d');
    await kpi(page, 'Customer Acquisition Cost').getByText('Record marketing spend to see CAC').waitFor();
  });

  it('a Viewer reads the figures and the spend list but is offered no spend form or delete button', async () => {
    const { page: owner } = await openSignedIn(e2e);
    await seed(owner, e2e);
    const viewer = newAccount({ name: 'Vera Viewer' });
    const { url } = await mutate<{ url: string }>(owner, e2e, 'members.invite', { email: viewer.email, role: 'viewer' });
    const guest = await e2e.open();
    await mutate(guest, e2e, 'invites.accept', { token: url.split('/').at(-1), name: viewer.name, password: viewer.password });

    await guest.goto('/app');
    await expect.poll(() => kpiValue(guest, 'Average Deal Size').textContent()).toBe('$10,000');
    await guest.goto('/reports');
    const spend = guest.getByRole('region', { name: 'Marketing spend' });
    await spend.getByRole('table', { name: 'Marketing spend entries' }).getByRole('row').filter({ hasText: '$500' }).waitFor();
    expect(await spend.getByRole('form').count()).toBe(0);
    expect(await spend.getByRole('button', { name: /^Delete / }).count()).toBe(0);
    // The exports are open to every role that reads reports.
    const csv = await guest.request.get('/api/reports/lead-sources.csv?period=90d');
    expect(csv.status()).toBe(200);
    expect((await csv.text()).split('\r\n')[0]).toBe('Source,Contacts created,Deals won,Won value (USD)');
  });
});
