import type { Db } from '../db';
import { scoped } from '../db/scoped';
import { backoffSeconds } from '../webhooks/deliver';
import { WEBHOOK_API_VERSION, type TWebhookEvent, type WebhookEventType } from '../webhooks/schema';
import { newSigningSecret } from '../webhooks/sender';

/**
 * The demo workspace's outbound webhook (issue #19): an endpoint that took new contacts and won deals
 * over the past days, with its delivery log (delivered at once, one delivered on its third attempt
 * after a timeout and a 503, one refused for good with a 400), then paused by a person. Paused, and at
 * a reserved `.example` host that resolves nowhere, it sends nothing on a fresh start: the consumer
 * fans events out to enabled endpoints only, and a redelivery to a disabled one is cancelled.
 */

const HOUR = 3_600_000;
const ENDPOINT_URL = 'https://hooks.demo-company.example/switchboard';

type Attempt = { statusCode: number | null; excerpt: string | null; error: string | null; durationMs: number };
const OK: Attempt = { statusCode: 200, excerpt: '{"received":true}', error: null, durationMs: 142 };

export async function seedDemoWebhooks(db: Db, organizationId: string, options: { ownerId: string; now?: Date }): Promise<void> {
  const now = options.now ?? new Date();
  const org = scoped(db, organizationId);
  const contacts = await org.selectFrom('contacts').select(['id', 'first_name', 'last_name', 'owner_id']).orderBy('created_at', 'desc').orderBy('id').limit(4).execute();
  const deals = await org.selectFrom('deals').select(['id', 'title', 'value_minor', 'currency', 'owner_id']).where('status', '=', 'won').orderBy('won_at', 'desc').orderBy('id').limit(2).execute();
  const pausedAt = new Date(now.getTime() - 6 * HOUR);
  const endpoint = await org
    .insertInto('webhook_endpoints', {
      url: ENDPOINT_URL,
      description: 'Data warehouse sync (paused)',
      event_types: JSON.stringify(['contact.created', 'deal.won'] satisfies WebhookEventType[]),
      // Paused by a person (no system reason): nothing is delivered until someone enables it.
      enabled: false,
      disabled_reason: null,
      secret: newSigningSecret(),
      created_by: options.ownerId,
      created_at: new Date(now.getTime() - 5 * 24 * HOUR),
      updated_at: pausedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  type Seeded = { type: WebhookEventType; recordKey: string; data: Record<string, unknown>; attempts: Attempt[] };
  const timeout: Attempt = { statusCode: null, excerpt: null, error: 'no answer within 10 s', durationMs: 10_000 };
  const unavailable: Attempt = { statusCode: 503, excerpt: '<html><body><h1>503 Service Unavailable</h1></body></html>', error: null, durationMs: 88 };
  const refused: Attempt = { statusCode: 400, excerpt: '{"error":"unknown field: ownerId"}', error: null, durationMs: 97 };
  const seeded: Seeded[] = [
    ...contacts.map((c, i) => ({
      type: 'contact.created' as const,
      recordKey: `contact:${c.id}`,
      data: { contactId: c.id, name: `${c.first_name} ${c.last_name}`.trim(), ownerId: c.owner_id },
      attempts: i === 1 ? [timeout, unavailable, OK] : [OK],
    })),
    ...deals.map((d, i) => ({
      type: 'deal.won' as const,
      recordKey: `deal:${d.id}`,
      data: { dealId: d.id, title: d.title, valueMinor: d.value_minor, currency: d.currency, ownerId: d.owner_id },
      attempts: i === 0 ? [refused] : [OK],
    })),
  ];

  for (const [n, event] of seeded.entries()) {
    const createdAt = new Date(pausedAt.getTime() - (seeded.length - n) * 7 * HOUR);
    // No outbox event stands behind these: ids below every real one keep (endpoint, event) free for real events.
    const eventId = -(n + 1);
    const messageId = `evt_demo_${n + 1}`;
    const payload: TWebhookEvent = { id: messageId, type: event.type, apiVersion: WEBHOOK_API_VERSION, createdAt: createdAt.toISOString(), data: event.data };
    // Each retry waits the real back-off after the attempt before it ended.
    const times: number[] = [];
    for (const i of event.attempts.keys()) times.push(i === 0 ? createdAt.getTime() + 400 : times[i - 1]! + event.attempts[i - 1]!.durationMs + backoffSeconds(i) * 1000);
    const last = event.attempts[event.attempts.length - 1]!;
    const delivered = last.statusCode === 200;
    const lastAt = new Date(times[times.length - 1]! + last.durationMs);
    const delivery = await org
      .insertInto('webhook_deliveries', {
        endpoint_id: endpoint.id,
        event_id: eventId,
        message_id: messageId,
        event_type: event.type,
        payload: JSON.stringify(payload),
        record_key: event.recordKey,
        state: delivered ? 'delivered' : 'failed',
        attempts: event.attempts.length,
        next_attempt_at: lastAt,
        window_started_at: new Date(times[0]!),
        last_status_code: last.statusCode,
        last_error: last.error ?? (delivered ? null : `answered ${last.statusCode}`),
        delivered_at: delivered ? lastAt : null,
        created_at: createdAt,
        updated_at: lastAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await org
      .insertInto(
        'webhook_delivery_attempts',
        event.attempts.map((a, i) => ({
          delivery_id: delivery.id,
          attempt: i + 1,
          request_headers: JSON.stringify({ 'webhook-id': messageId, 'webhook-timestamp': String(Math.floor(times[i]! / 1000)), 'webhook-signature': 'v1,…' }),
          status_code: a.statusCode,
          response_excerpt: a.excerpt,
          error: a.error,
          duration_ms: a.durationMs,
          created_at: new Date(times[i]! + a.durationMs),
        })),
      )
      .execute();
  }
}
