/**
 * A worker process for the crash tests (sms-crash.test.ts): it opens the given database (PGlite's
 * data directory on disk, or a Postgres URL), runs the SMS jobs on the sandbox provider, and prints
 * one JSON line of the batch's statuses every 50 ms until it is killed. Run with `node --import tsx`.
 *
 * argv: <pglite|postgres> <dataDir|url> <batchId> <JSON SmsJobOptions> <JSON environment>
 */
import { setTimeout as delay } from 'node:timers/promises';
// The assembly installs the domains' event types and notification texts that publishing reads.
import '../../server/assembly';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db';
import { buildDeps } from '../../server/deps';
import { createJobQueue } from '../../server/jobs/queue';
import { createLogger } from '../../server/logging';
import { registerSmsJobs } from '../../server/sms/jobs';

const [kind, location, batchId, jobOptions, env] = process.argv.slice(2) as [string, string, string, string, string];
const database = kind === 'postgres' ? await openDatabase({ kind: 'postgres', url: location, maxConnections: 5 }) : await openDatabase({ kind: 'pglite', dataDir: location });
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PORT: '3000', JOBS_POLL_MS: '50', ...JSON.parse(env) });
const logger = createLogger(config);
const deps = { ...buildDeps({ config, database, logger }), jobs: createJobQueue({ database, logger, pollIntervalMs: 50, maintenanceIntervalSeconds: 1 }) };
registerSmsJobs(deps, JSON.parse(jobOptions));
await deps.jobs.start();
for (;;) {
  const rows = await database.db
    .selectFrom('sms_messages')
    .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
    .where('batch_id', '=', batchId)
    .groupBy('status')
    .execute();
  process.stdout.write(`${JSON.stringify(Object.fromEntries(rows.map((r) => [r.status, Number(r.count)])))}\n`);
  await delay(50);
}
