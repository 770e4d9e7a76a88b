import { auditRouter } from '../audit/router';
import { authRouter } from '../auth/router';
import { healthRouter } from '../health/router';
import { apiKeysRouter, invitesRouter, membersRouter, organizationsRouter } from '../organizations/router';
import { router } from './init';

export const appRouter = router({
  health: healthRouter,
  auth: authRouter,
  organizations: organizationsRouter,
  members: membersRouter,
  invites: invitesRouter,
  apiKeys: apiKeysRouter,
  audit: auditRouter,
});

export type AppRouter = typeof appRouter;
