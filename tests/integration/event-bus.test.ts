import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db';
import { createEventBus, type EventBus } from '../../server/events/bus';
import type { RealtimeEvent } from '../../server/events/types';
import { createLogger } from '../../server/logging';
import { buildTestDeps, testConfig } from '../helpers/app';
import { getTestDatabase } from '../helpers/db';
import { createAccount } from '../helpers/factories';

/** Holds the loop as a socket write to a slow network would: a fan-out that cannot keep up. */
function busy(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

/**
 * The bus on the worker's database with the NOTIFY channel in the test's hands: `notify` is what
 * the database would call when an event commits, so a test decides when each event is heard of.
 */
async function busWithManualNotify(database: DatabaseHandle) {
  let onNotify: ((payload: string) => void) | undefined;
  const bus = createEventBus({
    database: { ...database, listen: async (_channel, fn) => ((onNotify = fn), async () => {}) },
    logger: createLogger(testConfig()),
  });
  await bus.start();
  return { bus, notify: (event: { id: number; organizationId: string }) => onNotify!(`${event.id}:${event.organizationId}`) };
}

describe('the event bus fan-out', () => {
  let database: DatabaseHandle;
  let organizations: [string, string];
  let bus: EventBus | undefined;

  beforeAll(async () => {
    database = await getTestDatabase();
    const deps = await buildTestDeps({ database });
    organizations = [(await createAccount(deps, 'bus-a')).organizationId, (await createAccount(deps, 'bus-b')).organizationId];
  });
  afterEach(() => bus?.stop());

  /** Event rows written without a NOTIFY: the test announces them. */
  const insertEvents = async (organizationId: string, n: number) =>
    (
      await database.db
        .insertInto('events')
        .values(Array.from({ length: n }, (_, i) => ({ organization_id: organizationId, type: 'contact_created' as const, payload: JSON.stringify({ name: `Burst ${i}` }), actor_user_id: null })))
        .returning('id')
        .execute()
    )
      .map((row) => ({ id: Number(row.id), organizationId }))
      .sort((a, b) => a.id - b.id);

  it('hands what arrives during a round to every listener in the next one, as one batch: each event once, in order', async () => {
    const [organizationId] = organizations;
    const manual = await busWithManualNotify(database);
    bus = manual.bus;
    const [first, ...later] = await insertEvents(organizationId, 5);
    const LISTENERS = 2000; // 20 turns of the event loop per round
    const calls: (readonly RealtimeEvent[])[][] = Array.from({ length: LISTENERS }, () => []);
    for (let i = 0; i < LISTENERS; i++) {
      bus.subscribe(organizationId, (batch) => {
        calls[i]!.push(batch);
        if (batch[0]!.id !== first!.id) return;
        busy(0.2);
        // The later events are heard of one by one, turns apart, while the first is still being handed out.
        const k = [100, 500, 900, 1300].indexOf(i);
        if (k >= 0) manual.notify(later[k]!);
      });
    }
    manual.notify(first!);

    await expect.poll(() => calls.every((c) => c.flat().length === 5), { timeout: 10_000 }).toBe(true);
    const allIds = [first!, ...later].map((e) => e.id);
    for (const c of calls) {
      expect(c.map((batch) => batch.map((e) => e.id))).toEqual([[first!.id], allIds.slice(1)]);
      // The very array every listener got: a stream serializes it once for all.
      expect(c[1]).toBe(calls[0]![1]);
    }
  });

  it("serves another organization's event between the turns of a large organization's round", async () => {
    const [large, small] = organizations;
    const manual = await busWithManualNotify(database);
    bus = manual.bus;
    const [bigEvent] = await insertEvents(large, 1);
    const [smallEvent] = await insertEvents(small, 1);
    let largeCalls = 0;
    let largeCallsWhenSmallServed: number | undefined;
    for (let i = 0; i < 1000; i++) {
      bus.subscribe(large, () => {
        largeCalls++;
        busy(0.2);
        if (i === 0) manual.notify(smallEvent!);
      });
    }
    bus.subscribe(small, () => (largeCallsWhenSmallServed = largeCalls));
    manual.notify(bigEvent!);

    await expect.poll(() => largeCalls === 1000 && largeCallsWhenSmallServed !== undefined, { timeout: 10_000 }).toBe(true);
    expect(largeCallsWhenSmallServed).toBeLessThan(1000);
  });
});
