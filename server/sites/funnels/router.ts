import { z } from 'zod';
import { permittedProcedure, router } from '../../trpc/init';
import {
  ZAddStepInput,
  ZAddVariantInput,
  ZCreateFunnelInput,
  ZDeclareWinnerInput,
  ZFunnelIdInput,
  ZFunnelStats,
  ZFunnelStatsInput,
  ZListFunnelsInput,
  ZMoveStepInput,
  ZRenameFunnelInput,
  ZSetWeightsInput,
  ZStepIdInput,
} from './schema';
import * as funnels from './service';

const ZId = z.strictObject({ id: z.uuid() });

/** tRPC `funnels` (mounted by the sites domain): thin doors over ./service.ts. */
export const funnelsRouter = router({
  list: permittedProcedure('sites:read')
    .input(ZListFunnelsInput)
    .query(({ ctx, input }) => funnels.listFunnels(ctx, input)),
  get: permittedProcedure('sites:read')
    .input(ZFunnelIdInput)
    .query(({ ctx, input }) => funnels.getFunnel(ctx, input)),
  create: permittedProcedure('sites:write')
    .input(ZCreateFunnelInput)
    .output(ZId)
    .mutation(({ ctx, input }) => funnels.createFunnel(ctx, input)),
  rename: permittedProcedure('sites:write')
    .input(ZRenameFunnelInput)
    .output(ZId)
    .mutation(({ ctx, input }) => funnels.renameFunnel(ctx, input)),
  remove: permittedProcedure('sites:write')
    .input(ZFunnelIdInput)
    .output(ZId)
    .mutation(({ ctx, input }) => funnels.removeFunnel(ctx, input)),
  addStep: permittedProcedure('sites:write')
    .input(ZAddStepInput)
    .output(ZId)
    .mutation(({ ctx, input }) => funnels.addStep(ctx, input)),
  moveStep: permittedProcedure('sites:write')
    .input(ZMoveStepInput)
    .output(ZId)
    .mutation(({ ctx, input }) => funnels.moveStep(ctx, input)),
  removeStep: permittedProcedure('sites:write')
    .input(ZStepIdInput)
    .output(ZId)
    .mutation(({ ctx, input }) => funnels.removeStep(ctx, input)),
  addVariant: permittedProcedure('sites:write')
    .input(ZAddVariantInput)
    .output(ZId)
    .mutation(({ ctx, input }) => funnels.addVariant(ctx, input)),
  setWeights: permittedProcedure('sites:write')
    .input(ZSetWeightsInput)
    .output(ZId)
    .mutation(({ ctx, input }) => funnels.setWeights(ctx, input)),
  declareWinner: permittedProcedure('sites:write')
    .input(ZDeclareWinnerInput)
    .output(ZId)
    .mutation(({ ctx, input }) => funnels.declareWinner(ctx, input)),
  publishAll: permittedProcedure('sites:write')
    .input(ZFunnelIdInput)
    .output(z.strictObject({ published: z.number().int() }))
    .mutation(({ ctx, input }) => funnels.publishAllPages(ctx, input)),
  stats: permittedProcedure('sites:read')
    .input(ZFunnelStatsInput)
    .output(ZFunnelStats)
    .query(({ ctx, input }) => funnels.stats(ctx, input)),
  statsCsv: permittedProcedure('sites:read')
    .input(ZFunnelStatsInput)
    .query(({ ctx, input }) => funnels.statsCsv(ctx, input)),
});
