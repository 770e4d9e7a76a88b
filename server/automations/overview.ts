import { sql } from 'kysely';
import { scoped } from '../db/scoped';
import { displayName } from '../contacts/lookup';
import type { OrgContext } from '../kernel/context';
import { dayRangeIn } from '../time/zoned';
import { organizationSettings } from '../contacts/state';

/** /automation-engine: figures computed from runs, never invented. */

const DAY_MS = 86_400_000;
/** A step is named in an insight when it failed at least this often, over at least this many attempts. */
const INSIGHT_FAILURE_SHARE = 0.05;
const INSIGHT_MIN_ATTEMPTS = 5;

export async function overview(ctx: OrgContext) {
  const org = scoped(ctx.db, ctx.organizationId);
  const { timezone } = await organizationSettings(ctx.db, ctx.organizationId);
  const today = dayRangeIn(new Date(), timezone);
  const since = new Date(Date.now() - 30 * DAY_MS);
  const [workflows, runs, sends, recent, steps] = await Promise.all([
    org
      .selectFrom('workflows')
      .select((eb) => [eb.fn.countAll<number>().as('total'), eb.fn.countAll<number>().filterWhere('status', '=', 'active').as('active')])
      .executeTakeFirstOrThrow(),
    org
      .selectFrom('workflow_runs')
      .select((eb) => [
        eb.fn.countAll<number>().filterWhere('started_at', '>=', today.start).as('today'),
        eb.fn.countAll<number>().filterWhere('status', 'in', ['running', 'waiting', 'paused']).as('active'),
        eb.fn
          .countAll<number>()
          .filterWhere((w) => w.and([w('status', '=', 'completed'), w('ended_at', '>=', since)]))
          .as('completed'),
        eb.fn
          .countAll<number>()
          .filterWhere((w) => w.and([w('status', 'in', ['completed', 'failed', 'stopped']), w('ended_at', '>=', since)]))
          .as('ended'),
        eb.fn
          .countAll<number>()
          .filterWhere((w) => w.and([w('status', '=', 'failed'), w('ended_at', '>=', since)]))
          .as('failed'),
      ])
      .executeTakeFirstOrThrow(),
    org
      .selectFrom('workflow_step_effects')
      .select((eb) => ['kind', eb.fn.countAll<number>().as('n')])
      .where('created_at', '>=', since)
      .groupBy('kind')
      .execute(),
    org
      .selectFrom('workflow_run_steps')
      .innerJoin('workflow_runs', 'workflow_runs.id', 'workflow_run_steps.run_id')
      .innerJoin('workflows', 'workflows.id', 'workflow_run_steps.workflow_id')
      .leftJoin('contacts', 'contacts.id', 'workflow_runs.contact_id')
      .select([
        'workflow_run_steps.run_id',
        'workflows.name as workflow_name',
        'contacts.id as contact_id',
        'contacts.first_name',
        'contacts.last_name',
        'contacts.email',
        'workflow_run_steps.step_id',
        'workflow_run_steps.step_type',
        'workflow_run_steps.outcome',
        'workflow_run_steps.detail',
        'workflow_run_steps.error',
        'workflow_run_steps.created_at',
      ])
      .orderBy('workflow_run_steps.created_at', 'desc')
      .orderBy('workflow_run_steps.id', 'desc')
      .limit(15)
      .execute(),
    org
      .selectFrom('workflow_run_steps')
      .innerJoin('workflows', 'workflows.id', 'workflow_run_steps.workflow_id')
      .select((eb) => [
        'workflow_run_steps.workflow_id',
        'workflows.name as workflow_name',
        'workflow_run_steps.step_id',
        eb.fn.countAll<number>().filterWhere('workflow_run_steps.outcome', '<>', 'waiting').as('attempts'),
        eb.fn.countAll<number>().filterWhere('workflow_run_steps.outcome', '=', 'failed').as('failed'),
        eb.fn.countAll<number>().filterWhere('workflow_run_steps.outcome', '=', 'skipped').as('skipped'),
        sql<string | null>`mode() within group (order by workflow_run_steps.error)`.as('common_error'),
      ])
      .where('workflow_run_steps.created_at', '>=', since)
      .groupBy(['workflow_run_steps.workflow_id', 'workflows.name', 'workflow_run_steps.step_id'])
      .execute(),
  ]);
  const sendCount = (kind: string) => Number(sends.find((s) => s.kind === kind)?.n ?? 0);
  const ended = Number(runs.ended);
  const insights = steps
    .filter((s) => Number(s.attempts) >= INSIGHT_MIN_ATTEMPTS && (Number(s.failed) / Number(s.attempts) >= INSIGHT_FAILURE_SHARE || Number(s.skipped) / Number(s.attempts) >= 0.25))
    .sort((a, b) => Number(b.failed) / Number(b.attempts) - Number(a.failed) / Number(a.attempts))
    .slice(0, 6)
    .map((s) => {
      const failedShare = Math.round((Number(s.failed) / Number(s.attempts)) * 100);
      const skippedShare = Math.round((Number(s.skipped) / Number(s.attempts)) * 100);
      const failing = Number(s.failed) / Number(s.attempts) >= INSIGHT_FAILURE_SHARE;
      return {
        level: failing ? ('error' as const) : ('warning' as const),
        workflowId: s.workflow_id,
        title: `${s.workflow_name}: step ${s.step_id}`,
        message: failing
          ? `Step ${s.step_id} fails for ${failedShare} % of runs${s.common_error ? `: ${s.common_error}` : ''} (last 30 days, ${Number(s.attempts)} runs)`
          : `Step ${s.step_id} is skipped for ${skippedShare} % of runs (last 30 days, ${Number(s.attempts)} runs)`,
      };
    });
  return {
    activeWorkflows: Number(workflows.active),
    totalWorkflows: Number(workflows.total),
    runsToday: Number(runs.today),
    runsActive: Number(runs.active),
    completionRate: ended > 0 ? Math.round((Number(runs.completed) / ended) * 1000) / 10 : null,
    failuresLast30Days: Number(runs.failed),
    sendsLast30Days: { sms: sendCount('sms'), email: sendCount('email') },
    recentActivity: recent.map((r) => ({
      runId: r.run_id,
      workflowName: r.workflow_name,
      contactName: r.contact_id ? displayName({ first_name: r.first_name ?? '', last_name: r.last_name ?? '', email: r.email }) : null,
      stepId: r.step_id,
      stepType: r.step_type,
      level: r.outcome === 'failed' ? ('error' as const) : r.outcome === 'skipped' ? ('warning' as const) : ('success' as const),
      message: r.error ?? r.detail,
      at: r.created_at.toISOString(),
    })),
    insights,
  };
}
