import { expressionBuilder, sql, type Expression, type SqlBool } from 'kysely';
import type { z } from 'zod';
import { recordActivity } from '../activities/service';
import { displayName, requireContact } from '../contacts/lookup';
import { publishEvent } from '../events/publish';
import type { Db } from '../db';
import type { Database } from '../db/schema';
import { keysetPage, orderByKeys, pageQuery, type SortKey } from '../db/keyset';
import { likePattern, titleMatches } from '../db/like';
import { scoped } from '../db/scoped';
import { DomainError, fieldError } from '../errors';
import { actorIdOf, type OrgContext } from '../kernel/context';
import { assertMember, ownerOnlyFilter } from '../organizations/members';
import { requireDealRef } from '../deals/repo';
import { type ZCreateTaskInput, type ZListTasksInput, type ZTaskIdInput, type ZUpdateTaskInput, type TTaskView } from './schema';
import { dayRangeIn } from '../time/zoned';
import { callerTimeZone } from './time';

const taskNotFound = () => new DomainError('NOT_FOUND', 'Task not found');

/** The instants the views compare with: now and the caller's today, in their time zone. */
type Clock = { me: string | null; now: Date; todayStart: Date; todayEnd: Date };

async function clockOf(ctx: OrgContext, now = new Date()): Promise<Clock & { timeZone: string; today: string }> {
  const timeZone = await callerTimeZone(ctx.db, ctx.auth);
  const day = dayRangeIn(now, timeZone);
  return { me: actorIdOf(ctx), now, todayStart: day.start, todayEnd: day.end, timeZone, today: day.date };
}

/** What a view holds; `status` narrows mine (open by default) and all (any by default). */
function viewFilter(view: TTaskView, clock: Clock, status?: 'open' | 'done' | 'any'): Expression<SqlBool> {
  const eb = expressionBuilder<Database, 'tasks'>();
  const open = eb('tasks.status', '=', 'open');
  const withStatus = (fallback: 'open' | 'done' | 'any') => {
    const s = status ?? fallback;
    return s === 'any' ? eb.lit(true) : eb('tasks.status', '=', s);
  };
  switch (view) {
    case 'mine':
      return clock.me ? eb.and([eb('tasks.assignee_id', '=', clock.me), withStatus('open')]) : eb.lit(false);
    case 'today':
      return eb.and([open, eb('tasks.due_at', '>=', clock.todayStart), eb('tasks.due_at', '<', clock.todayEnd)]);
    case 'overdue':
      return eb.and([open, eb('tasks.due_at', '<', clock.now)]);
    case 'upcoming':
      return eb.and([open, eb('tasks.due_at', '>=', clock.todayEnd)]);
    case 'all':
      return withStatus('any');
  }
}

/** Tasks with their assignee, and their contact and deal when the caller may see them. */
function selectTasks(db: Db, organizationId: string, ownerOnly: string | null) {
  return scoped(db, organizationId)
    .selectFrom('tasks')
    .leftJoin('users as assignee', 'assignee.id', 'tasks.assignee_id')
    .leftJoin('users as creator', 'creator.id', 'tasks.created_by')
    .leftJoin('contacts', (join) => {
      const on = join.onRef('contacts.id', '=', 'tasks.contact_id');
      return ownerOnly ? on.on('contacts.owner_id', '=', ownerOnly) : on;
    })
    .leftJoin('deals', (join) => {
      const on = join.onRef('deals.id', '=', 'tasks.deal_id');
      return ownerOnly ? on.on('deals.owner_id', '=', ownerOnly) : on;
    })
    .select([
      'tasks.id',
      'tasks.title',
      'tasks.description',
      'tasks.due_at',
      'tasks.priority',
      'tasks.status',
      'tasks.completed_at',
      'tasks.assignee_id',
      'assignee.name as assignee_name',
      'tasks.created_by',
      'creator.name as creator_name',
      'contacts.id as contact_id',
      'contacts.first_name as contact_first_name',
      'contacts.last_name as contact_last_name',
      'contacts.email as contact_email',
      'deals.id as deal_id',
      'deals.title as deal_title',
      'tasks.created_at',
      'tasks.updated_at',
    ]);
}

type TaskRow = Awaited<ReturnType<ReturnType<typeof selectTasks>['executeTakeFirstOrThrow']>>;

function toTask(row: TaskRow, now: Date) {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    dueAt: row.due_at?.toISOString() ?? null,
    priority: row.priority,
    status: row.status,
    /** Open and due before now. */
    overdue: row.status === 'open' && row.due_at !== null && row.due_at < now,
    completedAt: row.completed_at?.toISOString() ?? null,
    assignee: row.assignee_id ? { id: row.assignee_id, name: row.assignee_name ?? '' } : null,
    contact: row.contact_id ? { id: row.contact_id, name: displayName({ first_name: row.contact_first_name, last_name: row.contact_last_name, email: row.contact_email }) } : null,
    deal: row.deal_id ? { id: row.deal_id, title: row.deal_title ?? '' } : null,
    createdBy: row.created_by ? { id: row.created_by, name: row.creator_name ?? '' } : null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

async function taskView(ctx: OrgContext, id: string) {
  const ownerOnly = await ownerOnlyFilter(ctx.db, ctx.auth);
  const row = await selectTasks(ctx.db, ctx.organizationId, ownerOnly).where('tasks.id', '=', id).executeTakeFirst();
  if (!row) throw taskNotFound();
  return toTask(row, new Date());
}

export async function getTask(ctx: OrgContext, { id }: z.output<typeof ZTaskIdInput>) {
  return taskView(ctx, id);
}

const EPOCH = sql`timestamptz 'epoch'`;
/**
 * The list's two orders (keyset paging, server/db/keyset.ts): done tasks alone, last completed first;
 * otherwise open before done, soonest due first (undated last), then the most urgent, newest first.
 */
const TASK_SORT_KEYS: Record<'completed' | 'due', SortKey[]> = {
  completed: [
    { expr: sql`(tasks.completed_at is null)`, type: 'boolean', dir: 'asc' },
    { expr: sql`coalesce(tasks.completed_at, ${EPOCH})`, type: 'timestamptz', dir: 'desc' },
    { expr: sql`tasks.id`, type: 'uuid', dir: 'asc' },
  ],
  due: [
    { expr: sql`(tasks.status = 'done')`, type: 'boolean', dir: 'asc' },
    { expr: sql`(tasks.due_at is null)`, type: 'boolean', dir: 'asc' },
    { expr: sql`coalesce(tasks.due_at, ${EPOCH})`, type: 'timestamptz', dir: 'asc' },
    { expr: sql`(case tasks.priority when 'urgent' then 0 when 'high' then 1 when 'medium' then 2 else 3 end)`, type: 'integer', dir: 'asc' },
    { expr: sql`tasks.created_at`, type: 'timestamptz', dir: 'desc' },
    { expr: sql`tasks.id`, type: 'uuid', dir: 'asc' },
  ],
};

export async function listTasks(ctx: OrgContext, input: z.output<typeof ZListTasksInput>) {
  const { db, organizationId } = ctx;
  const ownerOnly = await ownerOnlyFilter(db, ctx.auth);
  if (input.view === 'mine' && !ctx.auth.user) throw fieldError('view', 'mine needs a signed-in user');
  if (input.contactId) await requireContact(db, organizationId, input.contactId, ownerOnly);
  if (input.dealId) await requireDealRef(db, organizationId, input.dealId, ownerOnly);
  const clock = await clockOf(ctx);

  let base = selectTasks(db, organizationId, ownerOnly).where(viewFilter(input.view, clock, input.status));
  if (input.q) base = base.where('tasks.title', 'ilike', likePattern(input.q));
  if (input.priority) base = base.where('tasks.priority', '=', input.priority);
  if (input.assigneeId) base = base.where('tasks.assignee_id', '=', input.assigneeId);
  if (input.contactId) base = base.where('tasks.contact_id', '=', input.contactId);
  if (input.dealId) base = base.where('tasks.deal_id', '=', input.dealId);
  if (input.updatedAfter) base = base.where('tasks.updated_at', '>', new Date(input.updatedAfter));

  const sort = input.status === 'done' && (input.view === 'mine' || input.view === 'all') ? 'completed' : 'due';
  const keys = TASK_SORT_KEYS[sort];
  const page = pageQuery(base, keys, { ...input, sort, dir: 'asc' });
  const [rows, count] = await Promise.all([
    page.execute(),
    base
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  const { items, nextCursor } = keysetPage(rows, input.limit, sort, 'asc');
  return {
    items: items.map((r) => toTask(r, clock.now)),
    total: Number(count.n),
    page: input.cursor ? null : input.page,
    limit: input.limit,
    nextCursor,
    /** The zone and date "today" was taken in. */
    timeZone: clock.timeZone,
    today: clock.today,
  };
}

/**
 * The palette's search (issue #21): the first `limit` open tasks whose title matches what was typed, in
 * the list's order (soonest due first, undated last, then the most urgent), uncounted; `ownerOnly` as
 * `ownerOnlyFilter` answers.
 */
export async function openTasksMatching(ctx: OrgContext, ownerOnly: string | null, q: string, limit: number) {
  const rows = await selectTasks(ctx.db, ctx.organizationId, ownerOnly)
    .where('tasks.status', '=', 'open')
    .where(titleMatches(sql.ref('tasks.title'), q))
    .orderBy(orderByKeys(TASK_SORT_KEYS.due))
    .limit(limit)
    .execute();
  const now = new Date();
  return rows.map((r) => toTask(r, now));
}

/** How many tasks each tab holds, as the list counts them with its default status. */
export async function taskCounts(ctx: OrgContext) {
  const clock = await clockOf(ctx);
  const count = (view: TTaskView, status?: 'open' | 'done' | 'any') => {
    const filter = viewFilter(view, clock, status);
    return expressionBuilder<Database, 'tasks'>()
      .fn.countAll<number>()
      .filterWhere(() => filter);
  };
  const row = await scoped(ctx.db, ctx.organizationId)
    .selectFrom('tasks')
    .select([
      count('mine').as('mine'),
      count('today').as('today'),
      count('overdue').as('overdue'),
      count('upcoming').as('upcoming'),
      count('all').as('all'),
      count('all', 'open').as('open'),
      count('all', 'done').as('done'),
    ])
    .executeTakeFirstOrThrow();
  return {
    mine: Number(row.mine),
    today: Number(row.today),
    overdue: Number(row.overdue),
    upcoming: Number(row.upcoming),
    all: Number(row.all),
    open: Number(row.open),
    done: Number(row.done),
    timeZone: clock.timeZone,
  };
}

/** Checks the linked records a task names; answers the contact its timeline entries go to. */
async function checkLinks(ctx: OrgContext, links: { assigneeId?: string | null; contactId?: string | null; dealId?: string | null }) {
  const ownerOnly = await ownerOnlyFilter(ctx.db, ctx.auth);
  if (links.assigneeId) await assertMember(ctx.db, ctx.organizationId, links.assigneeId, 'assigneeId');
  const contact = links.contactId ? await requireContact(ctx.db, ctx.organizationId, links.contactId, ownerOnly) : null;
  const deal = links.dealId ? await requireDealRef(ctx.db, ctx.organizationId, links.dealId, ownerOnly) : null;
  return { contact, deal };
}

/** The contact a task's timeline entries show on: its own, else its deal's. */
async function timelineTarget(trx: Db, organizationId: string, task: { contact_id: string | null; deal_id: string | null }) {
  if (task.contact_id || !task.deal_id) return { contactId: task.contact_id, dealId: task.deal_id };
  const deal = await scoped(trx, organizationId).selectFrom('deals').select('contact_id').where('id', '=', task.deal_id).executeTakeFirst();
  return { contactId: deal?.contact_id ?? null, dealId: task.deal_id };
}

export async function createTask(ctx: OrgContext, input: z.output<typeof ZCreateTaskInput>) {
  const assigneeId = input.assigneeId === undefined ? actorIdOf(ctx) : input.assigneeId;
  await checkLinks(ctx, { ...input, assigneeId });
  const id = await ctx.db.transaction().execute(async (trx) => {
    const task = await scoped(trx, ctx.organizationId)
      .insertInto('tasks', {
        title: input.title,
        description: input.description ?? null,
        due_at: input.dueAt ? new Date(input.dueAt) : null,
        priority: input.priority,
        assignee_id: assigneeId,
        contact_id: input.contactId ?? null,
        deal_id: input.dealId ?? null,
        created_by: actorIdOf(ctx),
      })
      .returning(['id', 'contact_id', 'deal_id'])
      .executeTakeFirstOrThrow();
    const target = await timelineTarget(trx, ctx.organizationId, task);
    if (target.contactId || target.dealId) {
      await recordActivity(trx, {
        organizationId: ctx.organizationId,
        ...target,
        type: 'task_created',
        actorUserId: actorIdOf(ctx),
        payload: { taskId: task.id, title: input.title, dueAt: input.dueAt ?? null, priority: input.priority, assigneeId },
      });
    }
    await publishEvent(trx, { organizationId: ctx.organizationId, type: 'task_created', payload: { taskId: task.id, title: input.title, assigneeId }, actorUserId: actorIdOf(ctx) });
    return task.id;
  });
  return taskView(ctx, id);
}

export async function updateTask(ctx: OrgContext, input: z.output<typeof ZUpdateTaskInput>) {
  await checkLinks(ctx, input);
  const result = await ctx.db.transaction().execute(async (trx) => {
    const before = await scoped(trx, ctx.organizationId).selectFrom('tasks').select(['title', 'assignee_id']).where('id', '=', input.id).forUpdate().executeTakeFirst();
    const updated = await scoped(trx, ctx.organizationId)
      .updateTable('tasks')
      .set({
        ...(input.title !== undefined ? { title: input.title } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.dueAt !== undefined ? { due_at: input.dueAt ? new Date(input.dueAt) : null } : {}),
        ...(input.priority !== undefined ? { priority: input.priority } : {}),
        ...(input.assigneeId !== undefined ? { assignee_id: input.assigneeId } : {}),
        ...(input.contactId !== undefined ? { contact_id: input.contactId } : {}),
        ...(input.dealId !== undefined ? { deal_id: input.dealId } : {}),
        updated_at: new Date(),
      })
      .where('id', '=', input.id)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) > 0) {
      // A new assignee is told (notification e-mails): who it is, who had it, and the task's title.
      const assignees =
        input.assigneeId !== undefined && input.assigneeId !== before?.assignee_id
          ? { title: input.title ?? before?.title, assigneeId: input.assigneeId, previousAssigneeId: before?.assignee_id ?? null }
          : {};
      await publishEvent(trx, { organizationId: ctx.organizationId, type: 'task_updated', payload: { taskId: input.id, ...assignees }, actorUserId: actorIdOf(ctx) });
    }
    return updated;
  });
  if (Number(result.numUpdatedRows) === 0) throw taskNotFound();
  return taskView(ctx, input.id);
}

/** Marks a task done (task_completed on its contact/deal) or open again; doing it twice changes nothing. */
async function setTaskStatus(ctx: OrgContext, { id }: z.output<typeof ZTaskIdInput>, status: 'open' | 'done') {
  await ctx.db.transaction().execute(async (trx) => {
    const org = scoped(trx, ctx.organizationId);
    const task = await org.selectFrom('tasks').select(['id', 'title', 'status', 'contact_id', 'deal_id']).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!task) throw taskNotFound();
    if (task.status === status) return;
    const now = new Date();
    await org
      .updateTable('tasks')
      .set({ status, completed_at: status === 'done' ? now : null, updated_at: now })
      .where('id', '=', id)
      .execute();
    const target = await timelineTarget(trx, ctx.organizationId, task);
    if (target.contactId || target.dealId) {
      await recordActivity(trx, {
        organizationId: ctx.organizationId,
        ...target,
        type: status === 'done' ? 'task_completed' : 'task_reopened',
        actorUserId: actorIdOf(ctx),
        payload: { taskId: id, title: task.title },
      });
    }
    await publishEvent(trx, {
      organizationId: ctx.organizationId,
      type: status === 'done' ? 'task_completed' : 'task_reopened',
      payload: { taskId: id, title: task.title },
      actorUserId: actorIdOf(ctx),
    });
  });
  return taskView(ctx, id);
}

export const completeTask = (ctx: OrgContext, input: z.output<typeof ZTaskIdInput>) => setTaskStatus(ctx, input, 'done');
export const reopenTask = (ctx: OrgContext, input: z.output<typeof ZTaskIdInput>) => setTaskStatus(ctx, input, 'open');

export async function deleteTask(ctx: OrgContext, { id }: z.output<typeof ZTaskIdInput>) {
  const result = await ctx.db.transaction().execute(async (trx) => {
    const deleted = await scoped(trx, ctx.organizationId).deleteFrom('tasks').where('id', '=', id).executeTakeFirst();
    if (Number(deleted.numDeletedRows) > 0) await publishEvent(trx, { organizationId: ctx.organizationId, type: 'task_deleted', payload: { taskId: id }, actorUserId: actorIdOf(ctx) });
    return deleted;
  });
  if (Number(result.numDeletedRows) === 0) throw taskNotFound();
  return { id };
}
