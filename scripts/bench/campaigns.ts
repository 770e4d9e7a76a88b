/**
 * Campaigns bench (issue #18): one e-mail campaign to BENCH_CAMPAIGNS_RECIPIENTS (default 100,000)
 * contacts, delivered by the real nodemailer transport into the in-process SMTP sink
 * (tests/doubles/smtp.ts; it counts what it accepts without parsing or keeping it, as a server
 * elsewhere would cost this process nothing), through the real services and jobs: `campaigns.send` (the audience
 * evaluated and copied into the outbox in one statement), the dispatch chain handing batches to the
 * e-mail channel's queue, and its send jobs. Per database (Postgres in a fresh sb_bench_campaigns
 * when BENCH_DATABASE_URL or DATABASE_URL is set; embedded PGlite in memory), it prints:
 * audience resolution and outbox time (target < 5 s), time until every row is queued, delivered
 * messages per second (target ≥ 500/s), the process's peak memory, and the report query's time
 * (target < 100 ms). Then an SMS campaign to BENCH_CAMPAIGNS_SMS_RECIPIENTS (default 10,000)
 * contacts through the Twilio double (tests/doubles/twilio.ts, the sender's rate lifted): queueing
 * time, messages accepted by the double per second, and the report query. Asserts nothing.
 * BENCH_DATABASE_NAME names the Postgres database (default sb_bench_campaigns; dropped and made afresh).
 */
import { sql } from 'kysely';
// The assembly installs the domains' permissions (permissionsFor) and the rules services read.
import '../../server/assembly';
import { registerCampaignJobs } from '../../server/campaigns/jobs';
import { campaignStats, createCampaign, sendCampaign } from '../../server/campaigns/service';
import { loadConfig } from '../../server/config';
import type { DatabaseHandle } from '../../server/db';
import { buildDeps, type AppDeps } from '../../server/deps';
import { registerEmailJobs } from '../../server/email/jobs';
import { createLogger } from '../../server/logging';
import { registerSmsJobs } from '../../server/sms/jobs';
import { startSmtpSink, type SmtpSink } from '../../tests/doubles/smtp';
import { startTwilioDouble, twilioEnv, type TwilioDouble } from '../../tests/doubles/twilio';
import { envNumber, loadLine, progress } from './lib/common';
import { figures, onEachDatabase } from './lib/runs';
import { benchOrganization } from './lib/world';
import { num, printTable } from './lib/table';

async function depsFor(database: DatabaseHandle, sink: SmtpSink, twilio: TwilioDouble): Promise<AppDeps> {
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    JOBS_POLL_MS: '50',
    SMTP_URL: sink.url,
    SMTP_MAX_RATE: process.env.SMTP_MAX_RATE ?? '10000',
    ...twilioEnv(twilio),
  });
  const deps = buildDeps({ config, database, logger: createLogger(config) });
  registerEmailJobs(deps);
  registerSmsJobs(deps);
  registerCampaignJobs(deps);
  await deps.jobs.start();
  return deps;
}

async function until(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 100));
}

async function benchDatabase(label: string, database: DatabaseHandle, count: number, smsCount: number): Promise<string[][]> {
  const sink = await startSmtpSink({ keep: false });
  const twilio = await startTwilioDouble();
  const { rows, record } = figures('campaigns');
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 200);
  try {
    const deps = await depsFor(database, sink, twilio);
    progress(`${label}: seeding ${num(count)} contacts ${loadLine('now')}`);
    const ctx = await benchOrganization(deps, { name: 'Campaigns bench', count, tag: 'bench', prefix: 'reader' });
    const draft = await createCampaign(ctx, {
      name: 'Bench',
      channel: 'email',
      audience: { match: 'all', conditions: [{ type: 'tag', tag: 'bench', negate: false }] },
      email: { subject: 'Hello {{firstName|there}}', content: { kind: 'html', html: '<p>Hi {{firstName|there}}, <a href="https://example.com/a">read on</a>.</p>' } },
    });
    const started = performance.now();
    await sendCampaign(ctx, { id: draft.id });
    record([label, `audience of ${num(count)} resolved into the outbox ${loadLine('at the end')}`, `${num(performance.now() - started)} ms`, '< 5,000 ms']);
    const pendingLeft = () =>
      ctx.db
        .selectFrom('campaign_recipients')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('campaign_id', '=', draft.id)
        .where('status', '=', 'pending')
        .executeTakeFirstOrThrow()
        .then((r) => r.n === 0);
    await until(pendingLeft);
    record([label, `every row handed to the e-mail queue ${loadLine('at the end')}`, `${num(performance.now() - started)} ms since send`, '—']);
    await sink.waitFor(count);
    const seconds = (performance.now() - started) / 1000;
    record([label, `delivered into the SMTP sink ${loadLine('at the end')}`, `${num(count / seconds, 0)} msg/s (${num(seconds, 1)} s)`, '≥ 500 msg/s']);
    const report = async (when: string) => {
      const reportStarted = performance.now();
      await campaignStats(ctx, { id: draft.id, conversionWindowDays: 30 });
      record([label, `report query (campaigns.stats) ${when}`, `${num(performance.now() - reportStarted)} ms`, '< 100 ms']);
    };
    await report('right after the last delivery');
    // As autovacuum would soon after (this machine's Postgres may run with it off): the planner's row counts brought up to date.
    await sql`analyze campaign_recipients, campaign_events, email_events, email_messages`.execute(deps.database.db);
    await report('once the tables are analyzed');
    record([label, 'peak memory of this process (RSS)', `${num(peak / 1_048_576, 0)} MB`, '—']);
    if (smsCount > 0) await benchSms(label, deps, twilio, smsCount, record);
    await deps.jobs.stop();
  } finally {
    clearInterval(sampler);
    await sink.close();
    await twilio.close();
  }
  return rows;
}

/** An SMS campaign to `count` contacts with distinct US numbers, through the SMS service into the Twilio double. */
async function benchSms(label: string, deps: AppDeps, twilio: TwilioDouble, count: number, record: (row: string[]) => void) {
  progress(`${label}: seeding ${num(count)} SMS contacts ${loadLine('now')}`);
  const ctx = await benchOrganization(deps, { name: 'Campaigns SMS bench', count, tag: 'sms-bench', prefix: 'texter' });
  await sql`update contacts set phone = '+1415' || (2000000 + last_name::int)::text where organization_id = ${ctx.organizationId}`.execute(deps.database.db);
  const draft = await createCampaign(ctx, {
    name: 'SMS bench',
    channel: 'sms',
    audience: { match: 'all', conditions: [{ type: 'tag', tag: 'sms-bench', negate: false }] },
    sms: { body: 'Hi {{firstName|there}}, spring sale this week. Reply STOP to opt out.' },
  });
  const before = twilio.messages.length;
  const started = performance.now();
  await sendCampaign(ctx, { id: draft.id });
  record([label, `SMS audience of ${num(count)} resolved into the outbox ${loadLine('at the end')}`, `${num(performance.now() - started)} ms`, '—']);
  await twilio.waitForMessages(before + count);
  const seconds = (performance.now() - started) / 1000;
  record([label, `SMS accepted by the Twilio double (sender rate lifted) ${loadLine('at the end')}`, `${num(count / seconds, 0)} msg/s (${num(seconds, 1)} s)`, '—']);
  const reportStarted = performance.now();
  await campaignStats(ctx, { id: draft.id, conversionWindowDays: 30 });
  record([label, 'SMS report query (campaigns.stats)', `${num(performance.now() - reportStarted)} ms`, '< 100 ms']);
}

export async function run(): Promise<void> {
  const count = envNumber('BENCH_CAMPAIGNS_RECIPIENTS', 100_000, { whole: true });
  const smsCount = envNumber('BENCH_CAMPAIGNS_SMS_RECIPIENTS', 10_000, { whole: true });
  console.log(`\n[campaigns] ${loadLine('at start')}`);
  const rows = await onEachDatabase('campaigns', ({ label, database }) => benchDatabase(label, database, count, smsCount));
  printTable('Campaigns (an e-mail campaign into the in-process SMTP sink, an SMS campaign into the Twilio double)', ['database', 'case', 'figure', 'target'], rows, 2);
}
