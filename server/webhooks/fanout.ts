import { sql } from 'kysely';
import type { Db } from '../db';
import { scoped } from '../db/scoped';
import type { AppDeps } from '../deps';
import type { EventType, RealtimeEvent } from '../events/types';
import { wakeDrains } from './deliver';
import { WEBHOOK_API_VERSION, WEBHOOK_EVENT_TYPES, type TWebhookEvent, type WebhookEventType } from './schema';

/** The outbox event types some public type comes from: what the consumer listens to. */
export const SOURCE_EVENTS = [...new Set(Object.values(WEBHOOK_EVENT_TYPES).map((t) => t.source))] as EventType[];

/** The public type of an outbox event (null when none maps to it, e.g. an e-mail still queued) and the record it is about. */
export function publicEventOf(event: Pick<RealtimeEvent, 'type' | 'payload'>): { type: WebhookEventType; recordKey: string } | null {
  for (const [name, rule] of Object.entries(WEBHOOK_EVENT_TYPES) as [WebhookEventType, (typeof WEBHOOK_EVENT_TYPES)[WebhookEventType]][]) {
    if (rule.source !== event.type) continue;
    if ('when' in rule && event.payload[rule.when[0]] !== rule.when[1]) continue;
    const [kind, field] = rule.record;
    // A change of many records is ordered behind its first one (a bulk edit after a create).
    const id = field.endsWith('[]') ? (event.payload[field.slice(0, -2)] as unknown[] | undefined)?.[0] : event.payload[field];
    return { type: name, recordKey: `${kind}:${typeof id === 'string' ? id : 'none'}` };
  }
  return null;
}

export const eventObject = (event: Pick<RealtimeEvent, 'id' | 'createdAt' | 'payload'>, type: string): TWebhookEvent => ({
  id: `evt_${event.id}`,
  type,
  apiVersion: WEBHOOK_API_VERSION,
  createdAt: event.createdAt,
  data: event.payload,
});

/**
 * The webhooks consumer's handler, in the transaction that moves its cursor: one delivery row per
 * enabled endpoint that wants the event, and a drain of each of those endpoints woken (one job
 * waits per endpoint however many events come) — all committed with the cursor.
 */
export async function fanOut(deps: AppDeps, event: RealtimeEvent, trx: Db): Promise<void> {
  const mapped = publicEventOf(event);
  if (!mapped) return;
  const body = eventObject(event, mapped.type);
  // One statement: a row for each enabled endpoint of the organization that wants this type. Each
  // delivery row holds its endpoint row (FOR KEY SHARE, by the foreign key) until commit, as wakeDrains asks.
  const wanting = scoped(trx, event.organizationId)
    .selectFrom('webhook_endpoints')
    .where('enabled', '=', true)
    .where(sql<boolean>`event_types ? ${mapped.type}`)
    .select((eb) => [
      'organization_id',
      eb.ref('id').as('endpoint_id'),
      sql<string>`${event.id}::bigint`.as('event_id'),
      sql<string>`${body.id}`.as('message_id'),
      sql<string>`${mapped.type}`.as('event_type'),
      sql<string>`${JSON.stringify(body)}::jsonb`.as('payload'),
      sql<string>`${mapped.recordKey}`.as('record_key'),
    ]);
  const rows = await trx
    .insertInto('webhook_deliveries')
    .columns(['organization_id', 'endpoint_id', 'event_id', 'message_id', 'event_type', 'payload', 'record_key'])
    .expression(wanting)
    .onConflict((oc) => oc.columns(['endpoint_id', 'event_id']).doNothing())
    .returning('endpoint_id')
    .execute();
  if (rows.length > 0)
    await wakeDrains(
      deps,
      trx,
      event.organizationId,
      rows.map((r) => r.endpoint_id),
    );
}
