import { sql } from 'kysely';
import { truncDate, upToNow, type Days, type ResolvedPeriod, type Window } from './period';
import { bucketOfDay, n, type Scope } from './scope';

/** The team's tasks and appointments: overdue work, tasks due and done on time, appointment outcomes. */

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
export async function tasksDue(s: Scope, w: Days & Window, p: ResolvedPeriod) {
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
export async function appointmentsUpToNow(s: Scope, w: Days & Window, p: ResolvedPeriod): Promise<AppointmentCounts> {
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
