import { Hono } from 'hono';
import type { AnyTRPCRouter } from '@trpc/server';
import { appRouter, mountRestDoors, RECORD_PAGES, SERVER_STYLES } from './assembly';
import type { AppDeps } from './deps';
import { bodyLimitFor } from './body-limits';
import { serveClient, type ClientBuild } from './http/client';
import { csrf } from './http/csrf';
import { bodyLimits } from './http/body-limit';
import { safeQuery } from './http/input';
import type { AppEnv } from './http/env';
import { onError } from './http/errors';
import { apiRateLimit } from './http/api-rate-limit';
import { idempotentPosts } from './http/idempotency';
import { problemDetails } from './http/problem';
import { requestLog } from './http/request-log';
import { cspReportRoutes, securityHeaders } from './http/security-headers';
import { mountTrpc } from './http/trpc';
import { METRICS_PATH, metricsRoute } from './http/metrics-route';
import { realtimeEventsRoute, REALTIME_EVENTS_PATH } from './realtime/sse';
import { BOOKING_PAGE_ROUTE, bookingFrame } from './sites/booking-frame';
import { publishedPagesFastPath } from './sites/fast-path';
import { mountPublicSites, publishedPagesPolicy } from './sites/public';

export type CreateAppOptions = {
  /** The built client to serve (production); without it only /api and /trpc answer. */
  client?: ClientBuild;
  /** Replaces the app's router; benchmarks mount their own. */
  router?: AnyTRPCRouter;
};

/** Builds the whole HTTP app from its dependencies; no I/O happens here. */
export function createApp(deps: AppDeps, options: CreateAppOptions = {}) {
  const app = new Hono<AppEnv>();
  // A published page's GET from memory, with the headers and accounting the middleware below would give it (server/sites/fast-path.ts).
  app.use(publishedPagesFastPath(deps));
  app.use(publishedPagesPolicy); // outside the security headers: a published site page keeps its own policy
  app.use(securityHeaders(deps.config, options.client, SERVER_STYLES));
  app.use(requestLog(deps));
  app.use(deps.lifecycle.tracker);
  app.use(deps.metrics.tracker);
  app.get(METRICS_PATH, metricsRoute);
  app.route('/', cspReportRoutes()); // before the CSRF check: browsers send reports with cookies and no Origin; it only logs
  mountPublicSites(app, bodyLimits(bodyLimitFor)); // published sites (/s/<handle>, custom domains by Host) before the CSRF check: their forms post from their own domains
  app.use('/api/v1/*', problemDetails); // before CSRF and body limits: their refusals are problem details too
  app.use(csrf);
  app.use(bodyLimits(bodyLimitFor));
  app.onError(onError);

  const api = new Hono<AppEnv>();
  api.use(safeQuery);
  // Limited before anything runs: a refused request claims no Idempotency-Key.
  api.use('/v1/*', apiRateLimit);
  api.use('/v1/*', idempotentPosts);
  mountRestDoors(api);
  app.route('/api', api);

  // The realtime stream has a faster door of its own (same auth, input and format); others go to tRPC.
  if (!options.router) app.get(REALTIME_EVENTS_PATH, safeQuery, realtimeEventsRoute);
  mountTrpc(app, options.router ?? appRouter);

  app.use(BOOKING_PAGE_ROUTE, bookingFrame); // the booking page a site's Booking calendar block frames (?embed=1) may be framed by the organization's sites
  if (options.client) serveClient(app, options.client, { gaMeasurementId: deps.config.gaMeasurementId, recordPages: RECORD_PAGES });
  app.notFound((c) => c.json({ message: 'Not found' }, 404));
  return app;
}

export type App = ReturnType<typeof createApp>;
