import type { Config } from './config';
import type { DatabaseHandle } from './db';
import type { JobQueue } from './jobs/queue';
import type { Logger } from './logging';

/** Everything the app is built from; tests construct it with a test database and doubles. */
export type AppDeps = {
  config: Config;
  database: DatabaseHandle;
  logger: Logger;
  /** The durable background-job queue; domains register handlers in server/jobs/handlers.ts. */
  jobs: JobQueue;
};
