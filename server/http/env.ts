import type { AppDeps } from '../deps';

/** Hono's typed context variables, set once per request by createApp. */
export type AppEnv = {
  Variables: {
    deps: AppDeps;
    requestId: string;
  };
};
