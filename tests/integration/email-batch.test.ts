import { setTimeout as delay } from 'node:timers/promises';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { registerTestEmailJobs } from '../helpers/email-jobs';
import { EMAIL_BATCH_MAX, type EmailStatus } from '../../server/email/schema';
import { closeEmailTransport } from '../../server/email/transport';
import { startSmtpSink } from '../doubles/smtp';
import { getTestDatabase } from '../helpers/db';
import { browser, createAccount, createKey } from '../helpers/factories';
import { checkedTestApp } from '../helpers/openapi';

// The worker's database is created and migrated once, under the hook timeout.
beforeAll(() => getTestDatabase());

/** The app sending into an in-process SMTP sink, its e-mail jobs running, an organization and an integrator's key. */
async function batchWorld() {
  const sink = await startSmtpSink();
  onTestFinished(() => sink.close());
  const { app, deps, caller } = await checkedTestApp({ env: { SMTP_URL: sink.url, JOBS_POLL_MS: '50' } });
  await registerTestEmailJobs(deps, { retryDelay: 1 });
  await deps.jobs.start();
  onTestFinished(async () => {
    await deps.jobs.stop({ timeoutMs: 3000 });
    await closeEmailTransport(deps);
  });
  const owner = await createAccount(deps, 'email-batch');
  const key = await createKey(deps, owner.organizationId, 'sales_rep');
  const post = (body: unknown) =>
    app.request('/api/v1/emails/batch', {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  return { deps, owner, sink, post, api: caller(browser(owner.cookie)) };
}

const addressOf = (label: string) => `${label}-${Math.random().toString(36).slice(2, 8)}@example.test`;

type Result = { index: number; id?: string; status?: EmailStatus; error?: { status: number; message: string; issues?: { path: string; message: string }[] } };

describe('POST /api/v1/emails/batch', () => {
  it('accepts each good item, refuses each bad one in its own result naming index and field, and the sink receives the accepted ones', async () => {
    const world = await batchWorld();
    const known = addressOf('known');
    const contact = await world.api.contacts.create({ firstName: 'Grace', lastName: 'Hopper', email: known });
    const dnc = await world.api.contacts.create({ firstName: 'Do', lastName: 'Not', email: addressOf('dnc') });
    await world.deps.database.db.updateTable('contacts').set({ dnc_email: true }).where('id', '=', dnc.id).execute();
    const suppressed = addressOf('suppressed');
    await world.deps.database.db.insertInto('email_suppressions').values({ organization_id: world.owner.organizationId, address: suppressed, reason: 'unsubscribed' }).execute();
    const plain = addressOf('plain');
    const res = await world.post({
      emails: [
        { to: plain, subject: 'Order {{order}}', text: 'Hello {{firstName|there}}, order {{order}} shipped.', variables: { order: '7' } },
        { to: 'nobody', subject: 'x', text: 'y' },
        { to: known, subject: 'Hi {{firstName}}', text: 'Hello {{firstName}}' },
        { to: suppressed, subject: 'x', text: 'y' },
        { to: dnc.id, subject: 'x', text: 'y' },
        { to: plain, subject: 'Order {{order}}', text: 'y' },
        { to: contact.id, subject: 'By id', text: 'Hello' },
      ],
    });
    expect(res.status).toBe(202);
    const { results } = (await res.json()) as { results: Result[] };
    expect(results.map((r) => r.index)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(results[0]).toEqual({ index: 0, id: expect.any(String), status: 'queued' });
    expect(results[1]).toEqual({
      index: 1,
      error: { status: 400, message: 'emails.1.to: must be an e-mail address or a contact id', issues: [{ path: 'emails.1.to', message: 'must be an e-mail address or a contact id' }] },
    });
    expect(results[2]).toMatchObject({ status: 'queued' });
    expect(results[3]).toMatchObject({ status: 'suppressed' });
    expect(results[4]).toMatchObject({ error: { status: 403, message: 'emails.4.to: is a contact marked do not e-mail' } });
    expect(results[5]).toMatchObject({ error: { status: 400, issues: [{ path: 'emails.5.variables.order' }] } });
    expect(results[6]).toMatchObject({ status: 'queued' });

    // The owner's sign-up sent its verification e-mail into the same sink.
    const sent = async () => (await world.sink.waitFor(1)).filter((m) => [plain, known].includes(m.envelope.to[0]!));
    while ((await sent()).length < 3) await delay(50);
    const mails = await sent();
    expect(mails.map((m) => m.envelope.to[0]).sort()).toEqual([plain, known, known].sort());
    expect(mails.find((m) => m.envelope.to[0] === plain)!.subject).toBe('Order 7');
    const row = await world.deps.database.db.selectFrom('email_messages').selectAll().where('id', '=', results[2]!.id!).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ contact_id: contact.id, to_name: 'Grace Hopper', subject: 'Hi Grace' });
    // The contact's timeline has both of its e-mails; the inbox a thread each.
    const timeline = await world.api.contacts.timeline({ id: contact.id });
    expect(
      timeline.items
        .filter((i) => i.type === 'email_out')
        .map((i) => (i.payload as { messageId: string }).messageId)
        .sort(),
    ).toEqual([results[2]!.id, results[6]!.id].sort());
    const threads = await world.deps.database.db.selectFrom('conversations').select('thread_id').where('organization_id', '=', world.owner.organizationId).where('channel', '=', 'email').execute();
    expect(threads.map((t) => t.thread_id).sort()).toEqual([results[0]!.id, results[2]!.id, results[3]!.id, results[6]!.id].sort());
    for (const id of [results[0]!.id!, results[2]!.id!, results[6]!.id!]) {
      for (;;) {
        const { status } = await world.deps.database.db.selectFrom('email_messages').select('status').where('id', '=', id).executeTakeFirstOrThrow();
        if (status === 'sent') break;
        await delay(50);
      }
    }
  });

  it('idempotency keys answer the first message, across requests and within a batch', async () => {
    const world = await batchWorld();
    const to = addressOf('idem');
    const first = (await (await world.post({ emails: [{ to, subject: 'x', text: 'y', idempotencyKey: 'k-1' }] })).json()) as { results: Result[] };
    const again = (await (
      await world.post({
        emails: [
          { to, subject: 'x', text: 'y', idempotencyKey: 'k-1' },
          { to, subject: 'x', text: 'y', idempotencyKey: 'k-2' },
          { to, subject: 'x', text: 'y', idempotencyKey: 'k-2' },
        ],
      })
    ).json()) as { results: Result[] };
    expect(again.results[0]!.id).toBe(first.results[0]!.id);
    expect(again.results[2]!.id).toBe(again.results[1]!.id);
    const rows = await world.deps.database.db.selectFrom('email_messages').select('id').where('organization_id', '=', world.owner.organizationId).execute();
    expect(rows).toHaveLength(2);
  });

  it('refuses the whole batch past its limits: more than the maximum of items (400 naming the rule), a body past 1 MB (413), not an array (400)', async () => {
    const world = await batchWorld();
    const item = { to: addressOf('many'), subject: 'x', text: 'y' };
    const many = await world.post({ emails: Array.from({ length: EMAIL_BATCH_MAX + 1 }, () => item) });
    expect(many.status).toBe(400);
    expect(await many.json()).toMatchObject({ message: `emails: must hold at most ${EMAIL_BATCH_MAX} e-mails (send more in several batches)` });
    const big = await world.post({ emails: [{ ...item, text: 'x'.repeat(100_000) }, ...Array.from({ length: 10 }, () => ({ ...item, text: 'x'.repeat(100_000) }))] });
    expect(big.status).toBe(413);
    const notArray = await world.post({ emails: 'all of them' });
    expect(notArray.status).toBe(400);
    expect(await notArray.json()).toMatchObject({ message: 'emails: must be an array of e-mails' });
    const empty = await world.post({ emails: [] });
    expect(empty.status).toBe(400);
    const stored = await world.deps.database.db.selectFrom('email_messages').select('id').where('organization_id', '=', world.owner.organizationId).execute();
    expect(stored).toEqual([]);
  });
});
