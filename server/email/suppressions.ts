import { sql } from 'kysely';
import type { z } from 'zod';
import { recordAudit } from '../audit/service';
import { CSV_BOM, csvLine } from '../contacts/csv';
import type { Db } from '../db';
import { likePattern } from '../db/like';
import { scoped } from '../db/scoped';
import { DomainError } from '../errors';
import { actorOf } from '../kernel/caller';
import { actorIdOf, type OrgContext } from '../kernel/context';
import { decodePageCursor, encodePageCursor } from './paging';
import type { SuppressionReason, ZAddSuppressionInput, ZExportSuppressionsQuery, ZListSuppressionsInput, ZSuppressionIdInput } from './schema';

/**
 * The organization's suppression list: the addresses no marketing or one-to-one e-mail goes to
 * (queueEmail stores such a message `suppressed` and sends nothing). One row per address.
 */

/** The address's row after the call: `created` when it was not listed, `changed` when it was created or its reason strengthened. */
export type SuppressionRow = { id: string; address: string; reason: SuppressionReason; created: boolean; changed: boolean };

/**
 * Puts an address on the organization's suppression list — THE way every path does it: the
 * one-click unsubscribe, a hard bounce or complaint read by the inbound doors, an admin's manual
 * add. Run it in the caller's transaction. An address already listed keeps its row, except that
 * an `unsubscribed` row (the one reason the recipient may undo, by resubscribing) is overwritten
 * by any stronger reason, so resubscribing never lifts a bounce or a manual block.
 */
export async function suppressAddress(
  trx: Db,
  organizationId: string,
  address: string,
  reason: SuppressionReason,
  sourceMessageId: string | null = null,
  extra: { note?: string | null; createdBy?: string | null } = {},
): Promise<SuppressionRow> {
  const normalized = address.trim().toLowerCase();
  const inserted = await trx
    .insertInto('email_suppressions')
    .values({ organization_id: organizationId, address: normalized, reason, source_message_id: sourceMessageId, note: extra.note ?? null, created_by: extra.createdBy ?? null })
    .onConflict((oc) =>
      reason === 'unsubscribed'
        ? oc.columns(['organization_id', 'address']).doNothing()
        : oc
            .columns(['organization_id', 'address'])
            .doUpdateSet({ reason, source_message_id: sourceMessageId, note: extra.note ?? null, created_by: extra.createdBy ?? null, created_at: new Date() })
            .where('email_suppressions.reason', '=', 'unsubscribed'),
    )
    // xmax is 0 on a row this statement inserted (not on one it updated).
    .returning(['id', 'address', 'reason', sql<boolean>`xmax = 0`.as('inserted')])
    .executeTakeFirst();
  if (inserted) return { id: inserted.id, address: inserted.address, reason: inserted.reason, created: inserted.inserted, changed: true };
  const existing = await scoped(trx, organizationId).selectFrom('email_suppressions').select(['id', 'address', 'reason']).where('address', '=', normalized).executeTakeFirstOrThrow();
  return { ...existing, created: false, changed: false };
}

const COLUMNS = [
  'email_suppressions.id',
  'email_suppressions.address',
  'email_suppressions.reason',
  'email_suppressions.note',
  'email_suppressions.source_message_id',
  'email_suppressions.created_at',
] as const;

type Filters = { search?: string; reason?: SuppressionReason };

function listQuery(db: Db, organizationId: string, { search, reason }: Filters) {
  let query = scoped(db, organizationId)
    .selectFrom('email_suppressions')
    .leftJoin('users', 'users.id', 'email_suppressions.created_by')
    .select([...COLUMNS, 'users.id as creator_id', 'users.name as creator_name', 'users.email as creator_email']);
  if (search) query = query.where('email_suppressions.address', 'ilike', likePattern(search.toLowerCase()));
  if (reason) query = query.where('email_suppressions.reason', '=', reason);
  return query;
}

type ListedRow = Awaited<ReturnType<ReturnType<typeof listQuery>['execute']>>[number];

function toSuppression(row: ListedRow) {
  return {
    id: row.id,
    address: row.address,
    reason: row.reason,
    note: row.note,
    sourceMessageId: row.source_message_id,
    createdBy: row.creator_id ? { id: row.creator_id, name: row.creator_name || row.creator_email || '' } : null,
    createdAt: row.created_at.toISOString(),
  };
}

/** The list, newest first, a page at a time (keyset paging on created_at, id); `search` matches part of the address. */
export async function listSuppressions(ctx: Pick<OrgContext, 'db' | 'organizationId'>, input: z.output<typeof ZListSuppressionsInput>) {
  let query = listQuery(ctx.db, ctx.organizationId, input);
  if (input.cursor) {
    const after = decodePageCursor(input.cursor);
    query = query.where((eb) =>
      eb.or([eb('email_suppressions.created_at', '<', after.createdAt), eb.and([eb('email_suppressions.created_at', '=', after.createdAt), eb('email_suppressions.id', '<', after.id)])]),
    );
  }
  const rows = await query
    .orderBy('email_suppressions.created_at', 'desc')
    .orderBy('email_suppressions.id', 'desc')
    .limit(input.limit + 1)
    .execute();
  const page = rows.slice(0, input.limit);
  return { items: page.map(toSuppression), nextCursor: rows.length > input.limit ? encodePageCursor(page.at(-1)!) : null };
}

/** An admin's manual add (reason `manual`); an address already listed answers its row, unchanged unless it was only unsubscribed. */
export async function addSuppression(ctx: OrgContext, input: z.output<typeof ZAddSuppressionInput>) {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await suppressAddress(trx, ctx.organizationId, input.address, 'manual', null, { note: input.note ?? null, createdBy: actorIdOf(ctx) });
    if (row.changed) {
      await recordAudit(trx, {
        organizationId: ctx.organizationId,
        actor: actorOf(ctx.auth),
        action: 'email.suppression_added',
        target: { type: 'email_suppression', id: row.id },
        details: { address: row.address },
        meta: ctx.meta,
      });
    }
    return row;
  });
}

/** Takes an address off the list, whatever the reason (an admin's decision, recorded in the audit log). */
export async function removeSuppression(ctx: OrgContext, { id }: z.output<typeof ZSuppressionIdInput>) {
  return ctx.db.transaction().execute(async (trx) => {
    const removed = await scoped(trx, ctx.organizationId).deleteFrom('email_suppressions').where('id', '=', id).returning(['id', 'address', 'reason']).executeTakeFirst();
    if (!removed) throw new DomainError('NOT_FOUND', 'Suppressed address not found');
    await recordAudit(trx, {
      organizationId: ctx.organizationId,
      actor: actorOf(ctx.auth),
      action: 'email.suppression_removed',
      target: { type: 'email_suppression', id: removed.id },
      details: { address: removed.address, reason: removed.reason },
      meta: ctx.meta,
    });
    return { id: removed.id };
  });
}

/** The list (or its filtered part) as CSV, addresses in order; formula-looking cells are neutralized (contacts/csv.ts). Recorded in the audit log. */
export async function exportSuppressionsCsv(ctx: OrgContext, filters: z.output<typeof ZExportSuppressionsQuery>): Promise<{ filename: string; csv: string; total: number }> {
  const rows = await listQuery(ctx.db, ctx.organizationId, filters).orderBy('email_suppressions.address').execute();
  await recordAudit(ctx.db, {
    organizationId: ctx.organizationId,
    actor: actorOf(ctx.auth),
    action: 'email.suppressions_exported',
    details: { count: rows.length, filters },
    meta: ctx.meta,
  });
  const lines = rows.map((r) => csvLine([r.address, r.reason, r.note ?? '', r.source_message_id ?? '', r.creator_email ?? '', r.created_at.toISOString()]));
  const csv = CSV_BOM + csvLine(['Address', 'Reason', 'Note', 'Source Message', 'Added By', 'Added At']) + lines.join('');
  return { filename: `email-suppressions_${new Date().toISOString().slice(0, 10)}.csv`, csv, total: rows.length };
}
