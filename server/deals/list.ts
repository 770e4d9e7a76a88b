import { sql } from 'kysely';
import type { z } from 'zod';
import { requireContact } from '../contacts/lookup';
import { keysetPage, orderByKeys, pageQuery, type SortKey } from '../db/keyset';
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

/**
 * The keys of each sort (keyset paging, server/db/keyset.ts). Deals without an expected close date
 * come last either way.
 */
function sortKeys(sortBy: z.output<typeof ZListDealsInput>['sortBy'], dir: 'asc' | 'desc'): SortKey[] {
  const id: SortKey = { expr: sql`deals.id`, type: 'uuid', dir };
  switch (sortBy) {
    case 'title':
      return [{ expr: sql`deals.title`, type: 'text', dir }, id];
    case 'value':
      return [{ expr: sql`deals.value_minor`, type: 'bigint', dir }, id];
    case 'expectedCloseDate':
      return [{ expr: sql`(deals.expected_close_date is null)`, type: 'boolean', dir: 'asc' }, { expr: sql`coalesce(deals.expected_close_date, date '2000-01-01')`, type: 'date', dir }, id];
    case 'createdAt':
      return [{ expr: sql`deals.created_at`, type: 'timestamptz', dir }, id];
    case 'updatedAt':
      return [{ expr: sql`deals.updated_at`, type: 'timestamptz', dir }, id];
    case 'stageChangedAt':
      return [{ expr: sql`deals.stage_changed_at`, type: 'timestamptz', dir }, id];
    case 'position':
      return [{ expr: sql`deals.position`, type: 'integer', dir }, id];
  }
}

/** The list view: filtered, sorted, paged by number or by cursor. */
export async function listDeals(ctx: OrgContext, input: z.output<typeof ZListDealsInput>) {
  assertDateRange(input.closeFrom, input.closeTo);
  const { db, organizationId } = ctx;
  const ownerOnly = await ownerOnlyFilter(db, ctx.auth);
  if (input.pipelineId) await requirePipeline(db, organizationId, input.pipelineId);
  if (input.stageId) await requireStage(db, organizationId, input.stageId);
  if (input.contactId) await requireContact(db, organizationId, input.contactId, ownerOnly);
  let base = filteredDeals(ctx, ownerOnly, input);
  if (input.updatedAfter) base = base.where('deals.updated_at', '>', new Date(input.updatedAfter));
  const keys = sortKeys(input.sortBy, input.sortDir);
  const page = pageQuery(base, keys, { ...input, sort: input.sortBy, dir: input.sortDir });
  const [rows, count] = await Promise.all([
    page.execute(),
    base
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  const { items, nextCursor } = keysetPage(rows, input.limit, input.sortBy, input.sortDir);
  return { items: items.map((r) => toDeal(r)), total: Number(count.n), page: input.cursor ? null : input.page, limit: input.limit, nextCursor };
}

/**
 * The palette's search (issue #21): the first `limit` deals whose title matches what was typed, most
 * recently updated first as the list's default, uncounted; `ownerOnly` as `ownerOnlyFilter` answers.
 */
export async function dealsMatching(ctx: OrgContext, ownerOnly: string | null, q: string, limit: number) {
  const rows = await filteredDeals(ctx, ownerOnly, {})
    .where(titleMatches(sql.ref('deals.title'), q))
    .orderBy(orderByKeys(sortKeys('updatedAt', 'desc')))
    .limit(limit)
    .execute();
  return rows.map((r) => toDeal(r));
}
