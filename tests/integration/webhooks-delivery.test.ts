import { sql } from 'kysely';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { receiver, until, webhookApp } from './webhooks-helpers';

describe('outbound webhooks delivered from the event consumer', { timeout: 120_000 }, () => {
  it('signs each event per Standard Webhooks as a receiver verifies it; a test event and a redelivery reach the receiver and the log', async () => {
    const { api, db } = await webhookApp();
    const hook = await receiver();
    const endpoint = await api.webhooks.create({ url: hook.url, eventTypes: ['contact.created'] });
    expect(endpoint.secret).toMatch(/^whsec_/);
    expect((await api.webhooks.list()).items[0]).not.toHaveProperty('secret');

    const contact = await api.contacts.create({ firstName: 'Ada', email: 'ada@example.test' });
    await until(
      () => hook.received.length,
      (n) => n === 1,
    );
    const request = hook.received[0]!;
    const verified = new Webhook(endpoint.secret).verify(request.body, request.headers as Record<string, string>) as Record<string, unknown>;
    expect(verified).toMatchObject({ type: 'contact.created', apiVersion: '2026-11-28', data: { contactId: contact.id } });
    expect(request.headers['webhook-id']).toBe(verified.id);
    expect(verified.id).toMatch(/^evt_\d+$/);
    expect(() => new Webhook('whsec_' + Buffer.from('another secret of 32 bytes......').toString('base64')).verify(request.body, request.headers as Record<string, string>)).toThrow();

    const log = await until(
      () => api.webhooks.deliveries({ endpointId: endpoint.id }),
      (page) => page.items[0]?.state === 'delivered',
    );
    expect(log.items[0]).toMatchObject({ eventType: 'contact.created', attempts: 1, lastStatusCode: 200, log: [{ attempt: 1, statusCode: 200, responseExcerpt: 'ok' }] });

    const test = await api.webhooks.sendTest({ id: endpoint.id });
    await until(
      () => hook.received.length,
      (n) => n === 2,
    );
    expect(JSON.parse(hook.received[1]!.body)).toMatchObject({ type: 'webhook.test', data: { endpointId: endpoint.id } });
    await until(
      () => db.selectFrom('webhook_deliveries').select('state').where('id', '=', test.deliveryId).executeTakeFirstOrThrow(),
      (row) => row.state === 'delivered',
    );

    await api.webhooks.redeliver({ deliveryId: log.items[0]!.id });
    await until(
      () => hook.received.length,
      (n) => n === 3,
    );
    expect(hook.received[2]!.headers['webhook-id']).toBe(verified.id);
    const again = await until(
      () => api.webhooks.deliveries({ endpointId: endpoint.id }),
      (page) => page.items.find((d) => d.id === log.items[0]!.id)?.log.length === 2,
    );
    expect(again.items.find((d) => d.id === log.items[0]!.id)).toMatchObject({ state: 'delivered', attempts: 2 });
  });

  it('retries on 5xx and 429 (respecting Retry-After), then delivers; the log keeps each attempt', async () => {
    const { api, deliveries, attempt } = await webhookApp({ workers: false });
    const hook = await receiver([
      { status: 503, body: 'down for maintenance' },
      { status: 429, headers: { 'retry-after': '600' }, body: 'slow down' },
    ]);
    const endpoint = await api.webhooks.create({ url: hook.url, eventTypes: ['contact.created'] });
    await api.contacts.create({ firstName: 'Grace', email: 'grace@example.test' });
    const [delivery] = await until(
      () => deliveries(endpoint.id),
      (rows) => rows.length === 1,
    );
    await attempt(delivery!.id);
    let [row] = await deliveries(endpoint.id);
    expect(row).toMatchObject({ state: 'retrying', attempts: 1, last_status_code: 503 });
    await attempt(delivery!.id);
    [row] = await deliveries(endpoint.id);
    expect(row).toMatchObject({ state: 'retrying', attempts: 2, last_status_code: 429 });
    // Retry-After (600 s) beats the backoff (20 s).
    expect(row!.next_attempt_at.getTime() - Date.now()).toBeGreaterThan(500_000);
    await attempt(delivery!.id);
    [row] = await deliveries(endpoint.id);
    expect(row).toMatchObject({ state: 'delivered', attempts: 3, last_status_code: 200 });
    expect(hook.received.map((r) => r.headers['webhook-id'])).toEqual(Array(3).fill(row!.message_id));
    const log = await api.webhooks.deliveries({ endpointId: endpoint.id });
    expect(log.items[0]!.log.map((a) => [a.statusCode, a.responseExcerpt])).toEqual([
      [503, 'down for maintenance'],
      [429, 'slow down'],
      [200, 'ok'],
    ]);
  });

  it('after 24 hours of failures the endpoint is disabled, its admins are notified and it gets no more events', async () => {
    const { api, db, owner, deliveries, attempt } = await webhookApp({ workers: false });
    const hook = await receiver(Array.from({ length: 5 }, () => ({ status: 500 })));
    const endpoint = await api.webhooks.create({ url: hook.url, eventTypes: ['contact.created'] });
    await api.contacts.create({ firstName: 'Alan', email: 'alan@example.test' });
    const [delivery] = await until(
      () => deliveries(endpoint.id),
      (rows) => rows.length === 1,
    );
    await attempt(delivery!.id);
    expect((await deliveries(endpoint.id))[0]).toMatchObject({ state: 'retrying' });
    // The first attempt was a day ago: the next failure ends the retry window.
    await db
      .updateTable('webhook_deliveries')
      .set({ window_started_at: sql<Date>`now() - interval '25 hours'` })
      .where('id', '=', delivery!.id)
      .execute();
    await attempt(delivery!.id);
    expect((await deliveries(endpoint.id))[0]).toMatchObject({ state: 'failed', attempts: 2, last_status_code: 500 });
    const disabled = await api.webhooks.get({ id: endpoint.id });
    expect(disabled).toMatchObject({ enabled: false, disabledReason: expect.stringContaining('failed for 24 hours') });
    const notified = await db.selectFrom('notifications').select(['title', 'link']).where('user_id', '=', owner.userId).where('title', '=', 'Webhook endpoint disabled').execute();
    expect(notified).toEqual([{ title: 'Webhook endpoint disabled', link: '/settings/webhooks' }]);

    await api.contacts.create({ firstName: 'Joan', email: 'joan@example.test' });
    const last = await db.selectFrom('events').select('id').where('organization_id', '=', owner.organizationId).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    await until(
      () => db.selectFrom('event_consumers').select('last_event_id').where('name', '=', 'webhooks').executeTakeFirstOrThrow(),
      (c) => Number(c.last_event_id) >= Number(last.id),
    );
    expect(await deliveries(endpoint.id)).toHaveLength(1);
    // Enabled again by an admin, it receives the next events.
    expect(await api.webhooks.update({ id: endpoint.id, enabled: true })).toMatchObject({ enabled: true, disabledReason: null });
  });

  it('keeps each record in order: an update waits behind its create while the create is retried', async () => {
    const { api, deliveries, attempt } = await webhookApp({ workers: false });
    const hook = await receiver([{ status: 502 }]);
    const endpoint = await api.webhooks.create({ url: hook.url, eventTypes: ['contact.created', 'contact.updated'] });
    const contact = await api.contacts.create({ firstName: 'Ada', email: 'ada@example.test' });
    await api.contacts.update({ id: contact.id, firstName: 'Augusta' });
    const [created, updated] = await until(
      () => deliveries(endpoint.id),
      (rows) => rows.length === 2,
    );
    expect([created!.event_type, updated!.event_type]).toEqual(['contact.created', 'contact.updated']);
    await attempt(created!.id);
    expect((await deliveries(endpoint.id))[0]).toMatchObject({ state: 'retrying' });
    await attempt(updated!.id);
    expect((await deliveries(endpoint.id))[1]).toMatchObject({ state: 'pending', attempts: 0 });
    expect(hook.received).toHaveLength(1);
    await attempt(created!.id);
    await attempt(updated!.id);
    expect((await deliveries(endpoint.id)).map((d) => d.state)).toEqual(['delivered', 'delivered']);
    expect(hook.received.map((r) => JSON.parse(r.body).type)).toEqual(['contact.created', 'contact.created', 'contact.updated']);
  });

  it('signs with the old and the new secret during a rotation’s overlap; the old one alone after it', async () => {
    const { api, db, deliveries, attempt } = await webhookApp({ workers: false });
    const hook = await receiver();
    const endpoint = await api.webhooks.create({ url: hook.url, eventTypes: ['contact.created'] });
    const rotated = await api.webhooks.rotateSecret({ id: endpoint.id, overlapHours: 24 });
    expect(rotated.secret).not.toBe(endpoint.secret);
    expect(rotated.previousSecretExpiresAt).not.toBeNull();
    await api.contacts.create({ firstName: 'Ada', email: 'ada@example.test' });
    const [first] = await until(
      () => deliveries(endpoint.id),
      (rows) => rows.length === 1,
    );
    await attempt(first!.id);
    const request = hook.received[0]!;
    expect(String(request.headers['webhook-signature']).split(' ')).toHaveLength(2);
    for (const secret of [endpoint.secret, rotated.secret]) expect(new Webhook(secret).verify(request.body, request.headers as Record<string, string>)).toBeTruthy();

    await db
      .updateTable('webhook_endpoints')
      .set({ previous_secret_expires_at: sql<Date>`now() - interval '1 second'` })
      .where('id', '=', endpoint.id)
      .execute();
    await api.contacts.create({ firstName: 'Grace', email: 'grace@example.test' });
    const rows = await until(
      () => deliveries(endpoint.id),
      (r) => r.length === 2,
    );
    await attempt(rows[1]!.id);
    const later = hook.received[1]!;
    expect(new Webhook(rotated.secret).verify(later.body, later.headers as Record<string, string>)).toBeTruthy();
    expect(() => new Webhook(endpoint.secret).verify(later.body, later.headers as Record<string, string>)).toThrow();
  });
});
