import { z } from 'zod';
import { DEAL_SORT_FIELDS, DEAL_STATUSES, type TDealBoardInput, type TListDealsInput } from '../../../../lib/deals-schema';

/**
 * The pipeline screen's place in the URL: pipeline, view, filters, and the list's sort and page —
 * so a reload, a shared link or Back shows the same deals. A value that breaks its rule is dropped.
 */
const optional = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);
const date = z.iso.date();

export const PIPELINE_VIEWS = ['board', 'list'] as const;
export type PipelineView = (typeof PIPELINE_VIEWS)[number];

export const ZPipelineSearch = z.object({
  view: optional(z.enum(PIPELINE_VIEWS)),
  pipelineId: optional(z.uuid()),
  q: optional(z.string().trim().min(1).max(200)),
  ownerId: optional(z.uuid()),
  closeFrom: optional(date),
  closeTo: optional(date),
  /** List view only. */
  stageId: optional(z.uuid()),
  status: optional(z.enum(DEAL_STATUSES)),
  /** Open deals with no stage change for more than this many days (the stalled-deals insight's link). */
  stalledDays: optional(z.coerce.number().int().min(1).max(3650)),
  sortBy: optional(z.enum(DEAL_SORT_FIELDS)),
  sortDir: optional(z.enum(['asc', 'desc'])),
  page: optional(z.number().int().min(1).max(100_000)),
});
export type PipelineSearch = z.infer<typeof ZPipelineSearch>;

export const LIST_PAGE_SIZE = 25;

/** The pipeline shown: the one in the URL when it still exists, else the organization's default. */
export function resolvePipeline<P extends { id: string; isDefault: boolean }>(search: PipelineSearch, pipelines: readonly P[]): P | undefined {
  return pipelines.find((p) => p.id === search.pipelineId) ?? pipelines.find((p) => p.isDefault) ?? pipelines[0];
}

/** The filters both views share (a date range given backwards is ignored rather than refused). */
function filters(search: PipelineSearch, pipelineId: string | undefined) {
  const backwards = search.closeFrom && search.closeTo && search.closeTo < search.closeFrom;
  return {
    pipelineId,
    q: search.q,
    ownerId: search.ownerId,
    closeFrom: backwards ? undefined : search.closeFrom,
    closeTo: backwards ? undefined : search.closeTo,
  };
}

/** The one input the loader ensures and the board reads (same input, same cache entry). */
export function boardInput(search: PipelineSearch, pipelineId: string | undefined): TDealBoardInput {
  return filters(search, pipelineId);
}

export function listInput(search: PipelineSearch, pipelineId: string | undefined): TListDealsInput {
  return {
    ...filters(search, pipelineId),
    stageId: search.stageId,
    status: search.status,
    stalledDays: search.stalledDays,
    sortBy: search.sortBy ?? 'updatedAt',
    sortDir: search.sortDir ?? 'desc',
    page: search.page ?? 1,
    limit: LIST_PAGE_SIZE,
  };
}

export const hasFilters = (search: PipelineSearch) => Boolean(search.q || search.ownerId || search.closeFrom || search.closeTo || search.stageId || search.status || search.stalledDays);
