import { z } from 'zod';

/** `lastEventId` is filled in by httpSubscriptionLink on reconnect (the id of the last tracked event). */
export const ZRealtimeEventsInput = z
  .object({
    lastEventId: z.union([z.string().regex(/^\d{0,15}$/), z.number().int().min(0)], { error: 'must be an event id' }).nullish(),
  })
  .optional();
export type TRealtimeEventsInput = z.input<typeof ZRealtimeEventsInput>;

export const EVENTS_KEPT = 100;
