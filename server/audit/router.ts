import { ZListAuditInput } from './schema';
import { permittedProcedure, router } from '../trpc/init';
import { listAudit } from './service';

export const auditRouter = router({
  list: permittedProcedure('audit:read')
    .input(ZListAuditInput)
    .query(({ ctx, input }) => listAudit(ctx, input)),
});
