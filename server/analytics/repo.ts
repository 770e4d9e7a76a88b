import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db';
import type { StageKind } from '../db/schema';
import { scoped, type Scoped } from '../db/scoped';
import { addDays, truncDate, type BucketUnit, type ResolvedPeriod } from './period';

/**
 * The SQL behind dashboards and reports. Figures over a period are sums of the daily tables the
 * facts' triggers keep (contact_days, deal_close_days, deal_open_days, deal_stage_entry_days,
 * task_days, appointment_days — migration 800, docs/decisions/010-dashboard-aggregates.md): a
 * period is whole days of the organization's time zone, so its sums are exact. What a day cannot
 * hold is read from the facts over an index: medians, the deals behind a figure, and the part of
 * today before "now".
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

/** 'YYYY-MM-DD' of the bucket (day, ISO week from Monday, month) a local date falls in. */
function bucketOfDay(column: string, unit: BucketUnit): RawBuilder<string> {
  return sql<string>`to_char(date_trunc(${sql.lit(unit)}, ${sql.ref(column)}::timestamp), 'YYYY-MM-DD')`;
}

type Days = { from: string; to: string };
type Window = { start: Date; end: Date };

/**
 * A window cut at now, as whole days from the daily sums (`daysBefore`: the days before this one)
 * and the part of today before now from the facts (`today`), when the window reaches today.
 */
function upToNow(w: Days & Window, p: ResolvedPeriod): { from: string; daysBefore: string; today: Window | null } {
  if (w.to < p.today) return { from: w.from, daysBefore: addDays(w.to, 1), today: null };
  if (w.from > p.today) return { from: w.from, daysBefore: w.from, today: null };
  return { from: w.from, daysBefore: p.today, today: { start: p.todayStart > w.start ? p.todayStart : w.start, end: p.now } };
}

// ——— Deals ———

export async function wonDealFigures(s: Scope, p: ResolvedPeriod) {
  const cur = s.currency;
  const inCur = sql`closed_on >= ${p.from}`;
  const inPrev = sql`closed_on < ${p.from}`;
  const days = sql`greatest(extract(epoch from (deals.won_at - deals.created_at)), 0)::float8 / 86400`;
  const [sums, cycle] = await Promise.all([
    s.org
      .selectFrom('deal_close_days')
      .where('status', '=', 'won')
      .where('closed_on', '>=', p.previous.from)
      .where('closed_on', '<=', p.to)
      .$if(s.ownerId !== null, (q) => q.where('owner_id', '=', s.ownerId!))
      .select([
        sql<number>`sum(deals) filter (where ${inCur})`.as('won'),
        sql<number>`sum(deals) filter (where ${inCur} and currency = ${cur})`.as('won_in_currency'),
        sql<string | null>`sum(value_minor) filter (where ${inCur} and currency = ${cur})`.as('value'),
        sql<number>`sum(deals) filter (where ${inPrev})`.as('prev_won'),
        sql<number>`sum(deals) filter (where ${inPrev} and currency = ${cur})`.as('prev_won_in_currency'),
        sql<string | null>`sum(value_minor) filter (where ${inPrev} and currency = ${cur})`.as('prev_value'),
      ])
      .executeTakeFirstOrThrow(),
    // A median needs every value: the won deals of both periods, from the won deals' index.
    s.org
      .selectFrom('deals')
      .where('deals.status', '=', 'won')
      .where('deals.won_at', '>=', p.previous.start)
      .where('deals.won_at', '<', p.end)
      .$if(s.ownerId !== null, (q) => q.where('deals.owner_id', '=', s.ownerId!))
      .select([
        sql<number | null>`percentile_cont(0.5) within group (order by ${days}) filter (where deals.won_at >= ${p.start})`.as('cycle'),
        sql<number | null>`percentile_cont(0.5) within group (order by ${days}) filter (where deals.won_at < ${p.start})`.as('prev_cycle'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  const side = (won: unknown, inCurrency: unknown, value: unknown, median: unknown) => ({
    won: n(won),
    wonInCurrency: n(inCurrency),
    excluded: n(won) - n(inCurrency),
    valueMinor: n(value),
    medianCycleDays: nOrNull(median),
  });
  return {
    current: side(sums.won, sums.won_in_currency, sums.value, cycle.cycle),
    previous: side(sums.prev_won, sums.prev_won_in_currency, sums.prev_value, cycle.prev_cycle),
  };
}

/** Monthly recurring revenue as of the period's end and as of its start (the previous period's end). */
export async function mrrFigures(s: Scope, p: ResolvedPeriod) {
  const cur = s.currency;
  const row = await s.org
    .selectFrom('deal_close_days')
    .where('status', '=', 'won')
    .where('closed_on', '<=', p.to)
    .$if(s.ownerId !== null, (q) => q.where('owner_id', '=', s.ownerId!))
    .select([
      sql<string | null>`sum(monthly_value_minor) filter (where currency = ${cur})`.as('mrr'),
      sql<string | null>`sum(monthly_value_minor) filter (where currency = ${cur} and closed_on < ${p.from})`.as('prev_mrr'),
      sql<number>`sum(recurring_deals) filter (where currency <> ${cur})`.as('excluded'),
      sql<number>`sum(recurring_deals) filter (where currency <> ${cur} and closed_on < ${p.from})`.as('prev_excluded'),
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

/** A pipeline's stages in its order (the order deal_stage_next records: position, creation, id). */
export async function pipelineStages(s: Scope, pipelineId: string): Promise<StageInfo[]> {
  return s.org
    .selectFrom('pipeline_stages')
    .select(['id', 'name', 'position', 'probability', 'kind'])
    .where('pipeline_id', '=', pipelineId)
    .orderBy('position')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/**
 * Per stage of a pipeline: the open deals in it now, and the deals won or lost in it during the
 * period; value and weighted value (value × the deal's probability, else the stage's) in the
 * scope's currency, with the deals in other currencies counted apart.
 */
export async function stageFigures(s: Scope, pipelineId: string, days: Days) {
  const cur = s.currency;
  const sums = ['stage_id', 'currency', 'deals', 'value_minor', 'value_without_probability_minor', 'value_times_probability_minor'] as const;
  const open = s.org
    .selectFrom('deal_open_days')
    .where('pipeline_id', '=', pipelineId)
    .$if(s.ownerId !== null, (q) => q.where('owner_id', '=', s.ownerId!))
    .select(sums);
  const closed = s.org
    .selectFrom('deal_close_days')
    .where('pipeline_id', '=', pipelineId)
    .where('closed_on', '>=', days.from)
    .where('closed_on', '<=', days.to)
    .$if(s.ownerId !== null, (q) => q.where('owner_id', '=', s.ownerId!))
    .select(sums);
  const rows = await s.db
    .selectFrom(open.unionAll(closed).as('f'))
    .innerJoin('pipeline_stages as st', 'st.id', 'f.stage_id')
    .select([
      'f.stage_id',
      sql<number>`sum(f.deals)`.as('count'),
      sql<string | null>`sum(f.value_minor) filter (where f.currency = ${cur})`.as('value'),
      sql<string | null>`sum(f.value_times_probability_minor + st.probability * f.value_without_probability_minor) filter (where f.currency = ${cur}) / 100.0`.as('weighted'),
      sql<number>`sum(f.deals) filter (where f.currency <> ${cur})`.as('excluded'),
    ])
    .groupBy('f.stage_id')
    .execute();
  return new Map(rows.map((r) => [r.stage_id, { count: n(r.count), valueMinor: n(r.value), weightedValueMinor: Math.round(n(r.weighted)), excluded: n(r.excluded) }]));
}

export type StageConversion = { reached: number; advanced: number };

/**
 * Per stage of a pipeline, for a period and the one before it: of the deals that entered the stage
 * during the period (`reached`), those that also entered the next stage by the period's end
 * (`advanced`) — the board's conversion limited to the period.
 *
 * The daily sums count, per day of entry, the entries that are a deal's first in the period (its
 * entry before was earlier) and whether the deal ever entered the next stage. Of those, the deals
 * that entered the next stage only at or after the period's end are taken back: the entries whose
 * (entered, reached next] range holds that instant, found by the GiST index of deal_stage_entries.
 */
export async function stageConversions(s: Scope, pipelineId: string, p: ResolvedPeriod): Promise<Map<string, { current: StageConversion; previous: StageConversion }>> {
  const prev = p.previous;
  const firstIn = (from: string) => sql`(previous_entry_on is null or previous_entry_on < ${from})`;
  const firstSince = (start: Date) => sql`(previous_entry_at is null or previous_entry_at < ${start})`;
  const openAt = (at: Date) => sql`tstzrange(entered_at, next_stage_entered_at, '(]') @> ${at}::timestamptz`;
  const [days, late] = await Promise.all([
    s.org
      .selectFrom('deal_stage_entry_days')
      .where('pipeline_id', '=', pipelineId)
      .where('entered_on', '>=', prev.from)
      .where('entered_on', '<=', p.to)
      .$if(s.ownerId !== null, (q) => q.where('owner_id', '=', s.ownerId!))
      .select([
        'stage_id',
        sql<number>`sum(entries) filter (where entered_on >= ${p.from} and ${firstIn(p.from)})`.as('reached'),
        sql<number>`sum(entries) filter (where entered_on >= ${p.from} and ${firstIn(p.from)} and reached_next)`.as('reached_next'),
        sql<number>`sum(entries) filter (where entered_on < ${p.from} and ${firstIn(prev.from)})`.as('prev_reached'),
        sql<number>`sum(entries) filter (where entered_on < ${p.from} and ${firstIn(prev.from)} and reached_next)`.as('prev_reached_next'),
      ])
      .groupBy('stage_id')
      .execute(),
    s.org
      .selectFrom('deal_stage_entries')
      .where('pipeline_id', '=', pipelineId)
      .where(sql<boolean>`next_stage_entered_at > entered_at`)
      .where(sql<boolean>`(${openAt(p.end)} or ${openAt(prev.end)})`)
      .$if(s.ownerId !== null, (q) => q.where('owner_id', '=', s.ownerId!))
      .select([
        'stage_id',
        sql<number>`count(*) filter (where ${openAt(p.end)} and entered_at >= ${p.start} and ${firstSince(p.start)})`.as('late'),
        sql<number>`count(*) filter (where ${openAt(prev.end)} and entered_at >= ${prev.start} and ${firstSince(prev.start)})`.as('prev_late'),
      ])
      .groupBy('stage_id')
      .execute(),
  ]);
  const lateOf = new Map(late.map((r) => [r.stage_id, r]));
  return new Map(
    days.map((r) => {
      const l = lateOf.get(r.stage_id);
      return [
        r.stage_id,
        {
          current: { reached: n(r.reached), advanced: n(r.reached_next) - n(l?.late) },
          previous: { reached: n(r.prev_reached), advanced: n(r.prev_reached_next) - n(l?.prev_late) },
        },
      ];
    }),
  );
}

export const STALLED_DAYS = 14;

/** Open deals whose stage has not changed for more than STALLED_DAYS days, against all open deals. */
export async function stalledDeals(s: Scope, p: ResolvedPeriod) {
  const cur = s.currency;
  const now = p.now;
  const cutoff = new Date(now.getTime() - STALLED_DAYS * 86_400_000);
  // Whole days before the cutoff's from the daily sums; that day up to the cutoff from the open deals.
  const cutoffDay = sql<string>`(${cutoff}::timestamptz at time zone ${s.timezone})::date`;
  const open = () =>
    s.org
      .selectFrom('deals')
      .where('deals.status', '=', 'open')
      .$if(s.ownerId !== null, (q) => q.where('deals.owner_id', '=', s.ownerId!));
  const largest = (inCurrency: boolean) =>
    open()
      .innerJoin('pipeline_stages as st', 'st.id', 'deals.stage_id')
      .where('deals.currency', inCurrency ? '=' : '<>', cur)
      .where('deals.stage_changed_at', '<', cutoff)
      .select(['deals.id', 'deals.title', 'deals.value_minor', 'deals.currency', 'deals.stage_changed_at', 'st.name as stage_name'])
      .orderBy('deals.value_minor', 'desc')
      .orderBy('deals.stage_changed_at')
      .limit(5)
      .execute();
  const [days, cutoffDayPart, inCurrency] = await Promise.all([
    s.org
      .selectFrom('deal_open_days')
      .$if(s.ownerId !== null, (q) => q.where('owner_id', '=', s.ownerId!))
      .select([
        sql<number>`sum(deals)`.as('open'),
        sql<string | null>`sum(value_minor) filter (where currency = ${cur})`.as('open_value'),
        sql<number>`sum(deals) filter (where stage_changed_on < ${cutoffDay})`.as('stalled'),
        sql<string | null>`sum(value_minor) filter (where stage_changed_on < ${cutoffDay} and currency = ${cur})`.as('stalled_value'),
        sql<number>`sum(deals) filter (where stage_changed_on < ${cutoffDay} and currency <> ${cur})`.as('stalled_excluded'),
      ])
      .executeTakeFirstOrThrow(),
    open()
      .where('deals.stage_changed_at', '>=', sql<Date>`(${cutoffDay}::timestamp at time zone ${s.timezone})`)
      .where('deals.stage_changed_at', '<', cutoff)
      .select([
        sql<number>`count(*)`.as('stalled'),
        sql<string | null>`sum(deals.value_minor) filter (where deals.currency = ${cur})`.as('stalled_value'),
        sql<number>`count(*) filter (where deals.currency <> ${cur})`.as('stalled_excluded'),
      ])
      .executeTakeFirstOrThrow(),
    largest(true),
  ]);
  // The largest stalled deals, those in the scope's currency first.
  const top = inCurrency.length < 5 ? [...inCurrency, ...(await largest(false))].slice(0, 5) : inCurrency;
  return {
    cutoff,
    open: n(days.open),
    openValueMinor: n(days.open_value),
    stalled: n(days.stalled) + n(cutoffDayPart.stalled),
    stalledValueMinor: n(days.stalled_value) + n(cutoffDayPart.stalled_value),
    stalledExcluded: n(days.stalled_excluded) + n(cutoffDayPart.stalled_excluded),
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
export async function wonBySource(s: Scope, window: Window) {
  const cur = s.currency;
  const rows = await s.org
    .selectFrom('deals')
    .leftJoin('contact_conversions as cc', (j) => j.onRef('cc.contact_id', '=', 'deals.contact_id').onRef('cc.organization_id', '=', 'deals.organization_id'))
    .where('deals.status', '=', 'won')
    .where('deals.won_at', '>=', window.start)
    .where('deals.won_at', '<', window.end)
    .$if(s.ownerId !== null, (q) => q.where('deals.owner_id', '=', s.ownerId!))
    .select([
      'cc.source',
      sql<number>`count(*)`.as('won'),
      sql<string | null>`sum(deals.value_minor) filter (where deals.currency = ${cur})`.as('value'),
      sql<number>`count(*) filter (where deals.currency <> ${cur})`.as('excluded'),
    ])
    .groupBy('cc.source')
    .execute();
  return rows.map((r) => ({ source: r.source, won: n(r.won), valueMinor: n(r.value), excluded: n(r.excluded) }));
}

/** Contacts created in the period by source (null: none). */
export async function contactsBySource(s: Scope, days: Days) {
  const rows = await s.org
    .selectFrom('contact_days')
    .where('created_on', '>=', days.from)
    .where('created_on', '<=', days.to)
    .$if(s.ownerId !== null, (q) => q.where('owner_id', '=', s.ownerId!))
    .select(['source', sql<number>`sum(contacts)`.as('created')])
    .groupBy('source')
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

/** Open tasks past their due time, per assignee (null: unassigned), most first. Sales Reps under owner-only see their own. */
export async function overdueByAssignee(s: Scope, p: ResolvedPeriod) {
  const earlierDays = s.org
    .selectFrom('task_days')
    .where('day', '<', p.today)
    .where('due_open', '>', 0)
    .$if(s.ownerId !== null, (q) => q.where('assignee_id', '=', s.ownerId!))
    .select(['assignee_id', 'due_open as overdue']);
  const today = s.org
    .selectFrom('tasks')
    .where('status', '=', 'open')
    .where('due_at', '>=', p.todayStart)
    .where('due_at', '<', p.now)
    .$if(s.ownerId !== null, (q) => q.where('assignee_id', '=', s.ownerId!))
    .select(['assignee_id', sql<number>`1`.as('overdue')]);
  const rows = await s.db
    .selectFrom(earlierDays.unionAll(today).as('o'))
    .leftJoin('users', 'users.id', 'o.assignee_id')
    .select(['o.assignee_id', 'users.name', sql<number>`sum(o.overdue)`.as('overdue')])
    .groupBy(['o.assignee_id', 'users.name'])
    .orderBy('overdue', 'desc')
    .orderBy('o.assignee_id')
    .execute();
  return rows.map((r) => ({ assigneeId: r.assignee_id, name: r.name, overdue: n(r.overdue) }));
}

/** Tasks due in a window up to now, and those of them completed by their due time. */
async function tasksDue(s: Scope, w: Days & Window, p: ResolvedPeriod) {
  const cut = upToNow(w, p);
  const [days, today] = await Promise.all([
    s.org
      .selectFrom('task_days')
      .where('day', '>=', cut.from)
      .where('day', '<', cut.daysBefore)
      .$if(s.ownerId !== null, (q) => q.where('assignee_id', '=', s.ownerId!))
      .select([sql<number>`sum(due)`.as('due'), sql<number>`sum(due_done_on_time)`.as('on_time')])
      .executeTakeFirstOrThrow(),
    cut.today ? tasksDueToday(s, cut.today) : { due: 0, on_time: 0 },
  ]);
  return { due: n(days.due) + n(today.due), onTime: n(days.on_time) + n(today.on_time) };
}

function tasksDueToday(s: Scope, today: Window) {
  return s.org
    .selectFrom('tasks')
    .where('due_at', '>=', today.start)
    .where('due_at', '<', today.end)
    .$if(s.ownerId !== null, (q) => q.where('assignee_id', '=', s.ownerId!))
    .select([sql<number>`count(*)`.as('due'), sql<number>`count(*) filter (where tasks.status = 'done' and tasks.completed_at <= tasks.due_at)`.as('on_time')])
    .executeTakeFirstOrThrow();
}

type AppointmentCounts = { scheduled: number; completed: number; cancelled: number; noShow: number };
const STATUS_SUMS = [
  sql<number>`sum(appointments) filter (where status = 'scheduled')`.as('scheduled'),
  sql<number>`sum(appointments) filter (where status = 'completed')`.as('completed'),
  sql<number>`sum(appointments) filter (where status = 'cancelled')`.as('cancelled'),
  sql<number>`sum(appointments) filter (where status = 'no_show')`.as('no_show'),
];
const appointmentCounts = (r: { scheduled: unknown; completed: unknown; cancelled: unknown; no_show: unknown }): AppointmentCounts => ({
  scheduled: n(r.scheduled),
  completed: n(r.completed),
  cancelled: n(r.cancelled),
  noShow: n(r.no_show),
});
const addCounts = (a: AppointmentCounts, b: AppointmentCounts): AppointmentCounts => ({
  scheduled: a.scheduled + b.scheduled,
  completed: a.completed + b.completed,
  cancelled: a.cancelled + b.cancelled,
  noShow: a.noShow + b.noShow,
});

/** Appointments starting in a window up to now, by status. */
async function appointmentsUpToNow(s: Scope, w: Days & Window, p: ResolvedPeriod): Promise<AppointmentCounts> {
  const cut = upToNow(w, p);
  const [days, today] = await Promise.all([
    s.org
      .selectFrom('appointment_days')
      .where('day', '>=', cut.from)
      .where('day', '<', cut.daysBefore)
      .$if(s.ownerId !== null, (q) => q.where('assignee_id', '=', s.ownerId!))
      .select(STATUS_SUMS)
      .executeTakeFirstOrThrow(),
    cut.today
      ? s.org
          .selectFrom('appointments')
          .where('starts_at', '>=', cut.today.start)
          .where('starts_at', '<', cut.today.end)
          .$if(s.ownerId !== null, (q) => q.where('assignee_id', '=', s.ownerId!))
          .select([
            sql<number>`count(*) filter (where status = 'scheduled')`.as('scheduled'),
            sql<number>`count(*) filter (where status = 'completed')`.as('completed'),
            sql<number>`count(*) filter (where status = 'cancelled')`.as('cancelled'),
            sql<number>`count(*) filter (where status = 'no_show')`.as('no_show'),
          ])
          .executeTakeFirstOrThrow()
      : { scheduled: 0, completed: 0, cancelled: 0, no_show: 0 },
  ]);
  return addCounts(appointmentCounts(days), appointmentCounts(today));
}

/** Four rates of the "Performance Trends" panel, for the period and the one before (numerator, denominator). */
export async function trendCounts(s: Scope, p: ResolvedPeriod) {
  const current = { from: p.from, to: p.to, start: p.start, end: p.end };
  const previous = p.previous;
  const [contacts, converted, closed, tasks, previousTasks, appointments, previousAppointments] = await Promise.all([
    s.org
      .selectFrom('contact_days')
      .where('created_on', '>=', previous.from)
      .where('created_on', '<=', current.to)
      .$if(s.ownerId !== null, (q) => q.where('owner_id', '=', s.ownerId!))
      .select([sql<number>`sum(contacts) filter (where created_on >= ${current.from})`.as('current'), sql<number>`sum(contacts) filter (where created_on < ${current.from})`.as('previous')])
      .executeTakeFirstOrThrow(),
    s.org
      .selectFrom('contact_conversions')
      .where('created_at', '>=', previous.start)
      .where('created_at', '<', current.end)
      .$if(s.ownerId !== null, (q) => q.where('owner_id', '=', s.ownerId!))
      .select([
        sql<number>`count(*) filter (where created_at >= ${current.start} and first_won_at < ${current.end})`.as('current'),
        sql<number>`count(*) filter (where created_at < ${current.start} and first_won_at < ${previous.end})`.as('previous'),
      ])
      .executeTakeFirstOrThrow(),
    s.org
      .selectFrom('deal_close_days')
      .where('closed_on', '>=', previous.from)
      .where('closed_on', '<=', current.to)
      .$if(s.ownerId !== null, (q) => q.where('owner_id', '=', s.ownerId!))
      .select([
        sql<number>`sum(deals) filter (where status = 'won' and closed_on >= ${current.from})`.as('won'),
        sql<number>`sum(deals) filter (where status = 'lost' and closed_on >= ${current.from})`.as('lost'),
        sql<number>`sum(deals) filter (where status = 'won' and closed_on < ${current.from})`.as('prev_won'),
        sql<number>`sum(deals) filter (where status = 'lost' and closed_on < ${current.from})`.as('prev_lost'),
      ])
      .executeTakeFirstOrThrow(),
    tasksDue(s, current, p),
    tasksDue(s, previous, p),
    appointmentsUpToNow(s, current, p),
    appointmentsUpToNow(s, previous, p),
  ]);
  return {
    leadToCustomer: { current: [n(converted.current), n(contacts.current)], previous: [n(converted.previous), n(contacts.previous)] },
    winRate: { current: [n(closed.won), n(closed.won) + n(closed.lost)], previous: [n(closed.prev_won), n(closed.prev_won) + n(closed.prev_lost)] },
    tasksOnTime: { current: [tasks.onTime, tasks.due], previous: [previousTasks.onTime, previousTasks.due] },
    showRate: {
      current: [appointments.completed, appointments.completed + appointments.noShow],
      previous: [previousAppointments.completed, previousAppointments.completed + previousAppointments.noShow],
      unrecorded: { current: appointments.scheduled, previous: previousAppointments.scheduled },
    },
  } satisfies Record<string, { current: [number, number]; previous: [number, number] } & Record<string, unknown>>;
}

// ——— Report series ———

export async function dealsWonSeries(s: Scope, p: ResolvedPeriod) {
  const cur = s.currency;
  const rows = await s.org
    .selectFrom('deal_close_days')
    .where('status', '=', 'won')
    .where('closed_on', '>=', p.from)
    .where('closed_on', '<=', p.to)
    .$if(s.ownerId !== null, (q) => q.where('owner_id', '=', s.ownerId!))
    .select([
      bucketOfDay('closed_on', p.bucket).as('bucket'),
      sql<number>`sum(deals)`.as('won'),
      sql<string | null>`sum(value_minor) filter (where currency = ${cur})`.as('value'),
      sql<number>`sum(deals) filter (where currency <> ${cur})`.as('excluded'),
    ])
    .groupBy(sql`1`)
    .execute();
  return new Map(rows.map((r) => [r.bucket, { won: n(r.won), valueMinor: n(r.value), excluded: n(r.excluded) }]));
}

/** Tasks created, completed, and due (up to now) per bucket; due ones completed by their due time. */
export async function taskSeries(s: Scope, p: ResolvedPeriod) {
  const cut = upToNow(p, p);
  const [rows, today] = await Promise.all([
    s.org
      .selectFrom('task_days')
      .where('day', '>=', p.from)
      .where('day', '<=', p.to)
      .$if(s.ownerId !== null, (q) => q.where('assignee_id', '=', s.ownerId!))
      .select([
        bucketOfDay('day', p.bucket).as('bucket'),
        sql<number>`sum(created)`.as('created'),
        sql<number>`sum(completed)`.as('completed'),
        sql<number>`sum(due) filter (where day < ${cut.daysBefore})`.as('due'),
        sql<number>`sum(due_done_on_time) filter (where day < ${cut.daysBefore})`.as('on_time'),
      ])
      .groupBy(sql`1`)
      .execute(),
    cut.today ? tasksDueToday(s, cut.today) : null,
  ]);
  const due = new Map(rows.map((r) => [r.bucket, { due: n(r.due), onTime: n(r.on_time) }]));
  if (today) {
    const bucket = truncDate(p.today, p.bucket);
    const b = due.get(bucket) ?? { due: 0, onTime: 0 };
    due.set(bucket, { due: b.due + n(today.due), onTime: b.onTime + n(today.on_time) });
  }
  return {
    created: new Map(rows.map((r) => [r.bucket, n(r.created)])),
    completed: new Map(rows.map((r) => [r.bucket, n(r.completed)])),
    due,
  };
}

/** Appointments by the bucket they start in and their status. */
export async function appointmentSeries(s: Scope, p: ResolvedPeriod) {
  const rows = await s.org
    .selectFrom('appointment_days')
    .where('day', '>=', p.from)
    .where('day', '<=', p.to)
    .$if(s.ownerId !== null, (q) => q.where('assignee_id', '=', s.ownerId!))
    .select([bucketOfDay('day', p.bucket).as('bucket'), ...STATUS_SUMS])
    .groupBy(sql`1`)
    .execute();
  return new Map(rows.map((r) => [r.bucket, appointmentCounts(r)]));
}
