import { setTimeout as sleep } from 'node:timers/promises';
import { publicProcedure, router } from '../trpc/init';
import { ZWatchHealthInput } from './schema';
import { checkHealth } from './service';

export const healthRouter = router({
  get: publicProcedure.query(({ ctx }) => checkHealth({ database: ctx.deps.database, version: ctx.deps.config.version })),

  /** The service's state now and then every intervalMs, for the status page. */
  watch: publicProcedure.input(ZWatchHealthInput).subscription(async function* ({ ctx, input, signal }) {
    while (!signal?.aborted) {
      yield await checkHealth({ database: ctx.deps.database, version: ctx.deps.config.version });
      await sleep(input.intervalMs, undefined, { signal }).catch(() => {});
    }
  }),
});
