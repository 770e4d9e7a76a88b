import { sql } from 'kysely';
import { scoped } from '../db/scoped';
import { DomainError } from '../errors';
import type { OrgContext } from '../kernel/context';
import { EVENT_DELIVERIES_SHOWN, type TEventDeliveryKey } from './schema';

type Ctx = Pick<OrgContext, 'db' | 'organizationId'>;

/**
 * The organization's event deliveries that need a person (server/events/consumers.ts): parked after
 * their last attempt, or still retrying. Deliveries 'waiting' behind another are not failures.
 */
export async function listEventDeliveries(ctx: Ctx) {
  const rows = await scoped(ctx.db, ctx.organizationId)
    .selectFrom('event_deliveries')
    .innerJoin('events', (join) => join.onRef('events.id', '=', 'event_deliveries.event_id').onRef('events.organization_id', '=', 'event_deliveries.organization_id'))
    .select([
      'event_deliveries.consumer',
      'event_deliveries.event_id',
      'event_deliveries.state',
      'event_deliveries.attempts',
      'event_deliveries.last_error',
      'event_deliveries.next_attempt_at',
      'event_deliveries.updated_at',
      'events.type',
      'events.created_at',
    ])
    .where('event_deliveries.state', 'in', ['parked', 'retrying'])
    .orderBy('event_deliveries.updated_at', 'desc')
    .orderBy('event_deliveries.event_id', 'desc')
    .limit(EVENT_DELIVERIES_SHOWN)
    .execute();
  return {
    items: rows.map((r) => ({
      consumer: r.consumer,
      eventId: Number(r.event_id),
      eventType: r.type,
      state: r.state as 'parked' | 'retrying',
      attempts: r.attempts,
      lastError: r.last_error,
      eventAt: r.created_at.toISOString(),
      failedAt: r.updated_at.toISOString(),
      nextAttemptAt: r.next_attempt_at?.toISOString() ?? null,
    })),
  };
}

/**
 * Puts a parked (or retrying) delivery back to be attempted now. It becomes its organization's
 * retrying event again, so the consumer takes it before that organization's later events; the
 * attempts it already had are kept, so a parked one that fails again is parked again.
 */
export async function retryEventDelivery(ctx: Ctx, key: TEventDeliveryKey) {
  const updated = await scoped(ctx.db, ctx.organizationId)
    .updateTable('event_deliveries')
    .set({ state: 'retrying', next_attempt_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
    .where('consumer', '=', key.consumer)
    .where('event_id', '=', key.eventId)
    .where('state', 'in', ['parked', 'retrying'])
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) throw new DomainError('NOT_FOUND', 'Event delivery not found (it may have been delivered already)');
  return { consumer: key.consumer, eventId: key.eventId };
}
