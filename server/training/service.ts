import type { z } from 'zod';
import type { UserContext } from '../kernel/context';
import { TRAINING_LESSON_IDS } from './course/schema';
import type { TTrainingProgress, ZSetLessonCompletionInput } from './schema';

/** The user's completed lessons, in course order. Rows are the user's own: nobody else's progress is ever read. */
export async function trainingProgress(ctx: Pick<UserContext, 'db' | 'auth'>): Promise<TTrainingProgress> {
  const rows = await ctx.db.selectFrom('training_progress').select('lesson_id').where('user_id', '=', ctx.auth.user.id).execute();
  const done = new Set(rows.map((r) => r.lesson_id));
  return { signedIn: true, completedLessonIds: TRAINING_LESSON_IDS.filter((id) => done.has(id)) };
}

/** Marks one lesson complete (idempotent) or not complete, and answers the whole progress. */
export async function setLessonCompletion(ctx: UserContext, input: z.output<typeof ZSetLessonCompletionInput>): Promise<TTrainingProgress> {
  const userId = ctx.auth.user.id;
  if (input.completed) {
    await ctx.db
      .insertInto('training_progress')
      .values({ user_id: userId, lesson_id: input.lessonId })
      .onConflict((oc) => oc.columns(['user_id', 'lesson_id']).doNothing())
      .execute();
  } else {
    await ctx.db.deleteFrom('training_progress').where('user_id', '=', userId).where('lesson_id', '=', input.lessonId).execute();
  }
  return trainingProgress(ctx);
}
