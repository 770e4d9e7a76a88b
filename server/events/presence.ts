import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db';
import type { Logger } from '../logging';
import { publishEvent } from './publish';

/** A connection not refreshed for this long belongs to a dead process. */
export const PRESENCE_STALE_MS = 45_000;
export const PRESENCE_HEARTBEAT_MS = 15_000;
export const EVENT_RETENTION_DAYS = 7;

export type Presence = ReturnType<typeof createPresence>;

/**
 * Who is online, from realtime connections: one row per connection, refreshed by one heartbeat per
 * process. user_joined is published when a user's first connection opens, user_left when the last
 * closes — or when a sweep finds only stale rows left (a process died), on any process.
 */
export function createPresence({ db, logger }: { db: Db; logger: Logger }) {
  const local = new Set<string>();
  let timer: NodeJS.Timeout | undefined;

  async function otherFresh(trx: Db, organizationId: string, userId: string, except?: string): Promise<boolean> {
    let query = trx
      .selectFrom('presence')
      .select('connection_id')
      .where('organization_id', '=', organizationId)
      .where('user_id', '=', userId)
      .where('last_seen_at', '>', new Date(Date.now() - PRESENCE_STALE_MS));
    if (except) query = query.where('connection_id', '!=', except);
    return Boolean(await query.limit(1).executeTakeFirst());
  }

  async function sweep(): Promise<void> {
    const stale = await db
      .deleteFrom('presence')
      .where('last_seen_at', '<=', new Date(Date.now() - PRESENCE_STALE_MS))
      .returning(['organization_id', 'user_id'])
      .execute();
    const seen = new Set<string>();
    for (const row of stale) {
      const key = `${row.organization_id}:${row.user_id}`;
      if (seen.has(key)) continue;
      seen.add(key);
      await db.transaction().execute(async (trx) => {
        if (!(await otherFresh(trx, row.organization_id, row.user_id))) {
          await publishEvent(trx, { organizationId: row.organization_id, type: 'user_left', payload: { userId: row.user_id }, actorUserId: row.user_id });
        }
      });
    }
    await db
      .deleteFrom('events')
      .where('created_at', '<', sql<Date>`now() - make_interval(days => ${EVENT_RETENTION_DAYS})`)
      .execute();
  }

  async function beat(): Promise<void> {
    if (local.size > 0)
      await db
        .updateTable('presence')
        .set({ last_seen_at: new Date() })
        .where('connection_id', 'in', [...local])
        .execute();
    await sweep();
  }

  return {
    start() {
      timer ??= setInterval(() => void beat().catch((err: unknown) => logger.warn({ err }, 'presence heartbeat failed')), PRESENCE_HEARTBEAT_MS);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      const ids = [...local];
      local.clear();
      if (ids.length)
        await db
          .deleteFrom('presence')
          .where('connection_id', 'in', ids)
          .execute()
          .catch(() => {});
    },
    /** Opens a connection's presence; returns the function that closes it. */
    async join(organizationId: string, userId: string): Promise<() => Promise<void>> {
      const connectionId = randomUUID();
      await db.transaction().execute(async (trx) => {
        const alreadyOnline = await otherFresh(trx, organizationId, userId);
        await trx.insertInto('presence').values({ connection_id: connectionId, organization_id: organizationId, user_id: userId }).execute();
        if (!alreadyOnline) await publishEvent(trx, { organizationId, type: 'user_joined', payload: { userId }, actorUserId: userId });
      });
      local.add(connectionId);
      return async () => {
        local.delete(connectionId);
        await db.transaction().execute(async (trx) => {
          const removed = await trx.deleteFrom('presence').where('connection_id', '=', connectionId).executeTakeFirst();
          if (Number(removed.numDeletedRows) > 0 && !(await otherFresh(trx, organizationId, userId))) {
            await publishEvent(trx, { organizationId, type: 'user_left', payload: { userId }, actorUserId: userId });
          }
        });
      };
    },
    /** Users online in the organization now. */
    async online(organizationId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('presence')
        .select('user_id')
        .distinct()
        .where('organization_id', '=', organizationId)
        .where('last_seen_at', '>', new Date(Date.now() - PRESENCE_STALE_MS))
        .execute();
      return rows.map((r) => r.user_id);
    },
    sweep,
    beat,
  };
}
