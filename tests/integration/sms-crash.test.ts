import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { SmsStatus } from '../../server/db/schema';
import { createJobQueue } from '../../server/jobs/queue';
import { registerSmsJobs } from '../../server/sms/jobs';
import { buildTestApp } from '../helpers/app';
import { crashDatabase } from '../helpers/crash-database';
import { killWorkerWhen } from '../helpers/crash-worker';
import { createTestDatabase, testDatabaseKind } from '../helpers/db';
import { browser, createAccount } from '../helpers/factories';
import { up as deliverStrandedSandboxMessages } from '../../db/migrations/2026_11_25_500_sandbox_stuck_sent';

describe('a sandbox worker process killed (SIGKILL) mid-batch', () => {
  it('a new worker finishes: every message reaches delivered, and the batch is done only then', async () => {
    const { location, open } = await crashDatabase();
    // 200 messages a second in chunks of 100: at the kill most chunks are part sent, part still to send.
    const env = { TWILIO_SENDER_MPS: '200', JOBS_POLL_MS: '50' };
    const jobs = { concurrency: 8, expireInSeconds: 3 };
    const total = 600;

    // Accept the batch with no worker running, then let go of the database for the worker process.
    let database = await open();
    const accepting = await buildTestApp({ database, env: { ...env, JOBS_ENABLED: 'false' } });
    registerSmsJobs(accepting.deps, jobs);
    await accepting.deps.jobs.start();
    const owner = await createAccount(accepting.deps, 'sms-crash');
    const recipients = Array.from({ length: total }, (_, i) => `+1415556${String(i).padStart(4, '0')}`);
    const bulk = await accepting.caller(browser(owner.cookie)).sms.bulkSend({ recipients, message: 'Crash-safe delivery' });
    expect(bulk.successful).toBe(total);
    await accepting.deps.jobs.stop();
    await database.close();

    // The worker process, killed once it has sent a good part of the batch but not all of it.
    const atKill = await killWorkerWhen<SmsStatus>(
      path.join(import.meta.dirname, 'sms-worker-process.ts'),
      [testDatabaseKind, location, bulk.batchId!, JSON.stringify(jobs), JSON.stringify(env)],
      (counts) => (counts.sent ?? 0) + (counts.delivered ?? 0) >= total / 4,
    );
    const left = (atKill.accepted ?? 0) + (atKill.queued ?? 0) + (atKill.sending ?? 0);
    // Mid-batch: some messages sent and waiting for their report, some not yet sent.
    expect(atKill.sent ?? 0).toBeGreaterThan(0);
    expect(left).toBeGreaterThan(0);

    // A new worker over the same database (its maintenance expires the dead worker's jobs).
    database = await open();
    onTestFinished(() => database.close());
    const restarted = await buildTestApp({ database, env });
    const queue = createJobQueue({ database, logger: restarted.deps.logger, pollIntervalMs: 50, maintenanceIntervalSeconds: 1 });
    registerSmsJobs({ ...restarted.deps, jobs: queue }, jobs);
    await queue.start();
    onTestFinished(() => queue.stop({ timeoutMs: 3000 }));

    const api = restarted.caller(browser(owner.cookie));
    const deadline = Date.now() + 90_000;
    let progress = await api.sms.batch({ batchId: bulk.batchId! });
    while (!progress.done && Date.now() < deadline) {
      await delay(100);
      progress = await api.sms.batch({ batchId: bulk.batchId! });
      // Done means every message is in an end state: nothing is left 'sent' for a report that never comes.
      if (progress.done) expect(progress).toMatchObject({ queued: 0, sent: 0, delivered: total });
    }
    const statuses = await database.db
      .selectFrom('sms_messages')
      .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
      .where('batch_id', '=', bulk.batchId!)
      .groupBy('status')
      .execute();
    expect(Object.fromEntries(statuses.map((r) => [r.status, Number(r.count)]))).toEqual({ delivered: total });
    expect(progress).toMatchObject({ total, queued: 0, sent: 0, delivered: total, failed: 0, done: true });
    // A fresh database, two processes and the expiry of the dead worker's jobs take longer than most tests.
  }, 180_000);
});

describe('sandbox messages stranded as sent before reports committed with their sends', () => {
  it('the migration delivers them, 2 s after they were sent; messages of a real sender are left to its receipts', async () => {
    const database = await createTestDatabase();
    onTestFinished(() => database.close());
    const { deps, caller } = await buildTestApp({ database, env: { JOBS_ENABLED: 'false' } });
    registerSmsJobs(deps);
    await deps.jobs.start();
    onTestFinished(() => deps.jobs.stop());
    const owner = await createAccount(deps, 'sms-stranded');
    const bulk = await caller(browser(owner.cookie)).sms.bulkSend({ recipients: ['+14155557001', '+14155557002', '+14155557003'], message: 'Stranded' });
    const [sandbox, twilio, queued] = bulk.results.map((r) => r.messageId!);
    const sentAt = new Date('2026-11-20T10:00:00Z');
    await database.db.updateTable('sms_messages').set({ status: 'sent', sent_at: sentAt, from_number: '+15555550100' }).where('id', '=', sandbox!).execute();
    await database.db.updateTable('sms_messages').set({ status: 'sent', sent_at: sentAt, from_number: '+14155550199' }).where('id', '=', twilio!).execute();

    await deliverStrandedSandboxMessages(database.db);

    const rows = await database.db.selectFrom('sms_messages').select(['id', 'status', 'delivered_at']).where('batch_id', '=', bulk.batchId!).execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(sandbox!)).toMatchObject({ status: 'delivered', delivered_at: new Date('2026-11-20T10:00:02Z') });
    expect(byId.get(twilio!)).toMatchObject({ status: 'sent', delivered_at: null });
    expect(byId.get(queued!)!.status).toBe('queued');
  }, 60_000);
});
