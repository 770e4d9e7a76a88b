import { spawn } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import path from 'node:path';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { EmailStatus } from '../../server/db/schema';
import { INTERRUPTED_SEND } from '../../server/email/delivery';
import { registerTestEmailJobs } from '../helpers/email-jobs';
import { registerEmailJobs, type EmailJobOptions } from '../../server/email/jobs';
import { queueEmail, type OutgoingEmail } from '../../server/email/outbox';
import { SEND_JOB } from '../../server/email/send-job';
import { closeEmailTransport } from '../../server/email/transport';
import { createJobQueue } from '../../server/jobs/queue';
import { updateSettings } from '../../server/organizations/settings';
import { startSmtpSink } from '../doubles/smtp';
import { buildTestApp, TEST_ORIGIN } from '../helpers/app';
import { crashDatabase } from '../helpers/crash-database';
import { getTestDatabase, testDatabaseKind } from '../helpers/db';
import { browser, createAccount, uniqueEmail } from '../helpers/factories';
import { eventually } from './sms-helpers';

// The worker's database is created and migrated once, under the hook timeout.
beforeAll(() => getTestDatabase());

/** The app with its e-mail jobs running against a fresh SMTP sink (or the sandbox), and an organization. */
async function emailWorld(options: { sandbox?: boolean; env?: Record<string, string>; jobs?: EmailJobOptions } = {}) {
  const sink = await startSmtpSink();
  onTestFinished(() => sink.close());
  const env = { JOBS_POLL_MS: '50', SMTP_MAX_RATE: '1000', ...(options.sandbox ? {} : { SMTP_URL: sink.url }), ...options.env };
  const { deps, caller } = await buildTestApp({ env });
  // Signed up before the queue runs, so its verification e-mail is not among the messages the test counts.
  const owner = await createAccount(deps, 'email');
  await registerTestEmailJobs(deps, { retryDelay: 1, ...options.jobs });
  await deps.jobs.start();
  onTestFinished(async () => {
    await deps.jobs.stop({ timeoutMs: 3000 });
    await closeEmailTransport(deps);
  });
  const queue = (email: Partial<OutgoingEmail> = {}) =>
    deps.database.db.transaction().execute((trx) =>
      queueEmail(trx, deps, {
        organizationId: owner.organizationId,
        kind: 'one_to_one',
        to: uniqueEmail('recipient'),
        subject: 'Hello from Switchboard',
        html: '<p>Hello <b>there</b></p>',
        text: 'Hello there',
        ...email,
      }),
    );
  const row = (id: string) => deps.database.db.selectFrom('email_messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const untilStatus = (id: string, ...statuses: EmailStatus[]) =>
    eventually(
      () => row(id),
      (r) => statuses.includes(r.status),
    );
  const events = async (id: string) =>
    (await deps.database.db.selectFrom('email_events').select(['type', 'detail']).where('email_message_id', '=', id).orderBy('created_at').execute()).map((e) => e.type);
  return { deps, sink, owner, api: caller(browser(owner.cookie)), queue, row, untilStatus, events };
}

describe('email.send over SMTP (nodemailer → the in-process sink)', () => {
  it('sends a one-to-one e-mail with our Message-ID, the plus-addressed Reply-To, the VERP return path, List-Unsubscribe and the footer', async () => {
    const world = await emailWorld();
    await world.deps.database.db
      .transaction()
      .execute((trx) => updateSettings(trx, world.owner.organizationId, { email: { fromName: 'Acme Sales', fromAddress: 'sales@acme.test', postalAddress: '1 Main Street, Springfield' } }));
    const { id, status } = await world.queue({ to: ' Grace@Example.test ', toName: 'Grace Hopper' });
    expect(status).toBe('queued');
    const sent = await world.untilStatus(id, 'sent', 'failed');
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, from_address: 'sales@acme.test', from_name: 'Acme Sales', to_address: 'grace@example.test', error: null });
    expect(sent.provider_response).toMatch(/^250 /);
    expect(sent.sent_at).toBeInstanceOf(Date);

    const [mail] = await world.sink.waitFor(1);
    expect(mail!.messageId).toBe(sent.message_id);
    expect(mail!.from?.value).toEqual([{ name: 'Acme Sales', address: 'sales@acme.test' }]);
    expect(mail!.to).toMatchObject({ value: [{ name: 'Grace Hopper', address: 'grace@example.test' }] });
    expect(mail!.replyTo?.value[0]?.address).toBe(`sales+r.${sent.token}@acme.test`);
    expect(mail!.envelope).toEqual({ from: `no-reply+b.${sent.token}@localhost`, to: ['grace@example.test'] });
    const unsubscribe = `${TEST_ORIGIN}/api/email/unsubscribe/${sent.token}`;
    expect(mail!.rawHeader('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(mail!.rawHeader('List-Unsubscribe')).toBe(`<${unsubscribe}>, <mailto:no-reply+u.${sent.token}@localhost>`);
    expect(mail!.text).toContain('1 Main Street, Springfield');
    expect(mail!.text).toContain(`Unsubscribe: ${unsubscribe}`);
    expect(mail!.html).toContain(`<a href="${unsubscribe}">Unsubscribe</a>`);
    expect(await world.events(id)).toEqual(['queued', 'sending', 'sent']);

    const published = await world.deps.database.db
      .selectFrom('events')
      .select('payload')
      .where('organization_id', '=', world.owner.organizationId)
      .where('type', '=', 'email_status')
      .orderBy('id')
      .execute();
    expect(published.map((e) => (e.payload as { status: string }).status)).toEqual(['queued', 'sending', 'sent']);
  });

  it('an account e-mail carries no List-Unsubscribe and no footer', async () => {
    const world = await emailWorld();
    const { id } = await world.queue({ organizationId: null, kind: 'account', subject: 'Reset your password' });
    const sent = await world.untilStatus(id, 'sent', 'failed');
    expect(sent).toMatchObject({ status: 'sent', organization_id: null, reply_to: null });
    const [mail] = await world.sink.waitFor(1);
    expect(mail!.rawHeader('List-Unsubscribe')).toBeUndefined();
    expect(mail!.rawHeader('List-Unsubscribe-Post')).toBeUndefined();
    expect(mail!.text).not.toContain('Unsubscribe');
  });

  it('retries a transient failure (4xx) and counts each attempt with its text', async () => {
    const world = await emailWorld();
    world.sink.failNext(451, 'Greylisted, try again later');
    const { id } = await world.queue();
    const sent = await world.untilStatus(id, 'sent', 'failed');
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, error: null });
    expect(world.sink.messages).toHaveLength(1);
    const retry = await world.deps.database.db.selectFrom('email_events').select('detail').where('email_message_id', '=', id).where('type', '=', 'retry').execute();
    expect(retry).toEqual([{ detail: expect.stringMatching(/^Attempt 1: 451 .*Greylisted, try again later/) }]);
    expect(await world.events(id)).toEqual(['queued', 'sending', 'retry', 'sending', 'sent']);
  });

  it('retries a dropped connection', async () => {
    const world = await emailWorld();
    world.sink.dropNext();
    const { id } = await world.queue();
    const sent = await world.untilStatus(id, 'sent', 'failed');
    expect(sent).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('a permanent failure (5xx) ends the message failed with the server’s text, not retried', async () => {
    const world = await emailWorld();
    world.sink.failNext(550, 'No such user here');
    const { id } = await world.queue();
    const failed = await world.untilStatus(id, 'sent', 'failed');
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
    expect(failed.error).toMatch(/^550 .*No such user here/);
    expect(world.sink.attempts).toBe(1);
    expect(await world.events(id)).toEqual(['queued', 'sending', 'failed']);
  });

  it('the last transient failure ends the message failed with its text', async () => {
    const world = await emailWorld({ jobs: { retryLimit: 1 } });
    world.sink.failNext(421, 'Service not available', 2);
    const { id } = await world.queue();
    const failed = await world.untilStatus(id, 'sent', 'failed');
    expect(failed).toMatchObject({ status: 'failed', attempts: 2 });
    expect(failed.error).toMatch(/421 .*Service not available/);
  });

  it('signs with DKIM when configured', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
    const world = await emailWorld({ env: { DKIM_DOMAIN: 'localhost.test', DKIM_SELECTOR: 's1', DKIM_PRIVATE_KEY: privateKey.replace(/\n/g, '\\n') } });
    const { id } = await world.queue();
    await world.untilStatus(id, 'sent', 'failed');
    const [mail] = await world.sink.waitFor(1);
    expect(mail!.headers.get('dkim-signature')).toMatchObject({ params: expect.objectContaining({ d: 'localhost.test', s: 's1' }) });
  });
});

describe('addresses that must not be sent to', () => {
  it('a suppressed address is stored suppressed, with no job and nothing sent', async () => {
    const world = await emailWorld();
    const to = uniqueEmail('unsubscribed');
    await world.deps.database.db.insertInto('email_suppressions').values({ organization_id: world.owner.organizationId, address: to, reason: 'unsubscribed' }).execute();
    const { id, status } = await world.queue({ to: to.toUpperCase() });
    expect(status).toBe('suppressed');
    expect(await world.row(id)).toMatchObject({ status: 'suppressed', attempts: 0, error: 'The address is on the suppression list (unsubscribed)' });
    const { rows } = await sql`select id from pgboss.job where name = ${SEND_JOB} and jsonb_exists(data->'messageIds', ${id})`.execute(world.deps.database.db);
    expect(rows).toEqual([]);
    expect(world.sink.attempts).toBe(0);
    // Account e-mails go to unsubscribed users.
    const account = await world.queue({ to, kind: 'account' });
    expect(account.status).toBe('queued');
    expect(await world.untilStatus(account.id, 'sent', 'failed')).toMatchObject({ status: 'sent' });
  });

  it('an account e-mail to a hard-bounced address is refused (suppressed), whatever the organization', async () => {
    const world = await emailWorld();
    const to = uniqueEmail('bounced');
    await world.deps.database.db.insertInto('email_bounced_addresses').values({ address: to, detail: '550 5.1.1 No such user' }).execute();
    const { id, status } = await world.queue({ to, kind: 'account', organizationId: null });
    expect(status).toBe('suppressed');
    expect(await world.row(id)).toMatchObject({ error: 'The address hard-bounced; account e-mails are not sent to it' });
    expect(world.sink.attempts).toBe(0);
  });
});

describe('the sandbox (no SMTP_URL)', () => {
  it('goes through the same states to delivered, keeps the message in the outbox and prints it with its link', async () => {
    const world = await emailWorld({ sandbox: true });
    const info = vi.spyOn(world.deps.logger, 'info');
    const { id } = await world.deps.database.db.transaction().execute((trx) =>
      queueEmail(trx, world.deps, {
        organizationId: null,
        kind: 'account',
        to: 'newcomer@example.test',
        subject: 'Reset your password',
        html: '<p>Reset</p>',
        text: 'Reset',
        consoleLink: 'http://localhost:3000/reset-password/abc',
      }),
    );
    const delivered = await world.untilStatus(id, 'delivered', 'failed');
    expect(delivered).toMatchObject({ status: 'delivered', attempts: 1, html: '<p>Reset</p>' });
    expect(delivered.delivered_at).toBeInstanceOf(Date);
    expect(await world.events(id)).toEqual(['queued', 'sending', 'sent', 'delivered']);
    expect(info).toHaveBeenCalledWith({ to: 'newcomer@example.test', subject: 'Reset your password', link: 'http://localhost:3000/reset-password/abc' }, 'e-mail (sandbox, not sent)');
    expect(world.sink.attempts).toBe(0);
  });
});

describe('a worker process killed (SIGKILL) during the SMTP call', () => {
  it('the next worker sends the message again with the same Message-ID, and its timeline says so', async () => {
    const { location, open } = await crashDatabase();
    const sink = await startSmtpSink();
    onTestFinished(() => sink.close());
    const env = { SMTP_URL: sink.url, JOBS_POLL_MS: '50' };
    // The expiry must outlast a live SMTP call (else a slow send is taken for a dead one): short, but not that short.
    const jobs = { expireInSeconds: 8, retryDelay: 1 };

    // Accept the message with no worker running, then let go of the database for the worker process.
    let database = await open();
    const accepting = await buildTestApp({ database, env: { ...env, JOBS_ENABLED: 'false' } });
    const owner = await createAccount(accepting.deps, 'email-crash');
    // A database of its own: nothing queued by other files to discard.
    registerEmailJobs(accepting.deps, jobs);
    await accepting.deps.jobs.start();
    const { id } = await database.db
      .transaction()
      .execute((trx) => queueEmail(trx, accepting.deps, { organizationId: owner.organizationId, kind: 'one_to_one', to: 'crash@example.test', subject: 'Once', html: '<p>Once</p>', text: 'Once' }));
    await accepting.deps.jobs.stop();
    await database.close();

    // The server takes the message but never answers; the worker is killed while it waits.
    sink.holdNext();
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'email-worker-process.ts'), testDatabaseKind, location, JSON.stringify(jobs), JSON.stringify(env)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    onTestFinished(() => {
      child.kill('SIGKILL');
    });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    await sink.waitFor(1);
    child.kill('SIGKILL');
    await exited;

    // A new worker over the same database (its maintenance expires the dead worker's job).
    database = await open();
    onTestFinished(() => database.close());
    const restarted = await buildTestApp({ database, env });
    const queue = createJobQueue({ database, logger: restarted.deps.logger, pollIntervalMs: 50, maintenanceIntervalSeconds: 1 });
    const deps = { ...restarted.deps, jobs: queue };
    registerEmailJobs(deps, jobs);
    await queue.start();
    onTestFinished(async () => {
      await queue.stop({ timeoutMs: 3000 });
      await closeEmailTransport(deps);
    });

    const sent = await eventually(
      () => database.db.selectFrom('email_messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
      (row) => row.status === 'sent' || row.status === 'failed',
    );
    expect(sent).toMatchObject({ status: 'sent', attempts: 2 });
    expect(sink.messages.map((m) => m.messageId)).toEqual([sent.message_id, sent.message_id]);
    const events = await database.db.selectFrom('email_events').select(['type', 'detail']).where('email_message_id', '=', id).orderBy('created_at').execute();
    expect(events.map((e) => e.type)).toEqual(['queued', 'sending', 'retry', 'sending', 'sent']);
    expect(events[2]!.detail).toBe(INTERRUPTED_SEND);
  }, 120_000);
});
