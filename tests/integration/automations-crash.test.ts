import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it, onTestFinished } from 'vitest';
import { enrollEach } from '../../server/automations/enroll-contacts';
import { WAKE_JOB } from '../../server/automations/enroll';
import { registerAutomationJobs } from '../../server/automations/jobs';
import { registerEmailJobs } from '../../server/email/jobs';
import { createJobQueue } from '../../server/jobs/queue';
import { registerSmsJobs } from '../../server/sms/jobs';
import { buildTestApp } from '../helpers/app';
import { crashDatabase } from '../helpers/crash-database';
import { killWorkerWhen, type StatusCounts } from '../helpers/crash-worker';
import { testDatabaseKind } from '../helpers/db';
import { browser, createAccount } from '../helpers/factories';
import { linear, until } from './automations-helpers';

type RunStatus = 'running' | 'waiting' | 'completed' | 'failed' | 'stopped' | 'paused';
type Counts = StatusCounts<RunStatus>;

describe('automation runs waiting when their worker process is killed (SIGKILL)', () => {
  it('a new worker resumes every run: each completes once, no step carried out twice, none lost', async () => {
    const { location, open } = await crashDatabase();
    // 1,000 on Postgres; on PGlite, whose one connection runs every query of both processes' turn in the worker's own thread, 200 keep the test in minutes.
    const total = testDatabaseKind === 'postgres' ? 1000 : 200;

    // Enrol with no worker running, then let go of the database for the worker process.
    let database = await open();
    const accepting = await buildTestApp({ database, env: { JOBS_ENABLED: 'false' } });
    registerAutomationJobs(accepting.deps);
    registerSmsJobs(accepting.deps);
    registerEmailJobs(accepting.deps);
    await accepting.deps.jobs.start();
    const owner = await createAccount(accepting.deps, 'automations-crash');
    const organizationId = owner.organizationId;
    const api = accepting.caller(browser(owner.cookie));
    await sql`insert into contacts (organization_id, first_name, last_name, phone)
      select ${organizationId}, 'Lead', n::text, '+1415556' || lpad(n::text, 4, '0') from generate_series(1, ${total}) n`.execute(database.db);
    const workflow = await api.automations.create({ name: 'Before and after a wait' });
    await api.automations.saveDraft({
      id: workflow.id,
      definition: linear(
        [],
        [
          { id: 'before', type: 'send_sms', config: { body: 'Before the wait' } },
          { id: 'pause', type: 'wait', config: { amount: 1, unit: 'hours' } },
          { id: 'after', type: 'send_sms', config: { body: 'After the wait' } },
        ],
      ),
    });
    await api.automations.publish({ id: workflow.id });
    const ids = await database.db.selectFrom('contacts').select('id').where('organization_id', '=', organizationId).execute();
    const enrolled = await database.db.transaction().execute((trx) =>
      enrollEach(
        trx,
        accepting.deps,
        organizationId,
        workflow.id,
        ids.map((r) => r.id),
        'manual',
      ),
    );
    expect(enrolled).toBe(total);
    await accepting.deps.jobs.stop();
    await database.close();

    // The worker process, killed once half the runs wait and the others are still on their way there.
    const atKill = await killWorkerWhen<RunStatus>(
      path.join(import.meta.dirname, 'automation-worker-process.ts'),
      [testDatabaseKind, location, workflow.id],
      (counts) => (counts.waiting ?? 0) >= total / 2,
    );
    expect(atKill.waiting ?? 0).toBeGreaterThanOrEqual(total / 2);
    expect(atKill.completed ?? 0).toBe(0);

    // A new worker over the same database; its maintenance retries the dead worker's jobs.
    database = await open();
    onTestFinished(() => database.close());
    const restarted = await buildTestApp({ database, env: { JOBS_POLL_MS: '50' } });
    const queue = createJobQueue({ database, logger: restarted.deps.logger, pollIntervalMs: 50, maintenanceIntervalSeconds: 1 });
    const deps = { ...restarted.deps, jobs: queue };
    registerAutomationJobs(deps);
    registerSmsJobs(deps);
    registerEmailJobs(deps);
    // The jobs the dead worker held outlive their expiry (as they would after its 120 s), so maintenance retries them now.
    await sql`update pgboss.job set started_on = now() - interval '1 hour' where state = 'active'`.execute(database.db);
    await queue.start();
    onTestFinished(() => queue.stop({ timeoutMs: 3000 }));

    const counts = async (): Promise<Counts> => {
      const rows = await database.db
        .selectFrom('workflow_runs')
        .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
        .where('workflow_id', '=', workflow.id)
        .groupBy('status')
        .execute();
      return Object.fromEntries(rows.map((r) => [r.status, Number(r.count)]));
    };
    // Every run reaches its wait, those the kill caught mid-step included ...
    await until(counts, (c) => (c.waiting ?? 0) === total, 240_000);
    // ... then the hour passes: the timers and their wake-up jobs come due now.
    await database.db
      .updateTable('workflow_timers')
      .set({ due_at: new Date(Date.now() - 1000) })
      .where('organization_id', '=', organizationId)
      .execute();
    await sql`update pgboss.job set start_after = now() where name = ${WAKE_JOB} and state in ('created', 'retry')`.execute(database.db);
    expect(await until(counts, (c) => (c.completed ?? 0) === total, 240_000)).toEqual({ completed: total });

    // Each step carried out once per run: one text before and one after the wait per contact, one log entry each.
    const texts = await database.db
      .selectFrom('sms_messages')
      .select(['body', (eb) => eb.fn.countAll<number>().as('messages'), (eb) => eb.fn.count<number>('contact_id').distinct().as('contacts')])
      .where('organization_id', '=', organizationId)
      .where('direction', '=', 'outbound')
      .groupBy('body')
      .orderBy('body')
      .execute();
    expect(texts.map((t) => [t.body, Number(t.messages), Number(t.contacts)])).toEqual([
      ['After the wait', total, total],
      ['Before the wait', total, total],
    ]);
    const log = await database.db
      .selectFrom('workflow_run_steps')
      .select(['step_id', 'outcome', (eb) => eb.fn.countAll<number>().as('entries'), (eb) => eb.fn.count<number>('run_id').distinct().as('runs')])
      .where('workflow_id', '=', workflow.id)
      .groupBy(['step_id', 'outcome'])
      .orderBy('step_id')
      .orderBy('outcome')
      .execute();
    expect(log.map((l) => [l.step_id, l.outcome, Number(l.entries), Number(l.runs)])).toEqual([
      ['after', 'done', total, total],
      ['before', 'done', total, total],
      ['pause', 'done', total, total],
      ['pause', 'waiting', total, total],
    ]);
    const effects = await database.db
      .selectFrom('workflow_step_effects')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('organization_id', '=', organizationId)
      .executeTakeFirstOrThrow();
    expect(Number(effects.n)).toBe(2 * total);
    // Two processes, 1,000 runs and the retries of the dead worker's jobs take longer than most tests.
  }, 600_000);
});
