import { orgProcedure, router } from '../trpc/init';
import { ZDeletedRecordsInput, ZDeletedRecordsPage } from './schema';
import { deletedRecords } from './service';

export const syncRouter = router({
  /** The deleted-records feed (also GET /api/v1/deleted-records); each kind under its own read permission, checked by the service. */
  deletedRecords: orgProcedure
    .input(ZDeletedRecordsInput)
    .output(ZDeletedRecordsPage)
    .query(({ ctx, input }) => deletedRecords(ctx, input)),
});
