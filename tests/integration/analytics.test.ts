import { describe, expect, it } from 'vitest';
import { CAC_HINT_NO_SPEND, CAC_HINT_OWN_ONLY, getDashboard, type Kpi } from '../../server/analytics/dashboard';
import { getInsights } from '../../server/analytics/insights';
import { getPipelineAnalysis } from '../../server/analytics/pipeline';
import { getTrends } from '../../server/analytics/trends';
import { scoped } from '../../server/db/scoped';
import { buildTestApp } from '../helpers/app';
import { addMember, browser, createAccount } from '../helpers/factories';
import { at, ctxFor, defaultStages, insertContacts, insertDeals, NOW, seedMainDataSet } from './analytics-fixture';

async function mainOrg() {
  const { deps, caller } = await buildTestApp();
  const owner = await createAccount(deps, 'analytics');
  const rep = await addMember(deps, owner.organizationId, 'sales_rep', 'rep');
  const data = await seedMainDataSet(deps.database.db, owner.organizationId, { owner: owner.userId, rep: rep.userId });
  return { deps, caller, owner, rep, data, db: deps.database.db };
}

const kpi = (kpis: Kpi[], key: Kpi['key']) => kpis.find((k) => k.key === key)!;

describe('dashboard KPIs', () => {
  it('computes MRR, CAC, average deal size and sales cycle against hand-computed values, with the previous period', async () => {
    const { db, owner } = await mainOrg();
    const result = await getDashboard(ctxFor(db, owner.organizationId, owner.userId), { period: '30d' }, NOW);

    expect(result.period).toMatchObject({ key: '30d', from: '2026-05-17', to: '2026-06-15', days: 30, bucket: 'day', timezone: 'UTC', previous: { from: '2026-04-17', to: '2026-05-16' } });
    expect(result.currency).toBe('USD');

    expect(kpi(result.kpis, 'mrr')).toMatchObject({
      title: 'Monthly Recurring Revenue',
      value: 80000,
      previous: 20000,
      changePercent: 300,
      trend: 'up',
      unit: 'money',
      currency: 'USD',
      better: 'higher',
      excludedCount: 1,
    });
    expect(kpi(result.kpis, 'cac')).toMatchObject({ value: 40000, previous: 60000, changePercent: -33.3, trend: 'down', better: 'lower', hint: null, excludedCount: 1 });
    expect(kpi(result.kpis, 'cac').definition).toMatch(/first won deal was won in the period/);
    expect(kpi(result.kpis, 'avgDealSize')).toMatchObject({ value: 306667, previous: 200000, changePercent: 53.3, trend: 'up', excludedCount: 2 });
    expect(kpi(result.kpis, 'salesCycle')).toMatchObject({ value: 10, previous: 50, changePercent: -80, trend: 'down', unit: 'days', currency: null });
    for (const k of result.kpis) expect(k.definition.length).toBeGreaterThan(20);
  });

  it('shows CAC as missing with a hint when no spend is recorded, and flat trends without data', async () => {
    const { deps, caller } = await buildTestApp();
    const owner = await createAccount(deps, 'empty');
    // No period given: the door's schema defaults it.
    const result = await caller(browser(owner.cookie)).analytics.dashboard({});
    expect(result.period.key).toBe('30d');
    expect(kpi(result.kpis, 'cac')).toMatchObject({ value: null, previous: null, hint: CAC_HINT_NO_SPEND, changePercent: null, trend: 'flat' });
    expect(kpi(result.kpis, 'mrr')).toMatchObject({ value: 0, previous: 0, changePercent: null, trend: 'flat' });
    expect(kpi(result.kpis, 'avgDealSize')).toMatchObject({ value: null, hint: 'No deals won in this period' });
    expect(kpi(result.kpis, 'salesCycle')).toMatchObject({ value: null, previous: null });
  });

  it('reports "no new customers" when spend exists but nobody became a customer', async () => {
    const { deps } = await buildTestApp();
    const owner = await createAccount(deps, 'spend-only');
    await scoped(deps.database.db, owner.organizationId).insertInto('marketing_spend', { channel: 'facebook', amount_minor: 5000, spent_on: '2026-06-01' }).execute();
    const result = await getDashboard(ctxFor(deps.database.db, owner.organizationId, owner.userId), { period: '30d' }, NOW);
    expect(kpi(result.kpis, 'cac')).toMatchObject({ value: null, hint: 'No new customers in this period' });
  });

  it('says so when the spend of the period is only in another currency', async () => {
    const { deps } = await buildTestApp();
    const owner = await createAccount(deps, 'spend-eur');
    await scoped(deps.database.db, owner.organizationId).insertInto('marketing_spend', { channel: 'event', amount_minor: 5000, currency: 'EUR', spent_on: '2026-06-01' }).execute();
    const result = await getDashboard(ctxFor(deps.database.db, owner.organizationId, owner.userId), { period: '30d' }, NOW);
    expect(kpi(result.kpis, 'cac')).toMatchObject({ value: null, excludedCount: 1, hint: 'Marketing spend of this period is recorded in other currencies than USD; record it in USD to see CAC' });
  });

  it('compares 7d with the 7 days before it', async () => {
    const { db, owner } = await mainOrg();
    const result = await getDashboard(ctxFor(db, owner.organizationId, owner.userId), { period: '7d' }, NOW);
    expect(result.period).toMatchObject({ from: '2026-06-09', to: '2026-06-15', previous: { from: '2026-06-02', to: '2026-06-08' } });
    // Won 2026-06-09…15 in USD: d2 300000, d9 120000; before: none in USD (d4 is EUR, 06-01 is outside).
    expect(kpi(result.kpis, 'avgDealSize')).toMatchObject({ value: 210000, previous: null, changePercent: null, trend: 'flat' });
    // MRR at the end of 06-15 vs at the start of 06-09.
    expect(kpi(result.kpis, 'mrr')).toMatchObject({ value: 80000, previous: 70000, changePercent: 14.3, trend: 'up' });
  });

  it('limits a Sales Rep to their own records when the organization says so', async () => {
    const { db, owner, rep } = await mainOrg();
    await db
      .updateTable('organizations')
      .set({ settings: JSON.stringify({ salesRepsSeeOwnOnly: true }) })
      .where('id', '=', owner.organizationId)
      .execute();
    const result = await getDashboard(ctxFor(db, owner.organizationId, rep.userId, 'sales_rep'), { period: '30d' }, NOW);
    expect(result.ownRecordsOnly).toBe(true);
    expect(kpi(result.kpis, 'avgDealSize')).toMatchObject({ value: 300000, previous: null });
    expect(kpi(result.kpis, 'mrr').value).toBe(0);
    expect(kpi(result.kpis, 'cac')).toMatchObject({ value: null, hint: CAC_HINT_OWN_ONLY });
    const insights = await getInsights(ctxFor(db, owner.organizationId, rep.userId, 'sales_rep'), { period: '30d' }, NOW);
    // The rep's 4 overdue tasks are below the count rule and the share rule does not apply to one's own view.
    expect(insights.insights.map((i) => i.kind)).not.toContain('overdue_concentration');
    expect(insights.insights.map((i) => i.kind)).not.toContain('stalled_deals');
  });
});

describe('Sales Pipeline Analysis', () => {
  it('gives per stage the count, value and the period conversion from stage history', async () => {
    const { db, owner, data } = await mainOrg();
    const result = await getPipelineAnalysis(ctxFor(db, owner.organizationId, owner.userId), { period: '30d' }, NOW);
    expect(result.pipeline).toMatchObject({ id: data.stages.pipelineId, isDefault: true });
    const rows = result.stages.map((s) => [s.name, s.count, s.valueMinor, s.weightedValueMinor, s.reached, s.advanced, s.conversion, s.previousConversion]);
    expect(rows).toEqual([
      ['Qualified Leads', 0, 0, 0, 3, 2, 66.7, 66.7],
      ['Discovery', 1, 100000, 25000, 2, 1, 50, 50],
      ['Proposal', 1, 400000, 200000, 2, 0, 0, 100],
      ['Negotiation', 0, 0, 0, 2, 2, 100, 0],
      ['Closed Won', 5, 920000, 920000, null, null, null, null],
      ['Closed Lost', 1, 80000, 0, null, null, null, null],
    ]);
    expect(result.stages[2]).toMatchObject({ conversionChange: -100, trend: 'down' });
    expect(result.stages[4]!.excludedCount).toBe(2);
    expect(result.totals).toMatchObject({ openCount: 2, openValueMinor: 500000, weightedValueMinor: 225000, wonCount: 5, lostCount: 1, winRate: 83.3, excludedCount: 2 });
  });

  it("answers NOT_FOUND for another organization's pipeline", async () => {
    const { db, owner } = await mainOrg();
    const { deps } = await buildTestApp();
    const other = await createAccount(deps, 'other');
    const foreign = await defaultStages(deps.database.db, other.organizationId);
    await expect(getPipelineAnalysis(ctxFor(db, owner.organizationId, owner.userId), { period: '30d', pipelineId: foreign.pipelineId }, NOW)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('AI Revenue Intelligence insights', () => {
  it('fires the stalled, overdue and lead-source rules on the data, with numbers and links', async () => {
    const { db, owner, rep, data } = await mainOrg();
    const result = await getInsights(ctxFor(db, owner.organizationId, owner.userId), { period: '30d' }, NOW);
    expect(result.insights.map((i) => [i.kind, i.impact])).toEqual([
      ['stalled_deals', 'critical'],
      ['overdue_concentration', 'critical'],
      ['best_lead_source', 'high'],
    ]);
    const [stalled, overdue, source] = result.insights as [(typeof result.insights)[0], (typeof result.insights)[0], (typeof result.insights)[0]];
    expect(stalled.metrics).toMatchObject({ stalledDeals: 1, stalledValueMinor: 400000, openDeals: 2, openValueMinor: 500000, shareOfOpenValue: 80 });
    expect(stalled.breakdown).toEqual([expect.objectContaining({ dealId: data.deals.d6, valueMinor: 400000, stage: 'Proposal', daysInStage: 26 })]);
    expect(stalled.link).toEqual({ to: '/pipeline', search: { view: 'list', status: 'open', sortBy: 'stageChangedAt', sortDir: 'asc', stalledDays: '14' } });
    expect(stalled.message).toContain('$4,000');

    expect(overdue.metrics).toMatchObject({ assigneeId: rep.userId, overdue: 4, totalOverdue: 5, share: 80 });
    expect(overdue.link).toEqual({ to: '/tasks', search: { view: 'overdue', assigneeId: rep.userId } });

    expect(source.metrics).toMatchObject({ source: 'referral', wonDeals: 3, wonValueMinor: 620000, shareOfWonValue: 67.4, spendMinor: null });
    expect(source.link).toEqual({ to: '/contacts', search: { source: 'referral' } });

    expect(result.actions.map((a) => [a.insightKey, a.link.to])).toEqual(result.insights.map((i) => [i.key, i.link.to]));
    expect(result.actions[0]!.title).toBe('Follow up on the 1 stalled deal ($4,000)');
    for (const i of result.insights) expect(i.rule.length).toBeGreaterThan(20);
  });

  it('fires a conversion drop only above 10 points with enough deals in both periods', async () => {
    const { deps } = await buildTestApp();
    const owner = await createAccount(deps, 'drop');
    const db = deps.database.db;
    const stages = await defaultStages(db, owner.organizationId);
    // Previous period: 6 deals enter Proposal, 5 go on to Negotiation (83.3%). This period: 6 enter, 2 go on (33.3%).
    const spec = (key: string, enter: string, next?: string) => ({
      key,
      created: enter,
      value: 1000,
      status: 'open' as const,
      stage: next ? ('Negotiation' as const) : ('Proposal' as const),
      stageChanged: next ?? enter,
      history: [['Proposal', enter], ...(next ? [['Negotiation', next]] : [])] as ['Proposal' | 'Negotiation', string][],
    });
    await insertDeals(db, owner.organizationId, stages, {}, [
      ...[1, 2, 3, 4, 5].map((i) => spec(`p${i}`, '2026-04-20', '2026-04-25')),
      spec('p6', '2026-04-21'),
      spec('n1', '2026-06-01', '2026-06-03'),
      spec('n2', '2026-06-02', '2026-06-04'),
      ...[3, 4, 5, 6].map((i) => spec(`n${i}`, '2026-06-05')),
    ]);
    const result = await getInsights(ctxFor(db, owner.organizationId, owner.userId), { period: '30d' }, NOW);
    const drop = result.insights.find((i) => i.kind === 'conversion_drop');
    expect(drop).toMatchObject({
      impact: 'critical',
      metrics: { stage: 'Proposal', nextStage: 'Negotiation', conversion: 33.3, previousConversion: 83.3, dropPoints: 50, reached: 6, previousReached: 6 },
      link: { to: '/pipeline', search: { view: 'list', pipelineId: stages.pipelineId, stageId: stages.byName.Proposal } },
    });
    expect(result.actions.find((a) => a.insightKey === drop!.key)!.title).toContain('fell 50 points');

    // With fewer deals than the minimum in the period, the same drop is not reported.
    await scoped(db, owner.organizationId).deleteFrom('deals').where('title', 'in', ['n3', 'n4', 'n5']).execute();
    const fewer = await getInsights(ctxFor(db, owner.organizationId, owner.userId), { period: '30d' }, NOW);
    expect(fewer.insights.map((i) => i.kind)).not.toContain('conversion_drop');
  });

  it('fires nothing on an organization without data', async () => {
    const { deps } = await buildTestApp();
    const owner = await createAccount(deps, 'quiet');
    const result = await getInsights(ctxFor(deps.database.db, owner.organizationId, owner.userId), { period: '90d' }, NOW);
    expect(result).toMatchObject({ insights: [], actions: [] });
  });

  it('keeps a small overdue count below the rules', async () => {
    const { deps } = await buildTestApp();
    const owner = await createAccount(deps, 'few-overdue');
    const db = deps.database.db;
    await scoped(db, owner.organizationId)
      .insertInto(
        'tasks',
        [1, 2, 3].map((i) => ({ title: `late ${i}`, assignee_id: owner.userId, due_at: at('2026-06-10') })),
      )
      .execute();
    const result = await getInsights(ctxFor(db, owner.organizationId, owner.userId), { period: '30d' }, NOW);
    // 3 overdue in all: below the 5 needed for the share rule and the 10 of the count rule.
    expect(result.insights).toEqual([]);
  });
});

describe('Performance Trends', () => {
  it('gives real rates with their previous-period comparison', async () => {
    const { db, owner } = await mainOrg();
    const result = await getTrends(ctxFor(db, owner.organizationId, owner.userId), { period: '30d' }, NOW);
    const byKey = Object.fromEntries(result.items.map((i) => [i.key, i]));
    expect(byKey.leadToCustomer).toMatchObject({ value: 75, numerator: 3, denominator: 4, previous: 0, previousNumerator: 0, previousDenominator: 2, changePoints: 75, trend: 'up' });
    expect(byKey.winRate).toMatchObject({ value: 83.3, numerator: 5, denominator: 6, previous: 100, changePoints: -16.7, trend: 'down' });
    expect(byKey.tasksOnTime).toMatchObject({ value: 14.3, numerator: 1, denominator: 7, previous: 100, trend: 'down' });
    expect(byKey.showRate).toMatchObject({ value: 66.7, numerator: 2, denominator: 3, previous: 100, trend: 'down' });
    expect(byKey.showRate!.definition).toContain('1 past appointments still without an outcome');
  });
});

describe('tenant isolation of analytics', () => {
  it("shows organization B none of A's figures through the router", async () => {
    const { caller, deps, owner } = await mainOrg();
    const b = await createAccount(deps, 'tenant-b');
    const api = caller(browser(b.cookie));
    const dashboard = await api.analytics.dashboard({ period: '1y' });
    expect(dashboard.kpis.map((k) => k.value)).toEqual([0, null, null, null]);
    const pipeline = await api.analytics.pipelineAnalysis({ period: '1y' });
    expect(pipeline.stages.every((s) => s.count === 0 && s.valueMinor === 0)).toBe(true);
    expect((await api.analytics.insights({ period: '1y' })).insights).toEqual([]);
    const trends = await api.analytics.trends({ period: '1y' });
    expect(trends.items.every((i) => i.denominator === 0 && i.previousDenominator === 0)).toBe(true);
    const report = await api.analytics.report({ report: 'lead-sources', from: '2026-01-01', to: '2026-06-30' });
    expect(report.rows).toEqual([]);
    expect((await api.spend.list({})).items).toEqual([]);

    // A's own view through the same door does see its data.
    const aReport = await caller(browser(owner.cookie)).analytics.report({ report: 'lead-sources', from: '2026-01-01', to: '2026-06-30' });
    expect(aReport.rows.length).toBeGreaterThan(0);
  });

  it('refuses the reports to a caller without reports:read and spend writes to a Viewer', async () => {
    const { deps, caller } = await buildTestApp();
    const owner = await createAccount(deps, 'perm');
    const viewer = await addMember(deps, owner.organizationId, 'viewer');
    const api = caller(browser(viewer.cookie));
    await expect(api.analytics.dashboard({ period: '30d' })).resolves.toBeDefined();
    await expect(api.spend.create({ channel: 'facebook', amountMinor: 100, spentOn: '2026-06-01' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(caller().analytics.dashboard({ period: '30d' })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('contacts with deals in several currencies', () => {
  it('uses the most common deal currency as the primary one and never converts', async () => {
    const { deps } = await buildTestApp();
    const owner = await createAccount(deps, 'eur');
    const db = deps.database.db;
    const stages = await defaultStages(db, owner.organizationId);
    const contacts = await insertContacts(db, owner.organizationId, [{ key: 'e1', created: '2026-05-20' }]);
    const won = (key: string, value: number, currency: string) => ({
      key,
      contact: 'e1',
      created: '2026-06-01',
      value,
      currency,
      status: 'won' as const,
      stage: 'Closed Won' as const,
      stageChanged: '2026-06-05',
      wonAt: '2026-06-05',
      history: [['Closed Won', '2026-06-05']] as ['Closed Won', string][],
    });
    await insertDeals(db, owner.organizationId, stages, contacts, [won('x1', 1000, 'EUR'), won('x2', 3000, 'EUR'), won('x3', 500000, 'USD')]);
    const result = await getDashboard(ctxFor(db, owner.organizationId, owner.userId), { period: '30d' }, NOW);
    expect(result.currency).toBe('EUR');
    expect(kpi(result.kpis, 'avgDealSize')).toMatchObject({ value: 2000, currency: 'EUR', excludedCount: 1 });
  });
});
