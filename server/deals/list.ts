import { sql } from 'kysely';
import type { z } from 'zod';
import { requireContact } from '../contacts/lookup';
import type { StageKind } from '../db/schema';
import { likePattern, titleMatches } from '../db/like';
import { fieldError } from '../errors';
import type { OrgContext } from '../kernel/context';
import { ownerOnlyFilter } from '../organizations/members';
import { requirePipeline, requireStage, selectDeals, toDeal } from './repo';
import type { ZListDealsInput } from './schema';

export type DealFilters = { q?: string; ownerId?: string; closeFrom?: string; closeTo?: string };

/** The filtered deals query shared by the board, its sums and its conversion rates. */
export function filteredDeals(
  ctx: OrgContext,
  ownerOnly: string | null,
  filters: DealFilters & { pipelineId?: string; stageId?: string; status?: StageKind; contactId?: string; stalledDays?: number },
) {
  let query = selectDeals(ctx.db, ctx.organizationId);
  if (ownerOnly) query = query.where('deals.owner_id', '=', ownerOnly);
  if (filters.pipelineId) query = query.where('deals.pipeline_id', '=', filters.pipelineId);
  if (filters.stageId) query = query.where('deals.stage_id', '=', filters.stageId);
  if (filters.status) query = query.where('deals.status', '=', filters.status);
  if (filters.contactId) query = query.where('deals.contact_id', '=', filters.contactId);
  if (filters.ownerId) query = query.where('deals.owner_id', '=', filters.ownerId);
  if (filters.closeFrom) query = query.where('deals.expected_close_date', '>=', filters.closeFrom);
  if (filters.closeTo) query = query.where('deals.expected_close_date', '<=', filters.closeTo);
  if (filters.q) query = query.where('deals.title', 'ilike', likePattern(filters.q));
  if (filters.stalledDays) {
    query = query.where('deals.status', '=', 'open').where('deals.stage_changed_at', '<', new Date(Date.now() - filters.stalledDays * 86_400_000));
  }
  return query;
}

export function assertDateRange(from: string | undefined, to: string | undefined) {
  if (from && to && to < from) throw fieldError('closeTo', 'must be on or after closeFrom');
}

const SORT_COLUMNS = {
  title: 'deals.title',
  value: 'deals.value_minor',
  expectedCloseDate: 'deals.expected_close_date',
  createdAt: 'deals.created_at',
  updatedAt: 'deals.updated_at',
  stageChangedAt: 'deals.stage_changed_at',
  position: 'deals.position',
} as const;

/** The list view: filtered, sorted, paged. */
export async function listDeals(ctx: OrgContext, input: z.output<typeof ZListDealsInput>) {
  assertDateRange(input.closeFrom, input.closeTo);
  const { db, organizationId } = ctx;
  const ownerOnly = await ownerOnlyFilter(db, ctx.auth);
  if (input.pipelineId) await requirePipeline(db, organizationId, input.pipelineId);
  if (input.stageId) await requireStage(db, organizationId, input.stageId);
  if (input.contactId) await requireContact(db, organizationId, input.contactId, ownerOnly);
  const base = filteredDeals(ctx, ownerOnly, input);
  const column = SORT_COLUMNS[input.sortBy];
  const [rows, count] = await Promise.all([
    base
      .orderBy(sql.ref(column), (ob) => {
        const ordered = input.sortDir === 'asc' ? ob.asc() : ob.desc();
        // Deals without an expected close date come last either way.
        return input.sortBy === 'expectedCloseDate' ? ordered.nullsLast() : ordered;
      })
      .orderBy('deals.id', input.sortDir)
      .limit(input.limit)
      .offset((input.page - 1) * input.limit)
      .execute(),
    base
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map((r) => toDeal(r)), total: Number(count.n), page: input.page, limit: input.limit };
}

/**
 * The palette's search (issue #21): the first `limit` deals whose title matches what was typed, most
 * recently updated first as the list's default, uncounted; `ownerOnly` as `ownerOnlyFilter` answers.
 */
export async function dealsMatching(ctx: OrgContext, ownerOnly: string | null, q: string, limit: number) {
  const rows = await filteredDeals(ctx, ownerOnly, {})
    .where(titleMatches(sql.ref('deals.title'), q))
    .orderBy('deals.updated_at', 'desc')
    .orderBy('deals.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => toDeal(r));
}
