import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db';
import type { StageKind } from '../db/schema';
import { scoped, type Scoped } from '../db/scoped';
import type { BucketUnit, ResolvedPeriod } from './period';

/**
 * The SQL behind dashboards and reports. Every figure is aggregated in the database (filtered
 * aggregates, date_trunc in the organization's time zone, percentile_cont), over the indexes of
 * the CRM migration; nothing is summed row by row in JavaScript.
 */
export type Scope = {
  db: Db;
  org: Scoped;
  organizationId: string;
  /** Owner-only visibility: the user whose records the caller sees, or null for everything. */
  ownerId: string | null;
  /** Money figures are sums in this currency; other currencies are counted apart, never converted. */
  currency: string;
  timezone: string;
};

export function makeScope(db: Db, organizationId: string, ownerId: string | null, currency: string, timezone: string): Scope {
  return { db, org: scoped(db, organizationId), organizationId, ownerId, currency, timezone };
}

const n = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));
const nOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** 'YYYY-MM-DD' of the bucket (day, ISO week from Monday, month) a timestamp falls in, in the time zone. */
export function bucketOf(column: string, unit: BucketUnit, timezone: string): RawBuilder<string> {
  return sql<string>`to_char(date_trunc(${sql.lit(unit)}, ${sql.ref(column)} at time zone ${timezone}), 'YYYY-MM-DD')`;
}

// ——— Deals ———

export async function wonDealFigures(s: Scope, p: ResolvedPeriod) {
  const cur = s.currency;
  const inCur = sql`deals.won_at >= ${p.start}`;
  const inPrev = sql`deals.won_at < ${p.start}`;
  const days = sql`greatest(extract(epoch from (deals.won_at - deals.created_at)), 0)::float8 / 86400`;
  const row = await s.org
    .selectFrom('deals')
    .where('deals.status', '=', 'won')
    .where('deals.won_at', '>=', p.previous.start)
    .where('deals.won_at', '<', p.end)
    .$if(s.ownerId !== null, (q) => q.where('deals.owner_id', '=', s.ownerId!))
    .select([
      sql<number>`count(*) filter (where ${inCur})`.as('won'),
      sql<number>`count(*) filter (where ${inCur} and deals.currency = ${cur})`.as('won_in_currency'),
      sql<string | null>`sum(deals.value_minor) filter (where ${inCur} and deals.currency = ${cur})`.as('value'),
      sql<number | null>`percentile_cont(0.5) within group (order by ${days}) filter (where ${inCur})`.as('cycle'),
      sql<number>`count(*) filter (where ${inPrev})`.as('prev_won'),
      sql<number>`count(*) filter (where ${inPrev} and deals.currency = ${cur})`.as('prev_won_in_currency'),
      sql<string | null>`sum(deals.value_minor) filter (where ${inPrev} and deals.currency = ${cur})`.as('prev_value'),
      sql<number | null>`percentile_cont(0.5) within group (order by ${days}) filter (where ${inPrev})`.as('prev_cycle'),
    ])
    .executeTakeFirstOrThrow();
  const side = (won: unknown, inCurrency: unknown, value: unknown, cycle: unknown) => ({
    won: n(won),
    wonInCurrency: n(inCurrency),
    excluded: n(won) - n(inCurrency),
    valueMinor: n(value),
    medianCycleDays: nOrNull(cycle),
  });
  return { current: side(row.won, row.won_in_currency, row.value, row.cycle), previous: side(row.prev_won, row.prev_won_in_currency, row.prev_value, row.prev_cycle) };
}

/** Monthly recurring revenue as of the period's end and as of its start (the previous period's end). */
export async function mrrFigures(s: Scope, p: ResolvedPeriod) {
  const cur = s.currency;
  const row = await s.org
    .selectFrom('deals')
    .where('deals.status', '=', 'won')
    .where('deals.is_recurring', '=', true)
    .where('deals.won_at', '<', p.end)
    .$if(s.ownerId !== null, (q) => q.where('deals.owner_id', '=', s.ownerId!))
    .select([
      sql<string | null>`sum(deals.monthly_value_minor) filter (where deals.currency = ${cur})`.as('mrr'),
      sql<string | null>`sum(deals.monthly_value_minor) filter (where deals.currency = ${cur} and deals.won_at < ${p.start})`.as('prev_mrr'),
      sql<number>`count(*) filter (where deals.currency <> ${cur})`.as('excluded'),
      sql<number>`count(*) filter (where deals.currency <> ${cur} and deals.won_at < ${p.start})`.as('prev_excluded'),
    ])
    .executeTakeFirstOrThrow();
  return { current: n(row.mrr), previous: n(row.prev_mrr), excluded: n(row.excluded), previousExcluded: n(row.prev_excluded) };
}

/** New customers: contacts whose first won deal (among deals that are won now) was won in the window. */
export async function newCustomerCounts(s: Scope, p: ResolvedPeriod) {
  const firsts = s.org
    .selectFrom('deals')
    .where('deals.status', '=', 'won')
    .where('deals.contact_id', 'is not', null)
    .$if(s.ownerId !== null, (q) => q.where('deals.owner_id', '=', s.ownerId!))
    .select(['deals.contact_id', sql<Date>`min(deals.won_at)`.as('first_won')])
    .groupBy('deals.contact_id');
  const row = await s.db
    .selectFrom(firsts.as('f'))
    .select([
      sql<number>`count(*) filter (where f.first_won >= ${p.start} and f.first_won < ${p.end})`.as('current'),
      sql<number>`count(*) filter (where f.first_won >= ${p.previous.start} and f.first_won < ${p.start})`.as('previous'),
    ])
    .executeTakeFirstOrThrow();
  return { current: n(row.current), previous: n(row.previous) };
}

/** Marketing spend on the period's days and on the previous period's, in the scope's currency. */
export async function spendFigures(s: Scope, p: ResolvedPeriod) {
  const cur = s.currency;
  const row = await s.org
    .selectFrom('marketing_spend')
    .where('spent_on', '>=', p.previous.from)
    .where('spent_on', '<=', p.to)
    .select([
      sql<string | null>`sum(amount_minor) filter (where spent_on >= ${p.from} and currency = ${cur})`.as('spend'),
      sql<number>`count(*) filter (where spent_on >= ${p.from} and currency = ${cur})`.as('entries'),
      sql<number>`count(*) filter (where spent_on >= ${p.from} and currency <> ${cur})`.as('excluded'),
      sql<string | null>`sum(amount_minor) filter (where spent_on < ${p.from} and currency = ${cur})`.as('prev_spend'),
      sql<number>`count(*) filter (where spent_on < ${p.from} and currency = ${cur})`.as('prev_entries'),
      sql<number>`count(*) filter (where spent_on < ${p.from} and currency <> ${cur})`.as('prev_excluded'),
    ])
    .executeTakeFirstOrThrow();
  return {
    current: { spendMinor: n(row.spend), entries: n(row.entries), excluded: n(row.excluded) },
    previous: { spendMinor: n(row.prev_spend), entries: n(row.prev_entries), excluded: n(row.prev_excluded) },
  };
}

export async function findPipeline(s: Scope, pipelineId: string | undefined) {
  let query = s.org.selectFrom('pipelines').select(['id', 'name', 'is_default']);
  query = pipelineId ? query.where('id', '=', pipelineId) : query.orderBy('is_default', 'desc').orderBy('position').orderBy('created_at').limit(1);
  return query.executeTakeFirst();
}

export type StageInfo = { id: string; name: string; position: number; probability: number; kind: StageKind };

export async function pipelineStages(s: Scope, pipelineId: string): Promise<StageInfo[]> {
  return s.org
    .selectFrom('pipeline_stages')
    .select(['id', 'name', 'position', 'probability', 'kind'])
    .where('pipeline_id', '=', pipelineId)
    .orderBy('position')
    .orderBy('created_at')
    .execute();
}

/**
 * Per stage of a pipeline: the open deals in it now, and the deals won or lost in it during the
 * window; value and weighted value (value × the deal's probability, else the stage's) in the
 * scope's currency, with the deals in other currencies counted apart.
 */
export async function stageFigures(s: Scope, pipelineId: string, window: { start: Date; end: Date }) {
  const cur = s.currency;
  const rows = await s.org
    .selectFrom('deals')
    .innerJoin('pipeline_stages as st', (j) => j.onRef('st.id', '=', 'deals.stage_id').onRef('st.organization_id', '=', 'deals.organization_id'))
    .where('deals.pipeline_id', '=', pipelineId)
    .where((eb) =>
      eb.or([
        eb('deals.status', '=', 'open'),
        eb.and([eb('deals.status', '=', 'won'), eb('deals.won_at', '>=', window.start), eb('deals.won_at', '<', window.end)]),
        eb.and([eb('deals.status', '=', 'lost'), eb('deals.lost_at', '>=', window.start), eb('deals.lost_at', '<', window.end)]),
      ]),
    )
    .$if(s.ownerId !== null, (q) => q.where('deals.owner_id', '=', s.ownerId!))
    .select([
      'deals.stage_id',
      sql<number>`count(*)`.as('count'),
      sql<string | null>`sum(deals.value_minor) filter (where deals.currency = ${cur})`.as('value'),
      sql<string | null>`sum(deals.value_minor * coalesce(deals.probability, st.probability) / 100.0) filter (where deals.currency = ${cur})`.as('weighted'),
      sql<number>`count(*) filter (where deals.currency <> ${cur})`.as('excluded'),
    ])
    .groupBy('deals.stage_id')
    .execute();
  return new Map(rows.map((r) => [r.stage_id, { count: n(r.count), valueMinor: n(r.value), weightedValueMinor: Math.round(n(r.weighted)), excluded: n(r.excluded) }]));
}

/**
 * Stage entries from deal_stage_history, for conversion rates with the board's definition (share
 * of the deals that entered a stage that also entered the next one), limited to a window and to
 * the window before it, in one pass: per deal of the pipeline with an entry in either window, the
 * stages entered in the window (`inMask`), before its end (`allMask`), and the same for the
 * previous window, as bit sets over the stage order. Returns deal counts per distinct set of
 * masks: a few dozen rows, however many deals.
 */
export async function stageEntries(s: Scope, stages: { id: string }[], current: { start: Date; end: Date }, previous: { start: Date; end: Date }) {
  if (stages.length === 0) return [];
  const bit = sql<number>`case deal_stage_history.to_stage_id ${sql.join(
    stages.map((st, i) => sql`when ${st.id} then ${sql.lit(2 ** i)}::bigint`),
    sql` `,
  )} end`;
  const at = sql.ref('deal_stage_history.changed_at');
  const perDeal = s.org
    .selectFrom('deal_stage_history')
    .where('deal_stage_history.changed_at', '<', current.end)
    .where(
      'deal_stage_history.to_stage_id',
      'in',
      stages.map((st) => st.id),
    )
    .$if(s.ownerId !== null, (q) =>
      q.where('deal_stage_history.deal_id', 'in', s.org.selectFrom('deals').select('deals.id').where('deals.owner_id', '=', s.ownerId!)),
    )
    .select([
      sql<number | null>`bit_or(case when ${at} >= ${current.start} then ${bit} end)`.as('in_mask'),
      sql<number>`bit_or(${bit})`.as('all_mask'),
      sql<number | null>`bit_or(case when ${at} >= ${previous.start} and ${at} < ${previous.end} then ${bit} end)`.as('prev_in_mask'),
      sql<number | null>`bit_or(case when ${at} < ${previous.end} then ${bit} end)`.as('prev_all_mask'),
    ])
    .groupBy('deal_stage_history.deal_id');
  const rows = await s.db
    .selectFrom(perDeal.as('e'))
    .select(['e.in_mask', 'e.all_mask', 'e.prev_in_mask', 'e.prev_all_mask', sql<number>`count(*)`.as('deals')])
    .where((eb) => eb.or([eb('e.in_mask', 'is not', null), eb('e.prev_in_mask', 'is not', null)]))
    .groupBy(['e.in_mask', 'e.all_mask', 'e.prev_in_mask', 'e.prev_all_mask'])
    .execute();
  const side = (inMask: unknown, allMask: unknown) => ({ inMask: n(inMask), allMask: n(allMask) });
  return rows.map((r) => ({ current: side(r.in_mask, r.all_mask), previous: side(r.prev_in_mask, r.prev_all_mask), deals: n(r.deals) }));
}

/** Whether bit `i` is set in a mask read as a number (no 32-bit operators: masks go past 2^31). */
export const hasBit = (mask: number, i: number) => Math.floor(mask / 2 ** i) % 2 === 1;

export const STALLED_DAYS = 14;

/** Open deals whose stage has not changed for more than STALLED_DAYS days, against all open deals. */
export async function stalledDeals(s: Scope, now: Date) {
  const cur = s.currency;
  const cutoff = new Date(now.getTime() - STALLED_DAYS * 86_400_000);
  const open = s.org.selectFrom('deals').where('deals.status', '=', 'open').$if(s.ownerId !== null, (q) => q.where('deals.owner_id', '=', s.ownerId!));
  const [totals, top] = await Promise.all([
    open
      .select([
        sql<number>`count(*)`.as('open'),
        sql<string | null>`sum(deals.value_minor) filter (where deals.currency = ${cur})`.as('open_value'),
        sql<number>`count(*) filter (where deals.stage_changed_at < ${cutoff})`.as('stalled'),
        sql<string | null>`sum(deals.value_minor) filter (where deals.stage_changed_at < ${cutoff} and deals.currency = ${cur})`.as('stalled_value'),
        sql<number>`count(*) filter (where deals.stage_changed_at < ${cutoff} and deals.currency <> ${cur})`.as('stalled_excluded'),
      ])
      .executeTakeFirstOrThrow(),
    open
      .innerJoin('pipeline_stages as st', (j) => j.onRef('st.id', '=', 'deals.stage_id').onRef('st.organization_id', '=', 'deals.organization_id'))
      .where('deals.stage_changed_at', '<', cutoff)
      .select(['deals.id', 'deals.title', 'deals.value_minor', 'deals.currency', 'deals.stage_changed_at', 'st.name as stage_name'])
      .orderBy(sql`deals.currency = ${cur}`, 'desc')
      .orderBy('deals.value_minor', 'desc')
      .orderBy('deals.stage_changed_at')
      .limit(5)
      .execute(),
  ]);
  return {
    cutoff,
    open: n(totals.open),
    openValueMinor: n(totals.open_value),
    stalled: n(totals.stalled),
    stalledValueMinor: n(totals.stalled_value),
    stalledExcluded: n(totals.stalled_excluded),
    top: top.map((d) => ({
      id: d.id,
      title: d.title,
      valueMinor: d.value_minor,
      currency: d.currency,
      stage: d.stage_name,
      daysInStage: Math.floor((now.getTime() - d.stage_changed_at.getTime()) / 86_400_000),
    })),
  };
}

/** Won deals of the window by their contact's source (null: no contact or no source). */
export async function wonBySource(s: Scope, window: { start: Date; end: Date }) {
  const cur = s.currency;
  const rows = await s.org
    .selectFrom('deals')
    .leftJoin('contacts', (j) => j.onRef('contacts.id', '=', 'deals.contact_id').onRef('contacts.organization_id', '=', 'deals.organization_id'))
    .where('deals.status', '=', 'won')
    .where('deals.won_at', '>=', window.start)
    .where('deals.won_at', '<', window.end)
    .$if(s.ownerId !== null, (q) => q.where('deals.owner_id', '=', s.ownerId!))
    .select([
      'contacts.source',
      sql<number>`count(*)`.as('won'),
      sql<string | null>`sum(deals.value_minor) filter (where deals.currency = ${cur})`.as('value'),
      sql<number>`count(*) filter (where deals.currency <> ${cur})`.as('excluded'),
    ])
    .groupBy('contacts.source')
    .execute();
  return rows.map((r) => ({ source: r.source, won: n(r.won), valueMinor: n(r.value), excluded: n(r.excluded) }));
}

/** Contacts created in the window by source. */
export async function contactsBySource(s: Scope, window: { start: Date; end: Date }) {
  const rows = await s.org
    .selectFrom('contacts')
    .where('contacts.created_at', '>=', window.start)
    .where('contacts.created_at', '<', window.end)
    .$if(s.ownerId !== null, (q) => q.where('contacts.owner_id', '=', s.ownerId!))
    .select(['contacts.source', sql<number>`count(*)`.as('created')])
    .groupBy('contacts.source')
    .execute();
  return rows.map((r) => ({ source: r.source, created: n(r.created) }));
}

/** Marketing spend per channel on the window's days, in the scope's currency. */
export async function spendByChannel(s: Scope, from: string, to: string) {
  const rows = await s.org
    .selectFrom('marketing_spend')
    .where('spent_on', '>=', from)
    .where('spent_on', '<=', to)
    .where('currency', '=', s.currency)
    .select(['channel', sql<string>`sum(amount_minor)`.as('spend')])
    .groupBy('channel')
    .execute();
  return rows.map((r) => ({ channel: r.channel, spendMinor: n(r.spend) }));
}

// ——— Tasks and appointments ———

/** Open tasks past their due time, per assignee (null: unassigned). Sales Reps under owner-only see their own. */
export async function overdueByAssignee(s: Scope, now: Date) {
  const rows = await s.org
    .selectFrom('tasks')
    .leftJoin('users', 'users.id', 'tasks.assignee_id')
    .where('tasks.status', '=', 'open')
    .where('tasks.due_at', '<', now)
    .$if(s.ownerId !== null, (q) => q.where('tasks.assignee_id', '=', s.ownerId!))
    .select(['tasks.assignee_id', 'users.name', sql<number>`count(*)`.as('overdue')])
    .groupBy(['tasks.assignee_id', 'users.name'])
    .execute();
  return rows.map((r) => ({ assigneeId: r.assignee_id, name: r.name, overdue: n(r.overdue) }));
}

type Window = { start: Date; end: Date };

/** Four rates of the "Performance Trends" panel, for one window (numerator, denominator). */
export async function trendCounts(s: Scope, current: Window, previous: Window, now: Date) {
  const cap = (w: Window) => (w.end < now ? w.end : now);
  const [contacts, converted, closed, tasks, appointments] = await Promise.all([
    s.org
      .selectFrom('contacts')
      .where('contacts.created_at', '>=', previous.start)
      .where('contacts.created_at', '<', current.end)
      .$if(s.ownerId !== null, (q) => q.where('contacts.owner_id', '=', s.ownerId!))
      .select([
        sql<number>`count(*) filter (where contacts.created_at >= ${current.start})`.as('current'),
        sql<number>`count(*) filter (where contacts.created_at < ${current.start})`.as('previous'),
      ])
      .executeTakeFirstOrThrow(),
    s.org
      .selectFrom('deals')
      .innerJoin('contacts', (j) => j.onRef('contacts.id', '=', 'deals.contact_id').onRef('contacts.organization_id', '=', 'deals.organization_id'))
      .where('deals.status', '=', 'won')
      .where('deals.won_at', '<', current.end)
      .where('contacts.created_at', '>=', previous.start)
      .where('contacts.created_at', '<', current.end)
      .$if(s.ownerId !== null, (q) => q.where('contacts.owner_id', '=', s.ownerId!))
      .select([
        sql<number>`count(distinct deals.contact_id) filter (where contacts.created_at >= ${current.start})`.as('current'),
        sql<number>`count(distinct deals.contact_id) filter (where contacts.created_at < ${current.start} and deals.won_at < ${previous.end})`.as('previous'),
      ])
      .executeTakeFirstOrThrow(),
    s.org
      .selectFrom('deals')
      .where('deals.status', 'in', ['won', 'lost'])
      .where((eb) =>
        eb.or([
          eb.and([eb('deals.status', '=', 'won'), eb('deals.won_at', '>=', previous.start), eb('deals.won_at', '<', current.end)]),
          eb.and([eb('deals.status', '=', 'lost'), eb('deals.lost_at', '>=', previous.start), eb('deals.lost_at', '<', current.end)]),
        ]),
      )
      .$if(s.ownerId !== null, (q) => q.where('deals.owner_id', '=', s.ownerId!))
      .select([
        sql<number>`count(*) filter (where deals.status = 'won' and deals.won_at >= ${current.start})`.as('won'),
        sql<number>`count(*) filter (where deals.status = 'lost' and deals.lost_at >= ${current.start})`.as('lost'),
        sql<number>`count(*) filter (where deals.status = 'won' and deals.won_at < ${current.start})`.as('prev_won'),
        sql<number>`count(*) filter (where deals.status = 'lost' and deals.lost_at < ${current.start})`.as('prev_lost'),
      ])
      .executeTakeFirstOrThrow(),
    s.org
      .selectFrom('tasks')
      .where('tasks.due_at', '>=', previous.start)
      .where('tasks.due_at', '<', cap(current))
      .$if(s.ownerId !== null, (q) => q.where('tasks.assignee_id', '=', s.ownerId!))
      .select([
        sql<number>`count(*) filter (where tasks.due_at >= ${current.start})`.as('due'),
        sql<number>`count(*) filter (where tasks.due_at >= ${current.start} and tasks.status = 'done' and tasks.completed_at <= tasks.due_at)`.as('on_time'),
        sql<number>`count(*) filter (where tasks.due_at < ${cap(previous)})`.as('prev_due'),
        sql<number>`count(*) filter (where tasks.due_at < ${cap(previous)} and tasks.status = 'done' and tasks.completed_at <= tasks.due_at)`.as('prev_on_time'),
      ])
      .executeTakeFirstOrThrow(),
    s.org
      .selectFrom('appointments')
      .where('appointments.starts_at', '>=', previous.start)
      .where('appointments.starts_at', '<', cap(current))
      .$if(s.ownerId !== null, (q) => q.where('appointments.assignee_id', '=', s.ownerId!))
      .select([
        sql<number>`count(*) filter (where appointments.starts_at >= ${current.start} and appointments.status = 'completed')`.as('showed'),
        sql<number>`count(*) filter (where appointments.starts_at >= ${current.start} and appointments.status = 'no_show')`.as('no_show'),
        sql<number>`count(*) filter (where appointments.starts_at >= ${current.start} and appointments.status = 'scheduled')`.as('unrecorded'),
        sql<number>`count(*) filter (where appointments.starts_at < ${cap(previous)} and appointments.status = 'completed')`.as('prev_showed'),
        sql<number>`count(*) filter (where appointments.starts_at < ${cap(previous)} and appointments.status = 'no_show')`.as('prev_no_show'),
        sql<number>`count(*) filter (where appointments.starts_at < ${cap(previous)} and appointments.status = 'scheduled')`.as('prev_unrecorded'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    leadToCustomer: { current: [n(converted.current), n(contacts.current)], previous: [n(converted.previous), n(contacts.previous)] },
    winRate: { current: [n(closed.won), n(closed.won) + n(closed.lost)], previous: [n(closed.prev_won), n(closed.prev_won) + n(closed.prev_lost)] },
    tasksOnTime: { current: [n(tasks.on_time), n(tasks.due)], previous: [n(tasks.prev_on_time), n(tasks.prev_due)] },
    showRate: {
      current: [n(appointments.showed), n(appointments.showed) + n(appointments.no_show)],
      previous: [n(appointments.prev_showed), n(appointments.prev_showed) + n(appointments.prev_no_show)],
      unrecorded: { current: n(appointments.unrecorded), previous: n(appointments.prev_unrecorded) },
    },
  } satisfies Record<string, { current: [number, number]; previous: [number, number] } & Record<string, unknown>>;
}

// ——— Report series ———

export async function dealsWonSeries(s: Scope, p: ResolvedPeriod) {
  const cur = s.currency;
  const rows = await s.org
    .selectFrom('deals')
    .where('deals.status', '=', 'won')
    .where('deals.won_at', '>=', p.start)
    .where('deals.won_at', '<', p.end)
    .$if(s.ownerId !== null, (q) => q.where('deals.owner_id', '=', s.ownerId!))
    .select([
      bucketOf('deals.won_at', p.bucket, s.timezone).as('bucket'),
      sql<number>`count(*)`.as('won'),
      sql<string | null>`sum(deals.value_minor) filter (where deals.currency = ${cur})`.as('value'),
      sql<number>`count(*) filter (where deals.currency <> ${cur})`.as('excluded'),
    ])
    .groupBy(sql`1`)
    .execute();
  return new Map(rows.map((r) => [r.bucket, { won: n(r.won), valueMinor: n(r.value), excluded: n(r.excluded) }]));
}

/** Tasks created, completed, and due (up to now) per bucket; due ones completed by their due time. */
export async function taskSeries(s: Scope, p: ResolvedPeriod) {
  const dueEnd = p.end < p.now ? p.end : p.now;
  const base = () => s.org.selectFrom('tasks').$if(s.ownerId !== null, (q) => q.where('tasks.assignee_id', '=', s.ownerId!));
  const [created, completed, due] = await Promise.all([
    base()
      .where('tasks.created_at', '>=', p.start)
      .where('tasks.created_at', '<', p.end)
      .select([bucketOf('tasks.created_at', p.bucket, s.timezone).as('bucket'), sql<number>`count(*)`.as('n')])
      .groupBy(sql`1`)
      .execute(),
    base()
      .where('tasks.status', '=', 'done')
      .where('tasks.completed_at', '>=', p.start)
      .where('tasks.completed_at', '<', p.end)
      .select([bucketOf('tasks.completed_at', p.bucket, s.timezone).as('bucket'), sql<number>`count(*)`.as('n')])
      .groupBy(sql`1`)
      .execute(),
    base()
      .where('tasks.due_at', '>=', p.start)
      .where('tasks.due_at', '<', dueEnd)
      .select([
        bucketOf('tasks.due_at', p.bucket, s.timezone).as('bucket'),
        sql<number>`count(*)`.as('n'),
        sql<number>`count(*) filter (where tasks.status = 'done' and tasks.completed_at <= tasks.due_at)`.as('on_time'),
      ])
      .groupBy(sql`1`)
      .execute(),
  ]);
  return {
    created: new Map(created.map((r) => [r.bucket, n(r.n)])),
    completed: new Map(completed.map((r) => [r.bucket, n(r.n)])),
    due: new Map(due.map((r) => [r.bucket, { due: n(r.n), onTime: n(r.on_time) }])),
  };
}

/** Appointments by the bucket they start in and their status. */
export async function appointmentSeries(s: Scope, p: ResolvedPeriod) {
  const rows = await s.org
    .selectFrom('appointments')
    .where('appointments.starts_at', '>=', p.start)
    .where('appointments.starts_at', '<', p.end)
    .$if(s.ownerId !== null, (q) => q.where('appointments.assignee_id', '=', s.ownerId!))
    .select([
      bucketOf('appointments.starts_at', p.bucket, s.timezone).as('bucket'),
      sql<number>`count(*) filter (where appointments.status = 'scheduled')`.as('scheduled'),
      sql<number>`count(*) filter (where appointments.status = 'completed')`.as('completed'),
      sql<number>`count(*) filter (where appointments.status = 'cancelled')`.as('cancelled'),
      sql<number>`count(*) filter (where appointments.status = 'no_show')`.as('no_show'),
    ])
    .groupBy(sql`1`)
    .execute();
  return new Map(rows.map((r) => [r.bucket, { scheduled: n(r.scheduled), completed: n(r.completed), cancelled: n(r.cancelled), noShow: n(r.no_show) }]));
}
