import { Hono } from 'hono';
import { jsonBody } from '../auth/rest';
import { authOf, requireUser } from '../http/auth';
import type { AppEnv } from '../http/env';
import type { TTrainingProgress } from './schema';
import { setLessonCompletion, trainingProgress } from './service';

const SIGNED_OUT: TTrainingProgress = { signedIn: false, completedLessonIds: [] };

/**
 * /api/training/progress — the training course's lesson completion, per signed-in user.
 * GET answers signed-out visitors too (signedIn: false), so the public page can fall back to the
 * browser's storage without a failed request; PUT needs a signed-in user.
 */
export const trainingRest = new Hono<AppEnv>()
  .get('/progress', async (c) => {
    const auth = await authOf(c);
    c.header('Cache-Control', 'private, no-store');
    if (!auth?.user) return c.json(SIGNED_OUT);
    return c.json(await trainingProgress({ db: c.var.deps.database.db, userId: auth.user.id }));
  })
  .put('/progress', requireUser, async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(await setLessonCompletion({ db: c.var.deps.database.db, userId: c.var.auth.user.id }, await jsonBody(c)));
  });
