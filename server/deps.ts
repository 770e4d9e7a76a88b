import type { Config } from './config';
import type { DatabaseHandle } from './db';
import { createEventBus, type EventBus } from './events/bus';
import { createEventConsumers, type EventConsumers } from './events/consumers';
import { createPresence, type Presence } from './events/presence';
import { createJobQueue, type JobQueue } from './jobs/queue';
import { createLifecycle, type Lifecycle } from './http/lifecycle';
import { createMetrics, type Metrics } from './http/metrics';
import type { Logger } from './logging';

/** Everything the app is built from; tests construct it with a test database and doubles. */
export type AppDeps = {
  config: Config;
  database: DatabaseHandle;
  logger: Logger;
  /** The durable background-job queue; domains register handlers through their description (server/<domain>/domain.ts). */
  jobs: JobQueue;
  /** Domain events fanned out to this process's realtime subscribers (server/events). */
  events: EventBus;
  /** Durable consumers of the events outbox: work that reacts to events, at least once, after commit. */
  consumers: EventConsumers;
  presence: Presence;
  /** Migrating, serving or draining, and the requests in flight (`/api/health/ready`, graceful stop). */
  lifecycle: Lifecycle;
  /** This process's Prometheus registry (GET /metrics). */
  metrics: Metrics;
};

/** The app's dependencies over one database; nothing is started (startServer starts what it serves). */
export function buildDeps({ config, database, logger, lifecycle = createLifecycle() }: Pick<AppDeps, 'config' | 'database' | 'logger'> & { lifecycle?: Lifecycle }): AppDeps {
  return {
    config,
    database,
    logger,
    jobs: createJobQueue({ database, logger, workers: config.jobsEnabled, pollIntervalMs: config.jobsPollMs }),
    events: createEventBus({ database, logger }),
    consumers: createEventConsumers({ database, logger, workers: config.jobsEnabled, pollIntervalMs: config.jobsPollMs }),
    presence: createPresence({ db: database.db, logger }),
    lifecycle,
    metrics: createMetrics(),
  };
}
