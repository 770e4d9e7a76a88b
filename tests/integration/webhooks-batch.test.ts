import { setTimeout as delay } from 'node:timers/promises';
import { sql } from 'kysely';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { drainEndpoint } from '../../server/webhooks/deliver';
import { receiver, until, webhookApp, type Answer } from './webhooks-helpers';

// An endpoint's deliveries go out in batches, side by side (server/webhooks/deliver.ts, decision 055).
describe('outbound webhooks drained per endpoint in batches', { timeout: 120_000 }, () => {
  it('settles each delivery of a batch by its own answer: one failing is retried, the others are delivered, each attempt logged', async () => {
    const { api, deliveries, attempt } = await webhookApp({ workers: false });
    const hook = await receiver(({ body }) => (JSON.parse(body).data.name.startsWith('Grace') ? { status: 503, body: 'not this one' } : { status: 200, body: 'ok' }));
    const endpoint = await api.webhooks.create({ url: hook.url, eventTypes: ['contact.created'] });
    for (const firstName of ['Ada', 'Grace', 'Alan']) await api.contacts.create({ firstName, email: `${firstName.toLowerCase()}@example.test` });
    const rows = await until(
      () => deliveries(endpoint.id),
      (r) => r.length === 3,
    );
    await attempt(rows[0]!.id);
    expect(hook.received).toHaveLength(3);
    for (const request of hook.received) expect(new Webhook(endpoint.secret).verify(request.body, request.headers as Record<string, string>)).toBeTruthy();
    const settled = await deliveries(endpoint.id);
    expect(settled.map((d) => [d.state, d.attempts, d.last_status_code])).toEqual([
      ['delivered', 1, 200],
      ['retrying', 1, 503],
      ['delivered', 1, 200],
    ]);
    expect(settled[1]!.last_error).toBe('answered 503');
    expect(settled[1]!.next_attempt_at.getTime()).toBeGreaterThan(Date.now());
    const log = await api.webhooks.deliveries({ endpointId: endpoint.id });
    expect(log.items.map((d) => d.log.map((a) => [a.attempt, a.statusCode, a.responseExcerpt]))).toEqual([[[1, 200, 'ok']], [[1, 503, 'not this one']], [[1, 200, 'ok']]]);
    expect(log.items[0]!.log[0]!.requestHeaders['webhook-signature']).toMatch(/^v1,…$/);
  });

  it('keeps each record in order while many records go out side by side', async () => {
    const { api } = await webhookApp();
    // Answers come back in a shuffled order, so sends of one batch overtake each other.
    const hook = await receiver(async () => {
      await delay(Math.random() * 20);
      return { status: 200 };
    });
    await api.webhooks.create({ url: hook.url, eventTypes: ['contact.created', 'contact.updated'] });
    const contacts = await Promise.all(Array.from({ length: 12 }, (_, i) => api.contacts.create({ firstName: `C${i}`, email: `c${i}@example.test` })));
    for (let round = 1; round <= 3; round++) await Promise.all(contacts.map((c) => api.contacts.update({ id: c.id, firstName: `C round ${round}` })));
    await until(
      () => hook.received.length,
      (n) => n === contacts.length * 4,
    );
    const perRecord = new Map<string, { type: string; id: number }[]>();
    for (const { body } of hook.received) {
      const event = JSON.parse(body) as { id: string; type: string; data: { contactId?: string; contactIds?: string[] } };
      const contactId = event.data.contactId ?? event.data.contactIds![0]!;
      perRecord.set(contactId, [...(perRecord.get(contactId) ?? []), { type: event.type, id: Number(event.id.slice('evt_'.length)) }]);
    }
    for (const contact of contacts) {
      const events = perRecord.get(contact.id)!;
      expect(events.map((e) => e.type)).toEqual(['contact.created', 'contact.updated', 'contact.updated', 'contact.updated']);
      expect(events.map((e) => e.id)).toEqual([...events.map((e) => e.id)].sort((a, b) => a - b));
    }
  });

  it('a batch whose worker died is taken over when its lease ends; the dead worker’s late answers change nothing', async () => {
    const { api, deps, db, owner, deliveries } = await webhookApp({ workers: false });
    // The first worker's requests hang until released; the second worker's are answered at once.
    const held: ((answer: Answer) => void)[] = [];
    const hook = await receiver(() => (held.length < 2 ? new Promise<Answer>((resolve) => held.push(resolve)) : { status: 200, body: 'ok' }));
    const endpoint = await api.webhooks.create({ url: hook.url, eventTypes: ['contact.created'] });
    for (const firstName of ['Ada', 'Grace']) await api.contacts.create({ firstName, email: `${firstName.toLowerCase()}@example.test` });
    await until(
      () => deliveries(endpoint.id),
      (r) => r.length === 2,
    );
    const data = { organizationId: owner.organizationId, endpointId: endpoint.id };
    const dead = drainEndpoint(deps, data);
    await until(
      () => held.length,
      (n) => n === 2,
    );
    expect((await deliveries(endpoint.id)).map((d) => [d.state, d.attempts])).toEqual([
      ['sending', 1],
      ['sending', 1],
    ]);
    // Under its lease another drain takes nothing; once the lease has run out, it takes both.
    await drainEndpoint(deps, data);
    expect(hook.received).toHaveLength(2);
    await db
      .updateTable('webhook_deliveries')
      .set({ next_attempt_at: sql<Date>`now() - interval '1 second'` })
      .where('endpoint_id', '=', endpoint.id)
      .execute();
    await drainEndpoint(deps, data);
    expect((await deliveries(endpoint.id)).map((d) => [d.state, d.attempts, d.last_status_code])).toEqual([
      ['delivered', 2, 200],
      ['delivered', 2, 200],
    ]);
    for (const release of held) release({ status: 500, body: 'too late' });
    await dead;
    expect((await deliveries(endpoint.id)).map((d) => [d.state, d.attempts, d.last_status_code])).toEqual([
      ['delivered', 2, 200],
      ['delivered', 2, 200],
    ]);
    const log = await api.webhooks.deliveries({ endpointId: endpoint.id });
    expect(log.items.map((d) => d.log.map((a) => [a.attempt, a.statusCode]))).toEqual([[[2, 200]], [[2, 200]]]);
  });
});
