import { sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { z } from 'zod';
import { scoped } from '../db/scoped';
import { DomainError, unknownRecord } from '../errors';
import type { OrgContext } from '../kernel/context';
import { wakeDrains } from './deliver';
import { requireEndpoint } from './endpoints';
import type { TWebhookDelivery, TWebhookEvent, ZListDeliveriesInput, ZRedeliverInput } from './schema';

/** An endpoint's delivery log, newest first, each with its attempts (request headers, answer, duration). */
export async function listDeliveries(ctx: OrgContext, input: z.output<typeof ZListDeliveriesInput>) {
  await requireEndpoint(ctx.db, ctx.organizationId, input.endpointId);
  const org = scoped(ctx.db, ctx.organizationId);
  // The attempts come in the same statement as their delivery: read apart, a settle committing between
  // the two reads shows an attempt the delivery's state does not know of yet.
  let query = org
    .selectFrom('webhook_deliveries')
    .selectAll()
    .select((eb) => [
      jsonArrayFrom(
        // Correlated with the scoped delivery row, so the attempts are of this organization's deliveries.
        eb
          .selectFrom('webhook_delivery_attempts')
          .select(['attempt', 'request_headers', 'status_code', 'response_excerpt', 'error', 'duration_ms', 'created_at'])
          .whereRef('webhook_delivery_attempts.delivery_id', '=', 'webhook_deliveries.id')
          .whereRef('webhook_delivery_attempts.organization_id', '=', 'webhook_deliveries.organization_id')
          .orderBy('attempt'),
      ).as('attempt_log'),
    ])
    .where('endpoint_id', '=', input.endpointId);
  if (input.cursor) query = query.where('sequence', '<', input.cursor);
  const rows = await query
    .orderBy('sequence', 'desc')
    .limit(input.limit + 1)
    .execute();
  const page = rows.slice(0, input.limit);
  const items: TWebhookDelivery[] = page.map((r) => ({
    id: r.id,
    endpointId: r.endpoint_id,
    eventId: r.message_id,
    eventType: r.event_type,
    state: r.state,
    attempts: r.attempts,
    lastStatusCode: r.last_status_code,
    lastError: r.last_error,
    nextAttemptAt: r.state === 'pending' || r.state === 'retrying' ? r.next_attempt_at.toISOString() : null,
    deliveredAt: r.delivered_at?.toISOString() ?? null,
    createdAt: r.created_at.toISOString(),
    payload: r.payload as TWebhookEvent,
    log: r.attempt_log.map((a) => ({
      attempt: a.attempt,
      requestHeaders: a.request_headers,
      statusCode: a.status_code,
      responseExcerpt: a.response_excerpt,
      error: a.error,
      durationMs: a.duration_ms,
      // JSON carries the timestamp as Postgres's text; one format for every door.
      at: new Date(a.created_at).toISOString(),
    })),
  }));
  return { items, nextCursor: rows.length > input.limit ? page[page.length - 1]!.sequence : null };
}

/** Sends a delivery again now (same event id, so a receiver that had it drops the copy), with a new 24-hour retry window. */
export async function redeliver(ctx: OrgContext, input: z.output<typeof ZRedeliverInput>) {
  return ctx.db.transaction().execute(async (trx) => {
    const org = scoped(trx, ctx.organizationId);
    const delivery = await org.selectFrom('webhook_deliveries').select(['id', 'endpoint_id', 'state']).where('id', '=', input.deliveryId).executeTakeFirst();
    if (!delivery) throw unknownRecord('deliveryId', 'no such webhook delivery');
    // Held until commit, as wakeDrains asks: a waiting drain claims after this delivery is pending again.
    await org.selectFrom('webhook_endpoints').select('id').where('id', '=', delivery.endpoint_id).forKeyShare().execute();
    if (delivery.state === 'sending') throw new DomainError('CONFLICT', 'The delivery is being sent right now');
    await org
      .updateTable('webhook_deliveries')
      .set({ state: 'pending', next_attempt_at: sql<Date>`now()`, window_started_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
      .where('id', '=', delivery.id)
      .execute();
    await wakeDrains(ctx.deps, trx, ctx.organizationId, [delivery.endpoint_id]);
    return { deliveryId: delivery.id, state: 'pending' as const };
  });
}
