/**
 * A worker process for the campaign crash test (campaigns-crash.test.ts): it opens the given
 * database (PGlite's data directory on disk, or a Postgres URL), runs the campaign and e-mail jobs
 * on the sandbox transport, and prints one JSON line every 50 ms until it is killed: the campaign's
 * rows still to hand over (`pending`) and its messages by state. Run with `node --import tsx`.
 *
 * argv: <pglite|postgres> <dataDir|url> <campaignId> <JSON environment>
 */
// The assembly installs the domains' event types and notification texts that publishing reads.
import '../../server/assembly';
import { sql } from 'kysely';
import { registerCampaignJobs } from '../../server/campaigns/jobs';
import { registerEmailJobs } from '../../server/email/jobs';
import { printCountsForever, workerDeps } from '../helpers/worker-process';

const [kind, location, campaignId, env] = process.argv.slice(2) as [string, string, string, string];
const deps = await workerDeps(kind, location, JSON.parse(env) as Record<string, string>);
registerCampaignJobs(deps);
registerEmailJobs(deps);
await deps.jobs.start();
await printCountsForever(async () => {
  const { rows } = await sql<{ status: string; count: number }>`
    select coalesce(m.status, r.status) as status, count(*)::int as count
    from campaign_recipients r left join email_messages m on m.id = r.email_message_id
    where r.campaign_id = ${campaignId} group by 1`.execute(deps.database.db);
  return rows;
});
