import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import type { AnyTRPCRouter } from '@trpc/server';
import type { Hono } from 'hono';
import { createTrpcContext } from '../trpc/context';
import type { AppEnv } from './env';

export const TRPC_ENDPOINT = '/trpc';

/**
 * tRPC's own fetch adapter inside a Hono route (not @hono/trpc-server, whose SSE subscriptions are
 * reported broken). The router is a parameter so benchmarks and tests can mount their own.
 */
export function mountTrpc(app: Hono<AppEnv>, appRouter: AnyTRPCRouter): void {
  app.all(`${TRPC_ENDPOINT}/*`, (c) =>
    fetchRequestHandler({
      endpoint: TRPC_ENDPOINT,
      req: c.req.raw,
      router: appRouter,
      createContext: ({ resHeaders }) => createTrpcContext({ deps: c.var.deps, req: c.req.raw, requestId: c.var.requestId, meta: c.var.meta, resHeaders }),
      onError({ error, path }) {
        if (error.code === 'INTERNAL_SERVER_ERROR') {
          c.var.deps.logger.error({ err: error.cause ?? error, reqId: c.var.requestId, procedure: path }, 'unexpected error');
        }
      },
    }),
  );
}
