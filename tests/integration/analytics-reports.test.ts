import { describe, expect, it } from 'vitest';
import { csvField } from '../../server/analytics/csv';
import { getDashboard } from '../../server/analytics/dashboard';
import { getReport } from '../../server/analytics/reports';
import { scoped } from '../../server/db/scoped';
import { checkedTestApp } from '../helpers/openapi';
import { addMember, browser, createAccount } from '../helpers/factories';
import { ctxFor, defaultStages, insertContacts, insertDeals, NOW, seedMainDataSet } from './analytics-fixture';

async function mainOrg() {
  const { deps, caller, app } = await checkedTestApp();
  const owner = await createAccount(deps, 'reports');
  const rep = await addMember(deps, owner.organizationId, 'sales_rep', 'rep');
  const data = await seedMainDataSet(deps.database.db, owner.organizationId, { owner: owner.userId, rep: rep.userId });
  return { deps, caller, app, owner, rep, data, db: deps.database.db };
}

const RANGE = { from: '2026-05-17', to: '2026-06-15' };

describe('reports', () => {
  it('deals won: count and value per day, zero-filled, with totals', async () => {
    const { db, owner } = await mainOrg();
    const report = await getReport(ctxFor(db, owner.organizationId, owner.userId), { report: 'deals-won', ...RANGE }, NOW);
    expect(report.period).toMatchObject({ key: 'custom', from: '2026-05-17', to: '2026-06-15', days: 30, bucket: 'day' });
    expect(report.rows).toHaveLength(30);
    expect(report.rows[0]).toEqual({ bucket: '2026-05-17', won: 0, valueMinor: 0 });
    const nonZero = report.rows.filter((r) => r.won !== 0).map((r) => [r.bucket, r.won, r.valueMinor]);
    expect(nonZero).toEqual([
      ['2026-05-21', 1, 500000],
      ['2026-06-01', 1, 0],
      ['2026-06-10', 1, 300000],
      ['2026-06-12', 1, 0],
      ['2026-06-14', 1, 120000],
    ]);
    expect(report.totals).toEqual({ bucket: 'Total', won: 5, valueMinor: 920000 });
    expect(report.excludedCount).toBe(2);
    expect(report.notes[0]).toMatch(/2 records in other currencies than USD/);
  });

  it('switches to weeks and months for longer periods', async () => {
    const { db, owner } = await mainOrg();
    const ctx = ctxFor(db, owner.organizationId, owner.userId);
    const weeks = await getReport(ctx, { report: 'deals-won', period: '90d' }, NOW);
    expect(weeks.period).toMatchObject({ bucket: 'week', from: '2026-03-18', to: '2026-06-15' });
    // Weeks start on Monday: 2026-03-16 holds the period's first day.
    expect(weeks.rows[0]!.bucket).toBe('2026-03-16');
    expect(weeks.rows.at(-1)!.bucket).toBe('2026-06-15');
    expect(weeks.rows.find((r) => r.bucket === '2026-04-20')).toMatchObject({ won: 1, valueMinor: 200000 });
    expect(weeks.totals).toMatchObject({ won: 6, valueMinor: 1120000 });
    const months = await getReport(ctx, { report: 'deals-won', period: '1y' }, NOW);
    expect(months.period.bucket).toBe('month');
    expect(months.rows.map((r) => r.bucket)).toHaveLength(13);
    expect(months.rows.find((r) => r.bucket === '2026-06-01')).toMatchObject({ won: 4, valueMinor: 420000 });
  });

  it('lead sources: contacts created and won value by source', async () => {
    const { db, owner } = await mainOrg();
    const report = await getReport(ctxFor(db, owner.organizationId, owner.userId), { report: 'lead-sources', ...RANGE }, NOW);
    expect(report.rows).toEqual([
      { source: 'referral', contactsCreated: 1, dealsWon: 3, wonValueMinor: 620000 },
      { source: 'google_ads', contactsCreated: 2, dealsWon: 1, wonValueMinor: 300000 },
      { source: 'web_form', contactsCreated: 1, dealsWon: 1, wonValueMinor: 0 },
    ]);
    expect(report.totals).toEqual({ source: 'Total', contactsCreated: 4, dealsWon: 5, wonValueMinor: 920000 });
  });

  it('task completion: created vs completed per day, due ones on time', async () => {
    const { db, owner } = await mainOrg();
    const report = await getReport(ctxFor(db, owner.organizationId, owner.userId), { report: 'tasks', ...RANGE }, NOW);
    const byDay = Object.fromEntries(report.rows.map((r) => [r.bucket, r]));
    expect(byDay['2026-05-30']).toMatchObject({ created: 8, completed: 0, due: 0, onTimePercent: null });
    expect(byDay['2026-06-04']).toMatchObject({ completed: 1 });
    expect(byDay['2026-06-05']).toMatchObject({ due: 1, completedOnTime: 1, onTimePercent: 100 });
    expect(byDay['2026-06-06']).toMatchObject({ due: 1, completedOnTime: 0, onTimePercent: 0 });
    expect(report.totals).toEqual({ bucket: 'Total', created: 8, completed: 2, due: 7, completedOnTime: 1, onTimePercent: 14.3 });
  });

  it('appointment outcomes by status per day', async () => {
    const { db, owner } = await mainOrg();
    const report = await getReport(ctxFor(db, owner.organizationId, owner.userId), { report: 'appointments', ...RANGE }, NOW);
    expect(report.totals).toEqual({ bucket: 'Total', scheduled: 1, completed: 2, cancelled: 1, noShow: 1, showRate: 66.7 });
    expect(report.rows.find((r) => r.bucket === '2026-06-05')).toMatchObject({ noShow: 1, showRate: 0 });
  });

  it('pipeline by stage, with the stage conversion', async () => {
    const { db, owner } = await mainOrg();
    const report = await getReport(ctxFor(db, owner.organizationId, owner.userId), { report: 'pipeline', ...RANGE }, NOW);
    expect(report.title).toBe('Pipeline by stage: Sales Pipeline');
    expect(report.rows.map((r) => [r.stage, r.deals, r.valueMinor, r.conversion])).toEqual([
      ['Qualified Leads', 0, 0, 66.7],
      ['Discovery', 1, 100000, 50],
      ['Proposal', 1, 400000, 0],
      ['Negotiation', 0, 0, 100],
      ['Closed Won', 5, 920000, null],
      ['Closed Lost', 1, 80000, null],
    ]);
  });

  it('buckets by the organization time zone', async () => {
    const { deps } = await checkedTestApp();
    const owner = await createAccount(deps, 'tz');
    const db = deps.database.db;
    await db
      .updateTable('organizations')
      .set({ settings: JSON.stringify({ timezone: 'America/New_York' }) })
      .where('id', '=', owner.organizationId)
      .execute();
    const stages = await defaultStages(db, owner.organizationId);
    const contacts = await insertContacts(db, owner.organizationId, [{ key: 'z', created: '2026-05-01' }]);
    const won = (key: string, wonAt: string) => ({
      key,
      contact: 'z',
      created: '2026-05-01',
      value: 1000,
      status: 'won' as const,
      stage: 'Closed Won' as const,
      stageChanged: wonAt,
      wonAt,
      history: [] as ['Closed Won', string][],
    });
    // at() takes 12:00 UTC by default; these instants are set apart below.
    const ids = await insertDeals(db, owner.organizationId, stages, contacts, [won('early', '2026-06-09'), won('late-evening', '2026-06-10'), won('last', '2026-06-15')]);
    const org = scoped(db, owner.organizationId);
    await org
      .updateTable('deals')
      .set({ won_at: new Date('2026-06-09T03:00:00Z') })
      .where('id', '=', ids.early!)
      .execute(); // 06-08 23:00 in New York
    await org
      .updateTable('deals')
      .set({ won_at: new Date('2026-06-10T02:00:00Z') })
      .where('id', '=', ids['late-evening']!)
      .execute(); // 06-09 22:00
    await org
      .updateTable('deals')
      .set({ won_at: new Date('2026-06-15T03:30:00Z') })
      .where('id', '=', ids.last!)
      .execute(); // 06-14 23:30
    const ctx = ctxFor(db, owner.organizationId, owner.userId);
    const report = await getReport(ctx, { report: 'deals-won', period: '7d' }, NOW);
    expect(report.period).toMatchObject({ from: '2026-06-09', to: '2026-06-15', timezone: 'America/New_York' });
    expect(report.rows.filter((r) => r.won !== 0).map((r) => r.bucket)).toEqual(['2026-06-09', '2026-06-14']);
    const dashboard = await getDashboard(ctx, { period: '7d' }, NOW);
    expect(dashboard.kpis.find((k) => k.key === 'avgDealSize')).toMatchObject({ value: 1000, previous: 1000 });
  });
});

describe('period validation', () => {
  it('refuses bad periods and ranges, naming the field and the rule', async () => {
    const { deps, caller } = await checkedTestApp();
    const owner = await createAccount(deps, 'periods');
    const api = caller(browser(owner.cookie));
    await expect(api.analytics.dashboard({ period: 'week' as never })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'period: must be one of 7d, 30d, 90d, 1y' });
    await expect(api.analytics.report({ report: 'deals-won', from: '2026-06-10', to: '2026-06-01' })).rejects.toMatchObject({ message: 'to: must be on or after from' });
    await expect(api.analytics.report({ report: 'deals-won', from: '2024-01-01', to: '2026-01-05' })).rejects.toMatchObject({ message: 'to: must be at most two years (731 days) after from' });
    await expect(api.analytics.report({ report: 'deals-won', from: '2026-01-01' })).rejects.toMatchObject({ message: 'to: is required when from is given' });
    await expect(api.analytics.report({ report: 'deals-won', period: '7d', from: '2026-01-01', to: '2026-01-02' })).rejects.toMatchObject({
      message: 'period: must not be given together with from/to',
    });
    await expect(api.analytics.report({ report: 'deals-won', from: '2026-02-30', to: '2026-03-02' })).rejects.toMatchObject({ message: 'from: must be a real calendar date' });
    await expect(api.analytics.report({ report: 'forecast' as never, period: '7d' })).rejects.toMatchObject({ message: expect.stringMatching(/^report: must be one of deals-won/) });
    // Exactly two years is accepted.
    await expect(api.analytics.report({ report: 'deals-won', from: '2024-06-15', to: '2026-06-15' })).resolves.toMatchObject({ period: { days: 731, bucket: 'month' } });
  });
});

describe('CSV export', () => {
  it('answers RFC 4180 CSV for a period, money in major units, totals last', async () => {
    const { app, owner } = await mainOrg();
    const res = await app.request(`/api/reports/deals-won.csv?from=${RANGE.from}&to=${RANGE.to}`, { headers: browser(owner.cookie) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="deals-won_2026-05-17_2026-06-15.csv"');
    const text = await res.text();
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('Day,Deals won,Won value (USD)');
    expect(lines).toContain('2026-05-21,1,5000.00');
    expect(lines).toContain('2026-06-14,1,1200.00');
    expect(lines.at(-2)).toBe('Total,5,9200.00');
    expect(lines.at(-1)).toBe('');
    expect(lines).toHaveLength(1 + 30 + 1 + 1);
  });

  it('quotes and neutralises spreadsheet formulas in text cells', async () => {
    const { app, db, owner, data } = await mainOrg();
    await scoped(db, owner.organizationId).updateTable('contacts').set({ source: '=HYPERLINK("http://evil.test","x")' }).where('id', '=', data.contacts.c2!).execute();
    await scoped(db, owner.organizationId).updateTable('pipeline_stages').set({ name: 'Proposal, "final"' }).where('id', '=', data.stages.byName.Proposal).execute();
    const sources = await (await app.request(`/api/reports/lead-sources.csv?from=${RANGE.from}&to=${RANGE.to}`, { headers: browser(owner.cookie) })).text();
    expect(sources.split('\r\n')).toContain(`"'=HYPERLINK(""http://evil.test"",""x"")",1,1,3000.00`);
    const pipeline = await (await app.request(`/api/reports/pipeline.csv?period=30d`, { headers: browser(owner.cookie) })).text();
    expect(pipeline.split('\r\n')[0]).toBe('Stage,Kind,Deals,Value (USD),Weighted value (USD),Conversion to next stage (%)');
    expect(pipeline).toContain('"Proposal, ""final""",open,1,4000.00,2000.00,');
    expect(csvField('+1 555')).toBe("'+1 555");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('-2+3')).toBe("'-2+3");
    // A sign followed by a plain number is data (the contacts export's rule).
    expect(csvField('-2')).toBe('-2');
    expect(csvField('+14155552671')).toBe('+14155552671');
    expect(csvField('line\nbreak')).toBe('"line\nbreak"');
    expect(csvField(12)).toBe('12');
    expect(csvField(null)).toBe('');
  });

  it('validates the query, requires reports:read and hides other organizations', async () => {
    const { app, owner, deps } = await mainOrg();
    const bad = await app.request('/api/reports/tasks.csv?period=2w', { headers: browser(owner.cookie) });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ message: 'period: must be one of 7d, 30d, 90d, 1y' });
    expect((await app.request('/api/reports/tasks.csv?period=30d')).status).toBe(401);
    expect((await app.request('/api/reports/unknown.csv?period=30d', { headers: browser(owner.cookie) })).status).toBe(404);
    const foreign = await defaultStages(deps.database.db, (await createAccount(deps, 'csv-other')).organizationId);
    const res = await app.request(`/api/reports/pipeline.csv?period=30d&pipelineId=${foreign.pipelineId}`, { headers: browser(owner.cookie) });
    expect(res.status).toBe(404);
    const b = await createAccount(deps, 'csv-b');
    const empty = await (await app.request(`/api/reports/lead-sources.csv?from=${RANGE.from}&to=${RANGE.to}`, { headers: browser(b.cookie) })).text();
    expect(empty).toBe('Source,Contacts created,Deals won,Won value (USD)\r\nTotal,0,0,0.00\r\n');
  });
});

describe('marketing spend', () => {
  it('creates, lists with totals per currency, and deletes entries; CAC follows', async () => {
    const { deps, caller } = await checkedTestApp();
    const owner = await createAccount(deps, 'spend');
    const manager = await addMember(deps, owner.organizationId, 'manager');
    const api = caller(browser(manager.cookie));
    const first = await api.spend.create({ channel: ' Google Ads ', amountMinor: 125000, spentOn: '2026-06-01', description: 'June search' });
    expect(first).toMatchObject({ channel: 'Google Ads', amountMinor: 125000, currency: 'USD', spentOn: '2026-06-01', description: 'June search' });
    await api.spend.create({ channel: 'event', amountMinor: 5000, currency: 'eur', spentOn: '2026-05-02' });
    const list = await api.spend.list({});
    expect(list.items.map((i) => [i.channel, i.spentOn])).toEqual([
      ['Google Ads', '2026-06-01'],
      ['event', '2026-05-02'],
    ]);
    expect(list.totals).toEqual([
      { currency: 'EUR', amountMinor: 5000, entries: 1 },
      { currency: 'USD', amountMinor: 125000, entries: 1 },
    ]);
    expect((await api.spend.list({ from: '2026-06-01' })).total).toBe(1);

    const dashboard = await getDashboard(ctxFor(deps.database.db, owner.organizationId, owner.userId), { period: '30d' }, NOW);
    expect(dashboard.kpis.find((k) => k.key === 'cac')).toMatchObject({ value: null, hint: 'No new customers in this period' });

    await api.spend.delete({ id: first.id });
    expect((await api.spend.list({})).total).toBe(1);
    await expect(api.spend.delete({ id: first.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('validates entries, naming the field and the rule', async () => {
    const { deps, caller } = await checkedTestApp();
    const owner = await createAccount(deps, 'spend-bad');
    const api = caller(browser(owner.cookie));
    await expect(api.spend.create({ channel: '', amountMinor: 100, spentOn: '2026-06-01' })).rejects.toMatchObject({ message: 'channel: is required' });
    await expect(api.spend.create({ channel: 'x', amountMinor: 10.5, spentOn: '2026-06-01' })).rejects.toMatchObject({ message: 'amountMinor: must be a whole number of minor units (cents)' });
    await expect(api.spend.create({ channel: 'x', amountMinor: 0, spentOn: '2026-06-01' })).rejects.toMatchObject({ message: 'amountMinor: must be greater than zero' });
    await expect(api.spend.create({ channel: 'x', amountMinor: 1, spentOn: '06/01/2026' })).rejects.toMatchObject({ message: 'spentOn: must be a date in the form YYYY-MM-DD' });
    await expect(api.spend.create({ channel: 'x', amountMinor: 1, currency: 'DOLLARS', spentOn: '2026-06-01' })).rejects.toMatchObject({
      message: 'currency: must be a three-letter ISO 4217 currency code such as USD',
    });
  });

  it("cannot delete another organization's entry", async () => {
    const { deps, caller } = await checkedTestApp();
    const a = await createAccount(deps, 'spend-a');
    const b = await createAccount(deps, 'spend-b');
    const entry = await caller(browser(a.cookie)).spend.create({ channel: 'facebook', amountMinor: 100, spentOn: '2026-06-01' });
    await expect(caller(browser(b.cookie)).spend.delete({ id: entry.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await caller(browser(a.cookie)).spend.list({})).total).toBe(1);
  });
});
