import { ZDeletedRecord } from '../records/schema';
import { permittedProcedure, router } from '../trpc/init';
import * as pipelines from './pipelines';
import {
  ZDealDetail,
  ZDealPage,
  ZCreateDealInput,
  ZCreatePipelineInput,
  ZCreateStageInput,
  ZDealBoardInput,
  ZDealIdInput,
  ZDealTimelineInput,
  ZDeletePipelineInput,
  ZDeleteStageInput,
  ZListDealsInput,
  ZMoveDealInput,
  ZPipelineIdInput,
  ZPipelineList,
  ZPipelineRecord,
  ZReorderStagesInput,
  ZUpdateDealInput,
  ZUpdatePipelineInput,
  ZUpdateStageInput,
} from './schema';
import * as deals from './service';

export const pipelinesRouter = router({
  // Creates the default pipeline on first use (organizations older than pipelines): a write, so no read-only transaction.
  list: permittedProcedure('deals:read')
    .meta({ outsideReadTransaction: true })
    .output(ZPipelineList)
    .query(({ ctx }) => pipelines.listPipelines(ctx)),
  get: permittedProcedure('deals:read')
    .meta({ outsideReadTransaction: true })
    .input(ZPipelineIdInput)
    .output(ZPipelineRecord)
    .query(({ ctx, input }) => pipelines.getPipeline(ctx, input)),
  create: permittedProcedure('pipelines:manage')
    .input(ZCreatePipelineInput)
    .output(ZPipelineRecord)
    .mutation(({ ctx, input }) => pipelines.createPipeline(ctx, input)),
  update: permittedProcedure('pipelines:manage')
    .input(ZUpdatePipelineInput)
    .output(ZPipelineRecord)
    .mutation(({ ctx, input }) => pipelines.updatePipeline(ctx, input)),
  delete: permittedProcedure('pipelines:manage')
    .input(ZDeletePipelineInput)
    .output(ZDeletedRecord)
    .mutation(({ ctx, input }) => pipelines.deletePipeline(ctx, input)),
  createStage: permittedProcedure('pipelines:manage')
    .input(ZCreateStageInput)
    .output(ZPipelineRecord)
    .mutation(({ ctx, input }) => pipelines.createStage(ctx, input)),
  updateStage: permittedProcedure('pipelines:manage')
    .input(ZUpdateStageInput)
    .output(ZPipelineRecord)
    .mutation(({ ctx, input }) => pipelines.updateStage(ctx, input)),
  deleteStage: permittedProcedure('pipelines:manage')
    .input(ZDeleteStageInput)
    .output(ZPipelineRecord)
    .mutation(({ ctx, input }) => pipelines.deleteStage(ctx, input)),
  reorderStages: permittedProcedure('pipelines:manage')
    .input(ZReorderStagesInput)
    .output(ZPipelineRecord)
    .mutation(({ ctx, input }) => pipelines.reorderStages(ctx, input)),
});

export const dealsRouter = router({
  // The default pipeline, created on first use (see list).
  board: permittedProcedure('deals:read')
    .meta({ outsideReadTransaction: true })
    .input(ZDealBoardInput)
    .query(({ ctx, input }) => deals.dealBoard(ctx, input)),
  list: permittedProcedure('deals:read')
    .input(ZListDealsInput)
    .output(ZDealPage)
    .query(({ ctx, input }) => deals.listDeals(ctx, input)),
  get: permittedProcedure('deals:read')
    .input(ZDealIdInput)
    .output(ZDealDetail)
    .query(({ ctx, input }) => deals.getDeal(ctx, input)),
  timeline: permittedProcedure('deals:read')
    .input(ZDealTimelineInput)
    .query(({ ctx, input }) => deals.dealTimeline(ctx, input)),
  create: permittedProcedure('deals:write')
    .input(ZCreateDealInput)
    .output(ZDealDetail)
    .mutation(({ ctx, input }) => deals.createDeal(ctx, input)),
  update: permittedProcedure('deals:write')
    .input(ZUpdateDealInput)
    .output(ZDealDetail)
    .mutation(({ ctx, input }) => deals.updateDeal(ctx, input)),
  move: permittedProcedure('deals:write')
    .input(ZMoveDealInput)
    .mutation(({ ctx, input }) => deals.moveDeal(ctx, input)),
  delete: permittedProcedure('deals:write')
    .input(ZDealIdInput)
    .output(ZDeletedRecord)
    .mutation(({ ctx, input }) => deals.deleteDeal(ctx, input)),
});
