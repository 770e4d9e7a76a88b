/**
 * What the crash tests' worker processes share (run with `node --import tsx`, killed by
 * tests/helpers/crash-worker.ts): no vitest here, these run outside it.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db';
import { buildDeps } from '../../server/deps';
import { createJobQueue } from '../../server/jobs/queue';
import { createLogger } from '../../server/logging';
import { TEST_SECRETS_KEY } from './secrets-key';

/** The app's dependencies over the database the test named, with a fast job queue. */
export async function workerDeps(kind: string, location: string, env: Record<string, string> = {}) {
  const database = kind === 'postgres' ? await openDatabase({ kind: 'postgres', url: location, maxConnections: 5 }) : await openDatabase({ kind: 'pglite', dataDir: location });
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PORT: '3000', JOBS_POLL_MS: '50', SECRETS_KEY: TEST_SECRETS_KEY, ...env });
  const logger = createLogger(config);
  return { ...buildDeps({ config, database, logger }), jobs: createJobQueue({ database, logger, pollIntervalMs: 50, maintenanceIntervalSeconds: 1 }) };
}

/** Prints one JSON line of counts by status every 50 ms until it is killed. */
export async function printCountsForever(counts: () => Promise<{ status: string; count: number | string }[]>): Promise<never> {
  for (;;) {
    const rows = await counts();
    process.stdout.write(`${JSON.stringify(Object.fromEntries(rows.map((r) => [r.status, Number(r.count)])))}\n`);
    await delay(50);
  }
}
