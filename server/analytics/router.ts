import { permittedProcedure, router } from '../trpc/init';
import { ZCreateSpendInput, ZDashboardInput, ZDeleteSpendInput, ZInsightsInput, ZListSpendInput, ZPipelineAnalysisInput, ZReportInput, ZTrendsInput } from './schema';
import { getDashboard } from './dashboard';
import { getInsights } from './insights';
import { getPipelineAnalysis } from './pipeline';
import { getReport } from './reports';
import { createSpend, deleteSpend, listSpend } from './spend';
import { getTrends } from './trends';

export const analyticsRouter = router({
  dashboard: permittedProcedure('reports:read')
    .input(ZDashboardInput)
    .query(({ ctx, input }) => getDashboard(ctx, input)),
  pipelineAnalysis: permittedProcedure('reports:read')
    .input(ZPipelineAnalysisInput)
    .query(({ ctx, input }) => getPipelineAnalysis(ctx, input)),
  insights: permittedProcedure('reports:read')
    .input(ZInsightsInput)
    .query(({ ctx, input }) => getInsights(ctx, input)),
  trends: permittedProcedure('reports:read')
    .input(ZTrendsInput)
    .query(({ ctx, input }) => getTrends(ctx, input)),
  report: permittedProcedure('reports:read')
    .input(ZReportInput)
    .query(({ ctx, input }) => getReport(ctx, input)),
});

export const spendRouter = router({
  list: permittedProcedure('reports:read')
    .input(ZListSpendInput)
    .query(({ ctx, input }) => listSpend(ctx, input)),
  create: permittedProcedure('campaigns:write')
    .input(ZCreateSpendInput)
    .mutation(({ ctx, input }) => createSpend(ctx, input)),
  delete: permittedProcedure('campaigns:write')
    .input(ZDeleteSpendInput)
    .mutation(({ ctx, input }) => deleteSpend(ctx, input)),
});
