import { permittedProcedure, router } from '../trpc/init';
import { ZWebsiteReportInput } from './schema';
import { getWebsiteReport } from './service';

export const siteAnalyticsRouter = router({
  website: permittedProcedure('reports:read')
    .input(ZWebsiteReportInput)
    .query(({ ctx, input }) => getWebsiteReport(ctx, input)),
});
