import { publishEvent } from '../../../server/events/publish';
import type { Probe } from './types';

/** A delivery of one of A's events, parked by a consumer after its last attempt. */
export const probes: Record<string, Probe> = {
  'eventDeliveries.retry': async (deps, a) => {
    const db = deps.database.db;
    const eventId = await db.transaction().execute((trx) => publishEvent(trx, { organizationId: a.organizationId, type: 'contact_created', payload: {}, actorUserId: null }));
    await db
      .insertInto('event_consumers')
      .values({ name: 'probe-consumer', last_txid: 0, last_event_id: 0 })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    await db.insertInto('event_deliveries').values({ consumer: 'probe-consumer', event_id: eventId, organization_id: a.organizationId, state: 'parked', attempts: 5, last_error: 'probe' }).execute();
    return { consumer: 'probe-consumer', eventId };
  },
};
