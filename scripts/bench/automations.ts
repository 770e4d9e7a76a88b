/**
 * Automations bench (issue #17), through the real path: the outbox, the `automations` trigger
 * consumer, the engine's jobs. Per database (Postgres in a fresh sb_bench_automations when
 * BENCH_DATABASE_URL or DATABASE_URL is set; embedded PGlite in memory) it prints:
 * - enrolment: BENCH_AUTOMATIONS_CONTACTS (default 100,000) contacts get the tag a published workflow's
 *   tag_added trigger waits for, by the contacts' bulk action in slices of its limit (10,000; each slice
 *   announces its contacts a thousand per event, as the bulk action always does) — the time from the
 *   first tag until every run exists (target < 60 s on Postgres);
 * - steps per second through that 3-step workflow (add tag, update field, adjust score) until every
 *   run is completed, or for BENCH_AUTOMATIONS_STEP_SECONDS from the first tag (the runs left then stopped, their queued jobs dropped);
 * - wait-to-fire lag: BENCH_AUTOMATIONS_TIMERS (default 10,000) runs waiting on one `wait_until` step
 *   due at the same minute, p50 / p99 from the due time to the wait's end in the run's step log, and
 *   as a 100 ms poll sees the waits end committed (target p99 < 5 s), armed
 *   BENCH_AUTOMATIONS_TIMER_LEAD seconds (default 120) before it through their steps, or with
 *   BENCH_AUTOMATIONS_ARM=direct written as the wait step leaves them (the wake alone measured);
 * - the peak resident memory of the process, which is the server here (consumer and workers).
 * Asserts nothing.
 */
import { sql } from 'kysely';
// The assembly installs the domains' permissions (permissionsFor) and the rules services read.
import '../../server/assembly';
import { ADVANCE_JOB } from '../../server/automations/enroll';
import { enrollEach } from '../../server/automations/enroll-contacts';
import { registerAutomationJobs } from '../../server/automations/jobs';
import { armWake } from '../../server/automations/wake';
import { createWorkflow, publishWorkflow, saveDraft } from '../../server/automations/service';
import { CONTACT_LIMITS } from '../../server/contacts/schema';
import { bulkUpdateContacts } from '../../server/contacts/service';
import { organizationSettings } from '../../server/contacts/state';
import { loadConfig } from '../../server/config';
import type { DatabaseHandle } from '../../server/db';
import { buildDeps, type AppDeps } from '../../server/deps';
import type { OrgContext } from '../../server/kernel/context';
import { createLogger } from '../../server/logging';
import { zonedParts } from '../../server/time/zoned';
import { envNumber, loadLine, percentile, progress } from './lib/common';
import { figures, onEachDatabase } from './lib/runs';
import { benchOrganization } from './lib/world';
import { num, printTable } from './lib/table';

async function depsFor(database: DatabaseHandle): Promise<AppDeps> {
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn', JOBS_POLL_MS: process.env.JOBS_POLL_MS ?? '1000' });
  const deps = buildDeps({ config, database, logger: createLogger(config) });
  registerAutomationJobs(deps);
  await deps.jobs.start();
  await deps.consumers.start();
  return deps;
}

async function published(ctx: OrgContext, name: string, triggers: unknown[], steps: { id: string; type: string; config: Record<string, unknown> }[]): Promise<string> {
  const workflow = await createWorkflow(ctx, { name });
  const edges = steps.map((s, i) => ({ from: i === 0 ? 'start' : steps[i - 1]!.id, to: s.id }));
  await saveDraft(ctx, { id: workflow.id, definition: { version: 1, triggers, steps, edges } } as Parameters<typeof saveDraft>[1]);
  await publishWorkflow(ctx, { id: workflow.id });
  return workflow.id;
}

/** BENCH_AUTOMATIONS_STEP_SECONDS: how long the 3-step runs may take, from the first tag, before the rest are stopped (default: until all complete). */
const stepWindow = () => (process.env.BENCH_AUTOMATIONS_STEP_SECONDS ? envNumber('BENCH_AUTOMATIONS_STEP_SECONDS', 0) * 1000 : Number.POSITIVE_INFINITY);

async function until(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 200));
}

const runCount = (ctx: OrgContext, workflowId: string, status?: string) =>
  ctx.db
    .selectFrom('workflow_runs')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('workflow_id', '=', workflowId)
    .$if(status !== undefined, (q) => q.where('status', '=', status as 'completed'))
    .executeTakeFirstOrThrow()
    .then((r) => r.n);

async function benchDatabase(label: string, database: DatabaseHandle, contacts: number, timers: number): Promise<string[][]> {
  const { rows, record } = figures('automations');
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 200);
  const deps = await depsFor(database);
  try {
    progress(`${label}: seeding ${num(contacts)} contacts ${loadLine('now')}`);
    const ctx = await benchOrganization(deps, { name: 'Automations bench', count: contacts, tag: 'view', prefix: 'lead' });

    // 1. One trigger enrols the view: a tag added to all of it.
    const nurture = await published(
      ctx,
      'Nurture',
      [{ type: 'tag_added', config: { tag: 'enrol' } }],
      [
        { id: 'tag', type: 'add_tag', config: { tag: 'nurtured' } },
        { id: 'source', type: 'update_field', config: { field: 'source', value: 'bench' } },
        { id: 'score', type: 'adjust_score', config: { delta: 5 } },
      ],
    );
    const ids = await ctx.db
      .selectFrom('contacts')
      .select('id')
      .where('organization_id', '=', ctx.organizationId)
      .where(sql<boolean>`'view' = any(tags)`)
      .orderBy('id')
      .execute();
    progress(`${label}: tagging ${num(ids.length)} contacts ${loadLine('now')}`);
    const started = performance.now();
    for (let i = 0; i < ids.length; i += CONTACT_LIMITS.bulkMatching) {
      await bulkUpdateContacts(ctx, { ids: ids.slice(i, i + CONTACT_LIMITS.bulkMatching).map((r) => r.id), action: { type: 'addTag', tag: 'enrol' } } as Parameters<typeof bulkUpdateContacts>[1]);
    }
    const tagged = performance.now() - started;
    await until(async () => (await runCount(ctx, nurture)) >= contacts);
    const enrolled = performance.now() - started;
    record([label, `${num(contacts)} contacts tagged (bulk action, ${num(CONTACT_LIMITS.bulkMatching)} a transaction)`, `${num(tagged / 1000, 1)} s`, '—']);
    record([
      label,
      `every run enrolled by the tag trigger ${loadLine('at the end')}`,
      `${num(enrolled / 1000, 1)} s since the first tag, ${num((enrolled - tagged) / 1000, 1)} s after the last`,
      '< 60 s on Postgres',
    ]);
    progress(`${label}: running the 3-step workflow ${loadLine('now')}`);
    const window = stepWindow();
    await until(async () => (await runCount(ctx, nurture, 'completed')) >= contacts || performance.now() - started > window);
    const completed = await runCount(ctx, nurture, 'completed');
    if (completed < contacts) {
      // The window is over: the runs left are stopped in one statement and their queued jobs dropped, so the timers below run alone.
      await ctx.db
        .updateTable('workflow_runs')
        .set({ status: 'stopped', current_step_id: null, ended_at: new Date() })
        .where('workflow_id', '=', nurture)
        .where('status', 'in', ['running', 'waiting', 'paused'])
        .execute();
      await sql`delete from pgboss.job where name = ${ADVANCE_JOB} and state in ('created', 'retry')`.execute(ctx.db);
    }
    const stepSpan = await ctx.db
      .selectFrom('workflow_run_steps')
      .select([sql<number>`count(*)::int`.as('steps'), sql<number>`extract(epoch from max(created_at) - min(created_at))::float8`.as('seconds')])
      .where('workflow_id', '=', nurture)
      .executeTakeFirstOrThrow();
    const allDone = (performance.now() - started) / 1000;
    record([
      label,
      `3-step workflow, ${num(stepSpan.steps)} steps ${loadLine('at the end')}`,
      `${num(stepSpan.steps / stepSpan.seconds)} steps/s (first to last step ${num(stepSpan.seconds, 1)} s; ${completed < contacts ? `${num(completed)} runs completed in the ${num(window / 1000)} s window, the rest stopped` : `all completed ${num(allDone, 1)} s after the first tag`})`,
      '—',
    ]);

    // 2. Timers due at once: runs waiting on one wait_until minute, armed well before it.
    const { timezone } = await organizationSettings(ctx.db, ctx.organizationId);
    // The due minute BENCH_AUTOMATIONS_TIMER_LEAD seconds (default 120) ahead or more: arming must end before it (the figures say if it did).
    const due = new Date(Math.ceil((Date.now() + envNumber('BENCH_AUTOMATIONS_TIMER_LEAD', 120) * 1000) / 60_000) * 60_000);
    const waiting = await published(ctx, 'Timers', [], [{ id: 'wait', type: 'wait_until', config: { time: zonedParts(due, timezone).time, days: [] } }]);
    progress(`${label}: arming ${num(timers)} timers due at ${due.toISOString()} ${loadLine('now')}`);
    const armingStarted = performance.now();
    const timerIds = ids.slice(0, timers).map((r) => r.id);
    if (process.env.BENCH_AUTOMATIONS_ARM === 'direct') {
      // The runs written as the wait step leaves them (waiting, a timer each, the second's wake job armed): the wake alone is measured, when the machine is too loaded to arm 10,000 through their steps in time.
      await sql`insert into workflow_runs (organization_id, workflow_id, version, contact_id, status, current_step_id, trigger)
        select ${ctx.organizationId}, ${waiting}, 1, id, 'waiting', 'wait', 'manual' from unnest(${timerIds}::uuid[]) as id`.execute(ctx.db);
      await sql`insert into workflow_timers (run_id, organization_id, step_id, due_at)
        select id, organization_id, 'wait', ${due} from workflow_runs where workflow_id = ${waiting}`.execute(ctx.db);
      await armWake(deps, due);
    } else {
      for (let i = 0; i < timerIds.length; i += 500) {
        await ctx.db.transaction().execute((trx) => enrollEach(trx, deps, ctx.organizationId, waiting, timerIds.slice(i, i + 500), 'manual'));
      }
    }
    await until(async () => (await runCount(ctx, waiting, 'waiting')) >= timerIds.length || Date.now() >= due.getTime());
    const armed = await runCount(ctx, waiting, 'waiting');
    record([
      label,
      `${num(timerIds.length)} runs enrolled and waiting`,
      `${num(armed)} armed in ${num((performance.now() - armingStarted) / 1000, 1)} s, ${num((due.getTime() - Date.now()) / 1000, 1)} s before the due minute`,
      '—',
    ]);
    // Seen from outside: when half and 99 % of the waits were over and committed (polled every 100 ms from the due minute).
    const seen: { p50?: number; p99?: number } = {};
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due.getTime() - Date.now())));
    for (;;) {
      const over = await ctx.db
        .selectFrom('workflow_run_steps')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('workflow_id', '=', waiting)
        .where('outcome', '=', 'done')
        .executeTakeFirstOrThrow()
        .then((r) => r.n);
      const at = Date.now() - due.getTime();
      if (seen.p50 === undefined && over >= armed * 0.5) seen.p50 = at;
      if (seen.p99 === undefined && over >= armed * 0.99) seen.p99 = at;
      if (over >= armed) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (armed < timerIds.length) {
      // Runs that reached the wait after its minute wait for tomorrow's: stopped, their jobs dropped (only those armed in time are measured).
      await ctx.db
        .updateTable('workflow_runs')
        .set({ status: 'stopped', current_step_id: null, ended_at: new Date() })
        .where('workflow_id', '=', waiting)
        .where('status', 'in', ['running', 'waiting', 'paused'])
        .execute();
      await sql`delete from pgboss.job where name = ${ADVANCE_JOB} and state in ('created', 'retry')`.execute(ctx.db);
    }
    const fired = await ctx.db
      .selectFrom('workflow_run_steps')
      .select(sql<number>`extract(epoch from created_at)::float8 * 1000`.as('at'))
      .where('workflow_id', '=', waiting)
      .where('outcome', '=', 'done')
      .execute();
    const lags = fired.map((r) => r.at - due.getTime()).sort((a, b) => a - b);
    record([
      label,
      `wait-to-fire lag, ${num(lags.length)} timers due at once ${loadLine('at the end')}`,
      `p50 ${num(percentile(lags, 50))} ms / p99 ${num(percentile(lags, 99))} ms by the step log (the wake's transaction start); committed as seen by a 100 ms poll: p50 ${num(seen.p50 ?? Number.NaN)} ms / p99 ${num(seen.p99 ?? Number.NaN)} ms`,
      'p99 < 5,000 ms',
    ]);
    record([label, 'peak memory of this process (RSS: consumer, workers and bench)', `${num(peak / 1_048_576, 0)} MB`, '—']);
  } finally {
    clearInterval(sampler);
    await deps.consumers.stop();
    await deps.jobs.stop();
  }
  return rows;
}

export async function run(): Promise<void> {
  const contacts = envNumber('BENCH_AUTOMATIONS_CONTACTS', 100_000, { whole: true });
  const timers = Math.min(contacts, envNumber('BENCH_AUTOMATIONS_TIMERS', 10_000, { whole: true }));
  console.log(`\n[automations] ${loadLine('at start')}`);
  const rows = await onEachDatabase('automations', ({ label, database }) => benchDatabase(label, database, contacts, timers));
  printTable('Automations (tag trigger → runs → steps; timers due at once)', ['database', 'case', 'figure', 'target'], rows, 2);
}
