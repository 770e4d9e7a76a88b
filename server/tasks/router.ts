import { ZDeletedRecord } from '../records/schema';
import { permittedProcedure, router } from '../trpc/init';
import { ZCreateTaskInput, ZListTasksInput, ZTaskIdInput, ZTaskPage, ZTaskRecord, ZUpdateTaskInput } from './schema';
import * as tasks from './service';

export const tasksRouter = router({
  list: permittedProcedure('tasks:read')
    .input(ZListTasksInput)
    .output(ZTaskPage)
    .query(({ ctx, input }) => tasks.listTasks(ctx, input)),
  get: permittedProcedure('tasks:read')
    .input(ZTaskIdInput)
    .output(ZTaskRecord)
    .query(({ ctx, input }) => tasks.getTask(ctx, input)),
  counts: permittedProcedure('tasks:read').query(({ ctx }) => tasks.taskCounts(ctx)),
  create: permittedProcedure('tasks:write')
    .input(ZCreateTaskInput)
    .output(ZTaskRecord)
    .mutation(({ ctx, input }) => tasks.createTask(ctx, input)),
  update: permittedProcedure('tasks:write')
    .input(ZUpdateTaskInput)
    .output(ZTaskRecord)
    .mutation(({ ctx, input }) => tasks.updateTask(ctx, input)),
  complete: permittedProcedure('tasks:write')
    .input(ZTaskIdInput)
    .output(ZTaskRecord)
    .mutation(({ ctx, input }) => tasks.completeTask(ctx, input)),
  reopen: permittedProcedure('tasks:write')
    .input(ZTaskIdInput)
    .output(ZTaskRecord)
    .mutation(({ ctx, input }) => tasks.reopenTask(ctx, input)),
  delete: permittedProcedure('tasks:write')
    .input(ZTaskIdInput)
    .output(ZDeletedRecord)
    .mutation(({ ctx, input }) => tasks.deleteTask(ctx, input)),
});
