/**
 * Figures the daily sums cannot hold alone, checked against hand-computed values: deals that reach
 * the next stage after a period's end, deals entering a stage twice, and "up to now" parts of
 * today (tasks due, appointments, the stalled cutoff). NOW is Monday 2026-06-15 12:00 UTC.
 */
import { describe, expect, it } from 'vitest';
import { getInsights } from '../../server/analytics/insights';
import { getPipelineAnalysis } from '../../server/analytics/pipeline';
import { getReport } from '../../server/analytics/reports';
import { getTrends } from '../../server/analytics/trends';
import { scoped } from '../../server/db/scoped';
import { buildTestApp } from '../helpers/app';
import { createAccount } from '../helpers/factories';
import { at, ctxFor, defaultStages, insertDeals, NOW } from './analytics-fixture';

async function org(label: string) {
  const { deps } = await buildTestApp();
  const owner = await createAccount(deps, label);
  const db = deps.database.db;
  return { db, owner, ctx: ctxFor(db, owner.organizationId, owner.userId) };
}

describe('stage conversion over a period', () => {
  it('counts a deal once however often it entered, and as advanced only when it entered the next stage before the end', async () => {
    const { db, owner } = await org('conversion-edges');
    const stages = await defaultStages(db, owner.organizationId);
    const deal = (key: string, history: [string, string][]) => ({
      key,
      created: history[0]![1],
      value: 1000,
      status: 'open' as const,
      stage: history.at(-1)![0] as 'Discovery',
      stageChanged: history.at(-1)![1],
      history: history as ['Qualified Leads' | 'Discovery', string][],
    });
    await insertDeals(db, owner.organizationId, stages, {}, [
      // Entered in May, reached Discovery only in June (after the period).
      deal('a', [
        ['Qualified Leads', '2026-05-10'],
        ['Discovery', '2026-06-05'],
      ]),
      deal('b', [
        ['Qualified Leads', '2026-05-10'],
        ['Discovery', '2026-05-20'],
      ]),
      // Went back to Qualified Leads in May, having reached Discovery in April.
      deal('c', [
        ['Qualified Leads', '2026-04-20'],
        ['Discovery', '2026-04-25'],
        ['Qualified Leads', '2026-05-05'],
        ['Discovery', '2026-05-06'],
      ]),
      // Entered Qualified Leads twice in May.
      deal('d', [
        ['Qualified Leads', '2026-05-02'],
        ['Discovery', '2026-05-04'],
        ['Qualified Leads', '2026-05-08'],
        ['Discovery', '2026-06-10'],
      ]),
      // Entered in April (the previous period), reached Discovery in May.
      deal('e', [
        ['Qualified Leads', '2026-04-28'],
        ['Discovery', '2026-05-02'],
      ]),
    ]);
    // 30 days to 31 May (2–31 May): Qualified Leads entered by a, b, c, d; of those b, c, d reached
    // Discovery before 1 June. Discovery entered by b, c, d, e; none reached Proposal. The 30 days
    // before (2 April – 1 May): Qualified Leads entered by c and e, only c reached Discovery before 2 May.
    const result = await getPipelineAnalysis(ctxFor(db, owner.organizationId, owner.userId), { period: '30d' }, at('2026-05-31'));
    const byName = Object.fromEntries(result.stages.map((s) => [s.name, [s.reached, s.advanced, s.conversion, s.previousReached, s.previousConversion]]));
    expect(byName['Qualified Leads']).toEqual([4, 3, 75, 2, 50]);
    expect(byName.Discovery).toEqual([4, 0, 0, 1, 0]);

    // Seen on 15 June over 7 days: d entered Discovery again on 10 June (its May entry is before the
    // period); a entered it on 5 June, in the 7 days before.
    const june = await getPipelineAnalysis(ctxFor(db, owner.organizationId, owner.userId), { period: '7d' }, NOW);
    expect(june.stages.find((s) => s.name === 'Discovery')).toMatchObject({ reached: 1, advanced: 0, previousReached: 1 });
    expect(june.stages.find((s) => s.name === 'Qualified Leads')).toMatchObject({ reached: 0, advanced: 0, conversion: null });
  });
});

describe('today up to now', () => {
  it('counts tasks due and appointments held earlier today, not later today', async () => {
    const { db, owner, ctx } = await org('today');
    const org_ = scoped(db, owner.organizationId);
    const task = (title: string, due: string, done?: string) => ({
      title,
      assignee_id: owner.userId,
      due_at: new Date(due),
      status: done ? ('done' as const) : ('open' as const),
      completed_at: done ? new Date(done) : null,
      created_at: at('2026-06-01'),
    });
    await org_
      .insertInto('tasks', [
        task('yesterday, on time', '2026-06-14T10:00:00Z', '2026-06-14T09:00:00Z'),
        task('this morning, open', '2026-06-15T09:00:00Z'),
        task('this morning, on time', '2026-06-15T09:30:00Z', '2026-06-15T08:00:00Z'),
        task('this afternoon', '2026-06-15T15:00:00Z'),
        ...Array.from({ length: 9 }, (_, i) => task(`late ${i}`, '2026-06-01T10:00:00Z')),
        task('earlier today, open', '2026-06-15T00:30:00Z'),
      ])
      .execute();
    const appointment = (title: string, start: string, status: 'scheduled' | 'completed') => ({
      title,
      assignee_id: owner.userId,
      starts_at: new Date(start),
      ends_at: new Date(new Date(start).getTime() + 1_800_000),
      status,
    });
    await org_.insertInto('appointments', [appointment('held this morning', '2026-06-15T09:00:00Z', 'completed'), appointment('this afternoon', '2026-06-15T14:00:00Z', 'scheduled')]).execute();

    const trends = await getTrends(ctx, { period: '7d' }, NOW);
    const item = (key: string) => trends.items.find((i) => i.key === key)!;
    // Due 9–15 June before noon: yesterday's, the two of this morning and the one after midnight; 2 on time.
    expect(item('tasksOnTime')).toMatchObject({ numerator: 2, denominator: 4 });
    // The afternoon appointment has not started: neither held nor waiting for an outcome.
    expect(item('showRate')).toMatchObject({ numerator: 1, denominator: 1 });
    expect(item('showRate').definition).toContain('and 0 past appointments still without an outcome');

    const tasks = await getReport(ctx, { report: 'tasks', period: '7d' }, NOW);
    expect(tasks.rows.find((r) => r.bucket === '2026-06-15')).toMatchObject({ due: 3, completedOnTime: 1 });
    expect(tasks.rows.find((r) => r.bucket === '2026-06-14')).toMatchObject({ due: 1, completedOnTime: 1 });
    const appointments = await getReport(ctx, { report: 'appointments', period: '7d' }, NOW);
    expect(appointments.rows.find((r) => r.bucket === '2026-06-15')).toMatchObject({ scheduled: 1, completed: 1 });

    // Overdue: the nine of 1 June and the two of this morning still open, not this afternoon's.
    const insights = await getInsights(ctx, { period: '30d' }, NOW);
    expect(insights.insights.find((i) => i.kind === 'overdue_concentration')?.metrics).toMatchObject({ overdue: 11, totalOverdue: 11 });
  });

  it('takes the stalled cutoff to the minute on its day', async () => {
    const { db, owner, ctx } = await org('stalled-cutoff');
    const stages = await defaultStages(db, owner.organizationId);
    const open = (key: string, changed: string) => ({ key, created: '2026-05-01', value: 1000, status: 'open' as const, stage: 'Proposal' as const, stageChanged: changed, history: [] });
    await insertDeals(db, owner.organizationId, stages, {}, [open('long ago', '2026-05-20'), open('cutoff morning', '2026-06-01'), open('cutoff evening', '2026-06-01')]);
    // The cutoff is 14 days before now: 1 June 12:00. Morning of that day: stalled; evening: not.
    await scoped(db, owner.organizationId)
      .updateTable('deals')
      .set({ stage_changed_at: new Date('2026-06-01T08:00:00Z') })
      .where('title', '=', 'cutoff morning')
      .execute();
    await scoped(db, owner.organizationId)
      .updateTable('deals')
      .set({ stage_changed_at: new Date('2026-06-01T16:00:00Z') })
      .where('title', '=', 'cutoff evening')
      .execute();
    const insights = await getInsights(ctx, { period: '30d' }, NOW);
    expect(insights.insights.find((i) => i.kind === 'stalled_deals')?.metrics).toMatchObject({ stalledDeals: 2, openDeals: 3, stalledValueMinor: 2000 });
  });
});
