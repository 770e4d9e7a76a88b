import { setTimeout as delay } from 'node:timers/promises';
import { sql } from 'kysely';
import { describe, expect, it, onTestFinished } from 'vitest';
import { KIT_FORWARD_JOB, registerLeadJobs } from '../../server/leads/jobs';
import { startKitDouble } from '../doubles/kit';
import { leadEmail, leadFormPayload, leadsWorld, shortPayload } from './leads-helpers';

/** A site owner world whose Kit settings point at a local double, with the job queue running (retries 1 s apart, doubling). */
async function kitWorld() {
  const kit = await startKitDouble();
  onTestFinished(() => kit.close());
  const world = await leadsWorld({ KIT_API_KEY: kit.apiKey, KIT_API_BASE_URL: kit.baseUrl, JOBS_POLL_MS: '100' });
  registerLeadJobs(world.deps, { retryDelaySeconds: 1 });
  await world.deps.jobs.start();
  onTestFinished(() => world.deps.jobs.stop({ timeoutMs: 2000 }));
  return { ...world, kit };
}
type KitWorld = Awaited<ReturnType<typeof kitWorld>>;

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms; last value: ${JSON.stringify(value)}`);
    await delay(50);
  }
}

async function deliveryOf(world: KitWorld, email: string) {
  return world.deps.database.db
    .selectFrom('integration_deliveries')
    .innerJoin('form_submissions', 'form_submissions.id', 'integration_deliveries.submission_id')
    .selectAll('integration_deliveries')
    .where('form_submissions.email', '=', email)
    .execute();
}

async function jobStates(world: KitWorld, deliveryId: string) {
  const { rows } = await sql<{ state: string }>`select state from pgboss.job where name = ${KIT_FORWARD_JOB} and data->>'deliveryId' = ${deliveryId}`.execute(world.deps.database.db);
  return rows.map((r) => r.state);
}

describe('forwarding leads to Kit', () => {
  it('sends the subscriber with its tags through the job queue and shows it delivered in the integrations log', async () => {
    const world = await kitWorld();
    const email = leadEmail('kit');
    expect((await world.post(leadFormPayload(email))).status).toBe(200);
    const [delivery] = await waitFor(
      () => deliveryOf(world, email),
      (rows) => rows[0]?.status === 'delivered',
    );
    expect(delivery).toMatchObject({ provider: 'kit', status: 'delivered', attempts: 1, last_error: null, organization_id: world.owner.organizationId });
    expect(world.kit.subscriber(email)).toMatchObject({ id: Number(delivery!.external_id), first_name: 'Ada', tags: ['enterprise', 'executive-demo'] });
    expect(world.kit.subscriberCalls(email).every((r) => r.apiKey === world.kit.apiKey)).toBe(true);

    const log = await world.api.leads.integrationLog();
    expect(log.kit).toEqual({ configured: true, baseUrl: world.kit.baseUrl });
    expect(log.deliveries).toContainEqual(expect.objectContaining({ id: delivery!.id, email, formId: 'enterprise-contact', status: 'delivered', attempts: 1, lastError: null }));
    expect((await world.api.leads.submissions({ formId: 'enterprise-contact' })).items[0]).toMatchObject({ email, kitStatus: 'delivered' });
  });

  it('retries after Kit answers 500, then delivers once', async () => {
    const world = await kitWorld();
    const email = leadEmail('kit-retry');
    world.kit.failSubscriber(email, 1);
    expect((await world.post(shortPayload(email))).status).toBe(200);
    const [delivery] = await waitFor(
      () => deliveryOf(world, email),
      (rows) => rows[0]?.status === 'delivered',
    );
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 2, last_error: null });
    expect(world.kit.subscriberCalls(email)).toHaveLength(2);
    expect(world.kit.subscriber(email)).toMatchObject({ tags: ['enterprise-demo', 'landing'] });
    // The delivery row commits inside the handler; the queue records the job's completion after it returns.
    expect(
      await waitFor(
        () => jobStates(world, delivery!.id),
        (states) => states.includes('completed'),
      ),
    ).toEqual(['completed']);
    expect(await deliveryOf(world, email)).toHaveLength(1);
  });

  it('keeps the lead when Kit is down for the whole test: the contact exists and the delivery waits for its retry', async () => {
    const world = await kitWorld();
    world.kit.setDown(true);
    const email = leadEmail('kit-down');
    expect((await world.post(shortPayload(email))).status).toBe(200);
    const contacts = await world.api.contacts.list({ q: email });
    expect(contacts.items.map((c) => c.email)).toEqual([email]);
    const [delivery] = await waitFor(
      () => deliveryOf(world, email),
      (rows) => (rows[0]?.attempts ?? 0) >= 1,
    );
    expect(delivery).toMatchObject({ status: 'retrying', delivered_at: null });
    expect(delivery!.last_error).toMatch(/^Kit could not be reached/);
    await waitFor(
      () => jobStates(world, delivery!.id),
      (states) => states[0] === 'retry' || states[0] === 'created',
    );
    expect(world.kit.subscriber(email)).toBeUndefined();
    const log = await world.api.leads.integrationLog();
    expect(log.deliveries).toContainEqual(expect.objectContaining({ email, status: 'retrying', lastError: expect.stringMatching(/^Kit could not be reached/) }));
  });
});
