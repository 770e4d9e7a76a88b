import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { parseInput } from '../errors';
import { TRAINING_LESSON_IDS } from './course/schema';
import { type TTrainingProgress, ZSetLessonCompletionInput } from './schema';

type Ctx = { db: Kysely<Database>; userId: string };

/** The user's completed lessons, in course order. Rows are the user's own: nobody else's progress is ever read. */
export async function trainingProgress({ db, userId }: Ctx): Promise<TTrainingProgress> {
  const rows = await db.selectFrom('training_progress').select('lesson_id').where('user_id', '=', userId).execute();
  const done = new Set(rows.map((r) => r.lesson_id));
  return { signedIn: true, completedLessonIds: TRAINING_LESSON_IDS.filter((id) => done.has(id)) };
}

/** Marks one lesson complete (idempotent) or not complete, and answers the whole progress. */
export async function setLessonCompletion(ctx: Ctx, rawInput: unknown): Promise<TTrainingProgress> {
  const input = parseInput(ZSetLessonCompletionInput, rawInput);
  if (input.completed) {
    await ctx.db
      .insertInto('training_progress')
      .values({ user_id: ctx.userId, lesson_id: input.lessonId })
      .onConflict((oc) => oc.columns(['user_id', 'lesson_id']).doNothing())
      .execute();
  } else {
    await ctx.db.deleteFrom('training_progress').where('user_id', '=', ctx.userId).where('lesson_id', '=', input.lessonId).execute();
  }
  return trainingProgress(ctx);
}
