import { sql } from 'kysely';
import type { AppDeps } from '../../server/deps';
import { registerEmailJobs, type EmailJobOptions } from '../../server/email/jobs';
import { SEND_JOB } from '../../server/email/send-job';

/**
 * Registers the e-mail jobs on a test's queue, first discarding the sends that earlier files left
 * queued: a worker's database is shared by the files it runs, and their e-mails would otherwise reach
 * this test's SMTP sink ahead of its own.
 */
export async function registerTestEmailJobs(deps: AppDeps, options?: EmailJobOptions): Promise<void> {
  const db = deps.database.db;
  // The queue's tables are made when a queue first starts in this database.
  const { rows } = await sql<{ exists: boolean }>`select to_regclass('pgboss.job') is not null as exists`.execute(db);
  if (rows[0]?.exists) await sql`delete from pgboss.job where name = ${SEND_JOB} and state in ('created', 'retry')`.execute(db);
  registerEmailJobs(deps, options);
}
