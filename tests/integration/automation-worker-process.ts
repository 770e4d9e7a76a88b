/**
 * A worker process for the automations crash test (automations-crash.test.ts): it opens the given
 * database (PGlite's data directory on disk, or a Postgres URL), runs the engine's jobs and the
 * channels' a run sends through, and prints one JSON line of the workflow's runs by status every
 * 50 ms until it is killed. Run with `node --import tsx`.
 *
 * argv: <pglite|postgres> <dataDir|url> <workflowId>
 */
import { setTimeout as delay } from 'node:timers/promises';
// The assembly installs the domains' event types and notification texts that publishing reads.
import '../../server/assembly';
import { registerAutomationJobs } from '../../server/automations/jobs';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db';
import { buildDeps } from '../../server/deps';
import { registerEmailJobs } from '../../server/email/jobs';
import { createJobQueue } from '../../server/jobs/queue';
import { createLogger } from '../../server/logging';
import { registerSmsJobs } from '../../server/sms/jobs';

const [kind, location, workflowId] = process.argv.slice(2) as [string, string, string];
const database = kind === 'postgres' ? await openDatabase({ kind: 'postgres', url: location, maxConnections: 5 }) : await openDatabase({ kind: 'pglite', dataDir: location });
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PORT: '3000', JOBS_POLL_MS: '50' });
const logger = createLogger(config);
const deps = { ...buildDeps({ config, database, logger }), jobs: createJobQueue({ database, logger, pollIntervalMs: 50, maintenanceIntervalSeconds: 1 }) };
registerAutomationJobs(deps);
registerSmsJobs(deps);
registerEmailJobs(deps);
await deps.jobs.start();
for (;;) {
  const rows = await database.db
    .selectFrom('workflow_runs')
    .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
    .where('workflow_id', '=', workflowId)
    .groupBy('status')
    .execute();
  process.stdout.write(`${JSON.stringify(Object.fromEntries(rows.map((r) => [r.status, Number(r.count)])))}\n`);
  await delay(50);
}
