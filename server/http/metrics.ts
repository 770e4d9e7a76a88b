/** This process's own metrics: requests, open event streams, the process (GET /metrics, metrics-route.ts). */
import type { Context, MiddlewareHandler } from 'hono';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

export type Metrics = {
  registry: Registry;
  /** Counts and times each request by route pattern (not raw path: ids would explode the series) and status. */
  tracker: MiddlewareHandler;
  /** Counts and times one request answered before the tracker (the published pages' fast path, server/sites/fast-path.ts). */
  record(method: string, route: string, status: number, seconds: number): void;
  /** Open realtime event streams of this process. */
  sseStreams: Gauge;
  /** Adds the process's own CPU, memory and event-loop figures (once per process: a server, not a test app). */
  collectProcessMetrics(): void;
};

export function createMetrics(): Metrics {
  const registry = new Registry();
  const httpDuration = new Histogram({
    name: 'switchboard_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status, with their latency',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const sseStreams = new Gauge({ name: 'switchboard_sse_streams_open', help: 'Open realtime event streams of this process', registers: [registry] });
  return {
    registry,
    sseStreams,
    async tracker(c, next) {
      const started = performance.now();
      try {
        await next();
      } finally {
        const seconds = (performance.now() - started) / 1000;
        httpDuration.observe({ method: c.req.method, route: routeOf(c), status: String(c.res.status) }, seconds);
      }
    },
    record: (method, route, status, seconds) => httpDuration.observe({ method, route, status: String(status) }, seconds),
    collectProcessMetrics: () => collectDefaultMetrics({ register: registry }),
  };
}

/** The matched route's pattern; a tRPC call is named by its procedures when the call found them. */
function routeOf(c: Context): string {
  const route = c.req.routePath;
  if (route.startsWith('/trpc/') && c.res.status !== 404) return c.req.path;
  return route;
}
