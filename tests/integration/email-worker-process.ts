/**
 * A worker process for the e-mail crash test (email-delivery.test.ts): it opens the given database
 * (PGlite's data directory on disk, or a Postgres URL) and runs the e-mail jobs until it is killed.
 * Run with `node --import tsx`.
 *
 * argv: <pglite|postgres> <dataDir|url> <JSON EmailJobOptions> <JSON environment>
 */
// The assembly installs the domains' event types that publishing reads.
import '../../server/assembly';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db';
import { buildDeps } from '../../server/deps';
import { registerEmailJobs } from '../../server/email/jobs';
import { createJobQueue } from '../../server/jobs/queue';
import { createLogger } from '../../server/logging';

const [kind, location, jobOptions, env] = process.argv.slice(2) as [string, string, string, string];
const database = kind === 'postgres' ? await openDatabase({ kind: 'postgres', url: location, maxConnections: 5 }) : await openDatabase({ kind: 'pglite', dataDir: location });
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PORT: '3000', JOBS_POLL_MS: '50', ...JSON.parse(env) });
const logger = createLogger(config);
const deps = { ...buildDeps({ config, database, logger }), jobs: createJobQueue({ database, logger, pollIntervalMs: 50, maintenanceIntervalSeconds: 1 }) };
registerEmailJobs(deps, JSON.parse(jobOptions));
await deps.jobs.start();
process.stdout.write('started\n');
