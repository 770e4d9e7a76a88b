import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createEventConsumers } from '../../server/events/consumers';
import { createLogger } from '../../server/logging';
import { buildTestApp } from '../helpers/app';
import { addMember, browser, createAccount } from '../helpers/factories';

const logger = createLogger({ logLevel: 'silent', nodeEnv: 'test' });
const MAX_ATTEMPTS = 3;

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`still ${JSON.stringify(value)}`);
    await delay(25);
  }
}

describe('event deliveries a person can see and retry', () => {
  it('parks an event whose consumer throws until its last attempt; the admin sees it, retries it and it is delivered; another organization cannot', async () => {
    // The worker's database: the consumer starts at the events committed from now on and handles A's only.
    const { deps, caller } = await buildTestApp();
    const { database } = deps;
    const a = await createAccount(deps, 'deliveries-a');
    const b = await createAccount(deps, 'deliveries-b');
    const apiA = caller(browser(a.cookie));
    const apiB = caller(browser(b.cookie));

    let failing = true;
    const attempts: { eventId: number; attempt: number }[] = [];
    const delivered: number[] = [];
    const consumers = createEventConsumers({ database, logger, pollIntervalMs: 20 });
    consumers.onEvent(
      'crm-webhook',
      'contact_created',
      (event, { attempt }) => {
        if (event.organizationId !== a.organizationId) return;
        attempts.push({ eventId: event.id, attempt });
        if (failing) throw new Error(`the CRM answered 502 (attempt ${attempt})`);
        delivered.push(event.id);
      },
      { maxAttempts: MAX_ATTEMPTS, retryDelaySeconds: 0.05 },
    );
    await consumers.start();
    onTestFinished(() => consumers.stop());

    const contact = await apiA.contacts.create({ firstName: 'Parked', lastName: 'Event' });
    const { items } = await until(
      () => apiA.eventDeliveries.list(),
      (list) => list.items.some((d) => d.state === 'parked'),
    );
    expect(items).toHaveLength(1);
    const parked = items[0]!;
    expect(parked).toMatchObject({
      consumer: 'crm-webhook',
      eventType: 'contact_created',
      state: 'parked',
      attempts: MAX_ATTEMPTS,
      lastError: 'the CRM answered 502 (attempt 3)',
      nextAttemptAt: null,
    });
    expect(attempts.map((x) => x.attempt)).toEqual([1, 2, 3]);
    const event = await database.db.selectFrom('events').select(['id', 'payload']).where('id', '=', parked.eventId).executeTakeFirstOrThrow();
    expect(event.payload).toMatchObject({ contactId: contact.id });

    // Another organization neither sees it nor retries it; a member without settings:manage is refused.
    expect((await apiB.eventDeliveries.list()).items).toEqual([]);
    await expect(apiB.eventDeliveries.retry({ consumer: parked.consumer, eventId: parked.eventId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const manager = await addMember(deps, a.organizationId, 'manager');
    await expect(caller(browser(manager.cookie)).eventDeliveries.list()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(caller(browser(manager.cookie)).eventDeliveries.retry({ consumer: parked.consumer, eventId: parked.eventId })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect((await database.db.selectFrom('event_deliveries').select('state').where('event_id', '=', parked.eventId).executeTakeFirstOrThrow()).state).toBe('parked');

    // The organization went on after parking it: a later event is delivered while the first stays parked.
    failing = false;
    await apiA.contacts.create({ firstName: 'Later', lastName: 'Event' });
    await until(
      async () => delivered.length,
      (n) => n === 1,
    );
    expect(delivered[0]).toBeGreaterThan(parked.eventId);

    // Retry: delivered now (one more attempt), and gone from the list.
    expect(await apiA.eventDeliveries.retry({ consumer: parked.consumer, eventId: parked.eventId })).toEqual({ consumer: 'crm-webhook', eventId: parked.eventId });
    await until(
      async () => delivered.length,
      (n) => n === 2,
    );
    expect(delivered[1]).toBe(parked.eventId);
    expect(attempts.filter((x) => x.eventId === parked.eventId).map((x) => x.attempt)).toEqual([1, 2, 3, 4]);
    // The handler has run; its delivery leaves the list when its transaction (the cursor's) commits, just after.
    await until(
      () => apiA.eventDeliveries.list(),
      (list) => list.items.length === 0,
    );
    await expect(apiA.eventDeliveries.retry({ consumer: parked.consumer, eventId: parked.eventId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  }, 60_000);

  it('names the field of a bad retry input', async () => {
    const { deps, caller } = await buildTestApp();
    const a = await createAccount(deps, 'deliveries-input');
    await expect(caller(browser(a.cookie)).eventDeliveries.retry({ consumer: 'crm-webhook', eventId: -1 } as never)).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('eventId'),
    });
  });
});
