import { tracked } from '@trpc/server';
import { orgProcedure, router } from '../trpc/init';
import { ZRealtimeEventsInput } from './schema';
import { organizationEvents } from './service';

export const realtimeRouter = router({
  /** Every event of the caller's organization that its role may see; resumable by event id. */
  events: orgProcedure.input(ZRealtimeEventsInput).subscription(async function* ({ ctx, input, signal }) {
    const last = input?.lastEventId;
    const lastEventId = last === null || last === undefined || last === '' ? null : Number(last);
    for await (const event of organizationEvents(ctx.deps, ctx.auth, Number.isFinite(lastEventId) ? lastEventId : null, signal)) {
      yield tracked(String(event.id), event);
    }
  }),
  /** Who is online in the organization now (user ids with names). */
  presence: orgProcedure.query(async ({ ctx }) => {
    const ids = await ctx.deps.presence.online(ctx.organizationId);
    if (ids.length === 0) return [];
    const users = await ctx.db.selectFrom('users').select(['id', 'name', 'email']).where('id', 'in', ids).orderBy('name').execute();
    return users;
  }),
});
