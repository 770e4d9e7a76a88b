/**
 * A worker process for the crash tests (sms-crash.test.ts): it opens the given database (PGlite's
 * data directory on disk, or a Postgres URL), runs the SMS jobs on the sandbox provider, and prints
 * one JSON line of the batch's statuses every 50 ms until it is killed. Run with `node --import tsx`.
 *
 * argv: <pglite|postgres> <dataDir|url> <batchId> <JSON SmsJobOptions> <JSON environment>
 */
// The assembly installs the domains' event types and notification texts that publishing reads.
import '../../server/assembly';
import { registerSmsJobs } from '../../server/sms/jobs';
import { printCountsForever, workerDeps } from '../helpers/worker-process';

const [kind, location, batchId, jobOptions, env] = process.argv.slice(2) as [string, string, string, string, string];
const deps = await workerDeps(kind, location, JSON.parse(env) as Record<string, string>);
registerSmsJobs(deps, JSON.parse(jobOptions));
await deps.jobs.start();
await printCountsForever(() =>
  deps.database.db
    .selectFrom('sms_messages')
    .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
    .where('batch_id', '=', batchId)
    .groupBy('status')
    .execute(),
);
