import { z } from 'zod';
import { TRAINING_LESSON_IDS } from './course/schema';

/** PUT /api/training/progress: mark one lesson complete or not. */
export const ZSetLessonCompletionInput = z.object({
  lessonId: z.enum(TRAINING_LESSON_IDS, { error: 'must be a lesson of an unlocked module' }),
  completed: z.boolean({ error: 'must be true or false' }),
});
export type TSetLessonCompletionInput = z.input<typeof ZSetLessonCompletionInput>;

/** What both progress routes answer. Signed out, the page keeps progress in the browser instead. */
export type TTrainingProgress = { signedIn: boolean; completedLessonIds: string[] };

export const ZTrainingProgress = z.strictObject({ signedIn: z.boolean(), completedLessonIds: z.array(z.string()) });
