import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it, onTestFinished } from 'vitest';
import { registerCampaignJobs } from '../../server/campaigns/jobs';
import { registerEmailJobs } from '../../server/email/jobs';
import { closeEmailTransport } from '../../server/email/transport';
import { startSmtpSink } from '../doubles/smtp';
import { createJobQueue } from '../../server/jobs/queue';
import { buildTestApp } from '../helpers/app';
import { crashDatabase } from '../helpers/crash-database';
import { killWorkerWhen } from '../helpers/crash-worker';
import { testDatabaseKind } from '../helpers/db';
import { browser, createAccount } from '../helpers/factories';
import { HTML, until } from './campaigns-helpers';

type State = 'pending' | 'queued' | 'sending' | 'sent' | 'suppressed';

describe('a worker process killed (SIGKILL) mid-campaign', () => {
  it('a new worker finishes it: each recipient gets exactly one message, and the campaign is sent only then', async () => {
    const { location, open } = await crashDatabase();
    // Two dispatch batches (500 rows each), sent into the SMTP sink at 100 a second: the kill lands mid-send.
    const total = 800;
    const sink = await startSmtpSink();
    onTestFinished(() => sink.close());
    const env = { SMTP_URL: sink.url, SMTP_MAX_RATE: '100', JOBS_POLL_MS: '50' };

    // Create and send the campaign with no worker running, then let go of the database.
    let database = await open();
    const accepting = await buildTestApp({ database, env: { JOBS_ENABLED: 'false' } });
    registerCampaignJobs(accepting.deps);
    registerEmailJobs(accepting.deps);
    await accepting.deps.jobs.start();
    const owner = await createAccount(accepting.deps, 'campaign-crash');
    const org = owner.organizationId;
    await sql`insert into contacts (organization_id, first_name, last_name, email, tags)
      select ${org}::uuid, 'R' || i, 'Crash', 'r' || i || '@example.test', array['crash'] from generate_series(1, ${total}) as i`.execute(database.db);
    const api = accepting.caller(browser(owner.cookie));
    const campaign = await api.campaigns.create({
      name: 'Crash',
      channel: 'email',
      audience: { match: 'all', conditions: [{ type: 'tag', tag: 'crash' }] },
      email: { subject: 'Hi {{firstName}}', content: HTML },
    });
    await api.campaigns.send({ id: campaign.id });
    await accepting.deps.jobs.stop();
    await database.close();

    // The worker process, killed once some messages are delivered and others are still to go.
    const atKill = await killWorkerWhen<State>(path.join(import.meta.dirname, 'campaign-worker-process.ts'), [testDatabaseKind, location, campaign.id, JSON.stringify(env)], (counts) => {
      const left = (counts.pending ?? 0) + (counts.queued ?? 0) + (counts.sending ?? 0);
      return (counts.sent ?? 0) > 0 && left > 0;
    });
    expect(atKill.sent ?? 0).toBeGreaterThan(0);
    expect((atKill.pending ?? 0) + (atKill.queued ?? 0) + (atKill.sending ?? 0)).toBeGreaterThan(0);

    // A new worker over the same database; the dead worker's jobs outlive their expiry (as they would after 300 s), so maintenance retries them now.
    database = await open();
    onTestFinished(() => database.close());
    const restarted = await buildTestApp({ database, env });
    const queue = createJobQueue({ database, logger: restarted.deps.logger, pollIntervalMs: 50, maintenanceIntervalSeconds: 1 });
    const deps = { ...restarted.deps, jobs: queue };
    registerCampaignJobs(deps);
    registerEmailJobs(deps);
    await sql`update pgboss.job set started_on = now() - interval '1 hour' where state = 'active'`.execute(database.db);
    await queue.start();
    onTestFinished(() => queue.stop({ timeoutMs: 3000 }));

    const status = () => database.db.selectFrom('campaigns').select(['status', 'finished_at']).where('id', '=', campaign.id).executeTakeFirstOrThrow();
    await until(status, (c) => c.status === 'sent', 240_000);

    // One row and one message per address, every message sent: nobody skipped, nobody twice. (A message
    // whose SMTP call the kill cut off is sent again with the same Message-ID, which the sink may hold twice.)
    const messages = await database.db
      .selectFrom('email_messages')
      .select(['to_address', 'status', (eb) => eb.fn.countAll<number>().as('copies')])
      .where('organization_id', '=', org)
      .groupBy(['to_address', 'status'])
      .execute();
    expect(messages).toHaveLength(total);
    expect(messages.every((m) => Number(m.copies) === 1 && m.status === 'sent')).toBe(true);
    expect(new Set(messages.map((m) => m.to_address)).size).toBe(total);
    const rows = await database.db
      .selectFrom('campaign_recipients')
      .select(['status', (eb) => eb.fn.countAll<number>().as('count'), (eb) => eb.fn.count<number>('email_message_id').distinct().as('messages')])
      .where('campaign_id', '=', campaign.id)
      .groupBy('status')
      .execute();
    expect(rows.map((r) => [r.status, Number(r.count), Number(r.messages)])).toEqual([['sent', total, total]]);
    const stats = await restarted.caller(browser(owner.cookie)).campaigns.stats({ id: campaign.id });
    expect(stats).toMatchObject({ recipients: total, byStatus: { sent: total } });
    const received = new Map<string, Set<string>>();
    // The owner's own account e-mail went through the sink too; the campaign's are to r<n>@example.test.
    for (const mail of sink.messages.filter((m) => /^r\d+@example\.test$/.test(m.envelope.to[0]!))) {
      const to = mail.envelope.to[0]!;
      received.set(to, (received.get(to) ?? new Set()).add(mail.messageId!));
    }
    expect(received.size).toBe(total);
    expect([...received.values()].every((ids) => ids.size === 1)).toBe(true);
    await queue.stop({ timeoutMs: 3000 });
    await closeEmailTransport(restarted.deps);
    // A fresh database, two processes and the restart take longer than most tests.
  }, 300_000);
});
