import { randomUUID } from 'node:crypto';
import { createMiddleware } from 'hono/factory';
import type { AppDeps } from '../deps';
import { withRequestLogContext } from '../logging';
import type { AppEnv } from './env';
import { requestMeta } from './meta';

const INCOMING_ID = /^[\w.:-]{8,128}$/;

/** Gives every request an id (kept from a proxy's X-Request-Id when sane) and logs one line when it ends. */
export function requestLog(deps: AppDeps) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const started = performance.now();
    const incoming = c.req.header('x-request-id');
    const requestId = incoming && INCOMING_ID.test(incoming) ? incoming : randomUUID();
    c.set('deps', deps);
    c.set('requestId', requestId);
    c.set('meta', requestMeta(c, deps.config.trustProxy));
    // Inside the context: the request's line carries the organization auth resolved, as every line of it does.
    await withRequestLogContext(requestId, async () => {
      await next();
      c.header('X-Request-Id', requestId);
      deps.logger.info({ method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round((performance.now() - started) * 10) / 10 }, 'request');
    });
  });
}
