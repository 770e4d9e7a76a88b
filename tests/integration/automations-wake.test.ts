import { sql } from 'kysely';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { DatabaseHandle } from '../../server/db';
import { registerAutomationJobs } from '../../server/automations/jobs';
import { sweepTimers, wakeBatch, wakeDueTimers } from '../../server/automations/wake';
import { buildTestApp } from '../helpers/app';
import { testDatabaseKind } from '../helpers/db';
import { browser, createAccount } from '../helpers/factories';
import { engine, linear, until } from './automations-helpers';

type Api = Awaited<ReturnType<typeof engine>>['api'];

/** A published two-step workflow (a wait of an hour, then a tag) and `count` contacts waiting on it, their timers `dueSecondsAgo` past due. */
async function waitingRuns(database: DatabaseHandle, api: Api, organizationId: string, count: number, dueSecondsAgo = 1) {
  const workflow = await api.automations.create({ name: `Due at once (${count})` });
  await api.automations.saveDraft({
    id: workflow.id,
    definition: linear(
      [],
      [
        { id: 'pause', type: 'wait', config: { amount: 1, unit: 'hours' } },
        { id: 'after', type: 'add_tag', config: { tag: 'woke' } },
      ],
    ),
  });
  await api.automations.publish({ id: workflow.id });
  const db = database.db;
  await sql`insert into contacts (organization_id, first_name, last_name) select ${organizationId}, 'Due', ${workflow.id} || ':' || n from generate_series(1, ${count}) n`.execute(db);
  // The runs as the wait step leaves them (waiting, a timer each); the hour has passed.
  await sql`insert into workflow_runs (organization_id, workflow_id, version, contact_id, status, current_step_id, trigger)
    select ${organizationId}, ${workflow.id}, 1, id, 'waiting', 'pause', 'manual' from contacts where organization_id = ${organizationId} and first_name = 'Due' and last_name like ${`${workflow.id}:%`}`.execute(
    db,
  );
  await sql`insert into workflow_timers (run_id, organization_id, step_id, due_at)
    select id, organization_id, 'pause', now() - make_interval(secs => ${dueSecondsAgo}) from workflow_runs where workflow_id = ${workflow.id}`.execute(db);
  return workflow.id;
}

async function statuses(database: DatabaseHandle, workflowId: string): Promise<Record<string, number>> {
  const rows = await database.db
    .selectFrom('workflow_runs')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('workflow_id', '=', workflowId)
    .groupBy('status')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

/** Per (step, outcome): log entries and distinct runs. */
async function stepLog(database: DatabaseHandle, workflowId: string) {
  const rows = await database.db
    .selectFrom('workflow_run_steps')
    .select(['step_id', 'outcome', (eb) => eb.fn.countAll<number>().as('entries'), (eb) => eb.fn.count<number>('run_id').distinct().as('runs')])
    .where('workflow_id', '=', workflowId)
    .groupBy(['step_id', 'outcome'])
    .orderBy('step_id')
    .orderBy('outcome')
    .execute();
  return rows.map((r) => [r.step_id, r.outcome, Number(r.entries), Number(r.runs)]);
}

const timersOf = (database: DatabaseHandle, workflowId: string) =>
  database.db
    .selectFrom('workflow_timers')
    .innerJoin('workflow_runs', 'workflow_runs.id', 'workflow_timers.run_id')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('workflow_runs.workflow_id', '=', workflowId)
    .executeTakeFirstOrThrow()
    .then((r) => r.n);

describe('the batched wake of due timers', { timeout: 240_000 }, () => {
  it('many timers due at once: every run woken exactly once, with several wakes racing for them', async () => {
    const { deps, owner, api } = await engine();
    // More than one batch of 1,000 on Postgres; PGlite's one connection runs the racing wakes in turn.
    const total = testDatabaseKind === 'postgres' ? 1200 : 150;
    const workflowId = await waitingRuns(deps.database, api, owner.organizationId, total);
    // Three wakes at once (and the queue's own, whenever it looks): they claim disjoint timers.
    const woken = await Promise.all([wakeDueTimers(deps), wakeDueTimers(deps), wakeDueTimers(deps)]);
    expect(woken.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(total);
    const done = await until(
      () => statuses(deps.database, workflowId),
      (s) => s.completed === total,
      180_000,
    );
    expect(done).toEqual({ completed: total });
    expect(await stepLog(deps.database, workflowId)).toEqual([
      ['after', 'done', total, total],
      ['pause', 'done', total, total],
    ]);
    expect(await timersOf(deps.database, workflowId)).toBe(0);
    const tagged = await deps.database.db
      .selectFrom('contacts')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('organization_id', '=', owner.organizationId)
      .where(sql<boolean>`array_length(array_positions(tags, 'woke'), 1) = 1`)
      .executeTakeFirstOrThrow();
    expect(tagged.n).toBe(total);
    const announced = await deps.database.db
      .selectFrom('events')
      .select(sql<number>`count(distinct payload->>'runId')::int`.as('runs'))
      .select(sql<number>`count(*)::int`.as('events'))
      .where('organization_id', '=', owner.organizationId)
      .where('type', '=', 'automation_completed')
      .executeTakeFirstOrThrow();
    expect(announced).toEqual({ runs: total, events: total });
  });

  it("a paused workflow's due timers do not fire: its runs are held with their timers, and fire once when it is active again", async () => {
    const { deps, owner, api } = await engine();
    const workflowId = await waitingRuns(deps.database, api, owner.organizationId, 5);
    await api.automations.setStatus({ id: workflowId, status: 'paused' });
    // Held by the pausing transaction: the runs paused, their timers out of the wake's index (decision 046).
    const heldTimers = () =>
      deps.database.db
        .selectFrom('workflow_timers')
        .innerJoin('workflow_runs', 'workflow_runs.id', 'workflow_timers.run_id')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('workflow_runs.workflow_id', '=', workflowId)
        .where('workflow_timers.held', '=', true)
        .executeTakeFirstOrThrow()
        .then((r) => r.n);
    expect(await statuses(deps.database, workflowId)).toEqual({ paused: 5 });
    expect(await heldTimers()).toBe(5);
    await wakeDueTimers(deps);
    expect(await statuses(deps.database, workflowId)).toEqual({ paused: 5 });
    expect(await timersOf(deps.database, workflowId)).toBe(5);
    expect(await stepLog(deps.database, workflowId)).toEqual([]);

    await api.automations.setStatus({ id: workflowId, status: 'active' });
    expect(await heldTimers()).toBe(0);
    await until(
      () => statuses(deps.database, workflowId),
      (s) => s.completed === 5,
    );
    expect(await stepLog(deps.database, workflowId)).toEqual([
      ['after', 'done', 5, 5],
      ['pause', 'done', 5, 5],
    ]);
  });

  it("pausing a workflow holds its waiting runs' timers out of the wake's index in the same transaction; stopping them removes them", async () => {
    const { deps, owner, api } = await engine();
    const many = testDatabaseKind === 'postgres' ? 3000 : 400;
    // The paused workflow's timers are the oldest due: a claim walking the due index would meet them first.
    const paused = await waitingRuns(deps.database, api, owner.organizationId, many, 600);
    await api.automations.setStatus({ id: paused, status: 'paused' });
    const held = async (workflowId: string) =>
      deps.database.db
        .selectFrom('workflow_timers')
        .innerJoin('workflow_runs', 'workflow_runs.id', 'workflow_timers.run_id')
        .select([sql<number>`count(*) filter (where held)::int`.as('held'), sql<number>`count(*) filter (where not held)::int`.as('live')])
        .where('workflow_runs.workflow_id', '=', workflowId)
        .executeTakeFirstOrThrow();
    // Held by the pause itself, before any wake ran.
    expect(await statuses(deps.database, paused)).toEqual({ paused: many });
    expect(await held(paused)).toEqual({ held: many, live: 0 });

    const active = await waitingRuns(deps.database, api, owner.organizationId, 10, 1);
    // One claim of 10: exactly the active workflow's ten, none of the held ones looked at.
    const claimed = await deps.database.db.transaction().execute((trx) => wakeBatch(trx, deps, 10));
    expect(claimed).toBe(10);
    expect(await held(active)).toEqual({ held: 0, live: 0 });
    await until(
      () => statuses(deps.database, active),
      (s) => s.completed === 10,
    );
    expect(await held(paused)).toEqual({ held: many, live: 0 });
    expect(await stepLog(deps.database, paused)).toEqual([]);

    // Stopping them (one statement) removes the held timers; resuming a paused workflow's runs is the test above.
    expect(await api.automations.stopRuns({ id: paused })).toEqual({ stopped: many });
    expect(await held(paused)).toEqual({ held: 0, live: 0 });
  });

  it('pausing one waiting run holds its timer; resuming it releases the timer and the wait ends', async () => {
    const { deps, owner, api } = await engine();
    const workflowId = await waitingRuns(deps.database, api, owner.organizationId, 2, 1);
    const [first] = await deps.database.db.selectFrom('workflow_runs').select('id').where('workflow_id', '=', workflowId).orderBy('id').execute();
    await api.automations.pauseRun({ runId: first!.id });
    const heldOf = (runId: string) => deps.database.db.selectFrom('workflow_timers').select('held').where('run_id', '=', runId).executeTakeFirst();
    expect(await heldOf(first!.id)).toEqual({ held: true });
    await wakeDueTimers(deps);
    expect(
      await until(
        () => statuses(deps.database, workflowId),
        (s) => s.completed === 1,
      ),
    ).toEqual({ completed: 1, paused: 1 });
    await api.automations.resumeRun({ runId: first!.id });
    expect(await heldOf(first!.id)).toEqual({ held: false });
    expect(
      await until(
        () => statuses(deps.database, workflowId),
        (s) => s.completed === 2,
      ),
    ).toEqual({ completed: 2 });
  });

  it('a wake that crashes before its commit leaves every run waiting; the sweeper wakes each once', async () => {
    // A process that enqueues and runs nothing: no wake of the queue's may take the timers before the crash.
    const accepting = await buildTestApp({ env: { JOBS_ENABLED: 'false' } });
    const { deps } = accepting;
    registerAutomationJobs(deps);
    await deps.jobs.start();
    onTestFinished(() => deps.jobs.stop());
    const owner = await createAccount(deps, 'automations-wake');
    const api = accepting.caller(browser(owner.cookie));
    const workflowId = await waitingRuns(deps.database, api, owner.organizationId, 50, 60);
    // The batch claims, logs, moves the runs on and enqueues their steps, then the process dies before the commit.
    const crashed = deps.database.db.transaction().execute(async (trx) => {
      expect(await wakeBatch(trx, deps)).toBeGreaterThanOrEqual(50);
      throw new Error('killed before the commit');
    });
    await expect(crashed).rejects.toThrow('killed before the commit');
    expect(await statuses(deps.database, workflowId)).toEqual({ waiting: 50 });
    expect(await timersOf(deps.database, workflowId)).toBe(50);
    expect(await stepLog(deps.database, workflowId)).toEqual([]);

    // A process comes back: its sweeper finds the timers a minute overdue and wakes them.
    const restarted = await engine({ database: deps.database });
    expect(await sweepTimers(restarted.deps)).toBe(true);
    await until(
      () => statuses(deps.database, workflowId),
      (s) => s.completed === 50,
    );
    expect(await stepLog(deps.database, workflowId)).toEqual([
      ['after', 'done', 50, 50],
      ['pause', 'done', 50, 50],
    ]);
  });
});
