import { sql } from 'kysely';
import { createApp } from '../../../server/app';
import type { Db } from '../../../server/db';
import type { AppDeps } from '../../../server/deps';
import { mergeRouters, publicProcedure, router } from '../../../server/trpc/init';
import { appRouter } from '../../../server/assembly';

/** What the trivial pair returns: a small constant object. */
export const TRIVIAL = { ok: true, service: 'switchboard', answer: 42 } as const;

export type BenchRow = { id: number; name: string; created_at: Date };

/** One small query, no tables needed: 50 generated rows. */
export async function fiftyRows(db: Db): Promise<BenchRow[]> {
  const result = await sql<BenchRow>`select g as id, 'row ' || g as name, now() as created_at from generate_series(1, 50) g`.execute(db);
  return result.rows;
}

/**
 * The real app router plus a `bench` namespace, built from our own router/publicProcedure so
 * every call goes through the same context creation and middleware as production procedures.
 */
export const benchRouter = mergeRouters(
  appRouter,
  router({
    bench: router({
      rows: publicProcedure.query(({ ctx }) => fiftyRows(ctx.deps.database.db)),
      trivial: publicProcedure.query(() => TRIVIAL),
    }),
  }),
);

export type ProcessStats = { cpuMicros: number; rssBytes: number; heapUsedBytes: number };

/**
 * The real app (createApp: request log, error handler, /api, /trpc) with the bare Hono twins added
 * on the returned app; /bench/* matches nothing else there, so they see the same middleware.
 */
export function createBenchApp(deps: AppDeps) {
  const app = createApp(deps, { router: benchRouter });

  app.get('/bench/rows', async (c) => c.json(await fiftyRows(c.var.deps.database.db)));
  app.get('/bench/trivial', (c) => c.json(TRIVIAL));

  // Diagnostics for the trivial pair: the two things tRPC's fetch handler does per call that a
  // bare route does not, in isolation. Reading Request.signal makes @hono/node-server build a real
  // undici Request (its lightweight request is lazy); tRPC then combines that signal with its own
  // through AbortSignal.any (resolveResponse: combinedAbortController).
  app.get('/bench/trivial-signal', (c) => {
    if (c.req.raw.signal.aborted) return c.body(null, 503);
    return c.json(TRIVIAL);
  });
  app.get('/bench/trivial-signal-any', (c) => {
    const combined = AbortSignal.any([c.req.raw.signal, new AbortController().signal]);
    if (combined.aborted) return c.body(null, 503);
    return c.json(TRIVIAL);
  });

  // Read by the bench before and after each run (server CPU per request, memory).
  app.get('/bench/_stats', (c) => {
    const cpu = process.cpuUsage();
    const mem = process.memoryUsage();
    const stats: ProcessStats = { cpuMicros: cpu.user + cpu.system, rssBytes: mem.rss, heapUsedBytes: mem.heapUsed };
    return c.json(stats);
  });

  return app;
}
