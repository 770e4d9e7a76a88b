/**
 * A worker process for the automations crash test (automations-crash.test.ts): it opens the given
 * database (PGlite's data directory on disk, or a Postgres URL), runs the engine's jobs and the
 * channels' a run sends through, and prints one JSON line of the workflow's runs by status every
 * 50 ms until it is killed. Run with `node --import tsx`.
 *
 * argv: <pglite|postgres> <dataDir|url> <workflowId>
 */
// The assembly installs the domains' event types and notification texts that publishing reads.
import '../../server/assembly';
import { registerAutomationJobs } from '../../server/automations/jobs';
import { registerEmailJobs } from '../../server/email/jobs';
import { registerSmsJobs } from '../../server/sms/jobs';
import { printCountsForever, workerDeps } from '../helpers/worker-process';

const [kind, location, workflowId] = process.argv.slice(2) as [string, string, string];
const deps = await workerDeps(kind, location);
registerAutomationJobs(deps);
registerSmsJobs(deps);
registerEmailJobs(deps);
await deps.jobs.start();
await printCountsForever(() =>
  deps.database.db
    .selectFrom('workflow_runs')
    .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
    .where('workflow_id', '=', workflowId)
    .groupBy('status')
    .execute(),
);
