import { z } from 'zod';
import { ZAnswerInstant, ZCursor, ZNamedRef, ZUpdatedAfter, pageOf } from '../records/schema';
import { isoDateTime } from '../input/schema';

/** Tasks: shared by the server's doors and the client's forms. */

export const TASK_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export const ZTaskPriority = z.enum(TASK_PRIORITIES, { error: 'must be low, medium, high or urgent' });

export const TASK_STATUSES = ['open', 'done'] as const;

/**
 * The list tabs. mine: open tasks assigned to me; today: open tasks due today in my time zone;
 * overdue: open tasks due before now; upcoming: open tasks due after today; all: every task.
 */
export const TASK_VIEWS = ['mine', 'today', 'overdue', 'upcoming', 'all'] as const;
export const ZTaskView = z.enum(TASK_VIEWS, { error: 'must be mine, today, overdue, upcoming or all' });
export type TTaskView = z.infer<typeof ZTaskView>;

export const ZInstant = isoDateTime({ offset: true, error: 'must be a date and time such as 2026-05-01T09:00:00Z' });

const id = (what: string) => z.uuid(`must be ${what} id`);

const taskFields = {
  title: z.string({ error: 'is required' }).trim().min(1, 'is required').max(200, 'must be at most 200 characters'),
  description: z.string().trim().max(5000, 'must be at most 5000 characters').nullable(),
  dueAt: ZInstant.nullable(),
  priority: ZTaskPriority,
  assigneeId: id('a user').nullable(),
  contactId: id('a contact').nullable(),
  dealId: id('a deal').nullable(),
};

export const ZCreateTaskInput = z.strictObject({
  ...taskFields,
  description: taskFields.description.optional(),
  dueAt: taskFields.dueAt.optional(),
  priority: taskFields.priority.default('medium'),
  /** Defaults to the caller. */
  assigneeId: taskFields.assigneeId.optional(),
  contactId: taskFields.contactId.optional(),
  dealId: taskFields.dealId.optional(),
});
export type TCreateTaskInput = z.input<typeof ZCreateTaskInput>;

export const ZUpdateTaskInput = z.strictObject({ id: id('a task'), ...z.object(taskFields).partial().shape });
export type TUpdateTaskInput = z.input<typeof ZUpdateTaskInput>;

export const ZTaskIdInput = z.strictObject({ id: id('a task') });
export type TTaskIdInput = z.input<typeof ZTaskIdInput>;

export const ZListTasksInput = z.object({
  view: ZTaskView.default('all'),
  /** For mine and all (the other views hold open tasks): open by default in mine, any in all. */
  status: z.enum(['open', 'done', 'any'], { error: 'must be open, done or any' }).optional(),
  q: z.string().trim().max(200, 'must be at most 200 characters').optional(),
  priority: ZTaskPriority.optional(),
  assigneeId: id('a user').optional(),
  contactId: id('a contact').optional(),
  dealId: id('a deal').optional(),
  page: z.number().int().min(1, 'must be 1 or more').default(1),
  cursor: ZCursor.optional(),
  updatedAfter: ZUpdatedAfter.optional(),
  limit: z.number().int().min(1, 'must be between 1 and 100').max(100, 'must be between 1 and 100').default(25),
});
export type TListTasksInput = z.input<typeof ZListTasksInput>;

// ——— Records the doors answer with ———

/** A task as every door answers it (server/tasks/service.ts toTask). */
export const ZTaskRecord = z.strictObject({
  id: z.uuid(),
  title: z.string(),
  description: z.string().nullable(),
  dueAt: ZAnswerInstant.nullable(),
  priority: ZTaskPriority,
  status: z.enum(TASK_STATUSES),
  overdue: z.boolean().meta({ description: 'Open and due before now' }),
  completedAt: ZAnswerInstant.nullable(),
  assignee: ZNamedRef.nullable(),
  contact: ZNamedRef.nullable(),
  deal: z.strictObject({ id: z.uuid(), title: z.string() }).nullable(),
  createdBy: ZNamedRef.nullable(),
  createdAt: ZAnswerInstant,
  updatedAt: ZAnswerInstant,
});

export const ZTaskPage = pageOf(ZTaskRecord).extend({
  timeZone: z.string().meta({ description: 'The time zone "today" was taken in (the caller’s, else the organization’s)' }),
  today: z.iso.date().meta({ description: 'Today in that time zone' }),
});
