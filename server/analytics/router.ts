import { permittedProcedure, router } from '../trpc/init';
import { ZCreateSpendInput, ZDashboardInput, ZDeleteSpendInput, ZInsightsInput, ZListSpendInput, ZPipelineAnalysisInput, ZReportInput, ZTrendsInput } from './schema';
import * as analytics from './service';
import * as spend from './spend';

export const analyticsRouter = router({
  dashboard: permittedProcedure('reports:read')
    .input(ZDashboardInput)
    .query(({ ctx, input }) => analytics.getDashboard(ctx, input)),
  pipelineAnalysis: permittedProcedure('reports:read')
    .input(ZPipelineAnalysisInput)
    .query(({ ctx, input }) => analytics.getPipelineAnalysis(ctx, input)),
  insights: permittedProcedure('reports:read')
    .input(ZInsightsInput)
    .query(({ ctx, input }) => analytics.getInsights(ctx, input)),
  trends: permittedProcedure('reports:read')
    .input(ZTrendsInput)
    .query(({ ctx, input }) => analytics.getTrends(ctx, input)),
  report: permittedProcedure('reports:read')
    .input(ZReportInput)
    .query(({ ctx, input }) => analytics.getReport(ctx, input)),
});

export const spendRouter = router({
  list: permittedProcedure('reports:read')
    .input(ZListSpendInput)
    .query(({ ctx, input }) => spend.listSpend(ctx, input)),
  create: permittedProcedure('campaigns:write')
    .input(ZCreateSpendInput)
    .mutation(({ ctx, input }) => spend.createSpend(ctx, input)),
  delete: permittedProcedure('campaigns:write')
    .input(ZDeleteSpendInput)
    .mutation(({ ctx, input }) => spend.deleteSpend(ctx, input)),
});
