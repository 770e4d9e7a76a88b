import { defineDomain } from '../kernel/domain';
import { realtimeRouter } from './router';

/** The realtime stream's own faster door (GET /trpc/realtime.events over SSE) is mounted by server/app.ts, before /trpc. */
export const realtimeDomain = defineDomain({ name: 'realtime', router: { realtime: realtimeRouter } });
