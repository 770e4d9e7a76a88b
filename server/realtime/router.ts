import { tracked } from '@trpc/server';
import { orgProcedure, router } from '../trpc/init';
import { frameOf } from './frame';
import { ZRealtimeEventsInput } from './schema';
import { onlineMembers, organizationEvents } from './service';

export const realtimeRouter = router({
  /** Every event of the caller's organization that its role may see, as its frame (what it makes stale, whether it notifies); resumable by event id. */
  events: orgProcedure.input(ZRealtimeEventsInput).subscription(async function* ({ ctx, input, signal }) {
    for await (const event of organizationEvents(ctx, input, signal)) yield tracked(String(event.id), frameOf(event));
  }),
  /** Who is online in the organization now (user ids with names). */
  presence: orgProcedure.query(({ ctx }) => onlineMembers(ctx)),
});
