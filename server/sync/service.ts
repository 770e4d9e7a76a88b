import { sql } from 'kysely';
import type { z } from 'zod';
import { scoped } from '../db/scoped';
import { DomainError } from '../errors';
import type { OrgContext } from '../kernel/context';
import type { Permission } from '../kernel/permissions';
import { SYNCED_RESOURCES, type ZDeletedRecordsInput } from './schema';

type Position = { txid: string; id: string };

const READ_PERMISSION: Record<(typeof SYNCED_RESOURCES)[number], Permission> = {
  contacts: 'contacts:read',
  deals: 'deals:read',
  tasks: 'tasks:read',
  appointments: 'appointments:read',
};

/** Rows written by transactions still running have a txid at or above this: the feed stops below it. */
const horizon = sql<string>`pg_snapshot_xmin(pg_current_snapshot())::text::bigint`;

const encode = (at: Position) => Buffer.from(JSON.stringify({ t: at.txid, i: at.id })).toString('base64url');

function decode(raw: string): Position {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    value = undefined;
  }
  const { t, i } = (value ?? {}) as { t?: unknown; i?: unknown };
  const whole = (v: unknown): v is string => typeof v === 'string' && /^\d{1,18}$/.test(v);
  if (!whole(t) || !whole(i)) throw new DomainError('VALIDATION', 'cursor: is not a valid cursor', { issues: [{ path: 'cursor', message: 'is not a valid cursor' }] });
  return { txid: t, id: i };
}

/**
 * The contacts, deals, tasks and appointments deleted in the organization, oldest first, after the
 * cursor (kept 90 days). Read in (transaction, row) order and only below the oldest running
 * transaction, so a deletion that commits after a reader's visit is still ahead of its cursor —
 * the outbox consumers' rule (server/events/consumers.ts). Only the kinds the caller may read.
 */
export async function deletedRecords(ctx: OrgContext, input: z.output<typeof ZDeletedRecordsInput>) {
  const readable = SYNCED_RESOURCES.filter((r) => ctx.auth.permissions.includes(READ_PERMISSION[r]));
  if (input.resource && !readable.includes(input.resource)) throw new DomainError('FORBIDDEN', `resource: you may not read ${input.resource}`);
  const kinds = input.resource ? [input.resource] : readable;
  const after = input.cursor ? decode(input.cursor) : { txid: '0', id: '0' };
  // The horizon first: every transaction below it had finished then, so a later statement sees all its
  // rows (a read's statements may each be a transaction of their own, decision 033).
  const { edge } = await ctx.db.selectNoFrom(horizon.as('edge')).executeTakeFirstOrThrow();
  const rows =
    kinds.length === 0
      ? []
      : await scoped(ctx.db, ctx.organizationId)
          .selectFrom('deleted_records')
          .select(['id', 'txid', 'resource', 'record_id', 'deleted_at'])
          .where('resource', 'in', kinds)
          .where(sql<boolean>`(txid, id) > (${after.txid}::bigint, ${after.id}::bigint)`)
          .where('txid', '<', sql<string>`${edge}::bigint`)
          .orderBy('txid')
          .orderBy('id')
          .limit(input.limit + 1)
          .execute();
  const items = rows.slice(0, input.limit);
  const last = items.at(-1);
  // With nothing new, the cursor still moves up to the last finished transaction (which wrote nothing
  // beyond it), so the next visit starts past what is settled.
  const next = last ? { txid: String(last.txid), id: String(last.id) } : later(after, { txid: String(BigInt(edge) - 1n), id: '0' });
  return {
    items: items.map((r) => ({ resource: r.resource, id: r.record_id, deletedAt: r.deleted_at.toISOString() })),
    nextCursor: encode(next),
    hasMore: rows.length > input.limit,
  };
}

function later(a: Position, b: Position): Position {
  const ta = BigInt(a.txid);
  const tb = BigInt(b.txid);
  return ta > tb || (ta === tb && BigInt(a.id) >= BigInt(b.id)) ? a : b;
}
