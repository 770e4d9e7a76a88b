import { authRouter } from '../auth/router';
import { healthRouter } from '../health/router';
import { router } from './init';

export const appRouter = router({
  health: healthRouter,
  auth: authRouter,
});

export type AppRouter = typeof appRouter;
