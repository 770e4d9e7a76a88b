import { permittedProcedure } from '../trpc/init';
import { forgetPublishedRoutes } from './route-cache';

/**
 * A `sites:write` procedure whose change may alter what a published address answers: once it is
 * made, this process forgets those addresses at once (other processes hear the tables' NOTIFY),
 * so the caller's next visit never races the notification (./route-cache.ts).
 */
export const publishedPagesWrite = () =>
  permittedProcedure('sites:write').use(async ({ ctx, next }) => {
    try {
      return await next();
    } finally {
      forgetPublishedRoutes(ctx.deps.database);
    }
  });
