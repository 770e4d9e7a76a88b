import { Hono } from 'hono';
import { authOf, requireUser } from '../http/auth';
import { readBody } from '../http/body';
import { userContextOf } from '../http/context';
import type { AppEnv } from '../http/env';
import { ZSetLessonCompletionInput, type TTrainingProgress } from './schema';
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
    // An API key has no user, so no progress of its own.
    if (!auth?.user || !auth.session) return c.json(SIGNED_OUT);
    return c.json(await trainingProgress({ db: c.var.deps.database.db, auth: { ...auth, user: auth.user, session: auth.session } }));
  })
  .put('/progress', requireUser, async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(await setLessonCompletion(userContextOf(c), await readBody(c, ZSetLessonCompletionInput)));
  });
