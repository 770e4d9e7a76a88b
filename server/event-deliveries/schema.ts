import { z } from 'zod';
import { ZAnswerInstant } from '../records/schema';

/** Which delivery: a consumer's name and the event's id (event_deliveries' key). */
export const ZEventDeliveryKey = z.strictObject({
  consumer: z.string().min(1, 'is required').max(200, 'must be at most 200 characters'),
  eventId: z.number({ error: 'must be an event id' }).int('must be an event id').positive('must be an event id'),
});
export type TEventDeliveryKey = z.infer<typeof ZEventDeliveryKey>;

/** A delivery a person may look at: parked after its last attempt, or retrying with backoff. */
export const ZEventDeliveryRecord = z.strictObject({
  consumer: z.string(),
  eventId: z.number().int(),
  eventType: z.string(),
  state: z.enum(['parked', 'retrying']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  eventAt: ZAnswerInstant.meta({ description: 'When the event happened' }),
  failedAt: ZAnswerInstant.meta({ description: 'When its delivery last changed (its last failure, or a retry asked for)' }),
  nextAttemptAt: ZAnswerInstant.nullable(),
});

export const ZEventDeliveryList = z.strictObject({ items: z.array(ZEventDeliveryRecord) });

/** How many deliveries the screen shows, newest first (each is one consumer's problem to fix, not a log). */
export const EVENT_DELIVERIES_SHOWN = 100;
