import { Hono } from 'hono';
import { requireOrg } from '../http/auth';
import type { AppEnv } from '../http/env';
import { REPORTS } from './schema';
import { exportReportCsv } from './service';

/**
 * CSV exports: GET /api/reports/<report>.csv?period=30d (or ?from=YYYY-MM-DD&to=YYYY-MM-DD, and
 * pipelineId for the pipeline report). One fixed route per report: the path names a report, not a record.
 */
export const reportsRest = new Hono<AppEnv>();

for (const report of REPORTS) {
  reportsRest.get(`/${report}.csv`, requireOrg('reports:read'), async (c) => {
    const { auth, deps } = c.var;
    const { filename, csv } = await exportReportCsv({ db: deps.database.db, organizationId: auth.organization.id, auth }, report, c.req.query());
    return c.body(csv, 200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${filename}"`,
      'cache-control': 'no-store',
    });
  });
}
