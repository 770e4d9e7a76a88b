import { permittedProcedure, router } from '../trpc/init';
import { ZCreateTaskInput, ZListTasksInput, ZTaskIdInput, ZUpdateTaskInput } from './schema';
import * as tasks from './service';

export const tasksRouter = router({
  list: permittedProcedure('tasks:read').input(ZListTasksInput).query(({ ctx, input }) => tasks.listTasks(ctx, input)),
  get: permittedProcedure('tasks:read').input(ZTaskIdInput).query(({ ctx, input }) => tasks.getTask(ctx, input)),
  counts: permittedProcedure('tasks:read').query(({ ctx }) => tasks.taskCounts(ctx)),
  create: permittedProcedure('tasks:write').input(ZCreateTaskInput).mutation(({ ctx, input }) => tasks.createTask(ctx, input)),
  update: permittedProcedure('tasks:write').input(ZUpdateTaskInput).mutation(({ ctx, input }) => tasks.updateTask(ctx, input)),
  complete: permittedProcedure('tasks:write').input(ZTaskIdInput).mutation(({ ctx, input }) => tasks.completeTask(ctx, input)),
  reopen: permittedProcedure('tasks:write').input(ZTaskIdInput).mutation(({ ctx, input }) => tasks.reopenTask(ctx, input)),
  delete: permittedProcedure('tasks:write').input(ZTaskIdInput).mutation(({ ctx, input }) => tasks.deleteTask(ctx, input)),
});
