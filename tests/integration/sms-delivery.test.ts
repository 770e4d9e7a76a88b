import { sql } from 'kysely';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { buildDeps } from '../../server/deps';
import { createJobQueue } from '../../server/jobs/queue';
import { createLogger } from '../../server/logging';
import { registerSmsJobs } from '../../server/sms/jobs';
import { SEND_JOB } from '../../server/sms/send-job';
import { testConfig } from '../helpers/app';
import { addMember } from '../helpers/factories';
import { createTestDatabase, getTestDatabase } from '../helpers/db';
import { twilioEnv } from '../doubles/twilio';
import { eventually, messageRow, smsWorld, uniqueNumber, untilStatus, type SmsWorld } from './sms-helpers';

// The worker's database is created and migrated once, under the hook timeout.
beforeAll(() => getTestDatabase());

describe('retries with backoff for 429, 5xx and timeouts', () => {
  it('a 429 is retried once and then sent: one message at the provider, two requests', async () => {
    const world = await smsWorld();
    const to = uniqueNumber();
    world.double.script(to, { kind: 'status', status: 429 });
    const { messageId } = await world.api.sms.send({ to, message: 'Retry me' });
    const row = await untilStatus(world, messageId, 'sent', 'failed');
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    expect(world.double.requests.filter((r) => r.to === to).map((r) => r.outcome)).toEqual(['status', 'ok']);
    expect(world.double.sentTo(to)).toBe(1);
  });

  it('500s are retried until one succeeds', async () => {
    const world = await smsWorld();
    const to = uniqueNumber();
    world.double.script(to, { kind: 'status', status: 500 }, { kind: 'status', status: 503 });
    const { messageId } = await world.api.sms.send({ to, message: 'Through the outage' });
    expect(await untilStatus(world, messageId, 'sent', 'failed')).toMatchObject({ status: 'sent', attempts: 3 });
    expect(world.double.requests.filter((r) => r.to === to)).toHaveLength(3);
    expect(world.double.sentTo(to)).toBe(1);
  });

  it('a message whose retries run out ends failed with the last error', async () => {
    const world = await smsWorld({ jobs: { retryLimit: 1 } });
    const to = uniqueNumber();
    world.double.script(to, { kind: 'status', status: 500 }, { kind: 'status', status: 500 });
    const { messageId } = await world.api.sms.send({ to, message: 'Never' });
    const row = await untilStatus(world, messageId, 'failed');
    expect(row.error_message).toMatch(/^Gave up after repeated errors: Twilio answered 500/);
    expect(world.double.sentTo(to)).toBe(0);
  });

  it('a timeout after the provider accepted is reconciled, never resent', async () => {
    const world = await smsWorld({ env: { TWILIO_TIMEOUT_MS: '300' } });
    const to = uniqueNumber();
    world.double.script(to, { kind: 'timeout', accept: true, holdMs: 3000 });
    const { messageId } = await world.api.sms.send({ to, message: 'Did it go?' });
    const row = await untilStatus(world, messageId, 'sent', 'failed');
    expect(row.status).toBe('sent');
    expect(world.double.sentTo(to)).toBe(1);
    expect(world.double.requests.filter((r) => r.to === to)).toHaveLength(1);
    expect(row.provider_sid).toBe(world.double.messages.find((m) => m.to === to)!.sid);
  });

  it('a timeout the provider never acted on is sent again once reconciliation finds nothing', async () => {
    const world = await smsWorld({ env: { TWILIO_TIMEOUT_MS: '300' } });
    const to = uniqueNumber();
    world.double.script(to, { kind: 'timeout', accept: false, holdMs: 3000 });
    const { messageId } = await world.api.sms.send({ to, message: 'Lost on the way' });
    expect(await untilStatus(world, messageId, 'sent', 'failed')).toMatchObject({ status: 'sent' });
    expect(world.double.requests.filter((r) => r.to === to).map((r) => r.outcome)).toEqual(['timeout', 'ok']);
    expect(world.double.sentTo(to)).toBe(1);
  });
});

describe('permanent errors are not retried', () => {
  it('21211 (invalid number) and 21610 (unsubscribed) end failed with the code and a readable message', async () => {
    const world = await smsWorld();
    const [invalid, unsubscribed] = [uniqueNumber(), uniqueNumber()];
    world.double.script(invalid, { kind: 'error', code: 21211 });
    world.double.script(unsubscribed, { kind: 'error', code: 21610 });
    const a = await world.api.sms.send({ to: invalid, message: 'Hi' });
    const b = await world.api.sms.send({ to: unsubscribed, message: 'Hi' });
    expect(await untilStatus(world, a.messageId, 'failed', 'sent')).toMatchObject({ status: 'failed', error_code: '21211', error_message: 'The phone number is not valid', attempts: 1 });
    const row = await untilStatus(world, b.messageId, 'failed', 'sent');
    expect(row).toMatchObject({ status: 'failed', error_code: '21610', error_message: 'The recipient has unsubscribed from this sender (replied STOP)', attempts: 1 });
    expect(world.double.requests.filter((r) => r.to === invalid || r.to === unsubscribed)).toHaveLength(2);
    // Twilio's word that the recipient opted out is kept on the contact: later sends are refused here.
    expect((await world.api.contacts.get({ id: row.contact_id! })).doNotContact.sms).toBe(true);
    await expect(world.api.sms.send({ to: unsubscribed, message: 'Again' })).rejects.toMatchObject({ code: 'FORBIDDEN', message: 'Recipient has opted out of SMS' });
  });
});

/** The message ids of each sms.send job of an organization, largest chunk first. */
async function sendJobChunks(world: SmsWorld): Promise<string[][]> {
  const { rows } = await sql<{ data: { messageIds: string[] } }>`
    select data from pgboss.job where name = ${SEND_JOB} and data->>'organizationId' = ${world.owner.organizationId}
  `.execute(world.deps.database.db);
  return rows.map((row) => row.data.messageIds).sort((a, b) => b.length - a.length);
}

describe('chunks of messages per job', () => {
  it('queues a bulk send as one job per second of the sender’s rate (10 MPS: 10 messages a job)', async () => {
    const world = await smsWorld({ env: { JOBS_ENABLED: 'false', TWILIO_SENDER_MPS: '10' } });
    const bulk = await world.api.sms.bulkSend({ recipients: Array.from({ length: 25 }, () => uniqueNumber()), message: 'Chunked' });
    const chunks = await sendJobChunks(world);
    expect(chunks.map((ids) => ids.length)).toEqual([10, 10, 5]);
    expect(chunks.flat().sort()).toEqual(bulk.results.map((r) => r.messageId).sort());
  });

  it('a 429 inside a chunk retries only that message; every other one is sent once', async () => {
    const world = await smsWorld();
    const recipients = Array.from({ length: 150 }, () => uniqueNumber());
    world.double.script(recipients[70]!, { kind: 'status', status: 429 });
    const bulk = await world.api.sms.bulkSend({ recipients, message: 'One of us waits' });
    // The limit is lifted in these tests: the most a job carries.
    expect((await sendJobChunks(world)).map((ids) => ids.length)).toEqual([100, 50]);
    const progress = await eventually(
      () => world.api.sms.batch({ batchId: bulk.batchId }),
      (p) => p.done,
    );
    expect(progress).toMatchObject({ total: 150, queued: 0, sent: 150, failed: 0 });
    expect(recipients.map((to) => world.double.sentTo(to))).toEqual(recipients.map(() => 1));
    expect(world.double.requests.filter((r) => recipients.includes(r.to))).toHaveLength(151);
    const attempts = await world.deps.database.db.selectFrom('sms_messages').select(['to_number', 'attempts']).where('batch_id', '=', bulk.batchId).execute();
    expect(attempts.filter((row) => row.attempts !== 1)).toEqual([{ to_number: recipients[70], attempts: 2 }]);
  });

  it('a run that outlasts its budget (half its expiry) leaves the rest to its retry: each message still sent once', async () => {
    // Two at a time at 400 ms each: a run with a 1 s budget (2 s expiry) sends at most six of twelve.
    const world = await smsWorld({ jobs: { expireInSeconds: 2, parallelSends: 2 } });
    world.double.setLatency(400);
    const recipients = Array.from({ length: 12 }, () => uniqueNumber());
    const bulk = await world.api.sms.bulkSend({ recipients, message: 'Slow provider' });
    const progress = await eventually(
      () => world.api.sms.batch({ batchId: bulk.batchId }),
      (p) => p.done,
    );
    expect(progress).toMatchObject({ total: 12, sent: 12, failed: 0 });
    expect(recipients.map((to) => world.double.sentTo(to))).toEqual(recipients.map(() => 1));
    expect(world.double.requests.filter((r) => recipients.includes(r.to))).toHaveLength(12);
    const { rows } = await sql<{ retry_count: number }>`
      select retry_count from pgboss.job where name = ${SEND_JOB} and data->>'organizationId' = ${world.owner.organizationId}
    `.execute(world.deps.database.db);
    expect(rows.map((r) => Number(r.retry_count))).toEqual([expect.any(Number)]);
    expect(Number(rows[0]!.retry_count)).toBeGreaterThan(0);
  }, 60_000);

  it('a rate slot past the budget is not taken: those messages wait for the retry, each sent once', async () => {
    // 4 a second, a 1 s budget: three chunks of four starting together cannot all get a slot in time.
    const world = await smsWorld({ env: { TWILIO_SENDER_MPS: '4' }, jobs: { expireInSeconds: 2 } });
    const recipients = Array.from({ length: 12 }, () => uniqueNumber());
    const bulk = await world.api.sms.bulkSend({ recipients, message: 'Paced' });
    expect((await sendJobChunks(world)).map((ids) => ids.length)).toEqual([4, 4, 4]);
    const progress = await eventually(
      () => world.api.sms.batch({ batchId: bulk.batchId }),
      (p) => p.done,
    );
    expect(progress).toMatchObject({ total: 12, sent: 12, failed: 0 });
    expect(recipients.map((to) => world.double.sentTo(to))).toEqual(recipients.map(() => 1));
    const { rows } = await sql<{ retry_count: number }>`
      select retry_count from pgboss.job where name = ${SEND_JOB} and data->>'organizationId' = ${world.owner.organizationId}
    `.execute(world.deps.database.db);
    expect(Math.max(...rows.map((r) => Number(r.retry_count)))).toBeGreaterThan(0);
  }, 60_000);

  it('on the last attempt what the budget leaves unsent ends failed, never stuck in the queue', async () => {
    // Ten sends at 500 ms each, one at a time, against a 2 s budget (the other 2 s of the expiry leave room to record the rest).
    const world = await smsWorld({ jobs: { expireInSeconds: 4, parallelSends: 1, retryLimit: 0 } });
    world.double.setLatency(500);
    const recipients = Array.from({ length: 10 }, () => uniqueNumber());
    const bulk = await world.api.sms.bulkSend({ recipients, message: 'Too slow for one run' });
    const progress = await eventually(
      () => world.api.sms.batch({ batchId: bulk.batchId }),
      (p) => p.done,
    );
    expect(progress.sent).toBeGreaterThan(0);
    expect(progress.failed).toBeGreaterThan(0);
    expect(progress.sent + progress.failed).toBe(10);
    const failed = await world.deps.database.db.selectFrom('sms_messages').select(['to_number', 'error_message']).where('batch_id', '=', bulk.batchId).where('status', '=', 'failed').execute();
    expect(new Set(failed.map((f) => f.error_message))).toEqual(new Set(['Gave up after repeated errors: The SMS provider was too slow to send everything in time']));
    expect(failed.map((f) => world.double.sentTo(f.to_number))).toEqual(failed.map(() => 0));
    expect(recipients.every((to) => world.double.sentTo(to) <= 1)).toBe(true);
  });

  it('asked to add unknown numbers as contacts, announces each contact it creates as a single creation would: one event, one notification per colleague', async () => {
    const world = await smsWorld();
    const colleague = await addMember(world.deps, world.owner.organizationId, 'sales_rep');
    const recipients = Array.from({ length: 3 }, () => uniqueNumber());
    const bulk = await world.api.sms.bulkSend({ recipients, message: 'Hello newcomers', addUnknownAsContacts: true });
    await eventually(
      () => world.api.sms.batch({ batchId: bulk.batchId }),
      (p) => p.done,
    );
    const db = world.deps.database.db;
    const contactIds = (await db.selectFrom('sms_messages').select('contact_id').where('batch_id', '=', bulk.batchId).execute()).map((r) => r.contact_id);
    const events = await db.selectFrom('events').select(['id', 'payload', 'actor_user_id']).where('organization_id', '=', world.owner.organizationId).where('type', '=', 'contact_created').execute();
    expect(events.map((e) => (e.payload as { contactId: string }).contactId).sort()).toEqual([...contactIds].sort());
    expect(events.every((e) => e.actor_user_id === world.owner.userId)).toBe(true);
    const notifications = await db.selectFrom('notifications').select(['event_id', 'title', 'link']).where('user_id', '=', colleague.userId).execute();
    expect(notifications.map((n) => n.event_id).sort()).toEqual(events.map((e) => e.id).sort());
    expect(notifications.map((n) => n.link).sort()).toEqual(contactIds.map((id) => `/contacts/${id}`).sort());
    expect(notifications.every((n) => n.title === 'New Contact')).toBe(true);
    // Nobody is told what they just did.
    expect(await db.selectFrom('notifications').select('id').where('user_id', '=', world.owner.userId).execute()).toEqual([]);
  });
});

describe('a worker killed mid-batch', () => {
  it('resumes on restart: every message is sent exactly once, including the ones in flight at the kill', async () => {
    // A database of its own: the killed queue's leftovers must not meet other tests' workers.
    const database = await createTestDatabase();
    onTestFinished(() => database.close());
    const jobs = { concurrency: 4, expireInSeconds: 2 };
    const world = await smsWorld({ database, jobs });
    world.double.setLatency(150);
    const recipients = Array.from({ length: 24 }, () => uniqueNumber());
    const bulk = await world.api.sms.bulkSend({ recipients, message: 'Flash sale today only' });
    expect(bulk.successful).toBe(24);

    await world.double.waitForMessages(6);
    // The crash: the queue stops without another statement; sends in flight reach the provider, their writes are lost.
    await world.deps.jobs.stop({ graceful: false });
    const interrupted = await database.db.selectFrom('sms_messages').select('status').where('batch_id', '=', bulk.batchId).where('status', '=', 'sending').execute();
    expect(interrupted.length).toBeGreaterThan(0);

    // The restart: a new process's queue over the same database (maintenance expires the dead worker's jobs).
    const config = testConfig(twilioEnv(world.double));
    const logger = createLogger(config);
    const restarted = { ...buildDeps({ config, database, logger }), jobs: createJobQueue({ database, logger, pollIntervalMs: 50, maintenanceIntervalSeconds: 1 }) };
    registerSmsJobs(restarted, { retryDelay: 1, ...jobs });
    await restarted.jobs.start();
    onTestFinished(() => restarted.jobs.stop({ timeoutMs: 3000 }));

    const progress = await eventually(
      () => world.api.sms.batch({ batchId: bulk.batchId }),
      (p) => p.done,
    );
    expect(progress).toMatchObject({ total: 24, queued: 0, sent: 24, failed: 0 });
    expect(recipients.map((to) => world.double.sentTo(to))).toEqual(recipients.map(() => 1));
    expect(world.double.messages).toHaveLength(24);
    // Each row carries the sid of the one message the provider has for it.
    for (const result of bulk.results) {
      const row = await messageRow(world, result.messageId!);
      expect(row.provider_sid).toBe(world.double.messages.find((m) => m.to === result.to)!.sid);
    }
    expect((await restarted.jobs.counts(SEND_JOB)).failed).toBe(0);
    // A fresh database, two queues and the expiry of the dead worker's jobs take longer than most tests.
  }, 120_000);
});
