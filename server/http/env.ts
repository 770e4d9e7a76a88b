import type { Auth } from '../kernel/caller';
import type { AppDeps } from '../deps';
import type { RequestMeta } from './meta';

/** Hono's typed context variables, set per request by the app's middleware. */
export type AppEnv = {
  Variables: {
    deps: AppDeps;
    requestId: string;
    meta: RequestMeta;
    /** Set by the auth middlewares of server/http/auth.ts. */
    auth: Auth | null;
    /**
     * The sources a page's `frame-ancestors` allows, set by the route of a page that may be framed
     * (server/sites/booking-frame.ts); unset, a page is framed nowhere (server/http/security-headers.ts).
     */
    frameAncestors?: readonly string[];
  };
};
