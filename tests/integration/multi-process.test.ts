import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WAKE_JOB } from '../../server/automations/enroll';
import type { DatabaseHandle } from '../../server/db';
import { startSmtpSink, type SmtpSink } from '../doubles/smtp';
import { startTwilioDouble, twilioEnv, type TwilioDouble } from '../doubles/twilio';
import { freePort } from '../../scripts/lib/free-port';
import { openEventStream, postJson, startChildServer, waitUntilReady, httpRequest, type ChildServer } from '../helpers/child-server';
import { createTestDatabase, postgresUrlOf, testDatabaseKind } from '../helpers/db';
import { cookieFrom, PASSWORD, uniqueEmail } from '../helpers/factories';
import { startRoundRobinProxy, type RoundRobinProxy } from '../helpers/round-robin-proxy';

/** Polls until `read` answers something `done` accepts, or fails at the deadline with the last value. */
async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not after ${timeoutMs} ms; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const PEOPLE = [
  { first: 'Ada', email: 'ada-mp@example.test', phone: '+14155550171' },
  { first: 'Grace', email: 'grace-mp@example.test', phone: '+14155550172' },
  { first: 'Alan', email: 'alan-mp@example.test', phone: '+14155550173' },
  { first: 'Edsger', email: 'edsger-mp@example.test', phone: '+14155550174' },
];

// Web processes (JOBS_ENABLED=false) and a worker on one Postgres, as "Running past one machine" sets them up:
// two web processes behind a round-robin proxy and one worker, each a real `node server/index.ts`.
describe.skipIf(testDatabaseKind !== 'postgres')('several processes on one Postgres (runs in the integration:postgres project, with TEST_DATABASE_URL)', { timeout: 60_000 }, () => {
  let database: DatabaseHandle;
  let twilio: TwilioDouble;
  let smtp: SmtpSink;
  let proxy: RoundRobinProxy;
  let servers: ChildServer[] = [];
  let organizationId: string;
  let cookie: string;

  const headers = () => ({ cookie, origin: proxy.url });
  /** A tRPC mutation through the proxy, as the app's client sends it; `upstream` says which web process answered. */
  async function mutate<T>(path: string, input: unknown): Promise<{ data: T; upstream: string }> {
    const answer = await postJson(proxy.url, `/trpc/${path}`, input, headers());
    if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${answer.text}`);
    return { data: (JSON.parse(answer.text) as { result: { data: T } }).result.data, upstream: String(answer.headers['x-upstream']) };
  }

  beforeAll(async () => {
    // Migrated here once; each process then finds nothing to migrate.
    database = await createTestDatabase();
    [twilio, smtp] = await Promise.all([startTwilioDouble(), startSmtpSink()]);
    const [web1, web2, worker, proxyPort] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
    proxy = await startRoundRobinProxy([`http://127.0.0.1:${web1}`, `http://127.0.0.1:${web2}`], proxyPort);
    const env = {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATABASE_URL: postgresUrlOf(database),
      ROW_LEVEL_SECURITY: 'true',
      PUBLIC_URL: proxy.url,
      SMTP_URL: smtp.url,
      JOBS_POLL_MS: '100',
      ...twilioEnv(twilio),
    };
    servers = [startChildServer({ ...env, JOBS_ENABLED: 'false' }, web1), startChildServer({ ...env, JOBS_ENABLED: 'false' }, web2), startChildServer({ ...env, JOBS_ENABLED: 'true' }, worker)];
    await Promise.all(servers.map((server) => waitUntilReady(server, 60_000)));

    const signup = await postJson(proxy.url, '/api/auth/signup', { name: 'Ada Lovelace', email: uniqueEmail('multi'), password: PASSWORD, organizationName: 'Several Processes' });
    expect(signup.status, signup.text).toBe(201);
    cookie = cookieFrom([signup.headers['set-cookie'] ?? []].flat()[0]);
    organizationId = (JSON.parse(signup.text) as { organization: { id: string } }).organization.id;
  }, 120_000);

  afterAll(async () => {
    // Every process drains and exits 0 on SIGTERM.
    const codes = await Promise.all(servers.map((server) => server.stop()));
    await proxy?.close();
    await Promise.all([twilio?.close(), smtp?.close()]);
    await database?.close();
    expect(codes, servers.map((server) => server.output()).join('\n')).toEqual(servers.map(() => 0));
  }, 60_000);

  const contacts = () => database.db.selectFrom('contacts').select(['id', 'first_name', 'email', 'phone', 'tags']).where('organization_id', '=', organizationId).orderBy('first_name').execute();

  it('imports a CSV sent to a web process: the worker runs the import, and each row becomes one contact', async () => {
    const csv = ['First Name,Email,Phone,Tags', ...PEOPLE.map((p) => `${p.first},${p.email},${p.phone},mp`)].join('\n');
    const started = await mutate<{ id: string }>('imports.start', { csv, mapping: { 'First Name': 'firstName', Email: 'email', Phone: 'phone', Tags: 'tags' } });
    const done = await until(
      'the import completes',
      () => database.db.selectFrom('contact_imports').select(['status', 'processed_rows', 'total_rows']).where('id', '=', started.data.id).executeTakeFirstOrThrow(),
      (row) => row.status === 'completed' || row.status === 'failed',
    );
    expect(done).toEqual({ status: 'completed', processed_rows: 4, total_rows: 4 });
    expect((await contacts()).map((c) => [c.first_name, c.email, c.phone, c.tags])).toEqual([...PEOPLE].sort((a, b) => a.first.localeCompare(b.first)).map((p) => [p.first, p.email, p.phone, ['mp']]));
  });

  it('sends a bulk SMS: one request per number reaches the Twilio double', async () => {
    const answer = await postJson(proxy.url, '/api/sms/bulk-send', { recipients: PEOPLE.map((p) => p.phone), message: 'One each' }, headers());
    expect(answer.status, answer.text).toBe(200);
    const { batchId } = JSON.parse(answer.text) as { batchId: string };
    const rows = await until(
      'the batch is sent',
      () => database.db.selectFrom('sms_messages').select(['to_number', 'status']).where('batch_id', '=', batchId).execute(),
      (r) => r.length === PEOPLE.length && r.every((m) => m.status === 'sent' || m.status === 'delivered'),
    );
    expect(rows.map((r) => r.to_number).sort()).toEqual(PEOPLE.map((p) => p.phone).sort());
    expect(twilio.requests.map((r) => r.to).sort()).toEqual(PEOPLE.map((p) => p.phone).sort());
  });

  it('streams an event caused through one web process to a subscriber on the other', async () => {
    const stream = await openEventStream(`${proxy.url}/trpc/realtime.events?input=${encodeURIComponent('{}')}`, headers());
    try {
      await stream.until((text) => text.includes('event: connected'));
      const created = await mutate<{ id: string }>('contacts.create', { firstName: 'Rita', lastName: 'Realtime', email: 'rita-mp@example.test' });
      expect(created.upstream).not.toBe(stream.upstream);
      await stream.until((t) => t.includes(created.data.id));
      // Events stream in order: once a later one arrived, a duplicate of the first would have too.
      const later = await mutate<{ id: string }>('contacts.create', { firstName: 'Sam', lastName: 'Sentinel' });
      const text = await stream.until((t) => t.includes(later.data.id));
      expect(text.split('\n').filter((line) => line.startsWith('data:') && line.includes(created.data.id) && line.includes('"contact_created"'))).toHaveLength(1);
    } finally {
      await stream.close();
    }
  });

  it('runs an automation with a wait on the worker: enrolled once, woken once, its step done once', async () => {
    const workflow = await mutate<{ id: string }>('automations.create', { name: 'Follow up later' });
    const definition = {
      version: 1,
      triggers: [{ type: 'tag_added', config: { tag: 'follow-up' } }],
      steps: [
        { id: 'pause', type: 'wait', config: { amount: 1, unit: 'minutes' } },
        { id: 'after', type: 'add_tag', config: { tag: 'woke' } },
      ],
      edges: [
        { from: 'start', to: 'pause' },
        { from: 'pause', to: 'after' },
      ],
    };
    await mutate('automations.saveDraft', { id: workflow.data.id, definition });
    await mutate('automations.publish', { id: workflow.data.id });
    const ada = (await contacts()).find((c) => c.first_name === 'Ada')!;
    await mutate('contacts.update', { id: ada.id, tags: ['mp', 'follow-up'] });

    const runs = () => database.db.selectFrom('workflow_runs').select(['id', 'status']).where('workflow_id', '=', workflow.data.id).execute();
    const [waiting] = await until('the run waits', runs, (r) => r[0]?.status === 'waiting');
    // The minute passes: the timer and its wake-up job come due now.
    await database.db
      .updateTable('workflow_timers')
      .set({ due_at: new Date(Date.now() - 1000) })
      .where('run_id', '=', waiting!.id)
      .execute();
    await sql`update pgboss.job set start_after = now() where name = ${WAKE_JOB} and state = 'created'`.execute(database.db);

    await until('the run completes', runs, (r) => r[0]?.status === 'completed');
    expect(await runs()).toHaveLength(1);
    const steps = await database.db.selectFrom('workflow_run_steps').select(['step_id', 'outcome']).where('run_id', '=', waiting!.id).orderBy('created_at').execute();
    expect(steps.map((s) => [s.step_id, s.outcome])).toEqual([
      ['pause', 'waiting'],
      ['pause', 'done'],
      ['after', 'done'],
    ]);
    expect((await contacts()).find((c) => c.id === ada.id)!.tags).toEqual(['mp', 'follow-up', 'woke']);
  });

  it('sends an e-mail campaign to a segment: one message per contact at the SMTP server, and nothing else twice', async () => {
    const campaign = await mutate<{ id: string }>('campaigns.create', {
      name: 'Several processes',
      channel: 'email',
      audience: { match: 'all', conditions: [{ type: 'tag', tag: 'mp' }] },
      email: { subject: 'Hello {{firstName|you}}', content: { kind: 'html', html: '<p>Hi {{firstName|friend}}.</p>' } },
    });
    await mutate('campaigns.send', { id: campaign.data.id });
    await until(
      'the campaign is sent',
      () => database.db.selectFrom('campaigns').select('status').where('id', '=', campaign.data.id).executeTakeFirstOrThrow(),
      (row) => row.status === 'sent',
    );
    const addresses = new Set(PEOPLE.map((p) => p.email));
    const received = await until(
      'the SMTP server has the campaign',
      async () => smtp.messages.filter((m) => addresses.has(m.envelope.to.join())),
      (messages) => messages.length >= PEOPLE.length,
    );
    const marketing = await database.db
      .selectFrom('email_messages')
      .select(['to_address', 'subject'])
      .where('organization_id', '=', organizationId)
      .where('kind', '=', 'marketing')
      .orderBy('to_address')
      .execute();
    expect(marketing).toEqual([...PEOPLE].sort((a, b) => a.email.localeCompare(b.email)).map((p) => ({ to_address: p.email, subject: `Hello ${p.first}` })));
    expect(received.map((m) => m.envelope.to.join()).sort()).toEqual([...addresses].sort());
    // Every message the SMTP server got (the owner's account e-mail as well) went once.
    const recipients = smtp.messages.map((m) => `${m.envelope.to.join()} ${m.subject ?? ''}`);
    expect(new Set(recipients).size, recipients.join('\n')).toBe(recipients.length);

    // Still exactly once after everything else ran: no SMS sent again, no second run, no second import.
    expect(twilio.requests).toHaveLength(PEOPLE.length);
    expect(
      await database.db
        .selectFrom('contacts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('organization_id', '=', organizationId)
        .executeTakeFirstOrThrow(),
    ).toEqual({ n: PEOPLE.length + 2 });
    expect((await httpRequest(`${proxy.url}/api/health/ready`)).status).toBe(200);
  });
});
